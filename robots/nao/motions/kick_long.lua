-- Long straight kick with the right foot (the player mirrors it for the
-- left foot). Starts from the walk's stand pose; the ball should lie about
-- 0.19 m ahead of the torso and 0.06 m to the right. Degrees, SimSpark signs.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion
  kick = { ball_x = 0.19, ball_y = -0.06, distance = 0.4 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.3, angles = {
        LHipRoll = -8, LFootRoll = 8, RHipRoll = -12, RFootRoll = 12,
        LHipPitch = 30, LKneePitch = -55, LFootPitch = 32,
        RHipPitch = 30, RKneePitch = -55, RFootPitch = 32 } },
    -- lift the right leg and draw it back
    { duration = 0.25, angles = { RHipPitch = 5, RKneePitch = -95, RFootPitch = 60, RHipRoll = -8, RFootRoll = 8 } },
    -- swing through the ball
    { duration = 0.16, angles = { RHipPitch = 75, RKneePitch = -15, RFootPitch = 10 } },
    -- bring the leg back under the body
    { duration = 0.3, angles = { RHipPitch = 30, RKneePitch = -55, RFootPitch = 32 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 5, LFootRoll = 0, RHipRoll = -5, RFootRoll = 0 } },
  },
}
