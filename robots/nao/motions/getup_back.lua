-- Get up from lying on the back. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from harness fall poses; a sit-up, refined over 8 poses), checked with
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_back",
  frames = {
    { duration = 0.404, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 10.9, LArmRoll = -37.2, LHipYawPitch = -16.3, LHipRoll = -14.2, LHipPitch = 82.6, LKneePitch = -68.4, LFootPitch = 56.5,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.345, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 31.9, LArmRoll = -23.1, LHipYawPitch = -4.6, LHipRoll = -0.4, LHipPitch = 3.4, LKneePitch = 1.0, LFootPitch = 2.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.183, symmetric = true, angles = {
        LShoulderPitch = -112.9, LShoulderYaw = -1.0, LArmRoll = -67.6, LHipYawPitch = -65.8, LHipRoll = -17.1, LHipPitch = 99.6, LKneePitch = -94.3, LFootPitch = 74.7,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.229, symmetric = true, angles = {
        LShoulderPitch = 8.1, LShoulderYaw = 22.9, LArmRoll = 7.2, LHipYawPitch = -76.0, LHipRoll = -1.0, LHipPitch = 91.2, LKneePitch = -95.7, LFootPitch = 39.1,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
