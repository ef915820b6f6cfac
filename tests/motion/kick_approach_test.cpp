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

TEST_CASE("approach: a ball just outside the kick's placement window is not kicked, one inside is") {
  Setup t;
  t.spec.window_x = 0.02;
  KickApproach approach;
  t.ball_at_spot(0.025, 0.0);
  KickApproachOutput out;
  for (int i = 0; i < 50; ++i) out = approach.step(t.spec, t.in, t.walk);
  CHECK_FALSE(out.kick);
  CHECK(out.command.vx > 0);

  t.spec.window_x = 0.04;
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
