-- Get up from lying on the back, type 1. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 12 harness fall poses, half of them with SimSpark's slip; score
-- 11.324, 10 = standing at once), checked with libero_motion_bench getup --type 1 [--slip 0.005].
-- Degrees, SimSpark signs. Session 17: `libero_getup_search back out.lua --type 1 --init
-- <type 1's previous getup_back.lua> --poses 12 --slip 0,0.005 --generations 30 --sigma 0.04
-- --seed 18`: with the slip 37/50 at 2.30 s (was 22/50, 4.62 s), grip 50/50 at 2.30 s (2.06 s).
return {
  name = "getup_back",
  frames = {
    { duration = 0.736, symmetric = true, angles = {
        LShoulderPitch = -117.9, LShoulderYaw = 22.2, LArmRoll = 29.9, LHipYawPitch = -23.0, LHipRoll = -22.3, LHipPitch = 91.2, LKneePitch = -39.6, LFootPitch = 58.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.547, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 42.9, LArmRoll = -27.7, LHipYawPitch = -6.3, LHipRoll = 20.2, LHipPitch = 14.8, LKneePitch = 1.0, LFootPitch = -7.1,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.382, symmetric = true, angles = {
        LShoulderPitch = -115.8, LShoulderYaw = 8.7, LArmRoll = -58.7, LHipYawPitch = -76.7, LHipRoll = 25.9, LHipPitch = 100.0, LKneePitch = -105.8, LFootPitch = 53.1,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.298, symmetric = true, angles = {
        LShoulderPitch = -53.6, LShoulderYaw = 26.3, LArmRoll = 39.5, LHipYawPitch = -90.0, LHipRoll = 21.5, LHipPitch = 59.0, LKneePitch = -107.8, LFootPitch = 73.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
