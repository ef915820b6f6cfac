// The kick approach without a simulator: where the stance is measured, and
// what the approach asks of the walk for a ball at, behind, beside the spot.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/math.h"
#include "motion/kick_approach.h"
#include "motion/walk.h"
#include "motion/walk_params.h"

using namespace libero;
using namespace libero::motion;

namespace {

// A standing walk (feet at neutral, stand height) with the shipped walk file.
WalkEngine standing_walk() {
  auto params = load_walk_file(std::string(LIBERO_SOURCE_DIR) + "/robots/nao/walk.lua", 0);
  REQUIRE(params.ok());
  WalkEngine walk;
  walk.configure(default_leg_geometry(), params.value());
  return walk;
}

Vec3 up_leaning(double pitch) { return Vec3(-std::sin(pitch), 0, std::cos(pitch)); }

struct Setup {
  WalkEngine walk = standing_walk();
  KickSpec spec;
  KickApproachInput in;
  Setup() {
    spec.present = true;
    spec.ball_x = 0.2;
    spec.ball_y = -0.07;
    double stand[kJointCount] = {};
    walk.stand_pose(stand);
    double lean = walk.params().stand_torso_pitch;
    in.reference = measure_stance(default_leg_geometry(), stand, up_leaning(lean));
    in.stance = in.reference;
  }
  // Ball at the right foot's kick spot, moved by (dx, dy).
  void ball_at_spot(double dx, double dy) {
    in.ball_x = spec.ball_x + dx;
    in.ball_y = spec.ball_y + dy;
  }
};

// Steps `walk` in place (a command too small to move it) until it is at
// the start of a step, both feet down: where the approach may stop it.
void step_in_place_to_step_start(WalkEngine& walk) {
  double target[kJointCount] = {};
  for (int i = 0; i < 200 && !(walk.walking() && walk.phase() < 0.1); ++i)
    walk.step(WalkCommand{0.002, 0, 0}, Vec3::Zero(), 0, 0, target);
  REQUIRE(walk.walking());
  REQUIRE(walk.phase() < 0.1);
}

// How the settle ended: in a kick, or rejected by the torso's range
// (KickSpec::torso_x_min), stepping the approach up to 100 cycles.
struct SettleEnd {
  bool kicked = false, rejected = false;
};
SettleEnd step_to_settle_end(KickApproach& approach, Setup& t) {
  SettleEnd end;
  for (int i = 0; i < 100 && !end.kicked && !end.rejected; ++i) {
    KickApproachOutput out = approach.step(t.spec, t.in, t.walk);
    end.kicked = out.kick;
    end.rejected = out.torso_rejected;
  }
  return end;
}

}  // namespace

TEST_CASE("stance: the stand pose has its feet side by side, and a lean moves them against the torso") {
  WalkEngine walk = standing_walk();
  double stand[kJointCount] = {};
  walk.stand_pose(stand);
  double lean = walk.params().stand_torso_pitch;
  Stance s = measure_stance(default_leg_geometry(), stand, up_leaning(lean));
  CHECK(std::abs(s.gap_x) < 1e-6);
  CHECK(std::abs(s.gap_yaw) < 1e-6);
  CHECK(std::abs(s.y) < 1e-6);
  CHECK(std::abs(s.yaw) < 1e-6);
  // Levelled with the stand pose's own lean, the ankles lie under the hips
  // less the stand pose's torso offset: pose and lean belong together.
  CHECK(s.x == doctest::Approx(default_leg_geometry().hip[kLeft].x() - walk.params().stand_torso_offset_x).epsilon(1e-6));
  // The same joints with the torso leaning further forward: seen level from
  // the torso, the feet are further back (the kick spot moves with them).
  Stance leaning = measure_stance(default_leg_geometry(), stand, up_leaning(lean + 0.1));
  CHECK(leaning.x < s.x - 0.02);
  CHECK(std::abs(leaning.y) < 1e-6);
}

