#include "planning/potential_field.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace libero::planning {
namespace {

constexpr const char* kRoleNames[kFieldRoles] = {"forward", "midfield", "back", "goalkeeper"};
constexpr const char* kTaskNames[kFieldTasks] = {"find_ball", "pursue_ball", "keep_ball", "follow_opponent",
                                                 "intercept", "shoot"};
constexpr const char* kLabelNames[kFieldLabels] = {"VN", "N", "F", "VF"};

template <int N>
int index_of(const char* const (&names)[N], const char* name) {
  if (!name) return -1;
  for (int i = 0; i < N; ++i)
    if (std::strcmp(names[i], name) == 0) return i;
  return -1;
}

constexpr int kMaxConsidered = 64;

double length(double x, double y) { return std::sqrt(x * x + y * y); }

}  // namespace

int field_role_index(const char* name) { return index_of(kRoleNames, name); }
int field_task_index(const char* name) { return index_of(kTaskNames, name); }
int field_label_index(const char* name) { return index_of(kLabelNames, name); }
const char* field_role_name(int i) { return i >= 0 && i < kFieldRoles ? kRoleNames[i] : nullptr; }
const char* field_task_name(int i) { return i >= 0 && i < kFieldTasks ? kTaskNames[i] : nullptr; }

const char* check_params(const FieldParams& p) {
  const double positive[] = {p.k1, p.k2, p.k3, p.k4, p.mass, p.max_acceleration, p.max_speed, p.period, p.rho_max};
  for (double v : positive)
    if (!std::isfinite(v) || !(v > 0)) return "k1..k4, mass, max_acceleration, max_speed, period and rho_max must be positive";
  const double exponents[] = {p.m, p.n, p.s, p.t};
  for (double v : exponents)
    if (!std::isfinite(v) || !(v > 1)) return "the exponents m, n, s, t must be > 1 (the paper's condition)";
  if (p.eta_sign != 1.0 && p.eta_sign != -1.0) return "eta_sign must be 1 or -1";
  if (!std::isfinite(p.delta_zeta) || p.delta_zeta < 0) return "delta_zeta must be >= 0";
  if (!std::isfinite(p.parallel_tolerance) || p.parallel_tolerance < 0 || p.parallel_tolerance > 1.5)
    return "parallel_tolerance must be in [0, 1.5] rad";
  if (!std::isfinite(p.rho_min) || p.rho_min < 0) return "rho_min must be >= 0";
  return nullptr;
}

const char* check_table(const AvoidanceTable& t) {
  if (!std::isfinite(t.range) || !(t.range > 0)) return "range must be positive";
  for (int i = 0; i < kFieldLabels; ++i) {
    if (!std::isfinite(t.label[i]) || !(t.label[i] > 0) || t.label[i] > 1)
      return "labels must be fractions of the range in (0, 1]";
    if (i > 0 && !(t.label[i] > t.label[i - 1])) return "labels must increase: VN < N < F < VF";
  }
  for (int task = 0; task < kFieldTasks; ++task)
    for (int role = 0; role < kFieldRoles; ++role)
      if (t.rho_min[task][role] < 0 || t.rho_min[task][role] >= kFieldLabels || t.rho_max[task][role] < 0 ||
          t.rho_max[task][role] >= kFieldLabels)
        return "table cells must be labels VN, N, F or VF";
  return nullptr;
}

bool set_avoidance(FieldParams* params, const AvoidanceTable& table, FieldRole role, FieldTask task) {
  const int r = static_cast<int>(role), t = static_cast<int>(task);
  if (!params || r < 0 || r >= kFieldRoles || t < 0 || t >= kFieldTasks || check_table(table)) return false;
  double lo = table.label[table.rho_min[t][r]] * table.range, hi = table.label[table.rho_max[t][r]] * table.range;
  if (lo > hi) lo = hi;
  params->rho_min = lo;
  params->rho_max = hi;
  return true;
}

