-- kick_lofted for type 3: the earlier fell in 86 of 200 approach kicks with SimSpark's
-- slip, the support foot spinning after the strike. Searched on type 3 from it with new start times
-- and approaches every generation (`libero optimize
-- --file <robots copy>/nao/motions/type3/kick_lofted.lua --params
-- @tools/bench/motion/params/kick.params --objective kick --objective-args "kick_lofted --type 3
-- --slip 0,0.005 --substeps 4,8,20 --settle-trials 4 --walk-trials 2 --approaches 6
-- --fresh-trials" --generations 35 --sigma 0.05 --lambda 12 --seed 31 --seeds 1` (the file:
-- candidates/kick_lofted_type3.lua), the means held out on `libero fitness kick kick_lofted
-- --type 3 --holdout 48`), generation 11's mean, the best on the held-out kicks
-- until generation 32's, which the bench found falling more with the slip (33 in 600 against 6);
-- these frames. It stays low like the earlier (never
-- over the crossbar, so the team never plans it over robots' heads). docs/benchmarks.md history, "Held-out
-- kicks pick the mean". The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and the distance the team plans with: the median
  -- travel after approaches (libero_motion_bench kick_lofted --type 3 --runs 300 --first 300: 5.61 m,
  -- 292 good, 2 falls; with --slip 0.005, 600 runs: 7.1 m, 6 falls). From the spot
  -- (kick_lofted_motion --type 3 --runs 10) 5.66 m, 5.76 / 6.26 m at 8 / 20 substeps, 6.72 m with
  -- the slip, no falls.
  -- in_play = false: the team does not plan with it. On rcssserver3d after the approach
  -- (libero_skill_bench kick_lofted --type 3 --server rcssserver3d --runs 4): 0.12 m (0.00-0.16), kicked in 3 of 4,
  -- against the 5.7 m planned with; type 0's falls there (kick_lofted.lua).
  kick = { ball_x = 0.180, ball_y = -0.051, distance = 5.6,
    in_play = false },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.519, gyro_ankle_pitch = 0.017, gyro_ankle_roll = 0.024, angles = {
        LHipRoll = -12.3, LFootRoll = 12.3, RHipRoll = -18.0, RFootRoll = 18.0,
        LHipPitch = 12.6, LKneePitch = -37.3, LFootPitch = 23.9,
        RHipPitch = 12.6, RKneePitch = -37.3, RFootPitch = 23.9,
        LShoulderYaw = 53.0, RShoulderYaw = -53.0 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.276, gyro_ankle_pitch = -0.033, gyro_ankle_roll = -0.011, angles = { RHipPitch = -0.6, RKneePitch = -122.1, RFootPitch = 31.6,
        RHipRoll = -14.0, LHipPitch = 17.2, RShoulderPitch = -22.2, LShoulderPitch = -119.6 } },
    -- swing through the ball
    { duration = 0.040, angles = { RHipPitch = 83.7, RKneePitch = -35.8, RFootPitch = -14.1,
        LHipPitch = 12.8, LFootPitch = 15.0, RShoulderPitch = -65.9, LShoulderPitch = -54.1,
        RHipYawPitch = -1.3, LKneePitch = -8.9, LHipYawPitch = -5.1 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.040, angles = { RHipPitch = 100.0, RKneePitch = -31.5, RFootPitch = 7.4,
        LHipPitch = -28.5, RHipYawPitch = -1.3, LHipYawPitch = -5.1 } },
    -- set the leg down under the body
    { duration = 0.150, gyro_ankle_pitch = -0.021, gyro_ankle_roll = -0.021, angles = { RHipPitch = 15.4, RKneePitch = -37.3, RFootPitch = 23.9,
        RHipRoll = -18.0, LHipPitch = 16.7, LKneePitch = -37.3, LFootPitch = 23.9, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