TEST_CASE("approach: a ball at the spot of a standing robot is kicked after the settle time, with that foot") {
  Setup t;
  t.ball_at_spot(0.005, 0.005);
  KickApproach approach;
  KickApproachOutput out;
  int cycles = 0;
  for (; cycles < 100 && !out.kick; ++cycles) {
    out = approach.step(t.spec, t.in, t.walk);
    CHECK(out.command.vx == 0);
    CHECK(out.command.vy == 0);
    CHECK(out.command.turn == 0);
    CHECK_FALSE(out.stop_walk);  // the walk has stopped already
  }
  CHECK(out.kick);
  CHECK(cycles > 1);  // not at once: the stand settles first
  CHECK_FALSE(out.left_foot);
}

TEST_CASE("approach: a ball ahead is walked to, one to the left picks the left foot") {
  Setup t;
  KickApproach approach;
  t.ball_at_spot(0.15, 0.0);
  KickApproachOutput out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.kick);
  CHECK(out.command.vx > 0);
  CHECK(out.error_x == doctest::Approx(0.15).epsilon(0.01));

  // Mirror image of the right foot's spot: the left foot is already there.
  approach.reset();
  t.ball_at_spot(0.0, -2 * t.spec.ball_y);
  out = approach.step(t.spec, t.in, t.walk);
  CHECK(out.left_foot);
  CHECK(std::abs(out.error_y) < 0.005);
  CHECK(out.command.vy == 0);
}

TEST_CASE("approach: a kick direction off to the side turns the robot, it does not kick") {
  Setup t;
  KickApproach approach;
  t.ball_at_spot(0.0, 0.0);
  t.in.kick_dir = deg2rad(30);
  KickApproachOutput out;
  for (int i = 0; i < 50; ++i) out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.kick);
  CHECK(out.command.turn > 0);
  CHECK(out.error_yaw == doctest::Approx(deg2rad(30)));
}

TEST_CASE("approach: a ball outside the kick's placement window is not kicked, one well inside is") {
  // The approach walks on to 0.4 of the window forward: with a window of
  // 7 cm the ball 2.5 cm ahead is close enough, with 2 cm it is outside.
  Setup t;
  t.spec.window_x = 0.02;
  KickApproach approach;
  t.ball_at_spot(0.025, 0.0);
  KickApproachOutput out;
  for (int i = 0; i < 50; ++i) out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.kick);
  CHECK(out.command.vx > 0);

  t.spec.window_x = 0.07;
  approach.reset();
  for (int i = 0; i < 50 && !out.kick; ++i) out = approach.step(t.spec, t.in, t.walk);
  CHECK(out.kick);
}

TEST_CASE("approach: a kick that veers is aimed off by its veer, mirrored for the left foot") {
  Setup t;
  t.spec.veer = deg2rad(6);
  KickApproach approach;
  // Right foot at its spot, facing the kick direction: it must turn right
  // by the veer, so the ball (leaving 6 degrees left of the feet) goes straight.
  t.ball_at_spot(0.0, 0.0);
  KickApproachOutput out;
  for (int i = 0; i < 50; ++i) out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.left_foot);
  CHECK_FALSE(out.kick);
  CHECK(out.error_yaw == doctest::Approx(-deg2rad(6)));
  CHECK(out.command.turn < 0);
  // The left foot's kick veers to the right: it turns left.
  approach.reset();
  t.ball_at_spot(0.0, -2 * t.spec.ball_y);
  for (int i = 0; i < 50; ++i) out = approach.step(t.spec, t.in, t.walk);
  CHECK(out.left_foot);
  CHECK_FALSE(out.kick);
  CHECK(out.error_yaw == doctest::Approx(deg2rad(6)));
  CHECK(out.command.turn > 0);
  // A kick direction 6 degrees left of the feet: the right foot, at its
  // spot, faces where it must and kicks.
  approach.reset();
  t.in.kick_dir = deg2rad(6);
  t.ball_at_spot(0.0, 0.0);
  for (int i = 0; i < 100 && !out.kick; ++i) out = approach.step(t.spec, t.in, t.walk);
  CHECK(out.kick);
  CHECK_FALSE(out.left_foot);
}

