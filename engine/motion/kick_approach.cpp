#include "motion/kick_approach.h"

#include <algorithm>
#include <cmath>

namespace libero::motion {

namespace {

// The placement window is the kick's (its data); the direction is the
// kick direction's, within which a kick still counts as aimed.
constexpr double kToleranceYaw = deg2rad(10);
// The approach aims inside a narrower band: stopping moves the feet a
// little more, and the kick must still find the ball inside the full one.
constexpr double kEntryShare = 0.8;
// Cycles standing still before the kick starts: the blend from the walking
// pose into the stand pose (0.25 s) and a little settling. After 0.3 s the
// kicks fell more often (83 against 66 in 300 short kicks); after 0.8 s
// no less often, and the wait lets the robot drift off the spot.
constexpr int kSettleCycles = 25;
// Feet side by side enough to kick from, and how early in a step (share of
// the step, inside the double support) the walk may hand over to the kick.
constexpr double kGapX = 0.02;
constexpr double kGapYaw = deg2rad(4);
constexpr double kStepStart = 0.15;
// Torso lean beyond the walking posture's up to which the walk may be stopped.
constexpr double kUprightLean = deg2rad(3);
// How far behind the spot sideways and turning corrections are made, and
// below which sideways (m) and turning (rad) errors are corrected on the way
// in: small side steps do not reach the ball, and backing off for every
// centimetre would keep the robot going to and fro.
constexpr double kBackOff = 0.06;
constexpr double kLineUpY = 0.03;
constexpr double kLineUpYaw = deg2rad(10);
// Beyond this the robot walks at full speed, facing the ball.
constexpr double kFarDistance = 0.3;

double yaw_of(const Mat3& r) { return std::atan2(r(1, 0), r(0, 0)); }

}  // namespace

Stance measure_stance(const LegGeometry& geometry, const double angles[kJointCount], const Vec3& up) {
  Mat3 level = Eigen::Quaterniond::FromTwoVectors(up.normalized(), Vec3::UnitZ()).toRotationMatrix();
  Vec3 ankle[2];
  double yaw[2];
  for (int side = 0; side < 2; ++side) {
    LegAngles leg{};
    for (int k = 0; k < 6; ++k) leg.q[k] = angles[leg_joint(static_cast<Side>(side), k)];
    Mat3 foot;
    leg_forward(geometry, static_cast<Side>(side), leg, &ankle[side], &foot);
    ankle[side] = level * ankle[side];
    yaw[side] = yaw_of(level * foot);
  }
  Stance s;
  s.x = 0.5 * (ankle[kLeft].x() + ankle[kRight].x());
  s.y = 0.5 * (ankle[kLeft].y() + ankle[kRight].y());
  s.yaw = 0.5 * (yaw[kLeft] + yaw[kRight]);
  s.gap_x = ankle[kLeft].x() - ankle[kRight].x();
  s.gap_yaw = normalize_angle(yaw[kLeft] - yaw[kRight]);
  return s;
}

void KickApproach::reset() {
  foot_chosen_ = false;
  left_ = false;
  holding_ = false;
  lined_up_ = false;
  still_cycles_ = 0;
}

KickApproachOutput KickApproach::step(const KickSpec& spec, const KickApproachInput& in, const WalkEngine& walk) {
  KickApproachOutput out;
  // Ball and kick direction in the stance frame.
  double c = std::cos(in.stance.yaw), s = std::sin(in.stance.yaw);
  double dx = in.ball_x - in.stance.x, dy = in.ball_y - in.stance.y;
  double bx = c * dx + s * dy, by = -s * dx + c * dy;
  // The turn still to make, per foot: onto the kick direction less the
  // kick's veer (the right foot's ball leaves `veer` to the left of its
  // facing, the mirrored left foot's as far to the right).
  double kick_dir = normalize_angle(in.kick_dir - in.stance.yaw);
  double turn_left = normalize_angle(kick_dir + spec.veer), turn_right = normalize_angle(kick_dir - spec.veer);
  // Where the stance has to go: the kick spot placed behind the ball along
  // the way the feet will face, so turning onto it does not undo the
  // walking.
  auto pose_error = [&](bool left, double* ex, double* ey) {
    double sx = spec.ball_x - in.reference.x;
    double sy = (left ? -spec.ball_y : spec.ball_y) - in.reference.y;
    double turn = left ? turn_left : turn_right;
    double cd = std::cos(turn), sd = std::sin(turn);
    *ex = bx - (cd * sx - sd * sy);
    *ey = by - (sd * sx + cd * sy);
  };
  double lx, ly, rx, ry;
  pose_error(true, &lx, &ly);
  pose_error(false, &rx, &ry);
  // The foot needing the least walking, sideways steps counting double (the
  // walk is slowest sideways). Switching is allowed while far: near the
  // ball a switch would walk the other foot through it.
  double cost_left = std::hypot(lx, 2 * ly), cost_right = std::hypot(rx, 2 * ry);
  if (!foot_chosen_) {
    left_ = cost_left < cost_right;
    foot_chosen_ = true;
  } else if (std::min(cost_left, cost_right) > 2 * kFarDistance) {
    if (left_ ? cost_right < cost_left - 0.05 : cost_left < cost_right - 0.05) left_ = !left_;
  }
  double ex = left_ ? lx : rx, ey = left_ ? ly : ry;
  double dir = left_ ? turn_left : turn_right;
  out.left_foot = left_;
  out.error_x = ex;
  out.error_y = ey;
  out.error_yaw = dir;

  double slack = holding_ ? 1.5 : kEntryShare;
  bool aligned = std::abs(ex) < spec.window_x * slack && std::abs(ey) < spec.window_y * slack &&
                 std::abs(dir) < kToleranceYaw * slack;
  holding_ = aligned;
  if (aligned) {
    still_cycles_ = walk.standing_still() ? still_cycles_ + 1 : 0;
    // The walk would come to rest on its own only after a second or more
    // (the balance steps keep moving the feet, so it keeps stepping in
    // place): at the start of a step in place, both feet down and side by
    // side, it is stopped outright and the robot stands up where it is.
    // Only with the torso upright: stopped while leaning a few degrees, the
    // robot stands rocking on its toes and the kick's weight shift rolls it
    // over the support foot.
    bool feet_together = std::abs(in.stance.gap_x) < kGapX && std::abs(in.stance.gap_yaw) < kGapYaw;
    const WalkCommand& speed = walk.current();
    bool in_place = std::abs(speed.vx) < 1e-3 && std::abs(speed.vy) < 1e-3 && std::abs(speed.turn) < 1e-3;
    bool upright = std::abs(in.lean_pitch) < kUprightLean && std::abs(in.lean_roll) < kUprightLean;
    out.stop_walk = walk.walking() && walk.phase() < kStepStart && feet_together && in_place && upright;
    out.kick = still_cycles_ >= kSettleCycles;
    out.aligned = true;
    out.feet_together = feet_together;
    out.in_place = in_place;
    out.upright = upright;
    out.still_cycles = still_cycles_;
    return out;
  }
  still_cycles_ = 0;

  const WalkParams& p = walk.params();
  double distance = std::hypot(ex, ey);
  bool far = distance > kFarDistance;
  // Errors back in the torso's frame, where the walk is commanded.
  double tx = c * ex - s * ey, ty = s * ex + c * ey;
  if (far) {
    out.command.vx = std::clamp(p.walk_to_gain * tx, -p.max_backward, p.max_forward);
    out.command.vy = std::clamp(p.walk_to_gain * ty, -p.max_side, p.max_side);
    out.command.turn = std::clamp(p.walk_to_turn_gain * normalize_angle(std::atan2(by, bx) + in.stance.yaw), -1.2, 1.2);
    return out;
  }
  // Sideways and turning steps next to the ball swing a foot into it: those
  // corrections are made a little behind the spot, and the last part is
  // walked straight.
  double line_slack = lined_up_ ? 1.5 : 1.0;
  lined_up_ = std::abs(ey) < kLineUpY * line_slack && std::abs(dir) < kLineUpYaw * line_slack;
  if (!lined_up_) {
    double back = ex - kBackOff;
    tx = c * back - s * ey;
    ty = s * back + c * ey;
  }
  // Near the ball: speed in proportion to what is left, so the steps shrink
  // as the spot comes closer instead of overshooting it, and never so slow
  // that the last centimetres take seconds. Fast turning steps next to the
  // ball swing a foot into it, hence the low caps.
  auto near_speed = [](double error, double tolerance, double gain, double floor, double cap) {
    if (std::abs(error) < 0.4 * tolerance) return 0.0;
    double v = std::max(gain * std::abs(error), floor);
    return std::copysign(std::min(v, cap), error);
  };
  out.command.vx = near_speed(tx, spec.window_x, 4.0, 0.06, 0.25);
  out.command.vy = near_speed(ty, spec.window_y, 2.5, 0.04, 0.12);
  out.command.turn = near_speed(dir, kToleranceYaw, 2.0, 0.15, 0.5);
  return out;
}

}  // namespace libero::motion
