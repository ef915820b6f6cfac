-- Lying on the right side (the motion system mirrors it for the left): roll onto
-- the belly or the back; the automatic fall handling then runs that get-up. Found by
-- a roll search (the former getup_roll_search --side; now libero optimize --objective getup_roll
-- --objective-args --side), checked with libero_motion_bench getup.
-- Type 1's own: `libero optimize --file
-- <robots copy>/nao/motions/type1/getup_side.lua --params
-- @tools/bench/motion/params/getup_roll.params --objective getup_roll --objective-args "--side
-- --type 1 --slip 0,0.005 --substeps 4,8,20" --generations 20 --sigma 0.05 --seed 9 --lambda 14
-- --seeds 1` (the file: getup_side.lua), best of generation 0
-- (stopped at 8). Side falls, 100 runs each, grip / slip at 4, 8, 20 substeps: 100 in all six (the shared
-- roll: 100/97/100/99/100/100); docs/benchmarks.md history.
-- Degrees, SimSpark signs.
return {
  name = "getup_side",
  frames = {
    { duration = 0.180, angles = { LShoulderPitch = -3.1, LShoulderYaw = 40.3, RShoulderPitch = 73.2, RShoulderYaw = -64.1, LHipYawPitch = -39.8, LHipRoll = -15.3, LHipPitch = -25.0, LKneePitch = -22.8, RHipRoll = 14.8, RHipPitch = 18.7, RKneePitch = -73.7 } },
    { duration = 0.100, angles = { LShoulderPitch = -22.5, LShoulderYaw = 4.2, RShoulderPitch = 113.8, RShoulderYaw = -4.5, LHipYawPitch = -32.5, LHipRoll = -6.8, LHipPitch = 85.5, LKneePitch = -12.6, RHipRoll = 22.5, RHipPitch = -15.5, RKneePitch = -86.2 } },
    { duration = 0.689, angles = { LShoulderPitch = 42.5, LShoulderYaw = 51.0, RShoulderPitch = 73.2, RShoulderYaw = -63.4, LHipYawPitch = -80.1, LHipRoll = 6.0, LHipPitch = -25.0, LKneePitch = -62.8, RHipRoll = -33.9, RHipPitch = -17.3, RKneePitch = -80.7 } },
  },
}