TEST_CASE("rest pose: follows a reloaded walk file, not what the walk is doing") {
  WalkEngine walk = standing_walk();
  double before[kJointCount];
  std::copy(walk.rest_pose(), walk.rest_pose() + kJointCount, before);
  // Walking does not move it.
  double target[kJointCount] = {};
  for (int i = 0; i < 50; ++i) walk.step(WalkCommand{0.5, 0, 0}, Vec3::Zero(), 0, 0, target);
  REQUIRE(walk.walking());
  for (int j = 0; j < kJointCount; ++j) CHECK(walk.rest_pose()[j] == before[j]);
  // A reloaded file with a lower stand does, at once (the kick approach
  // places the feet against it).
  WalkParams lower = walk.params();
  lower.stand_hip_height_ratio -= 0.05;
  walk.set_params(lower);
  Stance old_stance = measure_stance(default_leg_geometry(), before, Vec3::UnitZ());
  Stance new_stance = measure_stance(default_leg_geometry(), walk.rest_pose(), Vec3::UnitZ());
  double knee_change = std::abs(walk.rest_pose()[leg_joint(kLeft, 3)] - before[leg_joint(kLeft, 3)]);
  CHECK(knee_change > 0.01);
  CHECK(std::abs(new_stance.y - old_stance.y) < 1e-9);
}

TEST_CASE("approach: a ball inside the window's edge is walked on towards the centre before stopping") {
  // Stops scatter the feet by about 2 cm: a robot stopped at the edge stood
  // outside the window after many stops and walked again from a stand.
  Setup t;
  KickApproach approach;
  // 0.7 of the window ahead: inside, but the robot keeps walking forward.
  t.ball_at_spot(0.7 * t.spec.window_x, 0.0);
  KickApproachOutput out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.aligned);
  CHECK(out.command.vx > 0);
  CHECK(out.phase == ApproachPhase::WalkIn);
  // 0.65 of the window to the left: it side-steps on.
  approach.reset();
  t.ball_at_spot(0.0, 0.65 * t.spec.window_y);
  out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.aligned);
  CHECK(out.command.vy > 0);
  // Near the centre it is placed and kicks after its settle.
  approach.reset();
  t.ball_at_spot(0.3 * t.spec.window_x, 0.4 * t.spec.window_y);
  for (int i = 0; i < 100 && !out.kick; ++i) out = approach.step(t.spec, t.in, t.walk);
  CHECK(out.kick);
  CHECK(out.phase == ApproachPhase::Kick);
}

TEST_CASE("approach: a placed robot stepping in place that drifts far out of the window walks on, it is not stopped there") {
  Setup t;
  KickApproach approach;
  step_in_place_to_step_start(t.walk);
  // Placed at the centre with the feet apart (mid-step): it holds, stepping.
  t.ball_at_spot(0.0, 0.0);
  t.in.stance.gap_x = 0.05;
  KickApproachOutput out = approach.step(t.spec, t.in, t.walk);
  CHECK(out.aligned);
  CHECK(out.phase == ApproachPhase::Placed);
  CHECK_FALSE(out.feet_together);
  CHECK_FALSE(out.stop_walk);
  // It drifts back until the ball lies 2.3 windows ahead: walking on.
  t.ball_at_spot(2.3 * t.spec.window_x, 0.0);
  out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.aligned);
  CHECK(out.command.vx > 0);
}

