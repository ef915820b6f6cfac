-- kick_lofted: right-foot kick, candidate kick_lofted_type3 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_lofted_motion
  kick = { ball_x = 0.170, ball_y = -0.055, distance = 5.2 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.523, angles = {
        LHipRoll = -11.4, LFootRoll = 11.4, RHipRoll = -15.6, RFootRoll = 15.6,
        LHipPitch = 12.3, LKneePitch = -43.6, LFootPitch = 24.6,
        RHipPitch = 12.3, RKneePitch = -43.6, RFootPitch = 24.6,
        LShoulderYaw = 54.6, RShoulderYaw = -54.6 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.276, angles = { RHipPitch = -1.8, RKneePitch = -128.0, RFootPitch = 33.0,
        RHipRoll = -12.7, LHipPitch = 14.9, RShoulderPitch = -20.2, LShoulderPitch = -122.1 } },
    -- swing through the ball
    { duration = 0.040, angles = { RHipPitch = 77.6, RKneePitch = -35.7, RFootPitch = -14.4,
        LHipPitch = 7.2, LFootPitch = 24.3, RShoulderPitch = -72.2, LShoulderPitch = -61.8,
        RHipYawPitch = -2.2, LKneePitch = -23.7, LHipYawPitch = -1.4 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.045, angles = { RHipPitch = 100.0, RKneePitch = -31.5, RFootPitch = 11.7,
        LHipPitch = -31.2, RHipYawPitch = -3.4, LHipYawPitch = -2.5 } },
    -- set the leg down under the body
    { duration = 0.181, angles = { RHipPitch = 15.1, RKneePitch = -43.6, RFootPitch = 24.6,
        RHipRoll = -15.6, LHipPitch = 19.2, LKneePitch = -43.6, LFootPitch = 24.6, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
