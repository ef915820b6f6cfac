-- Get up from lying on the belly. Found by a get-up search (CMA-ES, the former getup_search; now
-- libero optimize --objective getup,
-- scored end to end from harness fall poses; score 10.324, 10 = standing at once),
-- checked with libero_motion_bench getup. Degrees, SimSpark signs.
-- The last frame turns the soles against the torso's lean (level_feet_lean 0.55, as type 1's
-- back get-up now): with ODE's contact surface layer (robot_contact_surface_layer 0.001) and the slip
-- a pushed robot got up from its front in 14 of 20 (`libero_motion_bench getup --side pushed_front
-- --type 1 --runs 20 --slip 0.005 --robots <a copy with the layer>`), now 20 of 20 (both get-ups
-- changed); lying on the front 18 -> 20 of 20, 1.54 s. Grip and slip without the layer: 20 of 20 as
-- before, 1.52 s. rcssserver3d (`libero_skill_bench getup_front --type 1 --runs 10 --server
-- rcssserver3d`): 1.68 s (1.68-5.88), 9 of 10 within 2 s -> 1.68 s (1.68-1.68), 10 of 10.
return {
  name = "getup_front",
  frames = {
    { duration = 0.232, symmetric = true, angles = {
        LShoulderPitch = 108.6, LShoulderYaw = 74.6, LArmRoll = -38.0, LHipYawPitch = -20.1, LHipRoll = -8.0, LHipPitch = -25.0, LKneePitch = 1.0, LFootPitch = -15.0,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.188, symmetric = true, angles = {
        LShoulderPitch = 42.7, LShoulderYaw = 1.2, LArmRoll = 10.3, LHipYawPitch = -18.6, LHipRoll = 16.5, LHipPitch = 100.0, LKneePitch = -128.5, LFootPitch = 68.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.809, symmetric = true, angles = {
        LShoulderPitch = 6.5, LShoulderYaw = -1.0, LArmRoll = -15.5, LHipYawPitch = -84.8, LHipRoll = -25.0, LHipPitch = 88.0, LKneePitch = -130.0, LFootPitch = 13.9,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.060, symmetric = true, angles = {
        LShoulderPitch = -17.5, LShoulderYaw = 58.4, LArmRoll = 20.9, LHipYawPitch = -7.1, LHipRoll = -6.5, LHipPitch = -15.6, LKneePitch = -130.0, LFootPitch = 20.4,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, level_feet_lean = 0.55, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
