-- kick_long: right-foot kick found by libero_kick_search (tools/bench/motion/kick_search.cpp):
-- --fall-cost 0 --speed-weight 1 from the previous kick_long (120 generations), then 100 more with
-- the hip yaw-pitch turning through contact (follow_yawpitch, started at 20 degrees). The hip waits
-- forward while the knee bends fully; at contact hip, knee and support hip (torso leaning back)
-- turn at full speed and the hip yaw-pitch is still speeding up, which lofts the ball at about
-- 40 deg. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion
  -- --runs 10: 10.34 m, 2.3 deg, no falls (launch 9.3 m/s at 42 deg; 5-12 m over the 5 mm
  -- placement steps of the bench: the contact is sensitive)
  kick = { ball_x = 0.170, ball_y = -0.048, distance = 10.3 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.600, angles = {
        LHipRoll = -7.0, LFootRoll = 7.0, RHipRoll = -12.8, RFootRoll = 12.8,
        LHipPitch = 11.1, LKneePitch = -23.9, LFootPitch = 19.1,
        RHipPitch = 11.1, RKneePitch = -23.9, RFootPitch = 19.1,
        LShoulderYaw = 53.6, RShoulderYaw = -53.6 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.336, angles = { RHipPitch = 8.5, RKneePitch = -126.7, RFootPitch = 39.3,
        RHipRoll = -14.4, LHipPitch = 15.4, RShoulderPitch = -24.6, LShoulderPitch = -119.1 } },
    -- swing through the ball
    { duration = 0.118, angles = { RHipPitch = 15.8, RKneePitch = -33.7, RFootPitch = 10.8,
        LHipPitch = 5.1, LFootPitch = 13.8, RShoulderPitch = -89.0, LShoulderPitch = -20.0,
        RHipYawPitch = -0.0, LKneePitch = -14.9 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.090, angles = { RHipPitch = 45.8, RKneePitch = -22.7, RFootPitch = 19.2,
        LHipPitch = -37.7, RHipYawPitch = -19.4 } },
    -- set the leg down under the body
    { duration = 0.395, angles = { RHipPitch = 11.1, RKneePitch = -23.9, RFootPitch = 19.1,
        RHipRoll = -12.8, LHipPitch = 11.1, LKneePitch = -23.9, LFootPitch = 19.1, RHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
