-- Get up from lying on the back, type 3 (per-type override of ../getup_back.lua). Found by
-- getup_search back --type 1 (an earlier type-1 result; better for type 3 than its own search)
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_back",
  frames = {
    { duration = 0.656, symmetric = true, angles = {
        LShoulderPitch = -117.4, LShoulderYaw = 33.1, LArmRoll = 41.9, LHipYawPitch = -27.9, LHipRoll = -25.0, LHipPitch = 91.7, LKneePitch = -60.1, LFootPitch = 67.7,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.524, symmetric = true, angles = {
        LShoulderPitch = -109.1, LShoulderYaw = 52.9, LArmRoll = -32.9, LHipYawPitch = -10.6, LHipRoll = -4.0, LHipPitch = 11.3, LKneePitch = 1.0, LFootPitch = -17.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.426, symmetric = true, angles = {
        LShoulderPitch = -99.6, LShoulderYaw = -1.0, LArmRoll = -35.0, LHipYawPitch = -81.4, LHipRoll = 11.3, LHipPitch = 100.0, LKneePitch = -108.2, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.067, symmetric = true, angles = {
        LShoulderPitch = -30.4, LShoulderYaw = 20.0, LArmRoll = 16.0, LHipYawPitch = -80.3, LHipRoll = 16.2, LHipPitch = 71.3, LKneePitch = -119.6, LFootPitch = 53.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
