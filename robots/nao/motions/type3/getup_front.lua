-- Get up from lying on the belly, type 3 (per-type override of ../getup_front.lua). Found by
-- tools/bench/motion/getup_search --type 3 (CMA-ES, 8 fall poses, standing held 2 s), checked
-- with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_front",
  frames = {
    { duration = 0.466, symmetric = true, angles = {
        LShoulderPitch = 108.8, LShoulderYaw = 66.0, LArmRoll = 7.5, LHipYawPitch = -50.0, LHipRoll = 3.4, LHipPitch = -1.4, LKneePitch = -6.1, LFootPitch = -30.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.306, symmetric = true, angles = {
        LShoulderPitch = 79.0, LShoulderYaw = 28.3, LArmRoll = 3.4, LHipYawPitch = -2.8, LHipRoll = 27.4, LHipPitch = 59.8, LKneePitch = -107.4, LFootPitch = 46.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.454, symmetric = true, angles = {
        LShoulderPitch = 9.2, LShoulderYaw = 13.4, LArmRoll = 29.6, LHipYawPitch = -72.1, LHipRoll = -20.9, LHipPitch = 89.9, LKneePitch = -103.5, LFootPitch = 21.1,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.114, symmetric = true, angles = {
        LShoulderPitch = 3.2, LShoulderYaw = 35.9, LArmRoll = 75.7, LHipYawPitch = 1.0, LHipRoll = -2.1, LHipPitch = -19.3, LKneePitch = -130.0, LFootPitch = 32.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
