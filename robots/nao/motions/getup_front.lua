-- Get up from lying on the belly. Found by a get-up search (CMA-ES, the former getup_search; now
-- libero optimize --objective getup,
-- scored end to end from 12 harness fall poses, half of them with SimSpark's slip, where
-- limbs barely slide; score 12.115, 10 = standing at once), checked with
-- libero_motion_bench getup [--slip 0.005]. Degrees, SimSpark signs.
--   `libero optimize --file
-- <robots copy>/nao/motions/getup_front.lua --params @tools/bench/motion/params/getup.params
-- --objective getup --objective-args "front --poses 12 --slip 0,0.005" --generations 30 --lambda
-- 14 --sigma 0.04 --seed 11 --seeds 1` (the file: fa6fb0d's getup_front.lua)
-- the last frame (the rise) turns the soles against the torso's pitch and roll
-- (level_feet_lean 0.25; level soles gave way as the torso tipped): type 0 with the slip stands from
-- belly, back and side 100/100/100 in 100 runs (97/96/98 before), at 8 physics steps 99-100; type
-- 4's side falls at 8 steps 100 (docs/benchmarks.md, "Soles against the lean as the get-ups rise").
return {
  name = "getup_front",
  -- The IMU's pitch from a running mean of the accelerometer (0.3 of each reading) while it
  -- runs: from pushed falls the pitch read from single readings was 10-20 deg off as the robot
  -- stood, and it toppled backwards in the hand-over to the stand (pushed falls with
  -- grip up in 1.42-1.46 s, before 3.70-3.79 s; docs/benchmarks.md).
  imu_accel_smoothing = 0.3,
  frames = {
    { duration = 0.245, symmetric = true, angles = {
        LShoulderPitch = 100.3, LShoulderYaw = 58.6, LArmRoll = -21.6, LHipYawPitch = -19.6, LHipRoll = -15.8, LHipPitch = -24.1, LKneePitch = -13.3, LFootPitch = -1.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.099, symmetric = true, angles = {
        LShoulderPitch = 77.0, LShoulderYaw = 3.9, LArmRoll = 35.7, LHipYawPitch = -5.1, LHipRoll = 7.4, LHipPitch = 100.0, LKneePitch = -130.0, LFootPitch = 71.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.763, symmetric = true, angles = {
        LShoulderPitch = 16.4, LShoulderYaw = -1.0, LArmRoll = -16.9, LHipYawPitch = -90.0, LHipRoll = -25.0, LHipPitch = 100.0, LKneePitch = -130.0, LFootPitch = 7.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = 2.7, LShoulderYaw = 53.1, LArmRoll = 57.4, LHipYawPitch = -1.9, LHipRoll = -17.4, LHipPitch = -24.1, LKneePitch = -130.0, LFootPitch = 31.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, level_feet_lean = 0.25, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
