-- kick_long: right-foot kick found by libero_kick_search (tools/bench/motion/kick_search.cpp);
-- the player mirrors it for the left foot. Degrees, SimSpark signs.
return {
  name = "kick_long",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion
  kick = { ball_x = 0.130, ball_y = -0.058, distance = 2.5 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.237, angles = {
        LHipRoll = -11.4, LFootRoll = 11.4, RHipRoll = -13.1, RFootRoll = 13.1,
        LHipPitch = 20.7, LKneePitch = -36.9, LFootPitch = 24.2,
        RHipPitch = 20.7, RKneePitch = -36.9, RFootPitch = 24.2 } },
    -- lift the right leg and draw it back
    { duration = 0.450, angles = { RHipPitch = 20.8, RKneePitch = -123.1, RFootPitch = 45.1 } },
    -- swing through the ball
    { duration = 0.101, angles = { RHipPitch = 77.6, RKneePitch = -11.1, RFootPitch = 15.0 } },
    -- set the leg down under the body
    { duration = 0.150, angles = { RHipPitch = 20.7, RKneePitch = -36.9, RFootPitch = 24.2 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
