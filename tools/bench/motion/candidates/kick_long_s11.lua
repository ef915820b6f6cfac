-- kick_long: right-foot kick, candidate kick_long_s11 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion
  kick = { ball_x = 0.178, ball_y = -0.057, distance = 8.2 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.600, angles = {
        LHipRoll = -6.5, LFootRoll = 6.5, RHipRoll = -12.4, RFootRoll = 12.4,
        LHipPitch = 14.5, LKneePitch = -23.8, LFootPitch = 17.0,
        RHipPitch = 14.5, RKneePitch = -23.8, RFootPitch = 17.0,
        LShoulderYaw = 44.4, RShoulderYaw = -44.4 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.393, angles = { RHipPitch = 11.4, RKneePitch = -123.0, RFootPitch = 42.9,
        RHipRoll = -14.3, LHipPitch = 17.9, RShoulderPitch = -21.6, LShoulderPitch = -122.0 } },
    -- swing through the ball
    { duration = 0.093, angles = { RHipPitch = 32.6, RKneePitch = -49.8, RFootPitch = 9.4,
        LHipPitch = 3.0, LFootPitch = 8.3, RShoulderPitch = -28.5, LShoulderPitch = -20.0,
        RHipYawPitch = -1.2, LKneePitch = -1.3, LHipYawPitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.040, angles = { RHipPitch = 52.0, RKneePitch = -48.9, RFootPitch = 18.6,
        LHipPitch = -24.2, RHipYawPitch = -10.4, LHipYawPitch = 0.0 } },
    -- set the leg down under the body
    { duration = 0.292, angles = { RHipPitch = 14.5, RKneePitch = -23.8, RFootPitch = 17.0,
        RHipRoll = -12.4, LHipPitch = 14.5, LKneePitch = -23.8, LFootPitch = 17.0, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
