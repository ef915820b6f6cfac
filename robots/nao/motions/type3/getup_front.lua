-- Get up from lying on the belly. Found by a get-up search (CMA-ES, the former getup_search; now
-- libero optimize --objective getup,
-- scored end to end from harness fall poses; score 9.409, 10 = standing at once),
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_front",
  frames = {
    { duration = 0.256, symmetric = true, angles = {
        LShoulderPitch = 80.6, LShoulderYaw = 51.3, LArmRoll = -58.4, LHipYawPitch = -36.3, LHipRoll = -12.6, LHipPitch = -25.0, LKneePitch = -27.5, LFootPitch = 2.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.178, symmetric = true, angles = {
        LShoulderPitch = 38.4, LShoulderYaw = 2.8, LArmRoll = -22.7, LHipYawPitch = -26.7, LHipRoll = 11.7, LHipPitch = 88.0, LKneePitch = -103.1, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.786, symmetric = true, angles = {
        LShoulderPitch = 22.7, LShoulderYaw = -1.0, LArmRoll = -28.2, LHipYawPitch = -90.0, LHipRoll = -24.5, LHipPitch = 95.3, LKneePitch = -130.0, LFootPitch = 9.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.117, symmetric = true, angles = {
        LShoulderPitch = 0.3, LShoulderYaw = 60.8, LArmRoll = 59.5, LHipYawPitch = 1.0, LHipRoll = -3.2, LHipPitch = -23.3, LKneePitch = -130.0, LFootPitch = 33.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
