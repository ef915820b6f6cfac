-- kick_long: right-foot kick, candidate kick_long_shipped (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion
  kick = { ball_x = 0.180, ball_y = -0.055, distance = 6.4 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.555, gyro_ankle_pitch = -0.008, gyro_ankle_roll = 0.029, angles = {
        LHipRoll = -9.8, LFootRoll = 9.8, RHipRoll = -15.9, RFootRoll = 15.9,
        LHipPitch = 10.0, LKneePitch = -22.0, LFootPitch = 17.5,
        RHipPitch = 10.0, RKneePitch = -22.0, RFootPitch = 17.5,
        LShoulderYaw = 66.4, RShoulderYaw = -66.4 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.406, gyro_ankle_pitch = -0.015, gyro_ankle_roll = 0.000, angles = { RHipPitch = 18.4, RKneePitch = -121.0, RFootPitch = 44.2,
        RHipRoll = -19.1, LHipPitch = 14.3, RShoulderPitch = -35.1, LShoulderPitch = -121.0 } },
    -- swing through the ball
    { duration = 0.069, angles = { RHipPitch = 28.0, RKneePitch = -50.8, RFootPitch = 9.8,
        LHipPitch = -11.7, LFootPitch = 11.3, RShoulderPitch = -20.9, LShoulderPitch = -35.0,
        RHipYawPitch = 0.0, LKneePitch = 0.0, LHipYawPitch = -3.1 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.040, angles = { RHipPitch = 49.8, RKneePitch = -47.2, RFootPitch = 12.5,
        LHipPitch = -27.5, RHipYawPitch = -0.1, LHipYawPitch = -3.1 } },
    -- set the leg down under the body
    { duration = 0.268, gyro_ankle_pitch = -0.019, gyro_ankle_roll = 0.001, angles = { RHipPitch = 12.1, RKneePitch = -22.0, RFootPitch = 17.5,
        RHipRoll = -15.9, LHipPitch = 13.4, LKneePitch = -22.0, LFootPitch = 17.5, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
