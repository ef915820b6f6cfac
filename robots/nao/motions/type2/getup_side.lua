-- Lying on the right side (the motion system mirrors it for the left): roll onto
-- the belly or the back; the automatic fall handling then runs that get-up. Found by
-- a roll search (the former getup_roll_search --side; now libero optimize --objective getup_roll
-- --objective-args --side), checked with libero_motion_bench getup.
-- Type 2's own: `libero optimize --file
-- <robots copy>/nao/motions/type2/getup_side.lua --params
-- @tools/bench/motion/params/getup_roll.params --objective getup_roll --objective-args "--side
-- --type 2 --slip 0,0.005 --substeps 4,8,20" --generations 25 --sigma 0.05 --seed 6 --lambda 14
-- --seeds 1` (the file: a search at 4 substeps alone),
-- best of generation 11. Side falls, 100 runs each, grip / slip at 4, 8, 20 substeps: 100/100/100/88/100/95
-- in 2.32 s with the slip (the shared roll: 100/93/100/87/100/89, 3.96 s); docs/benchmarks.md history.
-- Degrees, SimSpark signs.
return {
  name = "getup_side",
  frames = {
    { duration = 0.119, angles = { LShoulderPitch = 28.2, LShoulderYaw = 43.4, RShoulderPitch = 97.8, RShoulderYaw = -89.0, LHipYawPitch = -36.4, LHipRoll = -17.3, LHipPitch = -6.7, LKneePitch = -3.4, RHipRoll = 25.0, RHipPitch = 24.1, RKneePitch = -34.8 } },
    { duration = 0.080, angles = { LShoulderPitch = -2.1, LShoulderYaw = 14.7, RShoulderPitch = 69.5, RShoulderYaw = -15.6, LHipYawPitch = -37.4, LHipRoll = 13.3, LHipPitch = 49.9, LKneePitch = -23.5, RHipRoll = 8.6, RHipPitch = -24.6, RKneePitch = -108.2 } },
    { duration = 0.634, angles = { LShoulderPitch = 46.2, LShoulderYaw = 63.9, RShoulderPitch = 117.3, RShoulderYaw = -55.2, LHipYawPitch = -81.6, LHipRoll = 20.1, LHipPitch = -12.6, LKneePitch = -111.4, RHipRoll = -18.9, RHipPitch = -11.2, RKneePitch = -74.3 } },
  },
}
