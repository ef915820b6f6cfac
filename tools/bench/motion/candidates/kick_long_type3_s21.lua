-- kick_long: right-foot kick, candidate kick_long_type3_s21 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion
  kick = { ball_x = 0.196, ball_y = -0.050, distance = 5.0 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.546, gyro_ankle_pitch = -0.001, gyro_ankle_roll = -0.004, angles = {
        LHipRoll = -12.4, LFootRoll = 12.4, RHipRoll = -16.2, RFootRoll = 16.2,
        LHipPitch = 10.0, LKneePitch = -24.9, LFootPitch = 16.4,
        RHipPitch = 10.0, RKneePitch = -24.9, RFootPitch = 16.4,
        LShoulderYaw = 38.2, RShoulderYaw = -38.2 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.289, gyro_ankle_pitch = -0.019, gyro_ankle_roll = -0.011, angles = { RHipPitch = 1.7, RKneePitch = -121.7, RFootPitch = 28.4,
        RHipRoll = -18.6, LHipPitch = 12.3, RShoulderPitch = -37.2, LShoulderPitch = -80.5 } },
    -- swing through the ball
    { duration = 0.051, angles = { RHipPitch = 63.6, RKneePitch = -40.4, RFootPitch = 2.3,
        LHipPitch = 1.2, LFootPitch = 11.6, RShoulderPitch = -101.7, LShoulderPitch = -73.6,
        RHipYawPitch = -5.6, LKneePitch = 0.0, LHipYawPitch = -0.7 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.144, angles = { RHipPitch = 90.7, RKneePitch = -38.9, RFootPitch = 30.3,
        LHipPitch = -36.0, RHipYawPitch = -16.8, LHipYawPitch = -12.0 } },
    -- set the leg down under the body
    { duration = 0.224, gyro_ankle_pitch = -0.028, gyro_ankle_roll = 0.013, angles = { RHipPitch = 16.3, RKneePitch = -24.9, RFootPitch = 16.4,
        RHipRoll = -16.2, LHipPitch = 12.1, LKneePitch = -24.9, LFootPitch = 16.4, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
