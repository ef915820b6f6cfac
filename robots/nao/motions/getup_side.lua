-- Lying on the right side (the motion system mirrors it for the left): roll onto
-- the belly or the back; the automatic fall handling then runs that get-up. Found by
-- a roll search (the former getup_roll_search --side; now libero optimize --objective getup_roll
-- --objective-args --side), checked with libero_motion_bench getup.
-- Degrees, SimSpark signs.
return {
  name = "getup_side",
  frames = {
    { duration = 0.170, angles = { LShoulderPitch = -18.2, LShoulderYaw = 42.2, RShoulderPitch = 89.4, RShoulderYaw = -79.7, LHipYawPitch = -34.0, LHipRoll = -16.4, LHipPitch = -22.2, LKneePitch = -19.6, RHipRoll = 18.4, RHipPitch = 22.1, RKneePitch = -68.9 } },
    { duration = 0.080, angles = { LShoulderPitch = -13.3, LShoulderYaw = -1.0, RShoulderPitch = 117.5, RShoulderYaw = -0.6, LHipYawPitch = -33.2, LHipRoll = -8.4, LHipPitch = 71.8, LKneePitch = -11.4, RHipRoll = 14.0, RHipPitch = -20.5, RKneePitch = -97.2 } },
    { duration = 0.621, angles = { LShoulderPitch = 39.2, LShoulderYaw = 53.4, RShoulderPitch = 64.6, RShoulderYaw = -54.9, LHipYawPitch = -90.0, LHipRoll = 8.6, LHipPitch = -25.0, LKneePitch = -68.7, RHipRoll = -26.0, RHipPitch = -18.9, RKneePitch = -96.2 } },
  },
}
