-- Get up from lying on the belly. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from harness fall poses; score 11.021, 10 = standing at once),
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_front",
  frames = {
    { duration = 0.742, symmetric = true, angles = {
        LShoulderPitch = 63.7, LShoulderYaw = 77.0, LArmRoll = -41.4, LHipYawPitch = 1.0, LHipRoll = 45.0, LHipPitch = 51.0, LKneePitch = -16.5, LFootPitch = 18.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.276, symmetric = true, angles = {
        LShoulderPitch = 120.0, LShoulderYaw = -1.0, LArmRoll = -0.5, LHipYawPitch = -23.9, LHipRoll = 11.2, LHipPitch = 96.6, LKneePitch = -86.7, LFootPitch = 46.1,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.627, symmetric = true, angles = {
        LShoulderPitch = -28.9, LShoulderYaw = 16.4, LArmRoll = 5.8, LHipYawPitch = -88.6, LHipRoll = -25.0, LHipPitch = 77.0, LKneePitch = -130.0, LFootPitch = 0.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = -18.1, LShoulderYaw = 41.7, LArmRoll = 28.7, LHipYawPitch = -42.1, LHipRoll = -19.9, LHipPitch = -25.0, LKneePitch = -130.0, LFootPitch = 41.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
