-- kick_short: right-foot kick found by libero_kick_search (tools/bench/motion/kick_search.cpp):
-- searched with the ball at the spot, its wind-up shortened to 0.25 s (fewer falls and misses
-- after an approach), then searched again with 12 whole-skill trials (--approaches 12). The
-- safe kick: after an approach it falls about half as often as kick_long. The player mirrors it
-- for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_short",
  -- ball placement (torso frame, right foot) and the distance the team plans with: the median
  -- travel in play (libero_motion_bench kick_short --runs 300 --first 300) of the shipped kick, 2.46 m;
  -- 3.13 m since type 0's stand lost its roll feedback (from the spot, kick_short_motion --runs 10:
  -- 3.60 m). The planning figure stays: see kick_long.lua.
  kick = { ball_x = 0.170, ball_y = -0.065, distance = 2.5 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.244, angles = {
        LHipRoll = -10.3, LFootRoll = 10.3, RHipRoll = -11.9, RFootRoll = 11.9,
        LHipPitch = 20.3, LKneePitch = -36.2, LFootPitch = 24.0,
        RHipPitch = 20.3, RKneePitch = -36.2, RFootPitch = 24.0,
        LShoulderYaw = 14.1, RShoulderYaw = -14.1 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.249, angles = { RHipPitch = 18.4, RKneePitch = -125.3, RFootPitch = 41.7,
        RHipRoll = -13.2, LHipPitch = 18.6, RShoulderPitch = -68.8, LShoulderPitch = -82.4 } },
    -- swing through the ball
    { duration = 0.110, angles = { RHipPitch = 78.2, RKneePitch = -8.0, RFootPitch = 15.2,
        LHipPitch = 19.9, LFootPitch = 26.8, RShoulderPitch = -90.0, LShoulderPitch = -74.2,
        RHipYawPitch = -2.3 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.055, angles = { RHipPitch = 78.3, RKneePitch = -8.0 } },
    -- set the leg down under the body
    { duration = 0.150, angles = { RHipPitch = 20.3, RKneePitch = -36.2, RFootPitch = 24.0,
        RHipRoll = -11.9, LHipPitch = 20.3, LFootPitch = 24.0, RHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
