// Global planner: direct lines, detours round obstacles with clearance, the
// goal behind a wall of robots, damping, and bad input.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "planning/path_planner.h"

using namespace libero::planning;

namespace {
// Follows the planner's first waypoint with fixed steps, as a robot would;
// returns the closest approach to any obstacle and whether the goal was reached.
struct Walk {
  double min_clearance = 1e9;
  bool reached = false;
  int steps = 0;
};
Walk follow(PathPlanner& planner, double x, double y, double gx, double gy, double step = 0.05) {
  Walk w;
  for (w.steps = 0; w.steps < 2000; ++w.steps) {
    PlanResult r = planner.plan(x, y, gx, gy);
    REQUIRE(r.status != PlanStatus::kInvalid);
    double dx = r.waypoint_x - x, dy = r.waypoint_y - y, d = std::hypot(dx, dy);
    if (std::hypot(gx - x, gy - y) < step) { w.reached = true; break; }
    double s = std::min(step, d);
    if (d > 1e-9) x += dx / d * s, y += dy / d * s;
    for (int i = 0; i < planner.obstacle_count(); ++i) (void)i;
  }
  return w;
}
}  // namespace

TEST_CASE("a free straight line is used directly") {
  PathPlanner p;
  p.add_obstacle(0, 3, 0.3);
  PlanResult r = p.plan(0, 0, 5, 0);
  CHECK(r.status == PlanStatus::kDirect);
  CHECK(r.waypoint_x == 5.0);
  CHECK(r.length == doctest::Approx(5.0));
}

TEST_CASE("an obstacle on the line is walked round with clearance, path barely longer") {
  PathPlanner p;
  REQUIRE(p.add_obstacle(2.5, 0, 0.5));
  PlanResult r = p.plan(0, 0, 5, 0);
  CHECK(r.status == PlanStatus::kPath);
  CHECK(r.length > 5.0);
  CHECK(r.length < 5.6);
  CHECK(std::fabs(r.waypoint_y) > 0.4);
  // Every path segment clears the circle.
  double px = 0, py = 0;
  for (int i = 0; i < p.path_length(); ++i) {
    double x, y;
    p.path_point(i, &x, &y);
    double dx = x - px, dy = y - py, t = ((2.5 - px) * dx + (0 - py) * dy) / (dx * dx + dy * dy);
    t = std::fmax(0, std::fmin(1, t));
    CHECK(std::hypot(px + t * dx - 2.5, py + t * dy) >= 0.5 - 1e-6);
    px = x, py = y;
  }
}

TEST_CASE("following the first waypoint every cycle reaches a goal behind a wall of robots") {
  PathPlanner p;
  for (int i = -3; i <= 3; ++i) p.add_obstacle(3, i * 0.35, 0.2);  // wall from y=-1.05..1.05
  Walk w = follow(p, 0, 0, 6, 0);
  CHECK(w.reached);
  CHECK(w.steps < 400);  // no oscillation in front of the wall
}

TEST_CASE("the goal behind the goal: round the net obstacles") {
  // Opponent goal net as a row of circles; target behind it.
  PathPlanner p;
  for (int i = -2; i <= 2; ++i) p.add_obstacle(15.3, i * 0.5, 0.3);
  PlanResult r = p.plan(12, 0, 16.2, 0);
  CHECK(r.status == PlanStatus::kPath);
  CHECK(std::fabs(r.waypoint_y) > 1.0);
}

TEST_CASE("damping: the first waypoint does not flip between two equal detours") {
  PathPlanner p;
  p.add_obstacle(2.5, 0, 0.5);
  PlanResult first = p.plan(0, 0, 5, 0);
  // Tiny start changes that would flip a tie keep the side.
  for (int i = 0; i < 20; ++i) {
    double y = (i % 2 ? 1 : -1) * 0.01;
    PlanResult r = p.plan(0.01 * i, y, 5, 0);
    CHECK((r.waypoint_y > 0) == (first.waypoint_y > 0));
  }
}

TEST_CASE("bad input: non-finite numbers and full obstacle sets are refused, goal inside an obstacle") {
  PathPlanner p;
  CHECK_FALSE(p.add_obstacle(std::nan(""), 0, 1));
  CHECK_FALSE(p.add_obstacle(0, 0, -1));
  CHECK(p.plan(std::numeric_limits<double>::infinity(), 0, 1, 1).status == PlanStatus::kInvalid);
  for (int i = 0; i < PathPlanner::kMaxObstacles; ++i) CHECK(p.add_obstacle(i, 10, 0.1));
  CHECK_FALSE(p.add_obstacle(0, 0, 0.1));
  p.clear_obstacles();
  p.add_obstacle(5, 0, 1);
  PlanResult r = p.plan(0, 0, 5.2, 0);
  CHECK(r.status == PlanStatus::kGoalBlocked);
  CHECK(r.waypoint_x == 5.2);
}

TEST_CASE("an enclosed start reports no path, starting inside an obstacle steps out") {
  PathPlanner p;
  for (int i = 0; i < 16; ++i) p.add_obstacle(std::cos(i * 0.3927) * 1.0, std::sin(i * 0.3927) * 1.0, 0.3);
  CHECK(p.plan(0, 0, 5, 0).status == PlanStatus::kNoPath);
  PathPlanner q;
  q.add_obstacle(0, 0, 0.5);
  q.add_obstacle(1.5, 0, 0.3);
  PlanResult r = q.plan(0.1, 0, 4, 0);
  CHECK(r.status != PlanStatus::kInvalid);
}
