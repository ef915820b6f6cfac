// Global planner: direct lines, detours round obstacles with clearance, the
// goal behind a wall of robots, damping, and bad input.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

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
// Clearance is measured to circles (the obstacles the tests add through
// `add`, which keeps a copy since the planner does not expose them).
std::vector<Obstacle> obstacles;
void add(PathPlanner& p, double x, double y, double r) {
  REQUIRE(p.add_obstacle(x, y, r));
  obstacles.push_back(Obstacle{x, y, x, y, r});
}
Walk follow(PathPlanner& planner, double x, double y, double gx, double gy, double step = 0.05) {
  Walk w;
  for (w.steps = 0; w.steps < 2000; ++w.steps) {
    PlanResult r = planner.plan(x, y, gx, gy);
    REQUIRE(r.status != PlanStatus::kInvalid);
    double dx = r.waypoint_x - x, dy = r.waypoint_y - y, d = std::hypot(dx, dy);
    if (std::hypot(gx - x, gy - y) < step) { w.reached = true; break; }
    double s = std::min(step, d);
    if (d > 1e-9) x += dx / d * s, y += dy / d * s;
    for (const Obstacle& o : obstacles)
      w.min_clearance = std::fmin(w.min_clearance, std::hypot(x - o.x1, y - o.y1) - o.radius);
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
  obstacles.clear();
  for (int i = -3; i <= 3; ++i) add(p, 3, i * 0.35, 0.2);  // wall from y=-1.05..1.05
  Walk w = follow(p, 0, 0, 6, 0);
  CHECK(w.reached);
  CHECK(w.steps < 400);  // no oscillation in front of the wall
  // Steps of 5 cm cut corners between ring nodes by at most a few mm.
  CHECK(w.min_clearance > 0.0);
  CHECK(w.min_clearance < 0.2);  // it did walk round the wall's end, not far away
}

TEST_CASE("the goal behind the goal: round the net obstacles") {
  // Opponent goal net as a row of circles; target behind it.
  PathPlanner p;
  for (int i = -2; i <= 2; ++i) p.add_obstacle(15.3, i * 0.5, 0.3);  // as circles: still supported
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
  CHECK(r.goal_x == doctest::Approx(6.05));  // nearest point outside (+ 5 cm clearance)
  CHECK(r.goal_y == doctest::Approx(0));
  CHECK(std::fabs(r.waypoint_y) > 1.0);      // round the obstacle, not through it
}

TEST_CASE("goal inside an obstacle: plan to the nearest point outside it, round the other obstacles") {
  // The goal lies in the ball's circle just behind it; a robot stands between.
  PathPlanner p;
  obstacles.clear();
  add(p, 3, 0, 0.25);    // ball circle
  add(p, 1.5, 0, 0.4);   // robot on the line
  PlanResult r = p.plan(0, 0, 2.9, 0);
  CHECK(r.status == PlanStatus::kGoalBlocked);
  CHECK(r.goal_x == doctest::Approx(3 - 0.3));
  CHECK(r.goal_y == doctest::Approx(0));
  CHECK(std::fabs(r.waypoint_y) > 0.4);  // not straight through the robot
  Walk w = follow(p, 0, 0, r.goal_x, r.goal_y);
  CHECK(w.reached);
  CHECK(w.min_clearance > -1e-3);
  // A goal exactly on the centre moves towards the start.
  PlanResult c = p.plan(5, 0, 3, 0);
  CHECK(c.goal_x == doctest::Approx(3.3));
}

TEST_CASE("walls (goal nets) block paths along their length and are walked round at the ends") {
  // Our goal's net: back at x = -15.6, sides at y = +-1.05 from the goal line to the back.
  PathPlanner p;
  REQUIRE(p.add_wall(-15.6, -1.05, -15.6, 1.05, 0.05));
  REQUIRE(p.add_wall(-15.6, 1.05, -15.0, 1.05, 0.05));
  REQUIRE(p.add_wall(-15.6, -1.05, -15.0, -1.05, 0.05));
  // From behind the goal to in front of it: straight would cross the back net.
  PlanResult r = p.plan(-16.2, 0.2, -14.0, 0.2);
  CHECK(r.status == PlanStatus::kPath);
  CHECK(std::fabs(r.waypoint_y) > 1.05);
  CHECK(r.length > 2.2 + 0.8);  // out to the net's corner and back
  // Every leg of the path clears each wall segment.
  double px = -16.2, py = 0.2;
  for (int i = 0; i < p.path_length(); ++i) {
    double x, y;
    p.path_point(i, &x, &y);
    for (double t = 0; t <= 1; t += 0.01) {
      double qx = px + t * (x - px), qy = py + t * (y - py);
      CHECK_FALSE((std::fabs(qx + 15.6) < 0.05 && std::fabs(qy) < 1.05));
      CHECK_FALSE((std::fabs(std::fabs(qy) - 1.05) < 0.05 && qx > -15.6 && qx < -15.0));
    }
    px = x, py = y;
  }
  // A bad wall is refused.
  CHECK_FALSE(p.add_wall(0, 0, std::nan(""), 1, 0.1));
  CHECK_FALSE(p.add_wall(0, 0, 1, 1, 0));
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
