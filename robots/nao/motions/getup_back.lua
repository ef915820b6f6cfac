-- Get up from lying on the back. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 8 harness fall poses, standing held 2 s; a sit-up), checked with
-- libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_back",
  frames = {
    { duration = 0.456, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 10.9, LArmRoll = -4.7, LHipYawPitch = -18.2, LHipRoll = -17.7, LHipPitch = 84.3, LKneePitch = -61.4, LFootPitch = 55.3,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.376, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 42.3, LArmRoll = -30.9, LHipYawPitch = -15.7, LHipRoll = 1.2, LHipPitch = 6.2, LKneePitch = -13.1, LFootPitch = -13.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.077, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = -1.0, LArmRoll = -66.9, LHipYawPitch = -59.2, LHipRoll = -15.5, LHipPitch = 97.6, LKneePitch = -95.0, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.204, symmetric = true, angles = {
        LShoulderPitch = 21.2, LShoulderYaw = 3.6, LArmRoll = -0.5, LHipYawPitch = -87.8, LHipRoll = -0.6, LHipPitch = 100.0, LKneePitch = -85.6, LFootPitch = 34.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
