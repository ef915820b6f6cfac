-- kick_lofted: right-foot kick, candidate kick_lofted_s29_hand (tools/bench/motion/candidates/README.md): written from its
-- former kick_search parameters. The player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_lofted_motion
  kick = { ball_x = 0.190, ball_y = -0.055, distance = 7.8 },
  pitch_reference = { period = 0.040, support = "left", degrees = { -0.00, -0.10, -0.10, -0.00, 0.10, 0.30, 0.40, 0.60, 0.80, 1.00, 1.20, 1.30, 1.30, 1.40, 1.40, 1.40, 1.40, -1.10, -4.90, -4.20, -3.90, -3.00, -2.00, -0.70, 1.00, 4.40, 8.50, 6.40, -2.10, -12.10, -16.40, -21.90, -24.20, -17.40, -7.80, -3.60, -2.10, 0.00, 2.10, 3.70, 4.80, 5.60, 5.90 } },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.574, angles = {
        LHipRoll = -10.6, LFootRoll = 10.6, RHipRoll = -18.0, RFootRoll = 18.0,
        LHipPitch = 10.4, LKneePitch = -18.8, LFootPitch = 15.6,
        RHipPitch = 10.4, RKneePitch = -18.8, RFootPitch = 15.6,
        LShoulderYaw = 51.5, RShoulderYaw = -51.5 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.395, wait_pitch = 2.50, wait_max = 0.30, pitch_support_ankle = -0.358, angles = { RHipPitch = 14.1, RKneePitch = -128.0, RFootPitch = 30.3,
        RHipRoll = -25.3, LHipPitch = 12.3, RShoulderPitch = -20.0, LShoulderPitch = -135.7 } },
    -- swing through the ball
    { duration = 0.127, pitch_support_ankle = -0.046, angles = { RHipPitch = 28.7, RKneePitch = -21.0, RFootPitch = -18.0,
        LHipPitch = -5.1, LFootPitch = 4.0, RShoulderPitch = -87.3, LShoulderPitch = -20.0,
        RHipYawPitch = 0.0, LKneePitch = 0.0, LHipYawPitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.040, angles = { RHipPitch = 60.9, RKneePitch = -18.2, RFootPitch = 1.0,
        LHipPitch = -38.4, RHipYawPitch = -14.2, LHipYawPitch = 0.0 } },
    -- set the leg down under the body
    { duration = 0.250, angles = { RHipPitch = 10.4, RKneePitch = -18.8, RFootPitch = 15.6,
        RHipRoll = -18.0, LHipPitch = 10.4, LKneePitch = -18.8, LFootPitch = 15.6, RHipYawPitch = 0, LHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
