-- Get up from lying on the belly, type 1 (per-type override of ../getup_front.lua). Found by
-- tools/bench/motion/getup_search --type 1 (CMA-ES from the shared motion, 8 fall poses);
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_front",
  frames = {
    { duration = 0.362, symmetric = true, angles = {
        LShoulderPitch = 23.8, LShoulderYaw = 47.7, LArmRoll = -35.6, LHipYawPitch = 1.0, LHipRoll = 15.8, LHipPitch = 10.3, LKneePitch = 1.0, LFootPitch = 30.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.108, symmetric = true, angles = {
        LShoulderPitch = 113.4, LShoulderYaw = -1.0, LArmRoll = 46.8, LHipYawPitch = -2.3, LHipRoll = 3.0, LHipPitch = 100.0, LKneePitch = -112.1, LFootPitch = 21.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.481, symmetric = true, angles = {
        LShoulderPitch = 2.7, LShoulderYaw = 6.9, LArmRoll = -13.1, LHipYawPitch = -90.0, LHipRoll = -25.0, LHipPitch = 83.4, LKneePitch = -122.5, LFootPitch = 12.3,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = -24.3, LShoulderYaw = 72.6, LArmRoll = 21.9, LHipYawPitch = -21.2, LHipRoll = -5.3, LHipPitch = -25.0, LKneePitch = -124.9, LFootPitch = 74.5,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
