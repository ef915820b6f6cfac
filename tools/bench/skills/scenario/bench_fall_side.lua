-- Throws a standing or walking robot onto its side, for the getup_side
-- bench scenario: in games against UT Austin Villa on rcssserver3d about one
-- fall in five went sideways and took a median 3.2 s down to standing
-- (fall_causes.py --getups), where the front and back falls took 1.4 s. Both
-- hips and ankles roll the same way (the left leg out, the right one in), so
-- the body tips over one foot's edge (hips 40 / 0 and one ankle 25 kept it
-- standing on rcssserver3d). Copied into the run's robot data by
-- libero_skill_bench; never shipped in robots/.
return {
  name = "bench_fall_side",
  frames = {
    { duration = 0.3, angles = {
        LShoulderPitch = -90, RShoulderPitch = -90, LHipRoll = 45, RHipRoll = 25, LFootRoll = 20, RFootRoll = 20 } },
    { duration = 0.6, angles = {
        LShoulderPitch = -90, RShoulderPitch = -90, LHipRoll = 45, RHipRoll = 25, LFootRoll = 20, RFootRoll = 20 } },
  },
}
