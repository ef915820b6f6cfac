#include "planning/path_planner.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace libero::planning {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Squared distance from point (px, py) to segment a-b.
double segment_distance_sq(double ax, double ay, double bx, double by, double px, double py) {
  const double dx = bx - ax, dy = by - ay;
  const double len_sq = dx * dx + dy * dy;
  double t = len_sq > 0 ? ((px - ax) * dx + (py - ay) * dy) / len_sq : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  const double cx = ax + t * dx - px, cy = ay + t * dy - py;
  return cx * cx + cy * cy;
}

bool finite(double v) { return std::isfinite(v); }

}  // namespace

PathPlanner::PathPlanner(const PlannerParams& params) : params_(params) {
  params_.ring_points = std::clamp(params_.ring_points, 3, kMaxRingPoints);
}

bool PathPlanner::add_obstacle(double x, double y, double radius) {
  if (obstacle_count_ >= kMaxObstacles || !finite(x) || !finite(y) || !finite(radius) || radius <= 0) return false;
  obstacles_[obstacle_count_++] = Obstacle{x, y, radius};
  return true;
}

void PathPlanner::path_point(int i, double* x, double* y) const {
  const int n = path_[std::clamp(i, 0, std::max(0, path_count_ - 1))];
  *x = node_x_[n];
  *y = node_y_[n];
}

// Whether segment a-b clears every obstacle circle. Obstacles skip_a/skip_b
// (the ones a ring node belongs to) are tested with the bare radius, so a
// node on a ring can leave its own circle tangentially.
bool PathPlanner::segment_free(double ax, double ay, double bx, double by, int skip_a, int skip_b) const {
  for (int i = 0; i < obstacle_count_; ++i) {
    const Obstacle& o = obstacles_[i];
    double r = o.radius;
    if (i == skip_a || i == skip_b) r *= 0.999;
    if (segment_distance_sq(ax, ay, bx, by, o.x, o.y) < r * r) return false;
  }
  return true;
}

// A* from node 0 to node 1 over the implicit visibility graph; returns the
// path length (inf if none) and fills path_.
double PathPlanner::search(int node_count) {
  for (int i = 0; i < node_count; ++i) {
    g_[i] = kInf;
    parent_[i] = -1;
    closed_[i] = false;
  }
  g_[0] = 0;
  const double gx = node_x_[1], gy = node_y_[1];
  for (;;) {
    int current = -1;
    double best_f = kInf;
    for (int i = 0; i < node_count; ++i) {
      if (closed_[i] || g_[i] == kInf) continue;
      const double f = g_[i] + std::hypot(gx - node_x_[i], gy - node_y_[i]);
      if (f < best_f) best_f = f, current = i;
    }
    if (current < 0) return kInf;
    if (current == 1) break;
    closed_[current] = true;
    for (int next = 1; next < node_count; ++next) {
      if (closed_[next]) continue;
      const double step = std::hypot(node_x_[next] - node_x_[current], node_y_[next] - node_y_[current]);
      if (g_[current] + step >= g_[next]) continue;
      if (!segment_free(node_x_[current], node_y_[current], node_x_[next], node_y_[next], node_obstacle_[current],
                        node_obstacle_[next]))
        continue;
      g_[next] = g_[current] + step;
      parent_[next] = current;
    }
  }
  // Walk back from the goal.
  int count = 0;
  for (int n = 1; n != 0 && n >= 0; n = parent_[n]) path_[count++] = n;
  std::reverse(path_, path_ + count);
  path_count_ = count;
  return g_[1];
}

