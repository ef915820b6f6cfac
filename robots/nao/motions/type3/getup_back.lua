-- Get up from lying on the back, type 3. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 12 harness fall poses, each with grip and with SimSpark's slip), checked
-- with libero_motion_bench getup --type 3 [--slip 0.005] [--substeps 4|20]. Degrees, SimSpark signs.
-- Session 17: `libero_getup_search back out.lua --type 3 --init <type 1's session-17 getup_back.lua>
-- --poses 12 --slip 0,0.005 --generations 30 --sigma 0.04 --seed 20`, then `--hold 3 --generations 20
-- --sigma 0.03 --seed 22` from its best (2.22 s).
-- Session 31, to bring it under 2 s: that file's first four durations x 0.9, then `--init <it>
-- --poses 12 --slip 0,0.005 --lambda 8 --generations 20 --sigma 0.03 --seed 31 --hold 3`; its best's
-- first four durations x 0.9 again, `--generations 16 --sigma 0.025 --seed 32` from it, and that
-- best's first four durations x 0.95 (this file). `getup --type 3 --side back --runs 100`, slip 0 /
-- 0.005 at 4 and 20 substeps: 100, 100, 99, 95 of 100 at 1.88 s (before 100, 91, 100, 100 at 2.20-2.24 s).
return {
  name = "getup_back",
  frames = {
    { duration = 0.531, symmetric = true, angles = {
        LShoulderPitch = -93.8, LShoulderYaw = 11.9, LArmRoll = 12.7, LHipYawPitch = -19.6, LHipRoll = -14.8, LHipPitch = 87.7, LKneePitch = -48.9, LFootPitch = 49.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.390, symmetric = true, angles = {
        LShoulderPitch = -104.3, LShoulderYaw = 40.8, LArmRoll = -33.5, LHipYawPitch = 1.0, LHipRoll = 18.6, LHipPitch = 20.0, LKneePitch = -7.8, LFootPitch = -6.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.396, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 17.3, LArmRoll = -86.9, LHipYawPitch = -78.8, LHipRoll = 29.5, LHipPitch = 100.0, LKneePitch = -119.1, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.323, symmetric = true, angles = {
        LShoulderPitch = -84.3, LShoulderYaw = 14.9, LArmRoll = 89.2, LHipYawPitch = -85.2, LHipRoll = 32.6, LHipPitch = 66.0, LKneePitch = -124.0, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, level_feet_lean = 0.00, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
