-- getup_back_sitting (not shipped): the get-up for a backward fall caught sitting on the heels
-- (docs/motion.md, "Sitting falls"), played instead of getup_back when the torso's tilt at the fall
-- is below start_tilt_max_deg. getup_back's first frame (it sits the robot up) and straight into its
-- rising frame. To try it, copy robots/ and put it in as nao/motions/getup_back_sitting.lua.
-- `libero_skill_bench getup_back --server rcssserver3d --fall-walking 0.5 --then-walk 0.5 --hold 3`,
-- runs 100-114, 200-214 and 300-329, the bench's back falls: down to standing median 1.60 s, 22 of 29
-- within 2 s; without it (runs 100-114, 200-214) 2.10 s, 4 of 10. In 3 games against UT Austin Villa
-- (seeds 1-3 from the left) it played 17 times and never stood: 9 still down, 8 stood leaning back
-- and fell; getup_back had stood from 6 of 11 such starts in earlier games.
return {
  name = "getup_back_sitting",
  -- Tries that failed from a sit started at 55-70 degrees of tilt, those that stood from lying at 72-86.
  start_tilt_max_deg = 72,
  frames = {
    { duration = 0.362108, symmetric = true, angles = {
        LShoulderPitch = -101.004, LShoulderYaw = 23.2062, LArmRoll = 13.7314, LHipYawPitch = -25.8369, LHipRoll = -25, LHipPitch = 84.7139, LKneePitch = -52.5898, LFootPitch = 47.0125,
        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },
    { duration = 0.289, symmetric = true, level_feet = true, level_feet_lean = 0.327, angles = {
        LShoulderPitch = -90, LShoulderYaw = 10, LArmRoll = 0, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 37.9, LKneePitch = -64.1, LFootPitch = 0 } },
  },
}
