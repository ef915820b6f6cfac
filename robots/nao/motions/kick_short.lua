-- Short quick kick with the right foot (mirrored for the left).
return {
  name = "kick_short",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion
  kick = { ball_x = 0.17, ball_y = -0.06, distance = 0.3 },
  frames = {
    { duration = 0.2, angles = {
        LHipRoll = 6, LFootRoll = -6, RHipRoll = 6, RFootRoll = -6,
        LHipPitch = 30, LKneePitch = -60, LFootPitch = 30,
        RHipPitch = 30, RKneePitch = -60, RFootPitch = 30 } },
    { duration = 0.15, angles = { RHipPitch = 20, RKneePitch = -80, RFootPitch = 35 } },
    { duration = 0.1, angles = { RHipPitch = 55, RKneePitch = -30, RFootPitch = 10 } },
    { duration = 0.25, angles = {
        RHipPitch = 30, RKneePitch = -60, RFootPitch = 30, LHipRoll = 0, LFootRoll = 0,
        RHipRoll = 0, RFootRoll = 0 } },
  },
}
