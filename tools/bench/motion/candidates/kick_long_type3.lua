-- kick_long: right-foot kick, candidate kick_long_type3 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion
  kick = { ball_x = 0.181, ball_y = -0.052, distance = 5.3 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.503, angles = {
        LHipRoll = -10.1, LFootRoll = 10.1, RHipRoll = -12.7, RFootRoll = 12.7,
        LHipPitch = 10.0, LKneePitch = -35.8, LFootPitch = 23.5,
        RHipPitch = 10.0, RKneePitch = -35.8, RFootPitch = 23.5,
        LShoulderYaw = 52.7, RShoulderYaw = -52.7 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.347, angles = { RHipPitch = 3.3, RKneePitch = -118.6, RFootPitch = 34.6,
        RHipRoll = -11.7, LHipPitch = 13.5, RShoulderPitch = -20.0, LShoulderPitch = -95.9 } },
    -- swing through the ball
    { duration = 0.040, angles = { RHipPitch = 58.3, RKneePitch = -33.3, RFootPitch = 0.8,
        LHipPitch = -2.6, LFootPitch = 16.8, RShoulderPitch = -85.2, LShoulderPitch = -63.4,
        RHipYawPitch = -4.1, LKneePitch = -7.5, LHipYawPitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.084, angles = { RHipPitch = 83.9, RKneePitch = -33.3, RFootPitch = 20.3,
        LHipPitch = -45.5, RHipYawPitch = -12.3, LHipYawPitch = -6.5 } },
    -- set the leg down under the body
    { duration = 0.231, angles = { RHipPitch = 14.6, RKneePitch = -35.8, RFootPitch = 23.5,
        RHipRoll = -12.7, LHipPitch = 17.7, LKneePitch = -35.8, LFootPitch = 23.5, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
