-- Get up from lying on the belly, type 3 (per-type override of ../getup_front.lua). Found by
-- tools/bench/motion/getup_search --type 3 (CMA-ES from the shared motion, 8 fall poses);
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_front",
  frames = {
    { duration = 0.514, symmetric = true, angles = {
        LShoulderPitch = 115.1, LShoulderYaw = 72.1, LArmRoll = -6.6, LHipYawPitch = -40.6, LHipRoll = 9.3, LHipPitch = -1.5, LKneePitch = 1.0, LFootPitch = -17.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.317, symmetric = true, angles = {
        LShoulderPitch = 68.0, LShoulderYaw = 17.1, LArmRoll = -13.7, LHipYawPitch = -2.1, LHipRoll = 21.3, LHipPitch = 83.1, LKneePitch = -112.8, LFootPitch = 44.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.471, symmetric = true, angles = {
        LShoulderPitch = -0.0, LShoulderYaw = 20.9, LArmRoll = 18.1, LHipYawPitch = -78.9, LHipRoll = -25.0, LHipPitch = 94.9, LKneePitch = -98.0, LFootPitch = 22.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.094, symmetric = true, angles = {
        LShoulderPitch = 5.4, LShoulderYaw = 39.4, LArmRoll = 62.8, LHipYawPitch = -2.9, LHipRoll = -8.3, LHipPitch = -9.9, LKneePitch = -130.0, LFootPitch = 34.5,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
