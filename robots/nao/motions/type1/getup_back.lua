-- Get up from lying on the back, type 1 (per-type override of ../getup_back.lua). Found by
-- libero_getup_search back out.lua --type 1 --init <the previous type-1 motion> --poses 12
-- --slip 0,0.005 --generations 30 --sigma 0.04 --seed 5 (session 11): the fall poses alternate
-- between grip and SimSpark's slip. getup --type 1 --side back: grip 100/100, 2.06 s (the previous
-- motion 100/100, 2.02 s); slip 0.0025 46/50 (36/50); slip 0.005 49/50 (4/50). Degrees, SimSpark signs.
return {
  name = "getup_back",
  frames = {
    { duration = 0.844, symmetric = true, angles = {
        LShoulderPitch = -120.0, LShoulderYaw = 20.6, LArmRoll = 35.2, LHipYawPitch = -28.5, LHipRoll = -21.6, LHipPitch = 97.5, LKneePitch = -51.9, LFootPitch = 49.2,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.482, symmetric = true, angles = {
        LShoulderPitch = -119.4, LShoulderYaw = 47.9, LArmRoll = -41.2, LHipYawPitch = -2.0, LHipRoll = 19.7, LHipPitch = 22.7, LKneePitch = 1.0, LFootPitch = -4.3,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.321, symmetric = true, angles = {
        LShoulderPitch = -98.9, LShoulderYaw = -1.0, LArmRoll = -48.2, LHipYawPitch = -70.0, LHipRoll = 23.0, LHipPitch = 97.9, LKneePitch = -103.5, LFootPitch = 52.6,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.216, symmetric = true, angles = {
        LShoulderPitch = -28.8, LShoulderYaw = 30.1, LArmRoll = 34.6, LHipYawPitch = -81.2, LHipRoll = 29.2, LHipPitch = 60.6, LKneePitch = -106.0, LFootPitch = 67.5,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.40, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },
  },
}
