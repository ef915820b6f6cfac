-- kick_short for type 4 (toes): type 0's short kick fell in a third of type 4's approach kicks,
-- most of them just after the leg was set down, and with SimSpark's slip in every kick from the
-- spot. Right-foot kick searched on type 4 with its walk and stand from type 0's long kick
-- (`libero_kick_search kick_short out.lua --type 4 --init
-- tools/bench/motion/candidates/kick_long_shipped.params --goal 4 --sigma 0.08 --slip 0,0.005
-- --substeps 4,8,20 --settle-trials 4 --walk-trials 2 --approaches 3 --seed 13`, best of
-- generation 6 of 24), parameters in tools/bench/motion/candidates/kick_short_type4.params. It goes
-- 1.4 m further than type 0's (a flat 4.3 m pass). docs/benchmarks.md, "Kicks searched on the
-- hetero types' bodies". The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_short",
  -- ball placement (torso frame, right foot) and the distance the team plans with: the median
  -- travel after approaches (libero_motion_bench kick_short --type 4 --runs 300 --first 300: 4.30 m,
  -- 286 good, 13 falls; type 0's short kick there: 2.87 m, 195 good, 102 falls). From the spot
  -- (kick_short_motion --type 4 --runs 10) 4.53 m, no falls; 4.21 m at 20 substeps, 4.20 m with slip.
  kick = { ball_x = 0.170, ball_y = -0.052, distance = 4.3 },
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
