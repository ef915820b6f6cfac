-- Get up from lying on the back. Angles in degrees (SimSpark signs,
-- simspark-facts §1.3); `symmetric` copies the left side to the right.
return {
  name = "getup_back",
  frames = {
    { duration = 0.3, symmetric = true, angles = {
        LShoulderPitch = -110, LShoulderYaw = 10, LArmRoll = 0, LArmYaw = 0,
        LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 90, LKneePitch = -120, LFootPitch = 60, LFootRoll = 0 } },
    { duration = 0.3, symmetric = true, angles = {
        LShoulderPitch = -120, LHipPitch = 30, LKneePitch = -30, LFootPitch = -30 } },
    { duration = 0.4, symmetric = true, angles = {
        LShoulderPitch = -90, LHipPitch = 100, LKneePitch = -130, LFootPitch = 50 } },
    { duration = 0.5, symmetric = true, level_feet = true, angles = {
        LShoulderPitch = -90, LHipPitch = 40, LKneePitch = -70, LFootPitch = 35 } },
  },
}
