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
-- That roll's legs crossed under rcssserver3d's self-collision rule (on in the harness since; shank
-- against the other foot, legs frozen 1 s) in 20 of 20 side falls with the slip. Searched again on
-- a robots/ with ODE's contact surface layer (robot_contact_surface_layer 0.001): `libero optimize
-- --file robots/nao/motions/type2/getup_side.lua --params @tools/bench/motion/params/getup_roll.params
-- --objective getup_roll --objective-args "--side --type 2 --slip 0,0.005" --generations 12 --lambda
-- 10 --sigma 0.05 --seed 62 --seeds 1 --holdout 1` (the file: the one above; held out 5.77 -> 6.84),
-- best candidate. `libero_motion_bench getup --side side --type 2 --runs 20 [--slip 0.005] [--robots
-- <a copy with the layer>]`, up of 20 and median s, grip / slip / layer grip / layer slip: 20 3.14 /
-- 20 3.98 / 20 3.18 / 19 5.60 -> 20 2.32 / 20 2.34 / 20 2.32 / 20 3.94, no self-collision (before
-- 18-20 of 20 runs); at 8 / 20 substeps without the layer, grip 20 2.31 / 20 2.32 (before 3.14 /
-- 3.16), slip 20 5.52 / 19 5.52 (before 20 4.77 / 18 5.60).
-- Degrees, SimSpark signs.
return {
  name = "getup_side",
  frames = {
    { duration = 0.08, angles = { LShoulderPitch = 26.8932, LShoulderYaw = 44.7264, RShoulderPitch = 107.064, RShoulderYaw = -89.3743, LHipYawPitch = -37.6647, LHipRoll = -8.79631, LHipPitch = -15.9122, LKneePitch = -6.77172, RHipRoll = 16.5916, RHipPitch = 12.7573, RKneePitch = -27.7624 } },
    { duration = 0.08, angles = { LShoulderPitch = 12.5598, LShoulderYaw = 9.87691, RShoulderPitch = 40.5286, RShoulderYaw = -28.9642, LHipYawPitch = -48.4008, LHipRoll = 19.6572, LHipPitch = 48.7979, LKneePitch = -24.7848, RHipRoll = 18.0998, RHipPitch = -25, RKneePitch = -101.637 } },
    { duration = 0.665252, angles = { LShoulderPitch = 61.4226, LShoulderYaw = 66.0838, RShoulderPitch = 90.6811, RShoulderYaw = -53.5691, LHipYawPitch = -78.0727, LHipRoll = 9.12267, LHipPitch = -15.9057, LKneePitch = -106.327, RHipRoll = -14.9415, RHipPitch = -14.9485, RKneePitch = -72.7959 } },
  },
}
