-- Get up from lying on the belly. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from harness fall poses; score 13.130, 10 = standing at once),
-- checked with libero_motion_bench getup. Degrees, SimSpark signs. Session 8: `libero_getup_search front out.lua --type 1
-- --init <the previous file> --poses 12 --generations 12 --sigma 0.04 --seed 5`: 100/100 at 1.22 s (was 93/100).
return {
  name = "getup_front",
  frames = {
    { duration = 0.348, symmetric = true, angles = {
        LShoulderPitch = 34.6, LShoulderYaw = 50.2, LArmRoll = -42.6, LHipYawPitch = -2.2, LHipRoll = 19.3, LHipPitch = 12.6, LKneePitch = -4.5, LFootPitch = 27.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.100, symmetric = true, angles = {
        LShoulderPitch = 114.3, LShoulderYaw = -1.0, LArmRoll = 56.8, LHipYawPitch = -3.1, LHipRoll = 5.5, LHipPitch = 90.4, LKneePitch = -108.2, LFootPitch = 15.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.470, symmetric = true, angles = {
        LShoulderPitch = 1.8, LShoulderYaw = 18.1, LArmRoll = -22.8, LHipYawPitch = -88.1, LHipRoll = -22.5, LHipPitch = 80.5, LKneePitch = -125.2, LFootPitch = 8.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = -17.2, LShoulderYaw = 68.3, LArmRoll = 33.6, LHipYawPitch = -20.1, LHipRoll = 1.1, LHipPitch = -22.5, LKneePitch = -130.0, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
