-- Throws a standing robot onto its back, for the getup_back bench scenario:
-- no trainer command lays a robot down (simspark-facts, trainer commands), and
-- the back get-up played standing throws it onto its front. The knees bend
-- with the hips and ankles straight, so the thighs and the torso fold back
-- over the heels. Copied into the run's robot data by libero_skill_bench;
-- never shipped in robots/.
return {
  name = "bench_fall_back",
  frames = {
    { duration = 0.3, symmetric = true, angles = {
        LShoulderPitch = -90, LHipPitch = -20, LKneePitch = -110, LFootPitch = 0 } },
    { duration = 0.6, symmetric = true, angles = {
        LShoulderPitch = -90, LHipPitch = -20, LKneePitch = -110, LFootPitch = 0 } },
  },
}
