-- Lying on the right side (the motion system mirrors it for the left): roll onto
-- the belly or the back; the automatic fall handling then runs that get-up. Found by
-- a roll search (the former getup_roll_search --side; now libero optimize --objective getup_roll
-- --objective-args --side), checked with libero_motion_bench getup.
-- Degrees, SimSpark signs.
return {
  name = "getup_side",
  frames = {
    { duration = 0.080, angles = { LShoulderPitch = -58.1, LShoulderYaw = 47.1, RShoulderPitch = 50.7, RShoulderYaw = -66.6, LHipYawPitch = -33.0, LHipRoll = -8.4, LHipPitch = -25.0, LKneePitch = -15.8, RHipRoll = 16.5, RHipPitch = 19.2, RKneePitch = -55.4 } },
    { duration = 0.080, angles = { LShoulderPitch = 27.6, LShoulderYaw = 14.2, RShoulderPitch = 88.6, RShoulderYaw = 1.0, LHipYawPitch = -34.1, LHipRoll = -13.3, LHipPitch = 69.4, LKneePitch = -3.0, RHipRoll = 0.7, RHipPitch = -10.0, RKneePitch = -117.2 } },
    { duration = 0.630, angles = { LShoulderPitch = 14.9, LShoulderYaw = 53.8, RShoulderPitch = 87.1, RShoulderYaw = -38.5, LHipYawPitch = -90.0, LHipRoll = 13.4, LHipPitch = -23.8, LKneePitch = -54.3, RHipRoll = -26.3, RHipPitch = -17.7, RKneePitch = -114.0 } },
  },
}
