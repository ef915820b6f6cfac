#include "motion/kick_approach.h"

#include <algorithm>
#include <cmath>

namespace libero::motion {

namespace {

// The placement window is the kick's (its data); the direction is the
// kick direction's, within which a kick still counts as aimed.
constexpr double kToleranceYaw = deg2rad(10);
// The approach aims at the window's centre, not its edge: where the robot
// stands once stopped differs from where it was placed while stepping by
// about 2 cm (standard deviation, both axes, both servers; the settled error
// against the one when the walk was stopped, docs/motion.md, Kicks), so a
// robot stopped at 0.8 of the window (it arrives from behind, at the edge)
// stood outside it after 13 of 33 stops on rcssserver3d and walked again,
// each time a second or more. Forward it walks on to 0.5 of the window,
// sideways to 0.6 (side steps are slower); the turn keeps 0.8. The window
// may reach further on one side of the spot than on the other (`window_x`
// beyond it, `window_x_near` nearer the feet): the middle is aimed at.
constexpr double kEntryShareX = 0.5;
constexpr double kEntryShareY = 0.6;
constexpr double kEntryShareYaw = 0.8;
// The slowest forward speed commanded near the spot (m/s): on rcssserver3d
// a robot commanded 0.10-0.12 m/s there stepped without getting nearer
// for seconds (it drifts back while stepping slowly).
constexpr double kNearFloorX = 0.1;
// The share of the walk's forward acceleration limit the last centimetres
// are planned to stop with. At 0.5 the robot entered the band at about
// 0.2 m/s and the short kick's foot (its spot nearest the toes) pushed the
// ball away before the kick in 3 of 10 approaches on rcssserver3d and 2 of
// 10 on the built-in simulator; planned to stop at the band's edge (0.1 m/s
// there) the long kick came within 1 s of arriving in 6 of 20 there, not 14.
constexpr double kStopDecelShare = 0.3;
// Once inside, the robot keeps stepping in place until the walk can be
// stopped; meanwhile its torso rocks over the feet and the measured error
// wanders by 2 cm on rcssserver3d, so it holds on up to this share of the
// window (1.5 sent it walking again in most approaches there; 1.0 too, and
// there a walk from 3 cm back to the middle took 1-3 s: stepping slowly the
// robot drifts back about as fast as it is commanded forward).
constexpr double kHoldShare = 2.0;
// Standing still before the kick, the robot judges the mean error over the
// settle time, not each cycle's: sightings of the ball at the feet scatter
// by 2 cm and jump by up to 6 cm on rcssserver3d while the robot stands,
// and a per-cycle check sent a placed robot walking again and again (7 s
// or more before the kick: docs/motion.md, Kicks). The mean must lie in the
// window (forward up to the kick's settle_window_x); one sighting beyond
// kMovedShare of the window is a moved ball and the robot walks again at
// once. (At 0.9 of the window 6 of 20 settles on rcssserver3d were
// rejected, each costing 1-2 s of walking again, while the long kick's
// travel there did not follow the ball's measured place within it.)
constexpr double kMovedShare = 3.0;
// How far past the entry band the walk after a rejected settle is sent
// (m): a correction inside the band stood the robot aligned where it was,
// and it settled and was rejected again and again.
constexpr double kTorsoMinMove = 0.005;
// Cycles standing still before the kick starts: the blend from the walking
// pose into the stand pose (0.25 s) and a little settling. After 0.3 s the
// kicks fell more often (83 against 66 in 300 short kicks); after 0.8 s
// no less often, and the wait lets the robot drift off the spot.
constexpr int kSettleCycles = 25;
// Feet side by side enough to kick from, and how early in a step (share of
// the step, inside the double support) the walk may hand over to the kick.
// On rcssserver3d a robot stepping in place drifts backwards by 3-4 cm/s
// and rarely meets tighter conditions at a step's start, so it stepped
// until the ball was out of its window again (2 cm, 4 degrees and 0.15 of
// the step held 1 of 10 approaches there under 1 s).
constexpr double kGapX = 0.03;
constexpr double kGapYaw = deg2rad(6);
constexpr double kStepStart = 0.25;
// The walk's own speed low enough to stop from: it ramps down for a few
// steps after the command drops to zero.
constexpr double kInPlaceSpeed = 0.03;  // m/s
constexpr double kInPlaceTurn = 0.1;    // rad/s
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

// The settle's mean error (ball from the spot, m; turn still to make, rad)
// inside what the kick accepts from a stand: the window, reaching forward
// to settle_window_x.
bool settled_inside(const KickSpec& spec, double x, double y, double yaw) {
  return x > -spec.window_x_near && x < std::max(spec.window_x, spec.settle_window_x) &&
         std::abs(y) < spec.window_y && std::abs(yaw) < kToleranceYaw;
}

bool torso_inside(const KickSpec& spec, double torso_x, int rejections) {
  const double grow = spec.torso_x_grow * rejections;
  return !spec.has_torso_range() || (torso_x > spec.torso_x_min - grow && torso_x < spec.torso_x_max + grow);
}

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

const char* approach_phase_name(ApproachPhase phase) {
  switch (phase) {
    case ApproachPhase::Far: return "far";
    case ApproachPhase::LineUp: return "line_up";
    case ApproachPhase::WalkIn: return "walk_in";
    case ApproachPhase::Placed: return "placed";
    case ApproachPhase::StandUp: return "stand_up";
    case ApproachPhase::Settle: return "settle";
    case ApproachPhase::Kick: return "kick";
  }
  return "?";
}

void KickApproach::reset() {
  foot_chosen_ = false;
  left_ = false;
  holding_ = false;
  lined_up_ = false;
  still_cycles_ = 0;
  settle_sum_x_ = settle_sum_y_ = settle_sum_yaw_ = settle_sum_torso_x_ = 0;
  correction_x_ = 0;
  torso_rejections_ = 0;
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
    if (left_ ? cost_right < cost_left - 0.05 : cost_left < cost_right - 0.05) {
      left_ = !left_;
      correction_x_ = 0;
    }
  }
  // The feet's error as the torso's sightings last judged it (see
  // torso_x_min in KickSpec): 0 until a settle found the two apart.
  double ex = (left_ ? lx : rx) + correction_x_, ey = left_ ? ly : ry;
  double dir = left_ ? turn_left : turn_right;
  out.left_foot = left_;
  out.error_x = ex;
  out.error_y = ey;
  out.error_yaw = dir;

