-- kick_lofted candidate "c14" (session 11, not shipped): libero_kick_search kick_lofted out.lua
-- --init <the shipped lofted kick's parameters> --slip 0.005 --substeps 4,8,20 --settle-trials 4
-- --walk-trials 2 --sigma 0.04 --lambda 12 --seed 11, best of generation 14. From the spot it goes
-- 8.0-10.1 m with no falls at grip and SimSpark's slip and 4, 8 and 20 substeps; after approaches
-- it falls 11 times in 100 with grip (docs/benchmarks.md, "Kick search across contact
-- conditions"). Try it: copy robots/, put this file in as nao/motions/kick_lofted.lua, --robots.
-- Continue a search from it: --init kick_lofted_c14.params. Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_lofted_motion
  kick = { ball_x = 0.175, ball_y = -0.051, distance = 9.1 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.600, angles = {
        LHipRoll = -10.7, LFootRoll = 10.7, RHipRoll = -18.6, RFootRoll = 18.6,
        LHipPitch = 12.4, LKneePitch = -17.3, LFootPitch = 14.2,
        RHipPitch = 12.4, RKneePitch = -17.3, RFootPitch = 14.2,
        LShoulderYaw = 46.8, RShoulderYaw = -46.8 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.362, angles = { RHipPitch = 11.8, RKneePitch = -128.0, RFootPitch = 30.9,
        RHipRoll = -21.6, LHipPitch = 18.2, RShoulderPitch = -20.0, LShoulderPitch = -117.6 } },
    -- swing through the ball
    { duration = 0.089, angles = { RHipPitch = 27.9, RKneePitch = -26.7, RFootPitch = -7.1,
        LHipPitch = 7.9, LFootPitch = 2.8, RShoulderPitch = -81.1, LShoulderPitch = -22.6,
        RHipYawPitch = -4.9, LKneePitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.083, angles = { RHipPitch = 52.7, RKneePitch = -23.1, RFootPitch = 7.2,
        LHipPitch = -26.2, RHipYawPitch = -19.9 } },
    -- set the leg down under the body
    { duration = 0.383, angles = { RHipPitch = 12.4, RKneePitch = -17.3, RFootPitch = 14.2,
        RHipRoll = -18.6, LHipPitch = 12.4, LKneePitch = -17.3, LFootPitch = 14.2, RHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
