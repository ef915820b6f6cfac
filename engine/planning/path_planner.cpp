#include "planning/path_planner.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace libero::planning {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Squared distance from point (px, py) to segment a-b; *t_out gets the
// parameter of the closest point.
double segment_distance_sq(double ax, double ay, double bx, double by, double px, double py, double* t_out = nullptr) {
  const double dx = bx - ax, dy = by - ay;
  const double len_sq = dx * dx + dy * dy;
  double t = len_sq > 0 ? ((px - ax) * dx + (py - ay) * dy) / len_sq : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  if (t_out) *t_out = t;
  const double cx = ax + t * dx - px, cy = ay + t * dy - py;
  return cx * cx + cy * cy;
}

double cross(double ax, double ay, double bx, double by) { return ax * by - ay * bx; }

// Squared distance between segments a-b and c-d (0 when they cross).
double segments_distance_sq(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy) {
  const double o1 = cross(bx - ax, by - ay, cx - ax, cy - ay), o2 = cross(bx - ax, by - ay, dx - ax, dy - ay);
  const double o3 = cross(dx - cx, dy - cy, ax - cx, ay - cy), o4 = cross(dx - cx, dy - cy, bx - cx, by - cy);
  if (((o1 < 0 && o2 > 0) || (o1 > 0 && o2 < 0)) && ((o3 < 0 && o4 > 0) || (o3 > 0 && o4 < 0))) return 0;
  return std::min(std::min(segment_distance_sq(cx, cy, dx, dy, ax, ay), segment_distance_sq(cx, cy, dx, dy, bx, by)),
                  std::min(segment_distance_sq(ax, ay, bx, by, cx, cy), segment_distance_sq(ax, ay, bx, by, dx, dy)));
}

// std::hypot guards against overflow the field's metres never reach, at
// several times the cost of a square root; A* calls this O(nodes^2) times.
double distance(double dx, double dy) { return std::sqrt(dx * dx + dy * dy); }

bool is_circle(const Obstacle& o) { return o.x1 == o.x2 && o.y1 == o.y2; }

// Squared distance from a path segment to an obstacle's axis (its centre
// point for a circle, its segment for a wall).
double obstacle_distance_sq(const Obstacle& o, double ax, double ay, double bx, double by) {
  if (is_circle(o)) return segment_distance_sq(ax, ay, bx, by, o.x1, o.y1);
  // Far from the wall's middle, the wall cannot be near (the exact test is
  // four point-segment distances; most edges of the graph end here).
  const double mx = 0.5 * (o.x1 + o.x2), my = 0.5 * (o.y1 + o.y2);
  const double reach = 0.5 * distance(o.x2 - o.x1, o.y2 - o.y1) + o.radius;
  const double mid_sq = segment_distance_sq(ax, ay, bx, by, mx, my);
  if (mid_sq > reach * reach) return mid_sq;
  return segments_distance_sq(ax, ay, bx, by, o.x1, o.y1, o.x2, o.y2);
}

bool finite(double v) { return std::isfinite(v); }

}  // namespace

PathPlanner::PathPlanner(const PlannerParams& params) : params_(params) {
  params_.ring_points = std::clamp(params_.ring_points, 3, kMaxRingPoints);
}

bool PathPlanner::add_obstacle(double x, double y, double radius) { return add_wall(x, y, x, y, radius); }

bool PathPlanner::add_wall(double x1, double y1, double x2, double y2, double radius) {
  if (obstacle_count_ >= kMaxObstacles || !finite(x1) || !finite(y1) || !finite(x2) || !finite(y2) ||
      !finite(radius) || radius <= 0)
    return false;
  obstacles_[obstacle_count_++] = Obstacle{x1, y1, x2, y2, radius};
  return true;
}

// The first obstacle (other than `skip`) whose inside holds (x, y), or -1.
int PathPlanner::obstacle_containing(double x, double y, int skip) const {
  for (int i = 0; i < obstacle_count_; ++i) {
    const Obstacle& o = obstacles_[i];
    if (i != skip && segment_distance_sq(o.x1, o.y1, o.x2, o.y2, x, y) < o.radius * o.radius) return i;
  }
  return -1;
}

// Graph nodes just outside obstacle i, from node index n; returns the new
// count. A circle gets a circumscribed ring, a wall the corners of a
// rectangle whose sides lie `clearance` outside it, so the edges between
// neighbouring nodes clear the obstacle itself.
int PathPlanner::add_nodes(int i, int n) {
  const Obstacle& o = obstacles_[i];
  const double r = o.radius + params_.clearance;
  auto add = [&](double x, double y) {
    if (obstacle_containing(x, y, i) >= 0) return;
    node_x_[n] = x, node_y_[n] = y, node_obstacle_[n++] = i;
  };
  if (is_circle(o)) {
    const int k = params_.ring_points;
    const double ring = r / std::cos(kPi / k);
    for (int j = 0; j < k; ++j) {
      const double a = 2 * kPi * j / k;
      add(o.x1 + ring * std::cos(a), o.y1 + ring * std::sin(a));
    }
    return n;
  }
  const double length = std::hypot(o.x2 - o.x1, o.y2 - o.y1);
  const double ux = (o.x2 - o.x1) / length * r, uy = (o.y2 - o.y1) / length * r;
  add(o.x1 - ux - uy, o.y1 - uy + ux);
  add(o.x1 - ux + uy, o.y1 - uy - ux);
  add(o.x2 + ux - uy, o.y2 + uy + ux);
  add(o.x2 + ux + uy, o.y2 + uy - ux);
  return n;
}

