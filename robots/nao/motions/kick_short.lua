-- kick_short: right-foot kick found by libero_kick_search (tools/bench/motion/kick_search.cpp:
-- kick_short, --goal 1.5, from kick_long: beyond 1.5 m only staying up and straight count);
-- the player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_short",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_short_motion
  kick = { ball_x = 0.172, ball_y = -0.064, distance = 1.7 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.254, angles = {
        LHipRoll = -8.5, LFootRoll = 8.5, RHipRoll = -9.4, RFootRoll = 9.4,
        LHipPitch = 17.8, LKneePitch = -34.0, LFootPitch = 20.5,
        RHipPitch = 17.8, RKneePitch = -34.0, RFootPitch = 20.5,
        LShoulderYaw = 6.4, RShoulderYaw = -6.4 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.174, angles = { RHipPitch = 20.6, RKneePitch = -119.3, RFootPitch = 48.4,
        RHipRoll = -7.3, LHipPitch = 11.6, RShoulderPitch = -72.6, LShoulderPitch = -105.6 } },
    -- swing through the ball
    { duration = 0.101, angles = { RHipPitch = 69.0, RKneePitch = -8.0, RFootPitch = -7.7,
        LHipPitch = 10.8, LFootPitch = 28.4, RShoulderPitch = -92.0, LShoulderPitch = -75.7,
        RHipYawPitch = -1.6 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.049, angles = { RHipPitch = 70.6, RKneePitch = -3.7 } },
    -- set the leg down under the body
    { duration = 0.156, angles = { RHipPitch = 17.8, RKneePitch = -34.0, RFootPitch = 20.5,
        RHipRoll = -9.4, LHipPitch = 17.8, LFootPitch = 20.5, RHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
