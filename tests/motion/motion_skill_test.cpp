// Skill tests on the in-process MuJoCo world (tools/bench/motion harness):
// the robot gets somewhere, stands up, moves the ball. No timing assertions.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "motion_harness.h"

using namespace libero;
using namespace libero::bench;

namespace {
std::unique_ptr<MotionHarness> make(int type = 0) {
  HarnessOptions o;
  o.robots_dir = std::string(LIBERO_SOURCE_DIR) + "/robots";
  o.robot_type = type;
  auto h = MotionHarness::create(o);
  REQUIRE_MESSAGE(h.ok(), (h.ok() ? "" : h.error().describe()));
  return std::move(h.value());
}
}  // namespace

TEST_CASE("the robot stands still without falling") {
  auto h = make();
  h->requests().body = motion::kBodyStand;
  h->run(4.0);
  CHECK_FALSE(h->fallen());
  CHECK(h->torso_position().z() > 0.3);
  CHECK(h->status().state == motion::kSkillDone);
}

TEST_CASE("walking forward gets the robot somewhere") {
  auto h = make();
  h->run(0.5);
  h->requests().body = motion::kBodyWalkVelocity;
  h->requests().walk_vx = 0.3;
  h->run(6.0);
  CHECK(h->torso_position().x() > 0.5);
  CHECK_FALSE(h->fallen());
}

// Known failure on the current physics (docs/benchmarks.md, "Motion"): the
// slow walk makes too little progress; run with --no-skip to see it.
TEST_CASE("walk-to gets closer to a target pose" * doctest::skip(true)) {
  auto h = make();
  h->run(0.5);
  h->requests().body = motion::kBodyWalkTo;
  h->requests().target_x = 1.0;
  h->requests().target_y = 0.3;
  h->requests().target_heading = 0.5;
  for (int i = 0; i < 1500 && h->status().state != motion::kSkillDone; ++i) h->step();
  // Gets closer (the walk is slow and drifts; accuracy is in docs/benchmarks.md).
  Vec3 p = h->torso_position();
  CHECK(std::hypot(p.x() - 1.0, p.y() - 0.3) < std::hypot(1.0, 0.3) - 0.2);
}

void check_get_up(bool front) {
  {
    auto h = make();
    h->run(0.5);
    h->lay_down(front);
    CHECK(h->fallen());
    h->requests().body = motion::kBodyStand;
    bool saw_getting_up = false;
    for (int i = 0; i < 400; ++i) {
      h->step();
      saw_getting_up = saw_getting_up || h->status().getting_up;
    }
    CHECK(saw_getting_up);
    CHECK_FALSE(h->fallen());
    CHECK(h->torso_position().z() > 0.3);
  }
}

TEST_CASE("fall detection starts the get-up and the robot stands up from its belly") { check_get_up(true); }

TEST_CASE("a type-0 robot lying on its back gets up") { check_get_up(false); }

TEST_CASE("a robot lying on either side gets up") {
  for (bool left : {true, false}) {
    CAPTURE(left);
    auto h = make();
    h->run(0.5);
    h->lay_on_side(left, 0);
    REQUIRE(h->fallen());
    // On the side, not tipped onto the belly or the back: the torso's
    // left-right axis is close to vertical.
    CHECK(std::abs(h->readings().torso_rotation(2, 1)) > 0.8);
    h->requests().body = motion::kBodyStand;
    h->run(10.0);
    CHECK_FALSE(h->fallen());
    CHECK(h->torso_position().z() > 0.3);
  }
}

TEST_CASE("the kick skill moves the ball") {
  auto h = make();
  h->world().set_ball_position(Vec3(0.5, -0.05, 0.042));
  h->run(0.5);
  h->requests().body = motion::kBodyKick;
  h->requests().kick_type = motion::kKickLong;
  h->requests().kick_target_x = 15;
  h->requests().kick_target_y = 0;
  for (int i = 0; i < 600 && h->status().state == motion::kSkillRunning; ++i) h->step();
  h->requests().body = motion::kBodyStand;
  h->run(3.0);
  Vec3 ball = h->world().ball_position();
  CHECK(std::hypot(ball.x() - 0.5, ball.y() + 0.05) > 0.1);  // moves; distance is benchmarked
  CHECK(h->status().kick_distance_estimate > 0);
}

TEST_CASE("head control keeps the neck inside its range") {
  auto h = make();
  h->requests().head = motion::kHeadLookAt;
  h->requests().head_target_x = -5;  // behind the robot
  h->requests().head_target_y = 0.1;
  h->run(1.5);
  double yaw = h->readings().joint_angle[kNeckYaw];
  CHECK(std::abs(yaw) <= 2.0944 + 0.02);
  CHECK(std::abs(yaw) > 1.8);  // turned as far as it can
  h->requests().head = motion::kHeadScan;
  double low = 10, high = -10;
  for (int i = 0; i < 250; ++i) {
    h->step();
    low = std::min(low, h->readings().joint_angle[kNeckYaw]);
    high = std::max(high, h->readings().joint_angle[kNeckYaw]);
  }
  CHECK(high - low > 2.0);
}
