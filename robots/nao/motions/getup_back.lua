-- Get up from lying on the back: roll onto the belly (arms and legs thrown to one
-- side); the automatic fall handling then runs getup_front. Found by
-- tools/bench/motion/getup_roll_search.cpp, checked with libero_motion_bench getup.
-- Degrees, SimSpark signs.
return {
  name = "getup_back",
  frames = {
    { duration = 0.363, angles = { LShoulderPitch = 120.0, LShoulderYaw = 15.7, RShoulderPitch = 8.1, RShoulderYaw = -31.5, LHipYawPitch = -46.5, LHipRoll = -25.0, LHipPitch = -25.0, LKneePitch = -79.6, RHipRoll = 1.0, RHipPitch = 81.3, RKneePitch = -5.9 } },
    { duration = 0.135, angles = { LShoulderPitch = 34.5, LShoulderYaw = 66.2, RShoulderPitch = -119.5, RShoulderYaw = -8.1, LHipYawPitch = -22.1, LHipRoll = 43.0, LHipPitch = 18.4, LKneePitch = -96.5, RHipRoll = 6.7, RHipPitch = 8.3, RKneePitch = -61.3 } },
    { duration = 0.722, angles = { LShoulderPitch = 20.5, LShoulderYaw = 56.4, RShoulderPitch = 108.9, RShoulderYaw = -95.0, LHipYawPitch = -26.4, LHipRoll = -24.1, LHipPitch = 47.2, LKneePitch = -33.6, RHipRoll = -10.2, RHipPitch = -25.0, RKneePitch = -128.6 } },
  },
}
