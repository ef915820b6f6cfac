-- Get up from lying on the back, type 3. Found by a get-up search (CMA-ES, the former getup_search; now
-- libero optimize --objective getup,
-- scored end to end from 12 harness fall poses, half of them with SimSpark's slip; score
-- 11.637, 10 = standing at once), checked with libero_motion_bench getup --type 3 [--slip 0.005].
-- Degrees, SimSpark signs. An earlier search: `libero optimize --file
-- <robots copy>/nao/motions/type3/getup_back.lua --params @tools/bench/motion/params/getup.params
-- --objective getup --objective-args "back --type 3 --poses 12 --slip 0,0.005" --generations 30
-- --lambda 14 --sigma 0.04 --seed 20 --seeds 1` (the file: type 1's getup_back.lua)
-- (a search from type 3's own back get-up found nothing with the slip), then from its best with
-- `--objective-args "back --type
-- 3 --poses 12 --slip 0,0.005 --hold 3" --generations 20 --sigma 0.03 --seed 22` (it had toppled back after standing): with
-- the slip 50/50 at 2.22 s (type 3's previous file: 0/50), grip 50/50 at 2.22 s (49/50, 1.90 s).
return {
  name = "getup_back",
  frames = {
    { duration = 0.661, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 10.9, LArmRoll = 35.7, LHipYawPitch = -10.5, LHipRoll = -13.7, LHipPitch = 92.9, LKneePitch = -50.3, LFootPitch = 56.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.500, symmetric = true, angles = {
        LShoulderPitch = -118.8, LShoulderYaw = 36.0, LArmRoll = -36.0, LHipYawPitch = -0.7, LHipRoll = 20.8, LHipPitch = 18.0, LKneePitch = -6.5, LFootPitch = -23.5,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.471, symmetric = true, angles = {
        LShoulderPitch = -113.0, LShoulderYaw = 16.5, LArmRoll = -77.1, LHipYawPitch = -81.1, LHipRoll = 31.5, LHipPitch = 100.0, LKneePitch = -119.1, LFootPitch = 66.1,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.290, symmetric = true, angles = {
        LShoulderPitch = -76.0, LShoulderYaw = 20.4, LArmRoll = 85.8, LHipYawPitch = -87.2, LHipRoll = 28.5, LHipPitch = 69.2, LKneePitch = -129.5, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
