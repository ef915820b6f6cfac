-- kick_lofted candidate "c27" (session 11, not shipped): libero_kick_search kick_lofted out.lua
-- --init kick_lofted_c14.params --slip 0,0.005 --substeps 4,8,20 --settle-trials 4 --walk-trials 2
-- --approaches 3 --sigma 0.03 --lambda 12 --seed 21, best of generation 27. From the spot 9.1-10.9 m
-- with no falls at grip and SimSpark's slip and 4, 8 and 20 substeps, but 7.4 m over 13 start
-- times (6 falls in 39) and 29 falls in 100 approaches with grip (docs/benchmarks.md, "Kick search
-- across contact conditions"). Degrees, SimSpark signs.
return {
  name = "kick_lofted",
  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_lofted_motion
  kick = { ball_x = 0.173, ball_y = -0.045, distance = 9.9 },
  frames = {
    -- weight onto the left foot: legs tilt right under the torso
    { duration = 0.595, angles = {
        LHipRoll = -11.2, LFootRoll = 11.2, RHipRoll = -19.1, RFootRoll = 19.1,
        LHipPitch = 13.4, LKneePitch = -18.1, LFootPitch = 16.2,
        RHipPitch = 13.4, RKneePitch = -18.1, RFootPitch = 16.2,
        LShoulderYaw = 49.9, RShoulderYaw = -49.9 } },
    -- wind up: right leg lifted and drawn back, support leg and arms against it
    { duration = 0.355, angles = { RHipPitch = 14.4, RKneePitch = -126.7, RFootPitch = 28.2,
        RHipRoll = -24.1, LHipPitch = 18.4, RShoulderPitch = -20.0, LShoulderPitch = -117.2 } },
    -- swing through the ball
    { duration = 0.109, angles = { RHipPitch = 30.6, RKneePitch = -33.7, RFootPitch = -11.8,
        LHipPitch = 7.4, LFootPitch = 1.1, RShoulderPitch = -75.3, LShoulderPitch = -21.7,
        RHipYawPitch = -0.0, LKneePitch = 0.0 } },
    -- follow through: the foot is still at full speed when it meets the ball
    { duration = 0.066, angles = { RHipPitch = 58.6, RKneePitch = -29.2, RFootPitch = -1.6,
        LHipPitch = -27.0, RHipYawPitch = -16.5 } },
    -- set the leg down under the body
    { duration = 0.404, angles = { RHipPitch = 13.4, RKneePitch = -18.1, RFootPitch = 16.2,
        RHipRoll = -19.1, LHipPitch = 13.4, LKneePitch = -18.1, LFootPitch = 16.2, RHipYawPitch = 0,
        RShoulderPitch = -86, LShoulderPitch = -86 } },
    { duration = 0.3, interruptible = true, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