PlanResult PathPlanner::plan(double start_x, double start_y, double goal_x, double goal_y) {
  PlanResult result;
  path_count_ = 0;
  if (!finite(start_x) || !finite(start_y) || !finite(goal_x) || !finite(goal_y)) return result;
  result.waypoint_x = goal_x;
  result.waypoint_y = goal_y;
  result.length = std::hypot(goal_x - start_x, goal_y - start_y);
  // Goal inside an obstacle: no path can end there; head for it directly.
  for (int i = 0; i < obstacle_count_; ++i) {
    const Obstacle& o = obstacles_[i];
    if (std::hypot(goal_x - o.x, goal_y - o.y) < o.radius) {
      result.status = PlanStatus::kGoalBlocked;
      return result;
    }
  }
  // Start inside an obstacle: plan from the closest point just outside it.
  for (int i = 0; i < obstacle_count_; ++i) {
    const Obstacle& o = obstacles_[i];
    const double d = std::hypot(start_x - o.x, start_y - o.y);
    if (d < o.radius) {
      const double ux = d > 1e-9 ? (start_x - o.x) / d : 1.0, uy = d > 1e-9 ? (start_y - o.y) / d : 0.0;
      start_x = o.x + ux * (o.radius + params_.clearance);
      start_y = o.y + uy * (o.radius + params_.clearance);
    }
  }
  if (segment_free(start_x, start_y, goal_x, goal_y, -1, -1)) {
    result.status = PlanStatus::kDirect;
    result.waypoint_count = 1;
    path_[0] = 1;
    node_x_[1] = goal_x, node_y_[1] = goal_y;
    path_count_ = 1;
    has_previous_ = false;
    return result;
  }
  int n = 0;
  node_x_[n] = start_x, node_y_[n] = start_y, node_obstacle_[n++] = -1;
  node_x_[n] = goal_x, node_y_[n] = goal_y, node_obstacle_[n++] = -1;
  const int k = params_.ring_points;
  for (int i = 0; i < obstacle_count_; ++i) {
    const Obstacle& o = obstacles_[i];
    // Circumscribe the polygon so its edges stay outside the circle.
    const double ring = (o.radius + params_.clearance) / std::cos(kPi / k);
    for (int j = 0; j < k; ++j) {
      const double a = 2 * kPi * j / k;
      const double x = o.x + ring * std::cos(a), y = o.y + ring * std::sin(a);
      bool inside = false;
      for (int m = 0; m < obstacle_count_ && !inside; ++m)
        inside = m != i && std::hypot(x - obstacles_[m].x, y - obstacles_[m].y) < obstacles_[m].radius;
      if (inside) continue;
      node_x_[n] = x, node_y_[n] = y, node_obstacle_[n++] = i;
    }
  }
  const double length = search(n);
  if (length == kInf) {
    result.status = PlanStatus::kNoPath;
    has_previous_ = false;
    return result;
  }
  result.status = PlanStatus::kPath;
  result.length = length;
  result.waypoint_count = path_count_;
  double wx = node_x_[path_[0]], wy = node_y_[path_[0]];
  // Damping: keep the previous first waypoint while it is still visible, not
  // reached, the goal has not jumped, and the new path does not win clearly.
  if (has_previous_ && std::hypot(goal_x - previous_goal_x_, goal_y - previous_goal_y_) < 0.5 &&
      std::hypot(previous_x_ - start_x, previous_y_ - start_y) > params_.waypoint_reached &&
      segment_free(start_x, start_y, previous_x_, previous_y_, -1, -1)) {
    // Cost via the previous waypoint: straight to it, then the straight-line
    // bound to the goal (optimistic, so a wrong old choice loses soon).
    const double via_previous = std::hypot(previous_x_ - start_x, previous_y_ - start_y) +
                                std::hypot(goal_x - previous_x_, goal_y - previous_y_);
    if (via_previous < length + params_.switch_margin) wx = previous_x_, wy = previous_y_;
  }
  result.waypoint_x = wx;
  result.waypoint_y = wy;
  has_previous_ = true;
  previous_x_ = wx, previous_y_ = wy;
  previous_goal_x_ = goal_x, previous_goal_y_ = goal_y;
  return result;
}

}  // namespace libero::planning
