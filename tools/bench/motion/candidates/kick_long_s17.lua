-- kick_long: right-foot kick, candidate kick_long_s17 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion
  kick = { ball_x = 0.180, ball_y = -0.054, distance = 6.8 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.599, angles = {
        LHipRoll = -6.3, LFootRoll = 6.3, RHipRoll = -12.2, RFootRoll = 12.2,
        LHipPitch = 13.0, LKneePitch = -24.9, LFootPitch = 18.4,
        RHipPitch = 13.0, RKneePitch = -24.9, RFootPitch = 18.4,
        LShoulderYaw = 53.0, RShoulderYaw = -53.0 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.389, angles = { RHipPitch = 10.1, RKneePitch = -119.5, RFootPitch = 40.2,
        RHipRoll = -15.5, LHipPitch = 18.4, RShoulderPitch = -31.4, LShoulderPitch = -126.8 } },
    -- swing through the ball
    { duration = 0.085, angles = { RHipPitch = 32.5, RKneePitch = -50.8, RFootPitch = 15.6,
        LHipPitch = -1.8, LFootPitch = 8.4, RShoulderPitch = -20.0, LShoulderPitch = -32.7,
        RHipYawPitch = 0.0, LKneePitch = 0.0, LHipYawPitch = -0.1 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.041, angles = { RHipPitch = 50.6, RKneePitch = -50.8, RFootPitch = 16.9,
        LHipPitch = -20.3, RHipYawPitch = -6.8, LHipYawPitch = -0.1 } },
    -- set the leg down under the body
    { duration = 0.277, angles = { RHipPitch = 13.3, RKneePitch = -24.9, RFootPitch = 18.4,
        RHipRoll = -12.2, LHipPitch = 13.9, LKneePitch = -24.9, LFootPitch = 18.4, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
