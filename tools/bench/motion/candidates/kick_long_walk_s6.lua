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
  -- The kick table keeps the settled kick's window fields (the line-up still aims by them); the
  -- from_walk fields decide when it kicks.
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
