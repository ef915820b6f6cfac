-- Get up from lying on the belly. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 4 fall poses x 3 headings; score 13.096, 10 = standing at once),
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_front",
  frames = {
    { duration = 0.406, symmetric = true, angles = {
        LShoulderPitch = 97.0, LShoulderYaw = 62.9, LArmRoll = -4.7, LHipYawPitch = -12.3, LHipRoll = 1.1, LHipPitch = -13.0, LKneePitch = -3.9, LFootPitch = 4.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = 87.2, LShoulderYaw = 10.6, LArmRoll = 26.7, LHipYawPitch = 1.0, LHipRoll = 16.7, LHipPitch = 88.9, LKneePitch = -123.0, LFootPitch = 59.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.367, symmetric = true, angles = {
        LShoulderPitch = 14.9, LShoulderYaw = 4.6, LArmRoll = -32.2, LHipYawPitch = -82.6, LHipRoll = -25.0, LHipPitch = 100.0, LKneePitch = -123.4, LFootPitch = 11.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.114, symmetric = true, angles = {
        LShoulderPitch = 18.9, LShoulderYaw = 62.5, LArmRoll = 54.9, LHipYawPitch = -10.9, LHipRoll = -16.1, LHipPitch = -15.4, LKneePitch = -126.4, LFootPitch = 65.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
