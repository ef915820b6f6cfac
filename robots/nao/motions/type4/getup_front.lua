-- Get up from lying on the belly, type 4 (per-type override of ../getup_front.lua; type 2
-- shared it until its own search on the fixed harness, 2026-11-25).
-- Found by tools/bench/motion/getup_search (CMA-ES over 8 fall poses, type 0) and kept
-- for the types on which it beats the shared one (libero_motion_bench getup --type 2/4).
return {
  name = "getup_front",
  frames = {
    { duration = 0.547, symmetric = true, angles = {
        LShoulderPitch = 70.6, LShoulderYaw = 57.7, LArmRoll = -22.0, LHipYawPitch = 1.0, LHipRoll = 16.1, LHipPitch = 5.7, LKneePitch = 1.0, LFootPitch = 23.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = 110.6, LShoulderYaw = 14.6, LArmRoll = 37.1, LHipYawPitch = 1.0, LHipRoll = 17.0, LHipPitch = 100.0, LKneePitch = -126.9, LFootPitch = 52.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.397, symmetric = true, angles = {
        LShoulderPitch = -11.0, LShoulderYaw = 10.4, LArmRoll = -44.6, LHipYawPitch = -90.0, LHipRoll = -25.0, LHipPitch = 78.1, LKneePitch = -124.2, LFootPitch = 13.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = -19.2, LShoulderYaw = 67.6, LArmRoll = 61.0, LHipYawPitch = 1.0, LHipRoll = -17.9, LHipPitch = -21.5, LKneePitch = -130.0, LFootPitch = 64.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