TEST_CASE("approach: a window wider on the near side is aimed at its middle, and the last centimetres are walked briskly") {
  // The long kick meets the ball 5 cm nearer than its spot about as well as
  // on it, 3 cm beyond it much worse: its window reaches further near.
  Setup t;
  t.spec.window_x = 0.03;
  t.spec.window_x_near = 0.05;
  KickApproach approach;
  // 3 cm nearer than the spot: placed (the symmetric window would back off).
  t.ball_at_spot(-0.03, 0.0);
  KickApproachOutput out;
  for (int i = 0; i < 100 && !out.kick; ++i) out = approach.step(t.spec, t.in, t.walk);
  CHECK(out.kick);
  approach.reset();
  t.spec.window_x_near = 0.03;
  out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.aligned);
  CHECK(out.command.vx < 0);
  // 2 cm beyond the spot, 3 cm from the wide window's middle: it walks on.
  approach.reset();
  t.spec.window_x_near = 0.05;
  t.ball_at_spot(0.02, 0.0);
  out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.aligned);
  CHECK(out.command.vx > 0);
  // 1.8 cm short of a symmetric window's middle: at least as fast as a slow
  // step that still gets somewhere on rcssserver3d (in proportion alone, 0.07 m/s).
  approach.reset();
  t.spec.window_x_near = 0.03;
  t.ball_at_spot(0.018, 0.0);
  out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.aligned);
  CHECK(out.command.vx >= 0.1 - 1e-9);
}

TEST_CASE("approach phases: named for the traces, and far, line-up and walk-in told apart") {
  CHECK(std::string(approach_phase_name(ApproachPhase::Settle)) == "settle");
  CHECK(std::string(approach_phase_name(ApproachPhase::Placed)) == "placed");
  Setup t;
  KickApproach approach;
  t.ball_at_spot(1.0, 0.0);
  CHECK(approach.step(t.spec, t.in, t.walk).phase == ApproachPhase::Far);
  approach.reset();
  t.ball_at_spot(0.15, 0.06);
  CHECK(approach.step(t.spec, t.in, t.walk).phase == ApproachPhase::LineUp);
  approach.reset();
  t.ball_at_spot(0.15, 0.0);
  CHECK(approach.step(t.spec, t.in, t.walk).phase == ApproachPhase::WalkIn);
}

TEST_CASE("approach: the settle counts from the walk's stop, also while the walk rises from its crouch") {
  // A walk that stops on its own rises for 0.2 s; counted from standing
  // still, the settle waited that long again for a blend it did not need.
  Setup t;
  KickApproach approach;
  double target[kJointCount] = {};
  for (int i = 0; i < 200 && !t.walk.walking(); ++i) t.walk.step(WalkCommand{0.002, 0, 0}, Vec3::Zero(), 0, 0, target);
  REQUIRE(t.walk.walking());
  for (int i = 0; i < 200 && t.walk.walking(); ++i) t.walk.step(WalkCommand{}, Vec3::Zero(), 0, 0, target);
  REQUIRE_FALSE(t.walk.walking());
  REQUIRE_FALSE(t.walk.standing_still());  // rising
  t.ball_at_spot(0.0, 0.0);
  KickApproachOutput out;
  int cycles = 0, still_when_standing = -1;
  for (; cycles < 100 && !out.kick; ++cycles) {
    out = approach.step(t.spec, t.in, t.walk);
    if (still_when_standing < 0 && t.walk.standing_still()) still_when_standing = out.still_cycles;
    t.walk.step(WalkCommand{}, Vec3::Zero(), 0, 0, target);
  }
  CHECK(out.kick);
  CHECK(still_when_standing > 5);  // the rise counted
  CHECK(cycles <= 26);
}

TEST_CASE("approach: the last centimetres forward are walked as fast as the walk can still stop") {
  Setup t;
  KickApproach approach;
  // 2.5 cm short of a symmetric window's middle: in proportion (4 m/s per m)
  // this was 0.1 m/s; stopping at half the walk's deceleration limit allows more.
  t.ball_at_spot(0.025, 0.0);
  KickApproachOutput out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.aligned);
  double stop_speed = std::sqrt(2 * 0.3 * t.walk.params().accel_forward * 0.025);
  CHECK(out.command.vx == doctest::Approx(stop_speed).epsilon(0.05));
  CHECK(out.command.vx > 0.14);
  // Far out it is capped (a quarter metre a second next to the ball).
  t.ball_at_spot(0.2, 0.0);
  out = approach.step(t.spec, t.in, t.walk);
  CHECK(out.command.vx == doctest::Approx(0.25));
}

