-- kick_long_walk_s6: the long kick started from the walk (`from_walk`, docs/motion.md, Kicks).
-- Searched on rcssserver3d in two steps from the shipped kick_long with from_walk set (step window
-- 0.6-1.0, 0.2 m/s), both with `libero optimize --file <robots copy>/nao/motions/kick_long.lua
-- --objective command --trial "tools/bench/skills/skill_fitness.sh kick_long {tree} {seed} --server
-- rcssserver3d --runs 8" --lambda 10 --seeds 1 --holdout 3 --generations 10`: first over the box,
-- pace, step window, the weight shift's duration, gyro gains, hip rolls, support hip and knee, the
-- wind-up's duration and gyro gain (--sigma 0.15 --seed 75; held out: start -8.31, final mean
-- -0.81, best +0.01; its box ended at the bounds), then from that best with the box's bounds
-- widened and its size searched too (--sigma 0.12 --seed 76; held out: start 0.15, final mean
-- 1.19, best 1.13; this file is that final mean). After approaches from 1.5 m there
-- (`libero_skill_bench kick_long --server rcssserver3d --runs 24 --first 700|724`, 48 runs, against
-- the shipped kick in the same hour): median 4.30 / 4.35 m (0.71 / 2.94), over 2 m 35 of 48 (22),
-- within 1 s of arriving 43 (36), direction error 15-16 deg (8-9), falls 6 (0). Built-in (12 runs):
-- 2.61 m, 1 fall. 3 games against UT Austin Villa (seeds 1-3 from the left): 11 : 0, 50 falls,
-- against main's 12 : 1 and 45 on the same seeds. Not shipped: it falls in one kick in eight.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and the distance the team plans with: about 0.85 of
  -- the median after the approach walk, as before (the earlier 5.8 m in play scored more than
  -- planning with the longer figures: docs/benchmarks.md). After the approach walk (kick --runs 300
  -- --first 300) 6.06 m, no falls (grip) / 6.17 m, no falls in 200 (slip); from the spot
  -- (kick_motion --runs 10) 6.52 m, 6.17 m at 20 substeps, 6.37 m with the slip, no falls, never
  -- over the bar. The placement window reaches 4.5 cm beyond the spot (3 cm nearer the feet): on
  -- rcssserver3d the kick still goes 3.3-3.9 m (medians) with the ball 3-4.5 cm ahead, and the
  -- approach's stops scatter by 2 cm around where it placed the feet (docs/motion.md, Kicks).
  -- These figures are the file's before its search on the real server (the header).
  -- Once the robot stands settled the ball may lie up to 6.5 cm beyond the spot
  -- (`settle_window_x`): 6 of 10 rejected settles on rcssserver3d had it 4.5-8 cm ahead, and there
  -- from the spot (`kick_long_spot --ball-dx D --runs 10`) the medians were 1.52 / 3.99 / 3.10 /
  -- 1.71 m for D = 0 / 0.045 / 0.06 / 0.075 (single kicks 0.05-6.5 m at every offset). With it and
  -- placed robots stopped at any lean, after approaches there (`libero_skill_bench kick_long --runs
  -- 20 [--first 20]`) 32 of 40 kicked within 1 s of arriving (23 before), 3.97 m (0.87 m). On the
  -- built-in simulator the kicks begun from so far ahead go short (4 of 20, 0.2-2.5 m).
  -- The settled robot kicks only with the ball 0.205-0.245 m ahead of its torso (`torso_x_min`,
  -- `torso_x_max`), else it walks again, corrected: after approaches on rcssserver3d the kick went
  -- 4-5 m from there and missed or grazed the ball at 0.18-0.20 m, where the spot (0.18 m, placed
  -- on the built-in simulator) left it, while the feet's error could not tell the two apart. The
  -- spot moved 2 cm further (0.18 -> 0.20) so that fewer settles end too near. After approaches
  -- there (24 runs each, docs/benchmarks.md): from kick_to's hand-over point 20 of 24 kicks over
  -- 2 m (before 15), from 1.5 m 15 (15); on the built-in simulator 20 and 19 (23 and 16).
  -- Each settle the range rejects widens it by 1.5 cm at both ends (`torso_x_grow`): asked to move
  -- 3-4 cm the approach moves 6-8, and in a half against FC Portugal there six settles in a row
  -- found the ball at 0.198-0.270 m, 1.5 s each. From the hand-over point there (`libero_skill_bench
  -- kick_long --server rcssserver3d --start -0.3,0.08,0.1 --runs 24 --first 30|54`, 48 runs, one
  -- binary): within 1 s of arriving 30 of 48 (24 without), settles rejected 19 (31), over 2 m 36
  -- (35), median 3.97 m (4.10 m); from 1.5 m (runs 20-59) rejected settles 22 in 40 (35), within
  -- 1 s and distance within the sets' spread (docs/motion.md, Kicks).
  -- The range then widened to 0.19-0.25 m: with 0.205-0.245 every approach in a kept set of 12 that
  -- took over 1 s after arriving had a settle the range rejected (6 of 12, the ball at 0.189-0.291
  -- m), and the kicks it guarded against were not that much shorter. From 1.5 m there (runs 400-519,
  -- 120 approaches, one binary): within 1 s of arriving 86 against 52, over 2 m 81 against 69,
  -- medians 3.78 / 4.01 m against 2.42 / 3.39, rejected settles 40 against 86; 0.19-0.26 kicked as
  -- soon (87) but 3 balls lay beyond reach and travel fell (58 over 2 m). From the hand-over point
  -- (runs 30-89): 39 against 32, over 2 m 39 against 38, median 3.61 against 4.06 m. Built-in
  -- (runs 200-239): 32 of 40 within 1 s against 23, medians 5.10 / 4.47 m against 2.90 / 5.12.
  kick = { ball_x = 0.141631, ball_y = -0.0290269, distance = 5.2, window_x = 0.045, window_x_near = 0.03,
           settle_window_x = 0.065, from_walk = true, walk_speed = 0.204888, walk_phase_min = 0.354627, walk_phase_max = 0.859615,
           walk_window_x = 0.0398106, walk_window_y = 0.0261625, walk_yaw_deg = 8 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.671454, gyro_ankle_pitch = -0.0130265, gyro_ankle_roll = 0.000867538, angles = {
        LHipRoll = -8.06183, LFootRoll = 9.8, RHipRoll = -7.77022, RFootRoll = 15.9,
        LHipPitch = 8.51136, LKneePitch = -24.0838, LFootPitch = 17.5,
        RHipPitch = 10.0, RKneePitch = -22.0, RFootPitch = 17.5,
        LShoulderYaw = 66.4, RShoulderYaw = -66.4 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.400238, gyro_ankle_pitch = -0.1, gyro_ankle_roll = 0.000, angles = { RHipPitch = 14.9957, RKneePitch = -128, RFootPitch = 40.5438,
        RHipRoll = -19.1, LHipPitch = 14.3, RShoulderPitch = -35.1, LShoulderPitch = -121.0 } },
    -- swing through the ball
    { duration = 0.0780135, angles = { RHipPitch = 30.6211, RKneePitch = -30.6389, RFootPitch = 15.4557,
        LHipPitch = -18.0536, LFootPitch = 11.3, RShoulderPitch = -20.9, LShoulderPitch = -35.0,
        RHipYawPitch = 0.0, LKneePitch = 0.0, LHipYawPitch = -3.1 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.040, angles = { RHipPitch = 51.8944, RKneePitch = -53.621, RFootPitch = 27.1577,
        LHipPitch = -32.2067, RHipYawPitch = -0.1, LHipYawPitch = -3.1 } },
    -- set the leg down under the body
    { duration = 0.268, gyro_ankle_pitch = -0.019, gyro_ankle_roll = 0.001, angles = { RHipPitch = 12.1, RKneePitch = -22.0, RFootPitch = 17.5,
        RHipRoll = -15.9, LHipPitch = 13.4, LKneePitch = -22.0, LFootPitch = 17.5, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
