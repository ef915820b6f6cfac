-- Get up from lying on the belly. Found by tools/bench/motion/getup_search
-- (score 13.440; 10 - seconds to standing when every start pose succeeds), then
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
return {
  name = "getup_front",
  frames = {
    { duration = 0.20, symmetric = true, angles = {
        LShoulderPitch = 65, LShoulderYaw = 68, LHipYawPitch = -9, LHipRoll = -9, LHipPitch = -25, LKneePitch = -3, LFootPitch = -9,
        LFootRoll = 0, LArmRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.09, symmetric = true, angles = {
        LShoulderPitch = 87, LShoulderYaw = 9, LHipYawPitch = 1, LHipRoll = 26, LHipPitch = 83, LKneePitch = -130, LFootPitch = 47,
        LFootRoll = 0, LArmRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.37, symmetric = true, angles = {
        LShoulderPitch = 11, LShoulderYaw = 16, LHipYawPitch = -79, LHipRoll = -23, LHipPitch = 100, LKneePitch = -114, LFootPitch = 9,
        LFootRoll = 0, LArmRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.17, symmetric = true, angles = {
        LShoulderPitch = -16, LShoulderYaw = 45, LHipYawPitch = -19, LHipRoll = -16, LHipPitch = 57, LKneePitch = -125, LFootPitch = 74,
        LFootRoll = 0, LArmRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
