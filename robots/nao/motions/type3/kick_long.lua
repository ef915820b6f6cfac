-- kick_long for type 3 (longer legs, wider hips): type 0's long kick fell in most kicks on its body,
-- from a still stand too. Right-foot kick found by libero_kick_search on type 3 from type 0's
-- parameters (`libero_kick_search kick_long out.lua --type 3 --init
-- tools/bench/motion/candidates/kick_long_shipped.params --sigma 0.1 --slip 0,0.005 --substeps
-- 4,8,20 --settle-trials 4 --walk-trials 2 --approaches 3 --seed 3`, best of generation 13 of 30;
-- later generations drifted to kicks that miss the ball), parameters in
-- tools/bench/motion/candidates/kick_long_type3.params. docs/benchmarks.md, "Kicks searched on
-- the hetero types' bodies". The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and the distance the team plans with: the median
  -- travel after approaches (libero_motion_bench kick --type 3 --runs 300 --first 300: 5.21 m,
  -- 256 good, 26 falls; type 0's kick there: 1.96 m, 22 good and 62 falls in 100). From the spot
  -- (kick_motion --type 3 --runs 10) 5.36 m, no falls; 5.45 / 5.61 m at 8 / 20 substeps.
  kick = { ball_x = 0.181, ball_y = -0.052, distance = 5.2 },
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