TEST_CASE("approach: a placed robot at the start of a step in place is stopped there, the torso's lean aside") {
  // Held until upright, robots decelerating onto the spot stepped in place
  // leaning back and drifted out of the window on rcssserver3d.
  Setup t;
  KickApproach approach;
  step_in_place_to_step_start(t.walk);
  t.ball_at_spot(0.0, 0.0);
  KickApproachOutput out = approach.step(t.spec, t.in, t.walk);
  CHECK(out.aligned);
  CHECK(out.feet_together);
  CHECK(out.in_place);
  CHECK(out.stop_walk);
}

TEST_CASE("settled: the window reaches forward to the kick's settle_window_x, nowhere else") {
  KickSpec spec;
  spec.window_x = 0.045;
  spec.window_x_near = 0.03;
  spec.window_y = 0.025;
  spec.settle_window_x = 0.045;
  CHECK(settled_inside(spec, 0.04, 0.0, 0.0));
  CHECK_FALSE(settled_inside(spec, 0.055, 0.0, 0.0));
  spec.settle_window_x = 0.065;
  CHECK(settled_inside(spec, 0.055, 0.0, 0.0));
  CHECK(settled_inside(spec, 0.064, 0.02, deg2rad(8)));
  CHECK_FALSE(settled_inside(spec, 0.07, 0.0, 0.0));
  // Nearer the feet, sideways and in direction the window stays as it was.
  CHECK(settled_inside(spec, -0.025, 0.0, 0.0));
  CHECK_FALSE(settled_inside(spec, -0.035, 0.0, 0.0));
  CHECK_FALSE(settled_inside(spec, 0.0, 0.03, 0.0));
  CHECK_FALSE(settled_inside(spec, 0.0, -0.03, 0.0));
  CHECK_FALSE(settled_inside(spec, 0.0, 0.0, deg2rad(11)));
  CHECK_FALSE(settled_inside(spec, 0.0, 0.0, -deg2rad(11)));
}

TEST_CASE("approach: a robot that settles with the ball a little beyond the window kicks when the kick accepts it") {
  // Standing placed, its settle sees the ball 5.5 cm beyond the spot (the
  // stop scatters by 2 cm): a kick reaching there from a stand kicks at the
  // settle's end, one that does not walks again.
  for (double settle_window : {0.065, 0.045}) {
    CAPTURE(settle_window);
    Setup t;
    t.spec.window_x = 0.045;
    t.spec.window_x_near = 0.03;
    t.spec.settle_window_x = settle_window;
    KickApproach approach;
    t.ball_at_spot(0.0075, 0.0);  // the window's middle: placed, standing
    KickApproachOutput out = approach.step(t.spec, t.in, t.walk);
    REQUIRE(out.phase == ApproachPhase::StandUp);
    t.ball_at_spot(0.055, 0.0);
    bool kicked = false, walked = false;
    for (int i = 0; i < 100 && !kicked && !walked; ++i) {
      out = approach.step(t.spec, t.in, t.walk);
      kicked = out.kick;
      walked = out.phase == ApproachPhase::WalkIn || out.command.vx > 0;
    }
    CHECK(kicked == (settle_window > 0.06));
    CHECK(walked == (settle_window < 0.06));
  }
}

