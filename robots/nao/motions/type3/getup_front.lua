-- Get up from lying on the belly, type 3. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 12 harness fall poses, half of them with SimSpark's slip; score
-- 11.666, 10 = standing at once), checked with libero_motion_bench getup --type 3 [--slip 0.005].
-- Degrees, SimSpark signs. Session 17, two searches (`libero_getup_search front out.lua --type 3
-- --poses 12 --slip 0,0.005 --generations 30 --sigma 0.04`): seed 13 from type 0's new front
-- get-up, then seed 19 from that one's best. With the slip 46/50 at 1.54 s (type 3's previous
-- file: 0/50), grip 50/50 at 1.54 s (50/50, 1.54 s).
return {
  name = "getup_front",
  frames = {
    { duration = 0.264, symmetric = true, angles = {
        LShoulderPitch = 89.3, LShoulderYaw = 60.1, LArmRoll = -36.6, LHipYawPitch = -28.9, LHipRoll = -18.0, LHipPitch = -25.0, LKneePitch = -15.6, LFootPitch = 9.1,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.192, symmetric = true, angles = {
        LShoulderPitch = 46.3, LShoulderYaw = 3.0, LArmRoll = 1.3, LHipYawPitch = -16.8, LHipRoll = 6.5, LHipPitch = 93.4, LKneePitch = -122.7, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.779, symmetric = true, angles = {
        LShoulderPitch = 14.4, LShoulderYaw = -1.0, LArmRoll = -5.4, LHipYawPitch = -86.2, LHipRoll = -25.0, LHipPitch = 86.7, LKneePitch = -130.0, LFootPitch = 9.5,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.097, symmetric = true, angles = {
        LShoulderPitch = 18.9, LShoulderYaw = 57.7, LArmRoll = 64.7, LHipYawPitch = 1.0, LHipRoll = -7.8, LHipPitch = -19.3, LKneePitch = -124.2, LFootPitch = 27.7,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