void PathPlanner::path_point(int i, double* x, double* y) const {
  const int n = path_[std::clamp(i, 0, std::max(0, path_count_ - 1))];
  *x = node_x_[n];
  *y = node_y_[n];
}

// Whether segment a-b clears every obstacle. Obstacles skip_a/skip_b
// (the ones a ring node belongs to) are tested with the bare radius, so a
// node on a ring can leave its own circle tangentially.
bool PathPlanner::segment_free(double ax, double ay, double bx, double by, int skip_a, int skip_b) const {
  for (int i = 0; i < obstacle_count_; ++i) {
    const Obstacle& o = obstacles_[i];
    double r = o.radius;
    if (i == skip_a || i == skip_b) r *= 0.999;
    if (obstacle_distance_sq(o, ax, ay, bx, by) < r * r) return false;
  }
  return true;
}

// A* from node 0 to node 1 over the implicit visibility graph; returns the
// path length (inf if none) and fills path_.
double PathPlanner::search(int node_count) {
  const double gx = node_x_[1], gy = node_y_[1];
  for (int i = 0; i < node_count; ++i) {
    h_[i] = distance(gx - node_x_[i], gy - node_y_[i]);
    g_[i] = kInf;
    parent_[i] = -1;
    closed_[i] = false;
  }
  g_[0] = 0;
  for (;;) {
    int current = -1;
    double best_f = kInf;
    for (int i = 0; i < node_count; ++i) {
      if (closed_[i] || g_[i] == kInf) continue;
      const double f = g_[i] + h_[i];
      if (f < best_f) best_f = f, current = i;
    }
    if (current < 0) return kInf;
    if (current == 1) break;
    closed_[current] = true;
    for (int next = 1; next < node_count; ++next) {
      if (closed_[next]) continue;
      const double step = distance(node_x_[next] - node_x_[current], node_y_[next] - node_y_[current]);
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

// Moves (*x, *y) to the nearest point `clearance` outside obstacle i; from
// the axis itself, towards (ref_x, ref_y) (the other end of the path).
void PathPlanner::push_out(int i, double ref_x, double ref_y, double* x, double* y) const {
  const Obstacle& o = obstacles_[i];
  double t = 0;
  const double d_sq = segment_distance_sq(o.x1, o.y1, o.x2, o.y2, *x, *y, &t);
  if (d_sq >= o.radius * o.radius) return;
  const double cx = o.x1 + t * (o.x2 - o.x1), cy = o.y1 + t * (o.y2 - o.y1);
  double ux = *x - cx, uy = *y - cy, d = std::sqrt(d_sq);
  if (d < 1e-9) ux = ref_x - cx, uy = ref_y - cy, d = std::hypot(ux, uy);
  if (d < 1e-9) ux = 1, uy = 0, d = 1;
  *x = cx + ux / d * (o.radius + params_.clearance);
  *y = cy + uy / d * (o.radius + params_.clearance);
}

PlanResult PathPlanner::plan(double start_x, double start_y, double goal_x, double goal_y) {
  PlanResult result;
  path_count_ = 0;
  if (!finite(start_x) || !finite(start_y) || !finite(goal_x) || !finite(goal_y)) return result;
  result.waypoint_x = goal_x;
  result.waypoint_y = goal_y;
  result.length = std::hypot(goal_x - start_x, goal_y - start_y);
  // Start inside an obstacle: plan from the closest point just outside it.
  for (int i = 0; i < obstacle_count_; ++i) push_out(i, goal_x, goal_y, &start_x, &start_y);
  // Goal inside an obstacle: no path can end there, so plan to the nearest
  // point outside it (pushing out of one obstacle can land in another: a few
  // rounds, then give up and head for the goal directly).
  bool moved = false;
  for (int round = 0; round < 4; ++round) {
    const int i = obstacle_containing(goal_x, goal_y, -1);
    if (i < 0) break;
    push_out(i, start_x, start_y, &goal_x, &goal_y);
    moved = true;
  }
  result.goal_x = goal_x, result.goal_y = goal_y;
  if (moved) {
    result.status = PlanStatus::kGoalBlocked;
    result.waypoint_x = goal_x, result.waypoint_y = goal_y;
    result.length = std::hypot(goal_x - start_x, goal_y - start_y);
    if (obstacle_containing(goal_x, goal_y, -1) >= 0) {
      has_previous_ = false;
      return result;
    }
  }
  if (segment_free(start_x, start_y, goal_x, goal_y, -1, -1)) {
    result.status = moved ? PlanStatus::kGoalBlocked : PlanStatus::kDirect;
    result.waypoint_x = goal_x, result.waypoint_y = goal_y;
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
  for (int i = 0; i < obstacle_count_; ++i) n = add_nodes(i, n);
  const double length = search(n);
  if (length == kInf) {
    result.status = PlanStatus::kNoPath;
    result.waypoint_x = goal_x, result.waypoint_y = goal_y;
    has_previous_ = false;
    return result;
  }
  result.status = moved ? PlanStatus::kGoalBlocked : PlanStatus::kPath;
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