  // The window runs from window_x_near behind the spot (the ball nearer the
  // feet) to window_x beyond it; the approach aims at its middle.
  const double centre_x = 0.5 * (spec.window_x - spec.window_x_near);
  const double half_x = 0.5 * (spec.window_x + spec.window_x_near);
  auto inside_shares = [&](double x, double y, double yaw, double share_x, double share_y, double share_yaw) {
    return std::abs(x - centre_x) < half_x * share_x && std::abs(y) < spec.window_y * share_y &&
           std::abs(yaw) < kToleranceYaw * share_yaw;
  };
  auto inside = [&](double x, double y, double yaw, double share) {
    return inside_shares(x, y, yaw, share, share, share);
  };
  // Standing still and placed: the settle runs to its end unless the ball
  // moved, then its mean error decides between the kick and more walking.
  // The settle counts from the walk's stop, whether the approach stopped it
  // (the joints then blend into the stand pose for 0.25 s) or it came to
  // rest on its own (it then rises from its crouch for 0.2 s): its first
  // half covers either. Counted from standing still, a robot whose walk
  // stopped itself (19 of 20 approaches on rcssserver3d) rose 0.24 s and
  // then waited out a blend it did not need.
  if (holding_ && !walk.walking() && still_cycles_ > 0) {
    if (inside(ex, ey, dir, kMovedShare)) {
      ++still_cycles_;
      // The mean of the settle's second half: in the first the body blends
      // from the walking pose into the stand and the feet still shift.
      if (still_cycles_ == kSettleCycles / 2)
        settle_sum_x_ = settle_sum_y_ = settle_sum_yaw_ = settle_sum_torso_x_ = 0;
      if (still_cycles_ >= kSettleCycles / 2) {
        settle_sum_x_ += ex;
        settle_sum_y_ += ey;
        settle_sum_yaw_ += dir;
        settle_sum_torso_x_ += in.ball_x;
      }
      out.aligned = out.feet_together = out.in_place = true;
      out.still_cycles = still_cycles_;
      out.phase = ApproachPhase::Settle;
      if (still_cycles_ < kSettleCycles) return out;
      double n = still_cycles_ - kSettleCycles / 2 + 1;
      const double mean_x = settle_sum_x_ / n, torso_x = settle_sum_torso_x_ / n;
      const bool feet_inside = settled_inside(spec, mean_x, settle_sum_y_ / n, settle_sum_yaw_ / n);
      if (feet_inside && !torso_inside(spec, torso_x, torso_rejections_)) {
        // The feet say the ball is in place, the torso that it lies too
        // near or too far for the kick: walk again until the feet's error,
        // corrected by the difference, puts the ball in the middle of the
        // torso's range.
        double move = torso_x - 0.5 * (spec.torso_x_min + spec.torso_x_max);
        // At least past the entry band, or the robot would stand aligned where it is and settle again.
        move = std::copysign(std::max(std::abs(move), half_x * kEntryShareX + kTorsoMinMove), move);
        const double correction = move + centre_x - (mean_x - correction_x_);
        ex += correction - correction_x_;  // this cycle's too: it walks now, not after another settle
        correction_x_ = correction;
        ++torso_rejections_;
        out.torso_rejected = true;
      }
      if (feet_inside && !out.torso_rejected) {
        // The error reported (which kicks that adapt to the ball read) is
        // this cycle's and from the foot as it stands, without the turn still
        // to make: the body may still sway during the settle, and the kick
        // swings from where the foot is now.
        out.kick = true;
        out.phase = ApproachPhase::Kick;
        double sx = spec.ball_x - in.reference.x;
        double sy = (left_ ? -spec.ball_y : spec.ball_y) - in.reference.y;
        out.error_x = bx - sx;
        out.error_y = by - sy;
        return out;
      }
    }
    // The ball moved, or the settled mean is off the spot: walk again.
    holding_ = false;
    still_cycles_ = 0;
  }

