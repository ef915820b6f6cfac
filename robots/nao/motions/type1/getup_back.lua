-- Get up from lying on the back, type 1. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from harness fall poses), checked with libero_motion_bench getup --type 1.
-- Degrees, SimSpark signs. Session 28: the session-18 get-up (2.44-2.47 s) with its first four
-- frames' durations scaled by 0.85 (2.14 s, but 41/50 with grip), then `libero_getup_search back
-- out.lua --type 1 --init <that file> --poses 12 --slip 0,0.005 --lambda 8 --generations 25
-- --sigma 0.03 --seed 41`, best of generation 24 (24/24): `getup --type 1 --side back --runs 50
-- [--slip 0.005] [--substeps 4|8|20]` 50/50 in all six in 2.22-2.24 s (before 288/300, 2.44-2.47 s;
-- grip at 20 substeps 38/50).
return {
  name = "getup_back",
  frames = {
    { duration = 0.662, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 15.5, LArmRoll = 6.8, LHipYawPitch = -14.1, LHipRoll = -24.3, LHipPitch = 74.9, LKneePitch = -69.2, LFootPitch = 43.3,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.377, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 46.6, LArmRoll = -12.0, LHipYawPitch = -3.8, LHipRoll = 27.0, LHipPitch = 21.6, LKneePitch = -17.8, LFootPitch = -21.1,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.412, symmetric = true, angles = {
        LShoulderPitch = -114.8, LShoulderYaw = 27.1, LArmRoll = -77.0, LHipYawPitch = -77.8, LHipRoll = 25.0, LHipPitch = 99.8, LKneePitch = -100.0, LFootPitch = 52.7,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.466, symmetric = true, angles = {
        LShoulderPitch = -75.0, LShoulderYaw = 29.1, LArmRoll = -20.3, LHipYawPitch = -90.0, LHipRoll = 23.7, LHipPitch = 58.6, LKneePitch = -107.0, LFootPitch = 67.8,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, level_feet_lean = 0.00, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
