-- kick_short: right-foot kick, candidate kick_short_type4_s22 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_short",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_short_motion
  kick = { ball_x = 0.170, ball_y = -0.062, distance = 4.3 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.529, gyro_ankle_pitch = 0.012, gyro_ankle_roll = 0.013, angles = {
        LHipRoll = -7.5, LFootRoll = 7.5, RHipRoll = -11.6, RFootRoll = 11.6,
        LHipPitch = 12.5, LKneePitch = -36.5, LFootPitch = 24.0,
        RHipPitch = 12.5, RKneePitch = -36.5, RFootPitch = 24.0,
        LShoulderYaw = 58.1, RShoulderYaw = -58.1 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.305, gyro_ankle_pitch = -0.019, gyro_ankle_roll = 0.026, angles = { RHipPitch = 18.0, RKneePitch = -123.4, RFootPitch = 64.6,
        RHipRoll = -14.2, LHipPitch = 25.9, RShoulderPitch = -25.6, LShoulderPitch = -116.2 } },
    -- swing through the ball
    { duration = 0.122, angles = { RHipPitch = 48.3, RKneePitch = -79.2, RFootPitch = 8.8,
        LHipPitch = -5.8, LFootPitch = 16.0, RShoulderPitch = -60.4, LShoulderPitch = -28.1,
        RHipYawPitch = 0.0, LKneePitch = -12.4, LHipYawPitch = -2.9 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.040, angles = { RHipPitch = 61.8, RKneePitch = -79.2, RFootPitch = 9.7,
        LHipPitch = -20.6, RHipYawPitch = 0.0, LHipYawPitch = -2.9 } },
    -- set the leg down under the body
    { duration = 0.281, gyro_ankle_pitch = -0.027, gyro_ankle_roll = 0.010, angles = { RHipPitch = 12.0, RKneePitch = -36.5, RFootPitch = 24.0,
        RHipRoll = -11.6, LHipPitch = 16.5, LKneePitch = -36.5, LFootPitch = 24.0, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