  // A kick from the walk starts in a step of the kicking foot, while the
  // other foot carries the weight, with the ball in its box as the torso
  // sees it. The box is the torso's, not the feet's: mid-step the stance
  // is half a step out, and the kick meets the ball where the body
  // carries the foot.
  const double walk_spot_y = left_ ? -spec.ball_y : spec.ball_y;
  const double walk_dx = in.ball_x - spec.ball_x, walk_dy = in.ball_y - walk_spot_y;
  const bool kicking_step = walk.walking() && walk.swing_side() == (left_ ? kLeft : kRight) &&
                            walk.phase() >= spec.walk_phase_min && walk.phase() < spec.walk_phase_max;
  if (spec.from_walk && kicking_step && std::abs(walk_dx) < spec.walk_window_x &&
      std::abs(walk_dy) < spec.walk_window_y && std::abs(dir) < spec.walk_yaw) {
    out.kick = true;
    out.phase = ApproachPhase::Kick;
    out.error_x = walk_dx;
    out.error_y = walk_dy;
    return out;
  }

  bool aligned = !spec.from_walk && (holding_ ? inside(ex, ey, dir, kHoldShare)
                                              : inside_shares(ex, ey, dir, kEntryShareX, kEntryShareY, kEntryShareYaw));
  holding_ = aligned;
  if (aligned) {
    still_cycles_ = walk.walking() ? 0 : 1;
    // The walk would come to rest on its own only after a second or more
    // (the balance steps keep moving the feet, so it keeps stepping in
    // place): at the start of a step in place, both feet down and side by
    // side, it is stopped outright and the robot stands up where it is,
    // leaning or not. (Held until the torso was within 3-5 degrees of the
    // walking posture, robots decelerating onto the spot stepped in place
    // leaning back for up to 0.6 s on rcssserver3d and drifted 3-6 cm back
    // out of the window: 3 of 5 rejected settles in 20 approaches. Stopped
    // at any lean, none of 40 approaches there fell and the long kick went
    // as far; the settle's half second of standing takes the lean out.)
    bool feet_together = std::abs(in.stance.gap_x) < kGapX && std::abs(in.stance.gap_yaw) < kGapYaw;
    const WalkCommand& speed = walk.current();
    bool in_place = std::abs(speed.vx) < kInPlaceSpeed && std::abs(speed.vy) < kInPlaceSpeed &&
                    std::abs(speed.turn) < kInPlaceTurn;
    out.stop_walk = walk.walking() && walk.phase() < kStepStart && feet_together && in_place;
    out.aligned = true;
    out.feet_together = feet_together;
    out.in_place = in_place;
    out.still_cycles = still_cycles_;
    out.phase = walk.walking() ? ApproachPhase::Placed : ApproachPhase::StandUp;
    return out;
  }
  still_cycles_ = 0;

