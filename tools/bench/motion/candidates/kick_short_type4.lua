-- kick_short: right-foot kick, candidate kick_short_type4 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_short",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_short_motion
  kick = { ball_x = 0.170, ball_y = -0.052, distance = 4.5 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.551, angles = {
        LHipRoll = -8.1, LFootRoll = 8.1, RHipRoll = -13.5, RFootRoll = 13.5,
        LHipPitch = 13.5, LKneePitch = -32.6, LFootPitch = 22.7,
        RHipPitch = 13.5, RKneePitch = -32.6, RFootPitch = 22.7,
        LShoulderYaw = 45.6, RShoulderYaw = -45.6 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.322, angles = { RHipPitch = 25.0, RKneePitch = -128.0, RFootPitch = 60.4,
        RHipRoll = -14.6, LHipPitch = 25.5, RShoulderPitch = -20.0, LShoulderPitch = -127.0 } },
    -- swing through the ball
    { duration = 0.133, angles = { RHipPitch = 54.2, RKneePitch = -67.5, RFootPitch = 14.2,
        LHipPitch = -5.9, LFootPitch = 16.4, RShoulderPitch = -38.9, LShoulderPitch = -39.1,
        RHipYawPitch = 0.0, LKneePitch = -13.0, LHipYawPitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.040, angles = { RHipPitch = 66.5, RKneePitch = -67.5, RFootPitch = 17.0,
        LHipPitch = -32.0, RHipYawPitch = -2.6, LHipYawPitch = -8.4 } },
    -- set the leg down under the body
    { duration = 0.279, angles = { RHipPitch = 11.6, RKneePitch = -32.6, RFootPitch = 22.7,
        RHipRoll = -13.5, LHipPitch = 13.8, LKneePitch = -32.6, LFootPitch = 22.7, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
