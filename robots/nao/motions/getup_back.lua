-- Get up from lying on the back. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 4 fall poses x 3 headings; score 9.096, 10 = standing at once),
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_back",
  frames = {
    { duration = 0.485, symmetric = true, angles = {
        LShoulderPitch = -114.5, LShoulderYaw = 18.9, LArmRoll = -49.5, LHipYawPitch = -27.4, LHipRoll = -17.5, LHipPitch = 86.4, LKneePitch = -87.4, LFootPitch = 47.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.286, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 25.8, LArmRoll = -33.4, LHipYawPitch = -5.6, LHipRoll = -0.8, LHipPitch = 3.1, LKneePitch = -5.9, LFootPitch = -8.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.150, symmetric = true, angles = {
        LShoulderPitch = -101.0, LShoulderYaw = 13.2, LArmRoll = -37.7, LHipYawPitch = -69.5, LHipRoll = -12.0, LHipPitch = 100.0, LKneePitch = -115.0, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.227, symmetric = true, angles = {
        LShoulderPitch = -37.4, LShoulderYaw = 22.0, LArmRoll = 10.7, LHipYawPitch = -76.8, LHipRoll = -9.9, LHipPitch = 99.3, LKneePitch = -101.6, LFootPitch = 47.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