  const WalkParams& p = walk.params();
  double distance = std::hypot(ex, ey);
  bool far = distance > kFarDistance;
  // Errors back in the torso's frame, where the walk is commanded, towards
  // the window's middle.
  const double aim_x = ex - centre_x;
  double tx = c * aim_x - s * ey, ty = s * aim_x + c * ey;
  if (far) {
    out.command.vx = std::clamp(p.walk_to_gain * tx, -p.max_backward, p.max_forward);
    out.command.vy = std::clamp(p.walk_to_gain * ty, -p.max_side, p.max_side);
    out.command.turn = std::clamp(p.walk_to_turn_gain * normalize_angle(std::atan2(by, bx) + in.stance.yaw), -1.2, 1.2);
    out.phase = ApproachPhase::Far;
    return out;
  }
  // Sideways and turning steps next to the ball swing a foot into it: those
  // corrections are made a little behind the spot, and the last part is
  // walked straight.
  double line_slack = lined_up_ ? 1.5 : 1.0;
  lined_up_ = std::abs(ey) < kLineUpY * line_slack && std::abs(dir) < kLineUpYaw * line_slack;
  out.phase = lined_up_ ? ApproachPhase::WalkIn : ApproachPhase::LineUp;
  if (!lined_up_) {
    double back = aim_x - kBackOff;
    tx = c * back - s * ey;
    ty = s * back + c * ey;
  }
  // Near the ball: speed in proportion to what is left, so the steps shrink
  // as the spot comes closer instead of overshooting it, and never so slow
  // that the last centimetres take seconds. Fast turning steps next to the
  // ball swing a foot into it, hence the low caps.
  // `speed` is what the error asks for; none inside 0.3 of the tolerance.
  auto near_speed = [](double error, double tolerance, double speed, double floor, double cap) {
    if (std::abs(error) < 0.3 * tolerance) return 0.0;
    return std::copysign(std::min(std::max(speed, floor), cap), error);
  };
  // Forward, as fast as the walk can still stop within what is left at
  // kStopDecelShare of its deceleration limit (in proportion, 4 m/s per m,
  // the last 6 cm took 0.6 s after arriving on rcssserver3d).
  const double stop_speed = std::sqrt(2 * kStopDecelShare * p.accel_forward * std::abs(tx));
  out.command.vx = near_speed(tx, half_x, stop_speed, kNearFloorX, 0.25);
  if (spec.from_walk && lined_up_) {
    // Walk on through the box at the kick's pace (half of it inside the
    // box, waiting for the kicking foot's step); back off once past it.
    if (walk_dx > 0.5 * spec.walk_window_x) out.command.vx = spec.walk_speed;
    else if (walk_dx > -spec.walk_window_x) out.command.vx = 0.5 * spec.walk_speed;
    else out.command.vx = -kNearFloorX;
  }
  out.command.vy = near_speed(ty, spec.window_y, 2.5 * std::abs(ty), 0.04, 0.12);
  out.command.turn = near_speed(dir, kToleranceYaw, 2.0 * std::abs(dir), 0.15, 0.5);
  return out;
}

}  // namespace libero::motion
