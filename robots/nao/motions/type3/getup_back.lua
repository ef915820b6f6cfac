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
-- Under rcssserver3d's self-collision rule (on in the harness and libero serve) its lower arms met
-- the shanks (llowerarm-lshank, rlowerarm-rshank, as rcssserver3d logged in 1 of 10 bench runs,
-- tests/sim_referee/data/getup_back_type3.trace): harness with the slip 17/20, pushed backwards 10/20.
-- Searched again with the rule on: `libero optimize --file robots/nao/motions/type3/getup_back.lua
-- --params @tools/bench/motion/params/getup.params --objective getup --objective-args "back --type 3
-- --poses 8 --pushed 4 --side-poses 2 --slip 0,0.005" --lambda 10 --generations 15 --sigma 0.04
-- --seed 67 --seeds 1 --holdout 1` (the file: the one above; fitness 5.09 -> 6.22): harness 20/20
-- from lay_down and pushed falls, grip and slip, 2.46-2.48 s; `libero_skill_bench getup_back --type 3
-- --runs 10`: rcssserver3d 11.08 s median, 7 of 10 up (2 within 2 s) -> 2.28 s, 10 of 10 up (none
-- within 2 s), no self-collision; built-in with the rule 2.04 s (one run 6.40 s) -> 2.28 s, 10 of 10.
-- Then every duration times 0.8: on rcssserver3d 2.28 s -> 1.76 s (1.76-1.80), 10 of 10 within 2 s;
-- harness 20/20 with grip and with the slip, 1.99 / 2.00 s, pushed 20/20 (2.02 s), built-in skill bench
-- 1.84 s (`libero_skill_bench getup_back --type 3 --runs 10 [--server rcssserver3d]`).
-- The last frame then turns the soles against the torso's lean (level_feet_lean 0.55, was 0): with
-- ODE's contact surface layer (robot_contact_surface_layer 0.001) the robot stood, leaned back and
-- toppled in the hand-over to the stand. `libero_motion_bench getup --side S --type 3 --runs 20
-- [--slip 0.005] [--robots a copy with the layer]`, up of 20 and median s, grip / slip / layer grip /
-- layer slip: front 20 4.38 / 20 4.48 / 20 4.44 / 12 1.92 -> 20 1.90 / 20 1.90 / 20 1.90 / 20 1.88;
-- back 20 1.99 / 20 2.00 / 20 1.98 / 11 1.98 -> 20 1.98 / 20 2.00 / 20 1.98 / 20 1.98; pushed front
-- (layer slip) 0 -> 19 of 20, pushed back 9 -> 19, side 5 -> 17. rcssserver3d (`libero_skill_bench
-- getup_front|getup_back --type 3 --runs 10 --server rcssserver3d`): front 1.84 s (1.84-4.88), 9 of
-- 10 within 2 s -> 1.84 s (1.80-1.88), 10 of 10; back 1.80 s (1.76-1.80), 10 of 10, unchanged.
return {
  name = "getup_back",
  frames = {
    { duration = 0.548799, symmetric = true, angles = {
        LShoulderPitch = -120, LShoulderYaw = 10.3764, LArmRoll = 7.90578, LHipYawPitch = -11.733, LHipRoll = -19.368, LHipPitch = 81.9646, LKneePitch = -49.2342, LFootPitch = 49.3156,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.370660, symmetric = true, angles = {
        LShoulderPitch = -120, LShoulderYaw = 41.4717, LArmRoll = -18.958, LHipYawPitch = 1, LHipRoll = 18.1839, LHipPitch = 6.98858, LKneePitch = 1, LFootPitch = -43.573,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.555171, symmetric = true, angles = {
        LShoulderPitch = -120, LShoulderYaw = 9.84837, LArmRoll = -91.2351, LHipYawPitch = -83.2219, LHipRoll = 36.7877, LHipPitch = 100, LKneePitch = -128.047, LFootPitch = 74.9038,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.240168, symmetric = true, angles = {
        LShoulderPitch = -79.088, LShoulderYaw = 20.4386, LArmRoll = 48.3354, LHipYawPitch = -90, LHipRoll = 32.2783, LHipPitch = 81.8201, LKneePitch = -130, LFootPitch = 75,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.320000, symmetric = true, level_feet = true, level_feet_lean = 0.55, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
