// Local planner: the improved artificial potential field of Huang & Cao
// (2007) with relative-velocity terms and the anti-oscillation term
// (/work/shared/reference/sources-behavior-and-planning.md, section F).
// One call = one control period: the robot's velocity for the next period.
// Plain data in, plain data out; no allocation.
#pragma once

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

struct MovingPoint {
  double x = 0, y = 0, vx = 0, vy = 0;
};

struct FieldStep {
  double vx = 0, vy = 0;     // velocity for the next period
  double fx = 0, fy = 0;     // resultant force
  bool inside_min = false;   // an obstacle is closer than rho_min: repulsion maximal
};

// Velocity for the next period of a robot (position and velocity in `robot`)
// towards `target`, avoiding `obstacles[0..count)`. Obstacles at the same
// bearing (within 0.1 rad) count once: the nearest.
FieldStep potential_field_step(const FieldParams& params, const MovingPoint& robot, const MovingPoint& target,
                               const MovingPoint* obstacles, int count);

// Role x task table of the paper: avoidance distances as fractions of a range P.
enum class FieldRole { kForward = 0, kMidfield, kBack, kGoalkeeper };
enum class FieldTask { kFindBall = 0, kPursueBall, kKeepBall, kFollowOpponent, kIntercept, kShoot };
// Fills rho_min/rho_max of `params` from the tables for a range P (m); false for an unknown role or task.
bool set_avoidance(FieldParams* params, FieldRole role, FieldTask task, double range);

}  // namespace libero::planning
