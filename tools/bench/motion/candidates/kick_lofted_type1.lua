-- kick_lofted: right-foot kick, candidate kick_lofted_type1 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_lofted_motion
  kick = { ball_x = 0.182, ball_y = -0.060, distance = 10.3 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.540, gyro_ankle_pitch = -0.022, gyro_ankle_roll = 0.032, angles = {
        LHipRoll = -10.9, LFootRoll = 10.9, RHipRoll = -17.5, RFootRoll = 17.5,
        LHipPitch = 14.0, LKneePitch = -18.0, LFootPitch = 15.0,
        RHipPitch = 14.0, RKneePitch = -18.0, RFootPitch = 15.0,
        LShoulderYaw = 54.4, RShoulderYaw = -54.4 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.434, gyro_ankle_pitch = -0.012, gyro_ankle_roll = 0.012, angles = { RHipPitch = 18.5, RKneePitch = -128.0, RFootPitch = 22.7,
        RHipRoll = -22.6, LHipPitch = 10.8, RShoulderPitch = -33.5, LShoulderPitch = -112.5 } },
    -- swing through the ball
    { duration = 0.105, angles = { RHipPitch = 32.1, RKneePitch = -43.3, RFootPitch = -18.5,
        LHipPitch = -2.2, LFootPitch = 7.4, RShoulderPitch = -94.4, LShoulderPitch = -20.0,
        RHipYawPitch = 0.0, LKneePitch = 0.0, LHipYawPitch = -0.7 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.040, angles = { RHipPitch = 63.5, RKneePitch = -39.6, RFootPitch = -6.0,
        LHipPitch = -42.9, RHipYawPitch = -20.4, LHipYawPitch = -0.7 } },
    -- set the leg down under the body
    { duration = 0.264, gyro_ankle_pitch = -0.017, gyro_ankle_roll = 0.021, angles = { RHipPitch = 16.0, RKneePitch = -18.0, RFootPitch = 15.0,
        RHipRoll = -17.5, LHipPitch = 8.7, LKneePitch = -18.0, LFootPitch = 15.0, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
