-- Get up from lying on the belly. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 8 harness fall poses, standing held 2 s), checked with
-- libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_front",
  frames = {
    { duration = 0.361, symmetric = true, angles = {
        LShoulderPitch = 85.1, LShoulderYaw = 62.7, LArmRoll = -7.9, LHipYawPitch = -12.2, LHipRoll = -10.8, LHipPitch = -25.0, LKneePitch = -12.1, LFootPitch = -9.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = 89.8, LShoulderYaw = -0.9, LArmRoll = 20.1, LHipYawPitch = 1.0, LHipRoll = 16.4, LHipPitch = 100.0, LKneePitch = -130.0, LFootPitch = 69.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.548, symmetric = true, angles = {
        LShoulderPitch = 3.5, LShoulderYaw = -1.0, LArmRoll = -37.0, LHipYawPitch = -90.0, LHipRoll = -23.5, LHipPitch = 92.7, LKneePitch = -130.0, LFootPitch = 2.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = 36.9, LShoulderYaw = 59.7, LArmRoll = 39.9, LHipYawPitch = 1.0, LHipRoll = -16.2, LHipPitch = -3.7, LKneePitch = -130.0, LFootPitch = 64.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
