// PathPlanner: global path planning for a walking robot among circular
// obstacles (goal posts, robots, the ball while walking round it) and walls
// (capsules: a segment with a radius, e.g. goal nets). A* on a visibility
// graph whose nodes are the start, the goal and points on a polygon just
// outside each obstacle (a ring round a circle, a rectangle round a wall);
// an edge exists when the segment clears every obstacle. Re-planned every cycle; the caller uses the
// first waypoint. Oscillation damping: the previous first waypoint is kept
// unless the new path is shorter by a margin. Fixed-capacity arrays: no heap
// allocation per call.
#pragma once

#include <cstdint>

namespace libero::planning {

// A capsule: every point within `radius` of the segment (x1, y1)-(x2, y2);
// a circle when both ends coincide.
struct Obstacle {
  double x1 = 0, y1 = 0, x2 = 0, y2 = 0, radius = 0;
};

struct PlannerParams {
  double clearance = 0.05;        // m added to every radius for the waypoint ring
  int ring_points = 6;            // polygon corners per obstacle (3..kMaxRingPoints)
  double switch_margin = 0.3;     // m: a new first waypoint must win by this much
  double waypoint_reached = 0.15; // m: closer than this, the waypoint counts as reached
};

enum class PlanStatus : int32_t {
  kDirect = 0,     // straight line is free
  kPath,           // path round obstacles
  kGoalBlocked,    // goal inside an obstacle: planned to the nearest point outside it
  kNoPath,         // start enclosed: heading for the goal directly
  kInvalid         // bad input (non-finite numbers, too many obstacles)
};

struct PlanResult {
  PlanStatus status = PlanStatus::kInvalid;
  double waypoint_x = 0, waypoint_y = 0;  // where to walk now
  double goal_x = 0, goal_y = 0;          // the goal planned to (moved out of an obstacle for kGoalBlocked)
  double length = 0;                      // m, whole path
  int waypoint_count = 0;                 // nodes after the start
};

class PathPlanner {
 public:
  static constexpr int kMaxObstacles = 32;
  static constexpr int kMaxRingPoints = 12;
  static constexpr int kMaxNodes = 2 + kMaxObstacles * kMaxRingPoints;  // a wall adds 4 nodes, fewer than a ring

  explicit PathPlanner(const PlannerParams& params = {});

  // Obstacles for the next plan (replaces the set); false when full.
  void clear_obstacles() { obstacle_count_ = 0; }
  bool add_obstacle(double x, double y, double radius);
  // A wall: all points within `radius` of the segment; false when full or bad.
  bool add_wall(double x1, double y1, double x2, double y2, double radius);
  int obstacle_count() const { return obstacle_count_; }

  PlanResult plan(double start_x, double start_y, double goal_x, double goal_y);

  // The nodes of the last path, start excluded (for drawing).
  int path_length() const { return path_count_; }
  void path_point(int i, double* x, double* y) const;

  // Forget the previous waypoint (e.g. when the goal jumps).
  void reset() { has_previous_ = false; }

 private:
  bool segment_free(double ax, double ay, double bx, double by, int skip_a, int skip_b) const;
  int obstacle_containing(double x, double y, int skip) const;
  int add_nodes(int i, int n);
  void push_out(int i, double ref_x, double ref_y, double* x, double* y) const;
  double search(int node_count);

  PlannerParams params_;
  Obstacle obstacles_[kMaxObstacles];
  int obstacle_count_ = 0;
  double node_x_[kMaxNodes], node_y_[kMaxNodes];
  int node_obstacle_[kMaxNodes];
  double g_[kMaxNodes], h_[kMaxNodes];  // cost so far, straight-line bound to the goal
  int parent_[kMaxNodes];
  bool closed_[kMaxNodes];
  int path_[kMaxNodes];
  int path_count_ = 0;
  bool has_previous_ = false;
  double previous_x_ = 0, previous_y_ = 0, previous_goal_x_ = 0, previous_goal_y_ = 0;
};

}  // namespace libero::planning
