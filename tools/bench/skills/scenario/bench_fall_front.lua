-- Throws a standing or walking robot onto its front, for the getup_front bench
-- scenario. Before, the bench played getup_front itself to make the fall, so a
-- search over that get-up shaped its own fall (a candidate "stood" in 0.84 s
-- because it barely fell; docs/motion.md, "Fall detection and get-up"). The
-- hips fold the torso forward and the ankles tip the shins after it, with the
-- knees straight, so the body goes over the toes. How far they go sets how fast
-- the robot is still turning when the get-up starts (it starts at 55 deg of
-- tilt): on rcssserver3d hips 60 / ankles 30 start it at 63 deg and 2.3 rad/s,
-- hips 35 / ankles 15 at 72 deg and 3.2 rad/s; the shipped get-up failed its
-- first try from both, as the middle here does from the walk. Copied into the run's robot
-- data by libero_skill_bench; never shipped in robots/.
return {
  name = "bench_fall_front",
  frames = {
    { duration = 0.3, symmetric = true, angles = {
        LShoulderPitch = -90, LHipPitch = 45, LKneePitch = 0, LFootPitch = 20 } },
    { duration = 0.6, symmetric = true, angles = {
        LShoulderPitch = -90, LHipPitch = 45, LKneePitch = 0, LFootPitch = 20 } },
  },
}
