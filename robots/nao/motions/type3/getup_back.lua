-- Get up from lying on the back, type 3. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 12 harness fall poses, half of them with SimSpark's slip; score
-- 11.338, 10 = standing at once), checked with libero_motion_bench getup --type 3 [--slip 0.005].
-- Degrees, SimSpark signs. Session 17: `libero_getup_search back out.lua --type 3 --init <type 1's
-- session-17 getup_back.lua> --poses 12 --slip 0,0.005 --generations 30 --sigma 0.04 --seed 20`
-- (a search from type 3's own back get-up found nothing with the slip): with the slip 50/50 at
-- 2.30 s (type 3's previous file: 0/50), grip 46/50 at 2.30 s (46/50, 1.90 s).
return {
  name = "getup_back",
  frames = {
    { duration = 0.676, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 13.3, LArmRoll = 35.3, LHipYawPitch = -12.7, LHipRoll = -16.0, LHipPitch = 98.8, LKneePitch = -51.5, LFootPitch = 64.7,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.559, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 41.7, LArmRoll = -27.4, LHipYawPitch = 0.3, LHipRoll = 23.8, LHipPitch = 18.8, LKneePitch = -13.5, LFootPitch = -18.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.431, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 11.9, LArmRoll = -67.3, LHipYawPitch = -79.5, LHipRoll = 30.1, LHipPitch = 100.0, LKneePitch = -114.0, LFootPitch = 65.7,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.317, symmetric = true, angles = {
        LShoulderPitch = -64.4, LShoulderYaw = 14.0, LArmRoll = 78.5, LHipYawPitch = -90.0, LHipRoll = 28.7, LHipPitch = 72.2, LKneePitch = -118.9, LFootPitch = 74.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