TEST_CASE("approach: a settle the feet accept but the torso does not walks again, corrected, then kicks") {
  // The feet's stance says the ball lies at the spot; the torso sees it
  // 0.2 m ahead, nearer than the kick's torso range (0.21-0.25 m): the
  // robot walks back rather than kick, and once it stands where the torso
  // sees the ball inside the range it kicks, although the feet's error is
  // then 2.5 cm beyond the spot.
  Setup t;
  t.spec.torso_x_min = 0.21;
  t.spec.torso_x_max = 0.25;
  KickApproach approach;
  t.ball_at_spot(0.0, 0.0);
  SettleEnd first = step_to_settle_end(approach, t);
  CHECK_FALSE(first.kicked);
  REQUIRE(first.rejected);
  KickApproachOutput out = approach.step(t.spec, t.in, t.walk);
  CHECK(out.command.vx < 0);  // backwards: the ball is too near the torso
  CHECK_FALSE(out.kick);
  // Stepped back 2.5 cm: the torso sees the ball at 0.225 m.
  t.ball_at_spot(0.025, 0.0);
  SettleEnd second = step_to_settle_end(approach, t);
  CHECK(second.kicked);
  CHECK_FALSE(second.rejected);
}

TEST_CASE("approach: a ball too far ahead of the torso walks the robot forwards; without a torso range it kicks") {
  for (bool ranged : {true, false}) {
    CAPTURE(ranged);
    Setup t;
    if (ranged) {
      t.spec.torso_x_min = 0.15;
      t.spec.torso_x_max = 0.19;
    }
    KickApproach approach;
    t.ball_at_spot(0.0, 0.0);  // 0.2 m ahead of the torso
    SettleEnd end = step_to_settle_end(approach, t);
    CHECK(end.kicked == !ranged);
    CHECK(end.rejected == ranged);
    if (ranged) CHECK(approach.step(t.spec, t.in, t.walk).command.vx > 0);
  }
}

TEST_CASE("approach: after a settle the torso rejected, the range has grown by torso_x_grow at each end") {
  // The feet say the ball is at the spot; the torso sees it at 0.2 m, below
  // the range 0.215-0.235: rejected, the robot walks back 2.5 cm. It steps
  // 1.3 cm too far: the torso sees the ball at 0.238 m, beyond the range,
  // the feet within their entry band. With torso_x_grow 0.01 the second
  // settle kicks, without it the robot walks again.
  for (double grow : {0.0, 0.01}) {
    CAPTURE(grow);
    Setup t;
    t.spec.torso_x_min = 0.215;
    t.spec.torso_x_max = 0.235;
    t.spec.torso_x_grow = grow;
    KickApproach approach;
    t.ball_at_spot(0.0, 0.0);
    SettleEnd first = step_to_settle_end(approach, t);
    CHECK_FALSE(first.kicked);
    REQUIRE(first.rejected);
    t.ball_at_spot(0.038, 0.0);
    SettleEnd second = step_to_settle_end(approach, t);
    CHECK(second.kicked == (grow > 0));
    CHECK(second.rejected == (grow == 0));
  }
}

TEST_CASE("torso range: a kick without one accepts any ball, one with it only inside") {
  KickSpec spec;
  CHECK(torso_inside(spec, 0.05));
  CHECK(torso_inside(spec, 0.4));
  spec.torso_x_min = 0.205;
  spec.torso_x_max = 0.245;
  CHECK(torso_inside(spec, 0.22));
  CHECK_FALSE(torso_inside(spec, 0.2));
  CHECK_FALSE(torso_inside(spec, 0.25));
  // Growing with the settles already rejected, and not without torso_x_grow.
  CHECK_FALSE(torso_inside(spec, 0.2, 2));
  spec.torso_x_grow = 0.01;
  CHECK_FALSE(torso_inside(spec, 0.2, 0));
  CHECK(torso_inside(spec, 0.2, 1));
  CHECK(torso_inside(spec, 0.25, 1));
  CHECK_FALSE(torso_inside(spec, 0.26, 1));
  CHECK(torso_inside(spec, 0.26, 2));
}

