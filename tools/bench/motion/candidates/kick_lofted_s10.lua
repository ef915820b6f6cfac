-- kick_lofted: right-foot kick, candidate kick_lofted_s10 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_lofted_motion
  kick = { ball_x = 0.170, ball_y = -0.049, distance = 7.8 },
  pitch_reference = { period = 0.040, support = "left", degrees = { -0.00, -0.10, -0.10, -0.00, 0.10, 0.30, 0.40, 0.60, 0.80, 1.00, 1.20, 1.30, 1.30, 1.40, 1.40, 1.40, 1.40, -1.10, -4.90, -4.20, -3.90, -3.00, -2.00, -0.70, 1.00, 4.40, 8.50, 6.40, -2.10, -12.10, -16.40, -21.90, -24.20, -17.40, -7.80, -3.60, -2.10, 0.00, 2.10, 3.70, 4.80, 5.60, 5.90 } },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.600, angles = {
        LHipRoll = -9.6, LFootRoll = 9.6, RHipRoll = -17.3, RFootRoll = 17.3,
        LHipPitch = 16.4, LKneePitch = -28.7, LFootPitch = 19.8,
        RHipPitch = 16.4, RKneePitch = -28.7, RFootPitch = 19.8,
        LShoulderYaw = 45.1, RShoulderYaw = -45.1 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.348, angles = { RHipPitch = 9.9, RKneePitch = -128.0, RFootPitch = 32.0,
        RHipRoll = -21.8, LHipPitch = 21.3, RShoulderPitch = -20.0, LShoulderPitch = -106.0 } },
    -- swing through the ball
    { duration = 0.080, angles = { RHipPitch = 25.0, RKneePitch = -33.2, RFootPitch = -11.8,
        LHipPitch = 10.4, LFootPitch = 4.9, RShoulderPitch = -65.3, LShoulderPitch = -20.0,
        RHipYawPitch = -2.4, LKneePitch = -4.4, LHipYawPitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.082, angles = { RHipPitch = 50.5, RKneePitch = -28.3, RFootPitch = -6.2,
        LHipPitch = -26.5, RHipYawPitch = -10.5, LHipYawPitch = 0.0 } },
    -- set the leg down under the body
    { duration = 0.371, angles = { RHipPitch = 16.4, RKneePitch = -28.7, RFootPitch = 19.8,
        RHipRoll = -17.3, LHipPitch = 16.4, LKneePitch = -28.7, LFootPitch = 19.8, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
