-- kick_long: right-foot kick found by a kick search (the former libero_kick_search; now libero optimize
-- --objective kick, docs/scaling.md "Motion objectives").
-- A flat kick: the searched 8.5 m kick (commit 76f61ab) launched the ball at 44 degrees and flew
-- over the 0.8 m crossbar from 0.8 to 8 m out; searches with --max-height and whole-skill trials
-- made it drive the ball low. A search ran it with SimSpark's slip as well as grip
-- (candidates/kick_long_s17.lua): 6.78 m after the approach walk, but 7 falls in 300 and 23 in
-- 200 with the slip. A further search went on from it with new start times and approaches every
-- generation and 48 held-out approach kicks (`libero optimize
-- --file <robots copy>/nao/motions/kick_long.lua --params @tools/bench/motion/params/kick.params
-- --objective kick --objective-args "kick_long --slip 0,0.005 --substeps 4,8,20 --settle-trials 4
-- --walk-trials 2 --approaches 6 --fresh-trials" --generations 35 --sigma 0.05 --lambda 12 --seed
-- 61 --seeds 1` (the file: candidates/kick_long_s17.lua), the means held out on `libero fitness
-- kick kick_long --holdout 48`, generation 28's mean; its kicks from the spot there: median 6.4 m): 0.7 m
-- shorter with grip, as far with the slip, and no falls in 500 approach kicks of type 0 or in
-- 400 of types 2 and 4 (which play it too). docs/benchmarks.md, "Held-out kicks pick the mean".
-- Then searched on the real server and the built-in simulator together (issue 63): its spot and
-- the wind-up's, swing's and follow-through's kicking-leg and support-hip angles, `libero optimize
-- --file <robots copy>/nao/motions/kick_long.lua --params "kick.ball_x=0.13:0.24,kick.ball_y=
-- -0.10:-0.01,frames.2.angles.RHipPitch=-25:40,frames.2.angles.RKneePitch=-128:-40,frames.2.
-- angles.RFootPitch=-10:70,frames.3.duration=0.04:0.3,frames.3.angles.RHipPitch=0:100,frames.3.
-- angles.RKneePitch=-80:0,frames.3.angles.RFootPitch=-40:60,frames.3.angles.LHipPitch=-40:20,
-- frames.4.angles.RHipPitch=0:100,frames.4.angles.RKneePitch=-80:0,frames.4.angles.RFootPitch=
-- -30:50,frames.4.angles.LHipPitch=-50:10" --objective command --trial "tools/bench/skills/
-- skill_fitness.sh kick_long_spot {tree} {seed} --servers rcssserver3d,builtin --runs 3"
-- --generations 18 --lambda 10 --sigma 0.07 --seed 64 --seeds 1 --holdout 4` (the file: the one
-- before), the best candidate's swing (held out, both servers summed: start 6.24, final mean
-- 8.39, best 8.51; the final mean kicked 1.16 m in 20 runs on rcssserver3d). Its spot, 2.5 cm
-- further ahead and 1 cm further out, is not taken: after approaches there it kicked 0.41 m, 14 of
-- 20 (`libero_skill_bench kick_long --runs 20 --server rcssserver3d`). With the spot kept, on
-- rcssserver3d: from the spot (`kick_long_spot --runs 20 [--first 20]`) 4.05 -> 5.52 m and
-- 1.87 -> 5.23 m, 15-19 -> 9-10 deg (on main at accc0c8, runs 0-19: 4.45 -> 5.69 m, 12 -> 13
-- deg); after the approach 3.46 -> 4.29 m, 20 of 20, 14 within 1 s
-- of arriving (15), 9 deg (was 4); no falls. Built-in: after the approach (`kick_long --runs 10`)
-- 5.10 m, 5 deg, no falls (main's file: 5.86 m in docs/benchmarks.md);
-- from the spot 3.84 / 5.24 m over the same 10 runs twice, 17-23 deg (was 9), 1-2 falls in the
-- weight shift before the swing, as before. Type 4 (`--type 4`): built-in 6.41 m, 1 fall in 10;
-- rcssserver3d 3.71 m, none in 5. Why it stays near 5 m there: docs/motion.md, "The long kick on
-- rcssserver3d".
-- The player mirrors it for the left foot. Degrees, SimSpark signs.
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
  -- Then narrowed to 0.208-0.236 m without growth, the spot 1 cm inward (ball_y -0.055 -> -0.045)
  -- and 0.8 cm nearer (ball_x 0.200 -> 0.192): in 144 approach kicks from 1.5 m on rcssserver3d
  -- kept with the monitor's truth (`libero_skill_bench kick_long --server rcssserver3d --runs 48
  -- --first 1100 --agent-log debug --keep-logs DIR`, three variants) the kick went 2 m or more in
  -- 52 of 55 with the ball 0.21-0.24 m ahead of the torso and under 0.07 m aside, in 14 of 28 at
  -- 0.24-0.25 m, none of 18 beyond, 10 of 29 nearer than 0.21 m and 3 of 14 more than 0.07 m
  -- aside; the torso's sighting at a settled kick is 0.6-0.9 cm off the truth (SD), so the range
  -- stops short of those edges. Most settles it rejected had the ball 0.237-0.26 m ahead, hence
  -- the nearer spot. Runs 1100-1195 (96 approaches, same hour): over 2 m 84, medians 4.14 / 4.11
  -- m, direction error 9-10 deg, within 1 s of arriving 37; at ball_x 0.200, 78 and 26; the file
  -- before on runs 1100-1147: 28 of 48 over 2 m, 3.35 / 2.84 m, 12-14 deg, within 1 s 30. The
  -- range without the spot's moves (0.205-0.245, or growing 0.005): 31 and 33 of 48 over 2 m; the
  -- spot 2 cm inward alone: 20. Built-in (runs 200-223): 24 of 24 over 2 m (20), median 4.70 m
  -- (4.38), within 1 s 7 (19). 3 games against UT Austin Villa (seeds 1-3 from the left): 12 : 0,
  -- shots 67 : 12 (with ball_x 0.200 10 : 1, shots 66 : 15; the file before, with get-up
  -- variants: 10 : 0 and 7 : 0, shots 53 : 14 and 65 : 11); single halves against FC Portugal
  -- (seeds 1-3): 0 : 4, shots 0 : 33 (with ball_x 0.200 0 : 5, 3 : 36; main before: 0 : 3, 5 : 29).
  kick = { ball_x = 0.192, ball_y = -0.045, distance = 5.2, window_x = 0.045, window_x_near = 0.03,
           settle_window_x = 0.065, torso_x_min = 0.208, torso_x_max = 0.236, torso_x_grow = 0 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.555, gyro_ankle_pitch = -0.008, gyro_ankle_roll = 0.029, angles = {
        LHipRoll = -9.8, LFootRoll = 9.8, RHipRoll = -15.9, RFootRoll = 15.9,
        LHipPitch = 10.0, LKneePitch = -22.0, LFootPitch = 17.5,
        RHipPitch = 10.0, RKneePitch = -22.0, RFootPitch = 17.5,
        LShoulderYaw = 66.4, RShoulderYaw = -66.4 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.406, gyro_ankle_pitch = -0.015, gyro_ankle_roll = 0.000, angles = { RHipPitch = 14.9957, RKneePitch = -128, RFootPitch = 40.5438,
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
