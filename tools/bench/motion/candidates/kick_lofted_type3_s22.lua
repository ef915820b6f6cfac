-- kick_lofted: right-foot kick, candidate kick_lofted_type3_s22 (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_lofted_motion
  kick = { ball_x = 0.180, ball_y = -0.051, distance = 5.8 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.519, gyro_ankle_pitch = 0.017, gyro_ankle_roll = 0.024, angles = {
        LHipRoll = -12.3, LFootRoll = 12.3, RHipRoll = -18.0, RFootRoll = 18.0,
        LHipPitch = 12.6, LKneePitch = -37.3, LFootPitch = 23.9,
        RHipPitch = 12.6, RKneePitch = -37.3, RFootPitch = 23.9,
        LShoulderYaw = 53.0, RShoulderYaw = -53.0 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.276, gyro_ankle_pitch = -0.033, gyro_ankle_roll = -0.011, angles = { RHipPitch = -0.6, RKneePitch = -122.1, RFootPitch = 31.6,
        RHipRoll = -14.0, LHipPitch = 17.2, RShoulderPitch = -22.2, LShoulderPitch = -119.6 } },
    -- swing through the ball
    { duration = 0.040, angles = { RHipPitch = 83.7, RKneePitch = -35.8, RFootPitch = -14.1,
        LHipPitch = 12.8, LFootPitch = 15.0, RShoulderPitch = -65.9, LShoulderPitch = -54.1,
        RHipYawPitch = -1.3, LKneePitch = -8.9, LHipYawPitch = -5.1 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.040, angles = { RHipPitch = 100.0, RKneePitch = -31.5, RFootPitch = 7.4,
        LHipPitch = -28.5, RHipYawPitch = -1.3, LHipYawPitch = -5.1 } },
    -- set the leg down under the body
    { duration = 0.150, gyro_ankle_pitch = -0.021, gyro_ankle_roll = -0.021, angles = { RHipPitch = 15.4, RKneePitch = -37.3, RFootPitch = 23.9,
        RHipRoll = -18.0, LHipPitch = 16.7, LKneePitch = -37.3, LFootPitch = 23.9, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
