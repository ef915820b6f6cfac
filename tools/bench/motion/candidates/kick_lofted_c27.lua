-- kick_lofted: right-foot kick, candidate kick_lofted_c27 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_lofted_motion
  kick = { ball_x = 0.173, ball_y = -0.045, distance = 9.4 },
  pitch_reference = { period = 0.040, support = "left", degrees = { -0.00, -0.10, -0.10, -0.00, 0.10, 0.30, 0.40, 0.60, 0.80, 1.00, 1.20, 1.30, 1.30, 1.40, 1.40, 1.40, 1.40, -1.10, -4.90, -4.20, -3.90, -3.00, -2.00, -0.70, 1.00, 4.40, 8.50, 6.40, -2.10, -12.10, -16.40, -21.90, -24.20, -17.40, -7.80, -3.60, -2.10, 0.00, 2.10, 3.70, 4.80, 5.60, 5.90 } },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.595, angles = {
        LHipRoll = -11.2, LFootRoll = 11.2, RHipRoll = -19.1, RFootRoll = 19.1,
        LHipPitch = 13.4, LKneePitch = -18.1, LFootPitch = 16.2,
        RHipPitch = 13.4, RKneePitch = -18.1, RFootPitch = 16.2,
        LShoulderYaw = 49.9, RShoulderYaw = -49.9 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.355, angles = { RHipPitch = 14.4, RKneePitch = -126.7, RFootPitch = 28.2,
        RHipRoll = -24.1, LHipPitch = 18.4, RShoulderPitch = -20.0, LShoulderPitch = -117.2 } },
    -- swing through the ball
    { duration = 0.109, angles = { RHipPitch = 30.6, RKneePitch = -33.7, RFootPitch = -11.8,
        LHipPitch = 7.4, LFootPitch = 1.1, RShoulderPitch = -75.3, LShoulderPitch = -21.7,
        RHipYawPitch = 0.0, LKneePitch = 0.0, LHipYawPitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.066, angles = { RHipPitch = 58.6, RKneePitch = -29.2, RFootPitch = -1.6,
        LHipPitch = -27.0, RHipYawPitch = -16.5, LHipYawPitch = 0.0 } },
    -- set the leg down under the body
    { duration = 0.404, angles = { RHipPitch = 13.4, RKneePitch = -18.1, RFootPitch = 16.2,
        RHipRoll = -19.1, LHipPitch = 13.4, LKneePitch = -18.1, LFootPitch = 16.2, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
