-- Get up from lying on the back, type 1 (per-type override of ../getup_back.lua). Found by
-- tools/bench/motion/getup_search back --type 1 (CMA-ES, 8 fall poses, standing held 2 s), checked
-- with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_back",
  frames = {
    { duration = 0.802, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 20.5, LArmRoll = 17.5, LHipYawPitch = -20.4, LHipRoll = -25.0, LHipPitch = 94.3, LKneePitch = -40.2, LFootPitch = 59.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.480, symmetric = true, angles = {
        LShoulderPitch = -114.6, LShoulderYaw = 48.3, LArmRoll = -36.1, LHipYawPitch = -11.9, LHipRoll = 9.6, LHipPitch = 21.0, LKneePitch = -4.8, LFootPitch = -9.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.408, symmetric = true, angles = {
        LShoulderPitch = -90.9, LShoulderYaw = 2.6, LArmRoll = -56.4, LHipYawPitch = -82.4, LHipRoll = 24.6, LHipPitch = 100.0, LKneePitch = -114.5, LFootPitch = 69.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.222, symmetric = true, angles = {
        LShoulderPitch = -29.1, LShoulderYaw = 31.2, LArmRoll = 1.5, LHipYawPitch = -73.2, LHipRoll = 24.0, LHipPitch = 49.6, LKneePitch = -96.9, LFootPitch = 49.1,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
