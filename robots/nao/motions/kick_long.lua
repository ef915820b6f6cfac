-- kick_long: right-foot kick found by libero_kick_search (tools/bench/motion/kick_search.cpp),
-- then its wind-up shortened by hand from 0.42 s to 0.25 s: the swing is bound by the joint
-- speed, so the ball goes as far, and after an approach the robot falls and misses less
-- (libero_motion_bench kick: 35 good kicks in 60 against 25). The player mirrors it for the
-- left foot. Degrees, SimSpark signs.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion
  kick = { ball_x = 0.170, ball_y = -0.067, distance = 2.6 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.248, angles = {
        LHipRoll = -10.1, LFootRoll = 10.1, RHipRoll = -10.7, RFootRoll = 10.7,
        LHipPitch = 18.9, LKneePitch = -39.4, LFootPitch = 24.6,
        RHipPitch = 18.9, RKneePitch = -39.4, RFootPitch = 24.6,
        LShoulderYaw = 12.5, RShoulderYaw = -12.5 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.250, angles = { RHipPitch = 17.6, RKneePitch = -127.3, RFootPitch = 46.0,
        RHipRoll = -12.1, LHipPitch = 18.7, RShoulderPitch = -71.3, LShoulderPitch = -93.0 } },
    -- swing through the ball
    { duration = 0.111, angles = { RHipPitch = 76.4, RKneePitch = -10.3, RFootPitch = 8.7,
        LHipPitch = 17.7, LFootPitch = 26.6, RShoulderPitch = -92.1, LShoulderPitch = -80.8,
        RHipYawPitch = -0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.046, angles = { RHipPitch = 76.5, RKneePitch = -10.3 } },
    -- set the leg down under the body
    { duration = 0.150, angles = { RHipPitch = 18.9, RKneePitch = -39.4, RFootPitch = 24.6,
        RHipRoll = -10.7, LHipPitch = 18.9, LFootPitch = 24.6, RHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
