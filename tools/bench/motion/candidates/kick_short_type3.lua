-- kick_short: right-foot kick, candidate kick_short_type3 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_short",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_short_motion
  kick = { ball_x = 0.170, ball_y = -0.061, distance = 5.0 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.490, angles = {
        LHipRoll = -10.3, LFootRoll = 10.3, RHipRoll = -13.8, RFootRoll = 13.8,
        LHipPitch = 10.0, LKneePitch = -48.2, LFootPitch = 29.2,
        RHipPitch = 10.0, RKneePitch = -48.2, RFootPitch = 29.2,
        LShoulderYaw = 58.6, RShoulderYaw = -58.6 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.256, angles = { RHipPitch = 19.7, RKneePitch = -116.0, RFootPitch = 36.4,
        RHipRoll = -14.7, LHipPitch = 18.6, RShoulderPitch = -21.6, LShoulderPitch = -104.9 } },
    -- swing through the ball
    { duration = 0.062, angles = { RHipPitch = 31.0, RKneePitch = -46.6, RFootPitch = -3.5,
        LHipPitch = -2.0, LFootPitch = 25.9, RShoulderPitch = -62.1, LShoulderPitch = -63.6,
        RHipYawPitch = -0.1, LKneePitch = -29.7, LHipYawPitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.073, angles = { RHipPitch = 49.5, RKneePitch = -38.8, RFootPitch = 17.7,
        LHipPitch = -39.3, RHipYawPitch = -7.6, LHipYawPitch = -6.5 } },
    -- set the leg down under the body
    { duration = 0.243, angles = { RHipPitch = 17.0, RKneePitch = -48.2, RFootPitch = 29.2,
        RHipRoll = -13.8, LHipPitch = 17.9, LKneePitch = -48.2, LFootPitch = 29.2, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
