#include "planning/potential_field.h"

#include <algorithm>
#include <cmath>

namespace libero::planning {
namespace {

// Fuzzy labels VN < N < F < VF as centroid fractions of the range P.
constexpr double kVN = 1.0 / 9, kN = 1.0 / 3, kF = 2.0 / 3, kVF = 8.0 / 9;

// [task][role], roles F M B G.
constexpr double kRhoMin[6][4] = {
    {kVF, kVF, kVF, kVF}, {kF, kVF, kF, kF}, {kF, kVN, kF, kVN},
    {kVN, kVF, kVN, kVN}, {kVN, kN, kF, kN}, {kN, kVN, kN, kVN}};
constexpr double kRhoMax[6][4] = {
    {kVF, kVF, kVF, kVF}, {kF, kVF, kF, kN}, {kN, kVN, kN, kVN},
    {kVN, kVF, kVN, kVN}, {kVN, kN, kN, kVN}, {kVN, kVN, kVN, kVN}};

constexpr int kMaxConsidered = 64;

double length(double x, double y) { return std::sqrt(x * x + y * y); }

}  // namespace

bool set_avoidance(FieldParams* params, FieldRole role, FieldTask task, double range) {
  const int r = static_cast<int>(role), t = static_cast<int>(task);
  if (!params || r < 0 || r > 3 || t < 0 || t > 5 || !(range > 0)) return false;
  double lo = kRhoMin[t][r] * range, hi = kRhoMax[t][r] * range;
  // The tables can give rho_min > rho_max (e.g. PB for G): keep rho_min <= rho_max.
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
  // Nearest obstacle per bearing: mark the ones shadowed by a nearer one.
  bool skip[kMaxConsidered] = {};
  count = std::clamp(count, 0, kMaxConsidered);
  for (int i = 0; i < count; ++i) {
    const double ax = obstacles[i].x - robot.x, ay = obstacles[i].y - robot.y;
    for (int j = 0; j < count && !skip[i]; ++j) {
      if (j == i) continue;
      const double bx = obstacles[j].x - robot.x, by = obstacles[j].y - robot.y;
      const double da = length(ax, ay), db = length(bx, by);
      const double angle = std::fabs(std::remainder(std::atan2(ay, ax) - std::atan2(by, bx), 2 * 3.14159265358979323846));
      if (angle < 0.1 && (db < da || (db == da && j < i))) skip[i] = true;
    }
  }
  double rep_x = 0, rep_y = 0;
  for (int i = 0; i < count; ++i) {
    if (skip[i]) continue;
    const MovingPoint& o = obstacles[i];
    // rho_o: from the obstacle to the robot's relation, here robot -> obstacle.
    const double ox = o.x - robot.x, oy = o.y - robot.y;
    const double d = length(ox, oy);
    if (d >= p.rho_min + p.rho_max || d < 1e-9) continue;  // band [rho_min, rho_min + rho_max)
    const double ux = ox / d, uy = oy / d;        // towards the obstacle
    const double rvx = robot.vx - o.vx, rvy = robot.vy - o.vy;  // v_ro
    const double closing = rvx * ux + rvy * uy;   // v_rop (signed)
    if (d < p.rho_min) {
      // Inside rho_min: maximal repulsion straight away from the obstacle.
      out.inside_min = true;
      const double maxf = p.k3 * std::pow(1.0 / std::max(p.rho_min * 0.25, 1e-3), p.s);
      rep_x -= maxf * ux, rep_y -= maxf * uy;
      continue;
    }
    if (closing <= 0) continue;                   // moving apart: no force
    const double eta = p.period * closing;
    const double nx = rvx - closing * ux, ny = rvy - closing * uy;  // v_ron
    const double zeta = p.period * length(nx, ny);
    const double denom = std::max(d + p.eta_sign * eta, 1e-3);
    const double a = p.k3 * std::pow(1.0 / denom, p.s);
    rep_x -= a * ux, rep_y -= a * uy;
    // Sideways term along v_ron; head-on (v_ron = 0): a fixed side (left of rho_o).
    double sx = -uy, sy = ux;
    const double nl = length(nx, ny);
    if (nl > 1e-9) sx = nx / nl, sy = ny / nl;
    // Anti-oscillation (8): if the resultant is parallel to rho_o, push with zeta + delta.
    const double rx = fx + rep_x, ry = fy + rep_y;
    const double cross = std::fabs(rx * uy - ry * ux) / std::max(length(rx, ry), 1e-9);
    const double z = cross < std::sin(p.parallel_tolerance) ? zeta + p.delta_zeta : zeta;
    const double b = p.k4 * std::pow(z, p.t);
    rep_x += b * sx, rep_y += b * sy;
  }
  fx += rep_x, fy += rep_y;
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
