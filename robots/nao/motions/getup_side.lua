-- Lying on the right side (the motion system mirrors it for the left): roll onto
-- the belly or the back; the automatic fall handling then runs that get-up. Found by
-- tools/bench/motion/getup_roll_search.cpp --side, checked with libero_motion_bench getup.
-- Degrees, SimSpark signs.
return {
  name = "getup_side",
  frames = {
    { duration = 0.312, angles = { LShoulderPitch = 11.2, LShoulderYaw = 15.9, RShoulderPitch = 59.2, RShoulderYaw = -81.1, LHipYawPitch = -77.0, LHipRoll = -25.0, LHipPitch = -5.9, LKneePitch = -24.5, RHipRoll = -11.6, RHipPitch = 18.5, RKneePitch = -78.8 } },
    { duration = 0.322, angles = { LShoulderPitch = 72.0, LShoulderYaw = 23.4, RShoulderPitch = 56.8, RShoulderYaw = -21.4, LHipYawPitch = 1.0, LHipRoll = -3.9, LHipPitch = 43.4, LKneePitch = -1.8, RHipRoll = 1.0, RHipPitch = -6.3, RKneePitch = -84.4 } },
    { duration = 0.513, angles = { LShoulderPitch = -6.3, LShoulderYaw = 27.4, RShoulderPitch = 58.5, RShoulderYaw = -37.7, LHipYawPitch = -64.5, LHipRoll = 22.5, LHipPitch = 43.7, LKneePitch = -54.7, RHipRoll = -19.9, RHipPitch = -11.8, RKneePitch = -112.4 } },
  },
}
