-- Get up from lying on the belly. Angles in degrees (SimSpark signs,
-- simspark-facts §1.3); `symmetric` copies the left side to the right.
-- Prone, shoulder pitch 0 points the arms at the ground; upright, -90 does.
-- The legs fold frog-like (hip yaw-pitch -90, hips spread) so that turning
-- the yaw-pitch back brings the feet under the body.
return {
  name = "getup_front",
  frames = {
    { duration = 0.5, symmetric = true, angles = {
        LShoulderPitch = 0, LShoulderYaw = 0, LArmRoll = 0, LArmYaw = 0,
        LHipYawPitch = -90, LHipRoll = 45, LHipPitch = 100, LKneePitch = -130, LFootPitch = 75,
        LFootRoll = -25, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.3, symmetric = true, angles = { LShoulderPitch = -60 } },
    { duration = 0.4, symmetric = true, angles = { LHipYawPitch = 0, LFootRoll = 0 } },
    { duration = 0.4, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LHipRoll = 0, LHipPitch = 90, LKneePitch = -130 } },
    { duration = 0.5, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LHipPitch = 40, LKneePitch = -70, LFootPitch = 35 } },
  },
}
