// Local planner: the improved artificial potential field of Huang & Cao
// (2007) with relative-velocity terms and the anti-oscillation term
// (/work/shared/reference/sources-behavior-and-planning.md, section F).
// One call = one control period: the robot's velocity for the next period.
// Plain data in, plain data out; no allocation. The gains and the role x task
// tables are data (the team's scripts/data/planning.lua); nothing here knows
// their values.
#pragma once

#include <cstdint>

namespace libero::planning {

struct FieldParams {
  double k1 = 1.0, m = 1.2;        // attraction to the target position: k1 |rho_g|^m
  double k2 = 0.5, n = 1.2;        // attraction to the target velocity: k2 |v_g - v_r|^n
  double k3 = 20.0, s = 2.0;       // repulsion: k3 (1 / (|rho_o| + sign*eta))^s
  double k4 = 5.0, t = 1.5;        // sideways repulsion: k4 zeta^t
  double eta_sign = 1.0;           // +1 as printed in the paper, -1 strengthens when closing faster
  double delta_zeta = 0.5;         // anti-oscillation push when the force is parallel to rho_o
  double parallel_tolerance = 0.05;// rad: "parallel" for the anti-oscillation term
  double mass = 1.0;
  double max_acceleration = 4.0;   // m/s^2 (the paper's middle-size robot)
  double max_speed = 1.5;          // m/s
  double period = 0.1;             // s, control period T
  // Avoidance distances (role x task table). Repulsion acts in the band
  // [rho_min, rho_min + rho_max): the tables give rho_min == rho_max in many
  // cells, which would leave the paper's band [rho_min, rho_max) empty.
  double rho_min = 0.3, rho_max = 1.5;
};

// nullptr when every parameter is usable, else what is wrong (a static
// string naming the field): gains and max_* positive, exponents > 1,
// eta_sign +-1, distances 0 <= rho_min, 0 < rho_max, all finite.
const char* check_params(const FieldParams& params);

struct MovingPoint {
  double x = 0, y = 0, vx = 0, vy = 0;
};

struct FieldStep {
  double vx = 0, vy = 0;     // velocity for the next period
  double fx = 0, fy = 0;     // resultant force
  bool inside_min = false;   // an obstacle is closer than rho_min: repulsion maximal
  bool anti_oscillation = false;  // the resultant was parallel to rho_o: delta_zeta pushed sideways
  int acting = 0;            // obstacles that exerted a force
};

// Velocity for the next period of a robot (position and velocity in `robot`)
// towards `target`, avoiding `obstacles[0..count)`. Obstacles at the same
// bearing (within 0.1 rad) count once: the nearest.
FieldStep potential_field_step(const FieldParams& params, const MovingPoint& robot, const MovingPoint& target,
                               const MovingPoint* obstacles, int count);

// Role x task table of the paper: avoidance distances as fuzzy labels
// VN < N < F < VF whose values are fractions of a range P.
enum class FieldRole { kForward = 0, kMidfield, kBack, kGoalkeeper };
enum class FieldTask { kFindBall = 0, kPursueBall, kKeepBall, kFollowOpponent, kIntercept, kShoot };
constexpr int kFieldRoles = 4, kFieldTasks = 6, kFieldLabels = 4;

struct AvoidanceTable {
  double range = 0;                              // P, m; 0: no table loaded
  double label[kFieldLabels] = {};               // VN, N, F, VF as fractions of P
  int8_t rho_min[kFieldTasks][kFieldRoles] = {}; // label index per [task][role]
  int8_t rho_max[kFieldTasks][kFieldRoles] = {};
};

// nullptr when usable, else what is wrong: range > 0, labels increasing in (0, 1], indices 0..3.
const char* check_table(const AvoidanceTable& table);

// Names as in data files and the Lua API: "forward" "midfield" "back"
// "goalkeeper"; "find_ball" "pursue_ball" "keep_ball" "follow_opponent"
// "intercept" "shoot"; labels "VN" "N" "F" "VF". -1 when unknown.
int field_role_index(const char* name);
int field_task_index(const char* name);
int field_label_index(const char* name);
const char* field_role_name(int index);
const char* field_task_name(int index);

// Fills rho_min/rho_max of `params` from `table` (label value x P); false
// for an unknown role or task or an unloaded table. Where a cell gives
// rho_min > rho_max (e.g. PB for G), rho_min is lowered to rho_max.
bool set_avoidance(FieldParams* params, const AvoidanceTable& table, FieldRole role, FieldTask task);

}  // namespace libero::planning
