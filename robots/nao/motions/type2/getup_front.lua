-- Get up from lying on the belly, type 2. Found by a get-up search (CMA-ES, the former getup_search; now
-- libero optimize --objective getup,
-- scored end to end from 12 harness fall poses, half of them with SimSpark's slip; score
-- 12.648, 10 = standing at once), checked with libero_motion_bench getup --type 2 [--slip 0.005].
-- Degrees, SimSpark signs. An earlier search: `libero optimize --file
-- <robots copy>/nao/motions/type2/getup_front.lua --params
-- @tools/bench/motion/params/getup.params --objective getup --objective-args "front --type 2
-- --poses 12 --slip 0,0.005" --generations 30 --lambda 14 --sigma 0.04 --seed 15 --seeds 1` (the
-- file: type 0's getup_front.lua):
-- with the slip 50/50 at 1.48 s (type 2's previous file: 34/50, 5.17 s), grip 50/50 at 1.49 s (2.02 s).
-- the rise turns the soles against the torso's pitch and roll (level_feet_lean 0.25), as type
-- 0's get-ups (docs/benchmarks.md, "Soles against the lean as the get-ups rise").
-- Then level_feet_lean 0.25 -> 0.55: with ODE's contact surface layer (robot_contact_surface_layer
-- 0.001) and the slip a pushed robot got up from its front in 18 of 20, now 20 of 20 (1.47 s;
-- `libero_motion_bench getup --side pushed_front --type 2 --runs 20 --slip 0.005 --robots <a copy
-- with the layer>`); lying on the front 20 of 20 on every physics as before (1.47-1.50 s).
-- rcssserver3d (`libero_skill_bench getup_front --type 2 --runs 10 --server rcssserver3d`): 1.56 s
-- (1.56-5.88) -> 1.56 s (1.56-1.56).
return {
  name = "getup_front",
  -- The IMU's pitch from a running mean of the accelerometer (0.3 of each reading) while it
  -- runs: from pushed falls the pitch read from single readings was 10-20 deg off as the robot
  -- stood, and it toppled backwards in the hand-over to the stand (pushed falls with
  -- grip up in 1.42-1.46 s, before 3.70-3.79 s; docs/benchmarks.md).
  imu_accel_smoothing = 0.3,
  frames = {
    { duration = 0.242, symmetric = true, angles = {
        LShoulderPitch = 114.1, LShoulderYaw = 57.2, LArmRoll = -38.8, LHipYawPitch = -16.1, LHipRoll = -12.8, LHipPitch = -23.3, LKneePitch = -15.9, LFootPitch = 5.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.117, symmetric = true, angles = {
        LShoulderPitch = 62.3, LShoulderYaw = 3.4, LArmRoll = 20.2, LHipYawPitch = -5.4, LHipRoll = 6.3, LHipPitch = 100.0, LKneePitch = -125.0, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.770, symmetric = true, angles = {
        LShoulderPitch = 3.8, LShoulderYaw = -0.8, LArmRoll = -23.8, LHipYawPitch = -90.0, LHipRoll = -21.6, LHipPitch = 100.0, LKneePitch = -130.0, LFootPitch = 0.7,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = 23.4, LShoulderYaw = 58.0, LArmRoll = 54.1, LHipYawPitch = -1.5, LHipRoll = -10.6, LHipPitch = -25.0, LKneePitch = -130.0, LFootPitch = 22.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, level_feet_lean = 0.55, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