namespace {

// A kick taken from the walk (KickSpec::from_walk), box 3 x 2 cm, the first
// 0.3 of a step.
Setup walking_kick_setup() {
  Setup t;
  t.spec.from_walk = true;
  t.spec.walk_speed = 0.2;
  t.spec.walk_phase_max = 0.3;
  t.spec.walk_window_x = 0.03;
  t.spec.walk_window_y = 0.02;
  t.spec.walk_yaw = deg2rad(8);
  return t;
}

// Steps the approach and the walk together (the walk gets the approach's
// command, the ball stays where the test put it) until a kick, at most
// `cycles`; counts the cycles the walk stepped with the other foot or late
// in the kicking foot's step.
struct WalkingKick {
  KickApproachOutput out;
  int other_steps = 0;
};
WalkingKick step_until_kick(KickApproach& approach, Setup& t, int cycles) {
  WalkingKick r;
  double target[kJointCount] = {};
  for (int i = 0; i < cycles; ++i) {
    r.out = approach.step(t.spec, t.in, t.walk);
    if (r.out.kick) break;
    CHECK_FALSE(r.out.stop_walk);
    const Side kicking = r.out.left_foot ? kLeft : kRight;
    if (t.walk.walking() && (t.walk.swing_side() != kicking || t.walk.phase() < t.spec.walk_phase_min ||
                             t.walk.phase() >= t.spec.walk_phase_max))
      ++r.other_steps;
    t.walk.step(r.out.command, Vec3::Zero(), 0, 0, target);
  }
  return r;
}

}  // namespace

TEST_CASE("approach from the walk: no stop and no settle; the kick starts early in the kicking foot's step") {
  for (double side : {-1.0, 1.0})
  for (double phase_min : {0.0, 0.4}) {
    CAPTURE(side);
    CAPTURE(phase_min);
    Setup t = walking_kick_setup();
    t.spec.walk_phase_min = phase_min;
    t.spec.walk_phase_max = phase_min + 0.3;
    KickApproach approach;
    // The ball in the box, 1 cm beyond its middle (mirrored for the left foot).
    t.in.ball_x = t.spec.ball_x + 0.01;
    t.in.ball_y = -side * t.spec.ball_y;
    // Standing, it does not stop to settle but walks on.
    KickApproachOutput first = approach.step(t.spec, t.in, t.walk);
    CHECK_FALSE(first.kick);
    CHECK(first.command.vx > 0);
    WalkingKick r = step_until_kick(approach, t, 100);
    REQUIRE(r.out.kick);
    CHECK(r.out.left_foot == (side > 0));
    CHECK(t.walk.walking());
    CHECK(t.walk.swing_side() == (side > 0 ? kLeft : kRight));
    CHECK(t.walk.phase() >= t.spec.walk_phase_min);
    CHECK(t.walk.phase() < t.spec.walk_phase_max);
    // Walking straight on, the walk's first step swings the left foot: the
    // right foot's kick waits through it (and a late window through the
    // start of its own step).
    if (side < 0 || phase_min > 0) CHECK(r.other_steps > 0);
    // The ball's offset from the box's middle, as the torso sees it, for the kick's ball shifts.
    CHECK(r.out.error_x == doctest::Approx(0.01));
    CHECK(r.out.error_y == doctest::Approx(0.0));
  }
}

TEST_CASE("approach from the walk: a ball beside the box is never kicked, one past it is backed away from") {
  Setup t = walking_kick_setup();
  KickApproach approach;
  t.ball_at_spot(0.0, -0.03);  // 1 cm outside the box sideways
  WalkingKick beside = step_until_kick(approach, t, 150);
  CHECK_FALSE(beside.out.kick);
  Setup near = walking_kick_setup();
  KickApproach near_approach;
  near.ball_at_spot(-0.05, 0.0);  // 2 cm nearer than the box
  KickApproachOutput out = near_approach.step(near.spec, near.in, near.walk);
  CHECK_FALSE(out.kick);
  CHECK(out.command.vx < 0);
}
