-- Get up from lying on the back. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from harness fall poses; score 11.206, 10 = standing at once),
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_back",
  frames = {
    { duration = 0.836, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 17.3, LArmRoll = 6.4, LHipYawPitch = -5.2, LHipRoll = -24.8, LHipPitch = 74.4, LKneePitch = -60.1, LFootPitch = 38.1,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.442, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 45.9, LArmRoll = -21.2, LHipYawPitch = 1.0, LHipRoll = 25.6, LHipPitch = 12.2, LKneePitch = -6.7, LFootPitch = -25.7,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.365, symmetric = true, angles = {
        LShoulderPitch = -103.2, LShoulderYaw = 21.3, LArmRoll = -75.8, LHipYawPitch = -83.6, LHipRoll = 21.1, LHipPitch = 100.0, LKneePitch = -101.0, LFootPitch = 54.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.494, symmetric = true, angles = {
        LShoulderPitch = -54.4, LShoulderYaw = 28.0, LArmRoll = 6.4, LHipYawPitch = -87.2, LHipRoll = 19.7, LHipPitch = 56.4, LKneePitch = -106.2, LFootPitch = 66.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
