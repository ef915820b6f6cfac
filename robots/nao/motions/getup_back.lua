-- Get up from lying on the back. Found by tools/bench/motion/getup_search (CMA-ES,
-- scored end to end from 10 harness fall poses, standing held 2 s; a sit-up), checked with
-- libero_motion_bench getup. Degrees, SimSpark signs.
-- Session 20: the last frame (the rise) turns the soles against the torso's pitch and roll
-- (level_feet_lean 0.25; level soles gave way as the torso tipped): type 0 with the slip stands from
-- belly, back and side 100/100/100 in 100 runs (97/96/98 before), at 8 physics steps 99-100; type
-- 4's side falls at 8 steps 100 (docs/benchmarks.md, "Soles against the lean as the get-ups rise").
return {
  name = "getup_back",
  frames = {
    { duration = 0.424, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 10.3, LArmRoll = 8.3, LHipYawPitch = -32.6, LHipRoll = -17.4, LHipPitch = 88.3, LKneePitch = -45.9, LFootPitch = 47.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.366, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 44.0, LArmRoll = -58.4, LHipYawPitch = -31.3, LHipRoll = -9.4, LHipPitch = -6.8, LKneePitch = 1.0, LFootPitch = -8.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.220, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = -1.0, LArmRoll = -106.1, LHipYawPitch = -53.0, LHipRoll = -20.5, LHipPitch = 85.2, LKneePitch = -109.9, LFootPitch = 75.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.227, symmetric = true, angles = {
        LShoulderPitch = 40.7, LShoulderYaw = -1.0, LArmRoll = 8.1, LHipYawPitch = -90.0, LHipRoll = -9.3, LHipPitch = 100.0, LKneePitch = -95.3, LFootPitch = 6.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, level_feet_lean = 0.25, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
