-- kick_short for type 3: type 0's short kick fell in half of type 3's approach kicks (49 of 100).
-- The search from type 3's long kick (`--goal 4`: distance beyond 4 m earns nothing) found no
-- shorter kick that stands as well: this one goes about as far as the long kick, but flat
-- (launch 2 degrees) and falling a little less (20 against 26 in 300): type 3 has no gentle pass.
-- Searched on type 3 with its walk and stand (`libero_kick_search kick_short out.lua --type 3 --init
-- tools/bench/motion/candidates/kick_long_type3.params --goal 4 --sigma 0.08 --slip 0,0.005 --substeps
-- 4,8,20 --settle-trials 4 --walk-trials 2 --approaches 3 --seed 9`, best of generation 23),
-- parameters in tools/bench/motion/candidates/kick_short_type3.params. docs/benchmarks.md, "Kicks searched
-- on the hetero types' bodies". The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_short",
  -- ball placement (torso frame, right foot) and the distance the team plans with: the median
  -- travel after approaches (libero_motion_bench kick_short --type 3 --runs 300 --first 300: 4.94 m,
  -- 259 good, 20 falls). From the spot (kick_short_motion --type 3 --runs 10) 5.05 m, no falls.
  kick = { ball_x = 0.170, ball_y = -0.061, distance = 4.9 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.490, angles = {
        LHipRoll = -10.3, LFootRoll = 10.3, RHipRoll = -13.8, RFootRoll = 13.8,
        LHipPitch = 10.0, LKneePitch = -48.2, LFootPitch = 29.2,
        RHipPitch = 10.0, RKneePitch = -48.2, RFootPitch = 29.2,
        LShoulderYaw = 58.6, RShoulderYaw = -58.6 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.256, angles = { RHipPitch = 19.7, RKneePitch = -116.0, RFootPitch = 36.4,
        RHipRoll = -14.7, LHipPitch = 18.6, RShoulderPitch = -21.6, LShoulderPitch = -104.9 } },
    -- swing through the ball
    { duration = 0.062, angles = { RHipPitch = 31.0, RKneePitch = -46.6, RFootPitch = -3.5,
        LHipPitch = -2.0, LFootPitch = 25.9, RShoulderPitch = -62.1, LShoulderPitch = -63.6,
        RHipYawPitch = -0.1, LKneePitch = -29.7, LHipYawPitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.073, angles = { RHipPitch = 49.5, RKneePitch = -38.8, RFootPitch = 17.7,
        LHipPitch = -39.3, RHipYawPitch = -7.6, LHipYawPitch = -6.5 } },
    -- set the leg down under the body
    { duration = 0.243, angles = { RHipPitch = 17.0, RKneePitch = -48.2, RFootPitch = 29.2,
        RHipRoll = -13.8, LHipPitch = 17.9, LKneePitch = -48.2, LFootPitch = 29.2, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
