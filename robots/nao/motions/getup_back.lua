-- Get up from lying on the back. Found by tools/bench/motion/getup_search
-- (score 6.176; 10 - seconds to standing when every start pose succeeds), then
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_back",
  frames = {
    { duration = 0.32, symmetric = true, angles = {
        LShoulderPitch = 68, LShoulderYaw = 12, LHipYawPitch = -75, LHipRoll = 5, LHipPitch = 80, LKneePitch = -2, LFootPitch = 73,
        LFootRoll = 0, LArmRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.11, symmetric = true, angles = {
        LShoulderPitch = 90, LShoulderYaw = -1, LHipYawPitch = -90, LHipRoll = 32, LHipPitch = 95, LKneePitch = -89, LFootPitch = 19,
        LFootRoll = 0, LArmRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.39, symmetric = true, angles = {
        LShoulderPitch = 81, LShoulderYaw = 29, LHipYawPitch = -76, LHipRoll = -3, LHipPitch = 14, LKneePitch = -124, LFootPitch = 58,
        LFootRoll = 0, LArmRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.23, symmetric = true, angles = {
        LShoulderPitch = -15, LShoulderYaw = 49, LHipYawPitch = -72, LHipRoll = 9, LHipPitch = 95, LKneePitch = -130, LFootPitch = 24,
        LFootRoll = 0, LArmRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
  },
}
