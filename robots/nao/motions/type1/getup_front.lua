-- Get up from lying on the belly, type 1. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 12 harness fall poses, half of them with SimSpark's slip; score
-- 12.612, 10 = standing at once), checked with libero_motion_bench getup --type 1 [--slip 0.005].
-- Degrees, SimSpark signs. Session 17: `libero_getup_search front out.lua --type 1 --init
-- <type 0's getup_front.lua> --poses 12 --slip 0,0.005 --generations 30 --sigma 0.04 --seed 14`:
-- with the slip 50/50 at 1.45 s (type 1's session-8 file: 10/50), grip 50/50 at 1.44 s (1.22 s).
return {
  name = "getup_front",
  frames = {
    { duration = 0.289, symmetric = true, angles = {
        LShoulderPitch = 92.6, LShoulderYaw = 73.2, LArmRoll = -60.7, LHipYawPitch = -17.9, LHipRoll = -11.4, LHipPitch = -25.0, LKneePitch = -6.4, LFootPitch = -6.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.104, symmetric = true, angles = {
        LShoulderPitch = 64.3, LShoulderYaw = 7.9, LArmRoll = 37.2, LHipYawPitch = 0.8, LHipRoll = 11.6, LHipPitch = 100.0, LKneePitch = -127.1, LFootPitch = 62.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.746, symmetric = true, angles = {
        LShoulderPitch = 12.5, LShoulderYaw = 1.8, LArmRoll = -22.0, LHipYawPitch = -88.6, LHipRoll = -23.3, LHipPitch = 100.0, LKneePitch = -130.0, LFootPitch = 2.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.080, symmetric = true, angles = {
        LShoulderPitch = -6.6, LShoulderYaw = 61.7, LArmRoll = 41.5, LHipYawPitch = 1.0, LHipRoll = -11.6, LHipPitch = -25.0, LKneePitch = -130.0, LFootPitch = 33.7,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
