-- Lying on the right side (the motion system mirrors it for the left): roll onto
-- the belly or the back; the automatic fall handling then runs that get-up.
-- Degrees, SimSpark signs.
-- Searched on rcssserver3d from the skill bench's own side falls (tools/bench/skills/scenario/
-- bench_fall_side.lua, standing), starting from the earlier roll (a roll search on the built-in
-- simulator, libero optimize --objective getup_roll --objective-args --side), whose end often left
-- the front get-up to fail its first try there: `libero optimize --file <robots copy>/nao/motions/
-- getup_side.lua --params "frames.1.duration=0.1:0.3,frames.2.duration=0.05:0.2,frames.3.duration=
-- 0.3:0.8,frames.1.angles.RShoulderPitch=60:120,frames.2.angles.RShoulderPitch=90:120,frames.2.angles.
-- LHipPitch=40:100,frames.2.angles.RKneePitch=-120:-70,frames.3.angles.LShoulderPitch=10:70,frames.3.
-- angles.RShoulderPitch=40:100,frames.3.angles.LHipYawPitch=-90:-40,frames.3.angles.LKneePitch=-100:
-- -40,frames.3.angles.RKneePitch=-120:-70" --objective command --trial "tools/bench/skills/
-- skill_fitness.sh getup_side {tree}/robots {seed} --mean --server rcssserver3d --runs 6"
-- --generations 10 --lambda 10 --sigma 0.12 --seed 83 --seeds 1 --holdout 3` (held out: start
-- -3.61, best -2.40): a quicker start, the lower arm and the under knee less bent at the roll's end.
-- `libero_skill_bench getup_side --runs 12 --first 600|700` there: mean 3.90 / 3.54 -> 2.41 / 2.40 s
-- down to standing (every run 2.40-2.44 s); out of the walk (`--fall-walking 0.5 --then-walk 0.5
-- --hold 3`) 3.92 -> 3.08 s; built-in 3.20 -> 3.16 s median; harness (`getup --side side --runs
-- 50`) 50/50 both, with the slip 4.24 -> 3.96 s. A roll and a get-up after it take 2.4 s at best.
return {
  name = "getup_side",
  frames = {
    { duration = 0.14, angles = { LShoulderPitch = -18.2, LShoulderYaw = 42.2, RShoulderPitch = 94.327, RShoulderYaw = -79.7, LHipYawPitch = -34.0, LHipRoll = -16.4, LHipPitch = -22.2, LKneePitch = -19.6, RHipRoll = 18.4, RHipPitch = 22.1, RKneePitch = -68.9 } },
    { duration = 0.05, angles = { LShoulderPitch = -13.3, LShoulderYaw = -1.0, RShoulderPitch = 119.129, RShoulderYaw = -0.6, LHipYawPitch = -33.2, LHipRoll = -8.4, LHipPitch = 69.429, LKneePitch = -11.4, RHipRoll = 14.0, RHipPitch = -20.5, RKneePitch = -102.323 } },
    { duration = 0.668, angles = { LShoulderPitch = 38.07, LShoulderYaw = 53.4, RShoulderPitch = 43.065, RShoulderYaw = -54.9, LHipYawPitch = -90, LHipRoll = 8.6, LHipPitch = -25.0, LKneePitch = -65.137, RHipRoll = -26.0, RHipPitch = -18.9, RKneePitch = -78.69 } },
  },
}
