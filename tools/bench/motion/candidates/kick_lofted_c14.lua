-- kick_lofted: right-foot kick, candidate kick_lofted_c14 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_lofted_motion
  kick = { ball_x = 0.175, ball_y = -0.051, distance = 8.1 },
  pitch_reference = { period = 0.040, support = "left", degrees = { -0.00, -0.10, -0.10, -0.00, 0.10, 0.30, 0.40, 0.60, 0.80, 1.00, 1.20, 1.30, 1.30, 1.40, 1.40, 1.40, 1.40, -1.10, -4.90, -4.20, -3.90, -3.00, -2.00, -0.70, 1.00, 4.40, 8.50, 6.40, -2.10, -12.10, -16.40, -21.90, -24.20, -17.40, -7.80, -3.60, -2.10, 0.00, 2.10, 3.70, 4.80, 5.60, 5.90 } },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.600, angles = {
        LHipRoll = -10.7, LFootRoll = 10.7, RHipRoll = -18.6, RFootRoll = 18.6,
        LHipPitch = 12.4, LKneePitch = -17.3, LFootPitch = 14.2,
        RHipPitch = 12.4, RKneePitch = -17.3, RFootPitch = 14.2,
        LShoulderYaw = 46.8, RShoulderYaw = -46.8 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.362, angles = { RHipPitch = 11.8, RKneePitch = -128.0, RFootPitch = 30.9,
        RHipRoll = -21.6, LHipPitch = 18.2, RShoulderPitch = -20.0, LShoulderPitch = -117.6 } },
    -- swing through the ball
    { duration = 0.089, angles = { RHipPitch = 27.9, RKneePitch = -26.7, RFootPitch = -7.1,
        LHipPitch = 7.9, LFootPitch = 2.8, RShoulderPitch = -81.1, LShoulderPitch = -22.6,
        RHipYawPitch = -4.9, LKneePitch = 0.0, LHipYawPitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.083, angles = { RHipPitch = 52.7, RKneePitch = -23.1, RFootPitch = 7.2,
        LHipPitch = -26.2, RHipYawPitch = -19.9, LHipYawPitch = 0.0 } },
    -- set the leg down under the body
    { duration = 0.383, angles = { RHipPitch = 12.4, RKneePitch = -17.3, RFootPitch = 14.2,
        RHipRoll = -18.6, LHipPitch = 12.4, LKneePitch = -17.3, LFootPitch = 14.2, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
