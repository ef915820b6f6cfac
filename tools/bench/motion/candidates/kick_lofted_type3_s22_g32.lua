-- kick_lofted: right-foot kick, candidate kick_lofted_type3_s22_g32 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_lofted_motion
  kick = { ball_x = 0.170, ball_y = -0.027, distance = 6.4 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.452, gyro_ankle_pitch = 0.010, gyro_ankle_roll = 0.028, angles = {
        LHipRoll = -13.4, LFootRoll = 13.4, RHipRoll = -18.1, RFootRoll = 18.1,
        LHipPitch = 13.5, LKneePitch = -32.0, LFootPitch = 19.8,
        RHipPitch = 13.5, RKneePitch = -32.0, RFootPitch = 19.8,
        LShoulderYaw = 59.3, RShoulderYaw = -59.3 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.273, gyro_ankle_pitch = -0.032, gyro_ankle_roll = -0.025, angles = { RHipPitch = 6.9, RKneePitch = -116.4, RFootPitch = 24.3,
        RHipRoll = -16.3, LHipPitch = 17.9, RShoulderPitch = -31.0, LShoulderPitch = -122.5 } },
    -- swing through the ball
    { duration = 0.040, angles = { RHipPitch = 73.0, RKneePitch = -25.3, RFootPitch = -22.5,
        LHipPitch = 17.6, LFootPitch = 7.8, RShoulderPitch = -56.7, LShoulderPitch = -76.7,
        RHipYawPitch = 0.0, LKneePitch = -5.4, LHipYawPitch = -2.7 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.041, angles = { RHipPitch = 100.0, RKneePitch = -22.7, RFootPitch = 5.2,
        LHipPitch = -27.2, RHipYawPitch = 0.0, LHipYawPitch = -2.7 } },
    -- set the leg down under the body
    { duration = 0.150, gyro_ankle_pitch = -0.044, gyro_ankle_roll = -0.012, angles = { RHipPitch = 15.8, RKneePitch = -32.0, RFootPitch = 19.8,
        RHipRoll = -18.1, LHipPitch = 17.0, LKneePitch = -32.0, LFootPitch = 19.8, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
