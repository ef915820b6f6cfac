-- Get up from lying on the back, type 1. Found by a get-up search (CMA-ES, the former getup_search; now
-- libero optimize --objective getup,
-- scored end to end from harness fall poses), checked with libero_motion_bench getup --type 1.
-- Degrees, SimSpark signs. An earlier search, twice the same way: the get-up's first four frames'
-- durations scaled down (it stands faster but not always), then searched on from there with
-- `libero optimize --file
-- <robots copy>/nao/motions/type1/getup_back.lua --params @tools/bench/motion/params/getup.params
-- --objective getup --objective-args "back --type 1 --poses 12 --slip 0,0.005" --lambda 8
-- --generations 20|25 --sigma 0.03 --seed S --seeds 1` (the file: the scaled one): the earlier (2.44-2.47 s) x 0.85, seed
-- 41, best of generation 24 (2.22-2.24 s); that x 0.9, seed 71, best of generation 19:
-- `getup --type 1 --side back --runs 50 [--slip 0.005] [--substeps 4|8|20]` 50/50 in all six in
-- 1.90-1.92 s (the earlier 288/300, 2.44-2.47 s; grip at 20 substeps 38/50), 100/100 with grip
-- and with the slip at 1.92 s.
-- The last frame then turns the soles against the torso's lean (level_feet_lean 0.55, was 0): with
-- ODE's contact surface layer (robot_contact_surface_layer 0.001) and the slip the robot stood and
-- toppled back in the hand-over to the stand. `libero_motion_bench getup --side S --type 1 --runs 20
-- --slip 0.005 --robots <a copy with the layer>`: back 19 -> 20 of 20 (1.90 s), pushed back 17 -> 20
-- (1.92 s); grip and slip without the layer 20 of 20 as before (1.90-1.92 s). rcssserver3d
-- (`libero_skill_bench getup_back --type 1 --runs 10 --server rcssserver3d`): 1.68 s (1.68-1.68) ->
-- 1.72 s (1.68-1.72), 10 of 10 within 2 s in both.
return {
  name = "getup_back",
  frames = {
    { duration = 0.582, symmetric = true, angles = {
        LShoulderPitch = -119.4, LShoulderYaw = 17.2, LArmRoll = 7.8, LHipYawPitch = -16.1, LHipRoll = -25.0, LHipPitch = 75.4, LKneePitch = -60.1, LFootPitch = 40.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.224, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 41.8, LArmRoll = -26.8, LHipYawPitch = -7.6, LHipRoll = 29.4, LHipPitch = 28.6, LKneePitch = -26.2, LFootPitch = -11.7,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.361, symmetric = true, angles = {
        LShoulderPitch = -109.5, LShoulderYaw = 28.5, LArmRoll = -96.3, LHipYawPitch = -75.1, LHipRoll = 25.6, LHipPitch = 100.0, LKneePitch = -102.2, LFootPitch = 52.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.440, symmetric = true, angles = {
        LShoulderPitch = -101.5, LShoulderYaw = 33.0, LArmRoll = -35.1, LHipYawPitch = -90.0, LHipRoll = 23.2, LHipPitch = 57.2, LKneePitch = -106.2, LFootPitch = 63.3,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, level_feet_lean = 0.55, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
