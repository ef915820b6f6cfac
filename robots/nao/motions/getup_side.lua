-- Lying on the right side (the motion system mirrors it for the left): roll onto
-- the belly or the back; the automatic fall handling then runs that get-up. Found by
-- tools/bench/motion/getup_roll_search.cpp --side, checked with libero_motion_bench getup.
-- Degrees, SimSpark signs.
-- Session 31: the previous roll's durations x 0.8, then `libero_getup_roll_search out.lua --side
-- --slip 0,0.005 --start <that file> --generations 16 --sigma 0.05 --seed 41`. `getup --side side
-- --runs 40 [--slip 0.005] [--substeps 4|8|20]`: type 0 40/40 in all six at 2.10-2.14 s (3.70 s with
-- the slip at 20 substeps; before 2.32-2.36 s, 3.94 s there), type 3 unchanged (1.54-1.61 s).
return {
  name = "getup_side",
  frames = {
    { duration = 0.174, angles = { LShoulderPitch = -17.5, LShoulderYaw = 49.6, RShoulderPitch = 65.1, RShoulderYaw = -64.0, LHipYawPitch = -39.6, LHipRoll = -12.0, LHipPitch = -1.8, LKneePitch = -42.3, RHipRoll = 9.8, RHipPitch = 20.0, RKneePitch = -56.2 } },
    { duration = 0.082, angles = { LShoulderPitch = 14.9, LShoulderYaw = 11.3, RShoulderPitch = 100.0, RShoulderYaw = -2.0, LHipYawPitch = -41.7, LHipRoll = -18.5, LHipPitch = 60.3, LKneePitch = -16.1, RHipRoll = 18.3, RHipPitch = -20.7, RKneePitch = -105.6 } },
    { duration = 0.393, angles = { LShoulderPitch = 32.2, LShoulderYaw = 55.7, RShoulderPitch = 46.1, RShoulderYaw = -56.0, LHipYawPitch = -77.0, LHipRoll = 13.4, LHipPitch = -21.7, LKneePitch = -67.9, RHipRoll = -19.0, RHipPitch = -5.5, RKneePitch = -105.4 } },
  },
}