FieldStep potential_field_step(const FieldParams& p, const MovingPoint& robot, const MovingPoint& target,
                               const MovingPoint* obstacles, int count) {
  FieldStep out;
  // Attraction (1): position term along rho_g, velocity term along v_g - v_r.
  const double gx = target.x - robot.x, gy = target.y - robot.y;
  const double g = length(gx, gy);
  double fx = 0, fy = 0;
  if (g > 1e-9) {
    const double a = p.k1 * std::pow(g, p.m);
    fx += a * gx / g, fy += a * gy / g;
  }
  const double dvx = target.vx - robot.vx, dvy = target.vy - robot.vy;
  const double dv = length(dvx, dvy);
  if (dv > 1e-9) {
    const double a = p.k2 * std::pow(dv, p.n);
    fx += a * dvx / dv, fy += a * dvy / dv;
  }
  // Nearest obstacle per bearing: mark the ones shadowed by a nearer one
  // (bearings within 0.1 rad: cos(angle) > cos(0.1), no atan2 in the O(n^2) loop).
  bool skip[kMaxConsidered] = {};
  double dist[kMaxConsidered];
  count = std::clamp(count, 0, kMaxConsidered);
  for (int i = 0; i < count; ++i) dist[i] = length(obstacles[i].x - robot.x, obstacles[i].y - robot.y);
  const double same_bearing = std::cos(0.1);
  for (int i = 0; i < count; ++i) {
    const double ax = obstacles[i].x - robot.x, ay = obstacles[i].y - robot.y, da = dist[i];
    for (int j = 0; j < count && !skip[i]; ++j) {
      const double db = dist[j];
      if (j == i || db > da || (db == da && j > i)) continue;
      const double bx = obstacles[j].x - robot.x, by = obstacles[j].y - robot.y;
      if (ax * bx + ay * by > same_bearing * da * db) skip[i] = true;
    }
  }
  // First pass: every force without the anti-oscillation push; the sideways
  // term of each acting obstacle is remembered so the second pass can
  // strengthen it once the full resultant is known.
  struct Side {
    double ux, uy, sx, sy, zeta;
  };
  Side sides[kMaxConsidered];
  int side_count = 0;
  for (int i = 0; i < count; ++i) {
    if (skip[i]) continue;
    const MovingPoint& o = obstacles[i];
    const double ox = o.x - robot.x, oy = o.y - robot.y;  // rho_o, robot -> obstacle
    const double d = length(ox, oy);
    if (d >= p.rho_min + p.rho_max || d < 1e-9) continue;  // band [rho_min, rho_min + rho_max)
    const double ux = ox / d, uy = oy / d;
    const double rvx = robot.vx - o.vx, rvy = robot.vy - o.vy;  // v_ro
    const double closing = rvx * ux + rvy * uy;                 // v_rop (signed)
    if (d < p.rho_min) {
      // Inside rho_min: maximal repulsion straight away from the obstacle.
      out.inside_min = true;
      ++out.acting;
      const double maxf = p.k3 * std::pow(1.0 / std::max(p.rho_min * 0.25, 1e-3), p.s);
      fx -= maxf * ux, fy -= maxf * uy;
      continue;
    }
    if (closing <= 0) continue;  // moving apart: no force
    ++out.acting;
    const double eta = p.period * closing;
    const double nx = rvx - closing * ux, ny = rvy - closing * uy;  // v_ron
    const double nl = length(nx, ny);
    const double zeta = p.period * nl;
    const double a = p.k3 * std::pow(1.0 / std::max(d + p.eta_sign * eta, 1e-3), p.s);
    fx -= a * ux, fy -= a * uy;
    // Sideways along v_ron; head-on (v_ron = 0) a fixed side, left of rho_o,
    // so two calls in the same situation choose alike.
    Side& side = sides[side_count++];
    side.ux = ux, side.uy = uy, side.zeta = zeta;
    side.sx = nl > 1e-9 ? nx / nl : -uy;
    side.sy = nl > 1e-9 ? ny / nl : ux;
    const double b = p.k4 * std::pow(zeta, p.t);
    fx += b * side.sx, fy += b * side.sy;
  }
  // Anti-oscillation (8): where the resultant A = F_att + sum F_rep is
  // parallel to rho_o, that obstacle's sideways term uses zeta + delta_zeta.
  const double rx = fx, ry = fy, rl = std::max(length(rx, ry), 1e-9);
  const double tolerance = std::sin(p.parallel_tolerance);
  for (int i = 0; i < side_count; ++i) {
    const Side& side = sides[i];
    if (std::fabs(rx * side.uy - ry * side.ux) / rl >= tolerance) continue;
    const double extra = p.k4 * (std::pow(side.zeta + p.delta_zeta, p.t) - std::pow(side.zeta, p.t));
    fx += extra * side.sx, fy += extra * side.sy;
    out.anti_oscillation = true;
  }
  out.fx = fx, out.fy = fy;
  // Motion (10-13): acceleration clamped, then speed clamped.
  double ax = fx / p.mass, ay = fy / p.mass;
  const double a = length(ax, ay);
  if (a > p.max_acceleration) ax *= p.max_acceleration / a, ay *= p.max_acceleration / a;
  double vx = robot.vx + ax * p.period, vy = robot.vy + ay * p.period;
  const double v = length(vx, vy);
  if (v > p.max_speed) vx *= p.max_speed / v, vy *= p.max_speed / v;
  out.vx = vx, out.vy = vy;
  return out;
}

}  // namespace libero::planning
