-- Get up from lying on the belly. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 4 fall poses x 3 headings; score 12.742, 10 = standing at once),
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_front",
  frames = {
    { duration = 0.142, symmetric = true, angles = {
        LShoulderPitch = 68.9, LShoulderYaw = 64.6, LArmRoll = -30.1, LHipYawPitch = -2.3, LHipRoll = 1.0, LHipPitch = -25.0, LKneePitch = 1.0, LFootPitch = 8.3,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = 89.1, LShoulderYaw = 4.8, LArmRoll = 6.4, LHipYawPitch = 1.0, LHipRoll = 20.8, LHipPitch = 80.2, LKneePitch = -130.0, LFootPitch = 41.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.360, symmetric = true, angles = {
        LShoulderPitch = 13.7, LShoulderYaw = 18.1, LArmRoll = -8.7, LHipYawPitch = -80.0, LHipRoll = -20.7, LHipPitch = 98.6, LKneePitch = -109.5, LFootPitch = 18.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.078, symmetric = true, angles = {
        LShoulderPitch = 16.1, LShoulderYaw = 52.4, LArmRoll = 28.3, LHipYawPitch = -24.0, LHipRoll = -15.3, LHipPitch = 43.1, LKneePitch = -130.0, LFootPitch = 51.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
