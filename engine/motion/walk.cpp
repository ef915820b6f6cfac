#include "motion/walk.h"

#include <algorithm>
#include <cmath>

#include "motion/joint_controller.h"

namespace libero::motion {

namespace {

constexpr double kGravity = 9.81;
constexpr double kCrouchSeconds = 0.2;  // stand height <-> walk height
constexpr double kGaitBlendPerStep = 0.25;

double swing_profile(double phase) { return 0.5 * (1.0 - std::cos(kPi * phase)); }

// Swing path in time with a trapezoid speed profile: the speed rises over
// the first `ramp` of the swing (half cosine), holds, and falls over the
// last `ramp`. Peak speed 1 / (1 - ramp) times the mean (the half cosine's
// is pi / 2): a speed-bound joint covers more in the same time, and the
// foot still starts and lands at rest. ramp 0.5 is a smooth triangle.
double trapezoid_profile(double phase, double ramp) {
  double peak = 1.0 / (1.0 - ramp);
  auto rising = [&](double p) { return peak * (0.5 * p - ramp / (2.0 * kPi) * std::sin(kPi * p / ramp)); };
  if (phase <= ramp) return rising(phase);
  if (phase >= 1.0 - ramp) return 1.0 - rising(1.0 - phase);
  return rising(ramp) + peak * (phase - ramp);
}

double approach(double value, double goal, double max_change) {
  return value + std::clamp(goal - value, -max_change, max_change);
}

}  // namespace

void WalkEngine::configure(const LegGeometry& geometry, const WalkParams& params) {
  geometry_ = geometry;
  base_params_ = params_ = params;
  touchdown_early_steps_ = touchdown_held_cycles_ = 0;
  reset();
  update_rest_pose();
}

void WalkEngine::update_rest_pose() {
  // A copy at rest (no heap: the engine holds plain values), so the pose
  // does not depend on what the walk is doing when its file is reloaded.
  WalkEngine rest = *this;
  rest.reset();
  rest.feet_targets(0.0, Vec3::Zero(), 0.0, 0.0, rest_pose_);
}

void WalkEngine::reset() {
  params_ = base_params_;
  sideways_blend_ = forward_blend_ = turning_blend_ = 0;
  current_ = {};
  sway_residual_ = last_sway_ = 0;
  yaw_correction_ = 0;
  heading_error_ = 0;
  crouch_ = 0;
  walking_ = false;
  time_ = 0;
  touchdown_waited_ = 0;
  period_ = params_.step_period;
  steps_taken_ = 0;
  for (int s = 0; s < 2; ++s) start_[s] = end_[s] = now_[s] = {};
}

WalkEngine::CommandShares WalkEngine::shares(const WalkCommand& command) const {
  // Limits are not part of the gait tables: base_params_ and params_ agree.
  const WalkParams& p = base_params_;
  double max_x = command.vx >= 0 ? p.max_forward : p.max_backward;
  CommandShares n;
  n.x = max_x > 0 ? command.vx / max_x : 0;
  n.y = p.max_side > 0 ? command.vy / p.max_side : 0;
  n.turn = p.max_turn > 0 ? command.turn / p.max_turn : 0;
  // combine_max_turn: turns up to it combine with walking as they did with
  // max_turn = combine_max_turn (the kick approach and the combined
  // commands keep what they were tuned with); only a turn beyond it, which
  // then takes the whole norm, may go on up to max_turn (turning in place).
  if (p.combine_max_turn > 0) n.turn = std::clamp(command.turn / p.combine_max_turn, -1.0, 1.0);
  return n;
}

void WalkEngine::limit_command(const WalkCommand& wanted) {
  WalkCommand w = wanted;
  double max_x = w.vx >= 0 ? params_.max_forward : params_.max_backward;
  const CommandShares n = shares(w);
  const double power = params_.combine_power;
  double norm = std::pow(std::pow(std::abs(n.x), power) + std::pow(std::abs(n.y), power) + std::pow(std::abs(n.turn), power),
                         1.0 / power);
  if (norm > 1.0) {
    w.vx /= norm;
    w.vy /= norm;
    w.turn /= norm;
  }
  if (max_x <= 0) w.vx = 0;
  if (params_.max_side <= 0) w.vy = 0;
  if (params_.combine_max_turn > 0) w.turn = std::clamp(w.turn, -params_.max_turn, params_.max_turn);
  if (params_.max_turn <= 0) w.turn = 0;
  double dt = kCycleSeconds;
  current_.vx = approach(current_.vx, w.vx, params_.accel_forward * dt);
  current_.vy = approach(current_.vy, w.vy, params_.accel_side * dt);
  current_.turn = approach(current_.turn, w.turn, params_.accel_turn * dt);
}

double WalkEngine::sideways_share() const {
  // How much of this step is sideways walking: the sideways part of the
  // command (of its limit) times its share of the whole command, so a
  // pure sidestep at the limit walks the sideways gait and a diagonal or
  // turning command mostly the gait the random-command runs were tuned
  // with (blended by the sideways part alone, a sideways gait searched
  // on sidesteps fell there).
  const WalkParams& p = base_params_;
  const CommandShares n = shares(current_);
  // Below sideways_from (of max_side) none: the kick approach's small
  // sidesteps keep the gait its kicks were tuned with.
  double from = std::clamp(p.sideways_from, 0.0, 0.95);
  double beyond = std::clamp((std::abs(n.y) - from) / (1.0 - from), 0.0, 1.0);
  return beyond * n.of_whole(n.y);
}

double WalkEngine::forward_share() const {
  // The forward speed beyond gait_speed_from (of the range up to
  // max_forward) times the forward part's share of the whole command, as
  // for the sideways gait: below gait_speed_from (the kick approach,
  // dribbling) and backwards none.
  const WalkParams& p = base_params_;
  if (current_.vx <= 0 || p.max_forward <= p.gait_speed_from) return 0.0;
  double beyond = std::clamp((current_.vx - p.gait_speed_from) / (p.max_forward - p.gait_speed_from), 0.0, 1.0);
  const CommandShares n = shares(current_);
  return beyond * n.of_whole(n.x);
}

double WalkEngine::turning_share() const {
  // The turn beyond turning_from (of max_turn) times the turn's share of
  // the whole command: turning in place at the limit walks the turning
  // gait; the kick approach's turns, combined with walking and below
  // combine_max_turn, do not.
  const WalkParams& p = base_params_;
  if (p.max_turn <= 0) return 0.0;
  double from = std::clamp(p.turning_from, 0.0, 0.95);
  double beyond = std::clamp((std::abs(current_.turn) / p.max_turn - from) / (1.0 - from), 0.0, 1.0);
  const CommandShares n = shares(current_);
  return beyond * n.of_whole(n.turn);
}

void WalkEngine::begin_step() {
  // Blended per step, not per cycle: the step's timing and pendulum are
  // planned once, at its start.
  // At most a quarter of the way per step: a gait switched within a step
  // or two (a sidestep reaches full speed in two) tipped the robot over.
  sideways_blend_ = approach(sideways_blend_, sideways_share(), kGaitBlendPerStep);
  forward_blend_ = approach(forward_blend_, forward_share(), kGaitBlendPerStep);
  turning_blend_ = approach(turning_blend_, turning_share(), kGaitBlendPerStep);
  params_ = blend_gaits(base_params_, {sideways_blend_, forward_blend_, turning_blend_});
  // Turning in place the support foot pivots on a corner of its sole
  // (its centre of pressure sits at the sole's edge, where a single contact
  // point gives no grip in yaw) and gives back part of every step's turn;
  // shorter, larger turning steps lose less of it (step_period_per_turn,
  // docs/motion.md, "Turn and sideways"). Only beyond turn_gait_from: the
  // kick approach's slower turns keep the steps its kicks were tuned with.
  double turn_excess = std::max(0.0, std::abs(current_.turn) - params_.turn_gait_from);
  period_ = std::clamp(params_.step_period + params_.step_period_per_speed * std::abs(gait_excess()) +
                           params_.step_period_per_turn * turn_excess,
                       0.08, 0.5);
  double period = period_;
  // The very first step is taken in place: the body has to start swaying
  // before it can go anywhere.
  double scale = steps_taken_ == 0 ? 0.0 : 1.0;
  double dx = current_.vx * period * scale;
  double dy = current_.vy * period * scale;
  double dyaw = current_.turn * period * scale;
  // Close the loop on the turn rate: feet slip, so a straight walk drifts.
  // The correction waits for a step led by the foot on its side (see
  // lead() below): applied to any step, half of it was thrown away, and a
  // steady drift (stepping sideways turns the robot) was never caught.
  const double most = params_.heading_step_max;
  if (params_.heading_feedback > 0) {
    // Heading hold: the turn commanded minus the turn measured, integrated
    // over the whole walk, so a heading lost to slip is turned back, not
    // just the rate held from then on. The yaw a correction steps shows up
    // in the measured turn and so takes itself off the error; correcting
    // the rate of the last step alone counted it as an error next time
    // and undid part of it, and never caught an accumulated offset.
    yaw_correction_ = scale > 0 ? std::clamp(params_.heading_feedback * heading_error_, -most, most) : 0.0;
  } else {
    if (yaw_rate_count_ > 0 && scale > 0) {
      double measured = yaw_rate_sum_ / yaw_rate_count_;
      yaw_correction_ = std::clamp(yaw_correction_ + params_.turn_feedback * (current_.turn - measured) * period,
                                   -most, most);
    }
    if (scale == 0) yaw_correction_ = 0;
  }
  yaw_rate_sum_ = 0;
  yaw_rate_count_ = 0;
  Side correction_leader = yaw_correction_ > 0 ? kLeft : kRight;
  Side turn_leader = dyaw > 0 ? kLeft : kRight;
  if (yaw_correction_ != 0 && correction_leader == swing_ && (dyaw == 0 || turn_leader == swing_)) {
    dyaw += yaw_correction_;
    yaw_correction_ = 0;
  }
  Side support = swing_ == kLeft ? kRight : kLeft;
  for (int s = 0; s < 2; ++s) start_[s] = now_[s];
  end_[swing_].x = 0.5 * dx;
  end_[support].x = -0.5 * dx;
  // Sideways and turning are led by the foot on that side: it steps out,
  // the other follows back to neutral on the next step.
  auto lead = [&](double d, double FootOffset::*member) {
    Side leader = d > 0 ? kLeft : kRight;
    if (d != 0 && leader == swing_) {
      end_[swing_].*member = d;
      end_[support].*member = -d;
    } else {
      end_[swing_].*member = 0;
      end_[support].*member = 0;
    }
  };
  lead(dy, &FootOffset::y);
  lead(dyaw, &FootOffset::yaw);
}

void WalkEngine::step(const WalkCommand& command, const Vec3& gyro, double pitch, double roll,
                      double target[kJointCount], const FootLoads* loads) {
  limit_command(command);
  gyro_filtered_ = 0.7 * gyro_filtered_ + 0.3 * gyro;
  yaw_rate_sum_ += gyro.z();
  ++yaw_rate_count_;
  bool wants_motion = std::abs(command.vx) > 1e-3 || std::abs(command.vy) > 1e-3 ||
                      std::abs(command.turn) > 1e-3;
  // Bounded: a robot held against something (or turning slower than its
  // limit allows) must not wind up a turn it would take seconds to undo.
  // Dropped when no motion is wanted: the walk is coming to a stop where the
  // caller put it (the kick approach stands still once lined up), and yaw
  // steps in place would only move it.
  heading_error_ = walking_ && wants_motion
                       ? std::clamp(heading_error_ + (current_.turn - gyro.z()) * kCycleSeconds, -0.3, 0.3)
                       : 0.0;
  bool moving = std::abs(current_.vx) > 1e-3 || std::abs(current_.vy) > 1e-3 ||
                std::abs(current_.turn) > 1e-3;

  if (!walking_) {
    // The walk may run lower than the stand pose (bent knees absorb the
    // landings; the get-ups and kicks keep the stand pose they were made
    // for): crouch before the first step, rise after the last.
    current_ = {};
    crouch_ = approach(crouch_, wants_motion ? 1.0 : 0.0, kCycleSeconds / kCrouchSeconds);
    if (wants_motion && crouch_ >= 1.0) {
      walking_ = true;
      time_ = 0;
      steps_taken_ = 0;
      // Lead with the foot on the side we are going to.
      swing_ = (command.vy < 0 || (command.vy == 0 && command.turn < 0)) ? kRight : kLeft;
      begin_step();
    }
  } else {
    time_ += kCycleSeconds;
    bool step_ends = time_ >= period_ - 1e-9;
    if (loads && params_.touchdown_load > 0 && steps_taken_ > 0) {
      bool landed = loads->load[swing_] >= params_.touchdown_load;
      if (!step_ends && landed && time_ >= params_.touchdown_from * period_ - 1e-9) {
        step_ends = true;
        time_ = period_;
        ++touchdown_early_steps_;
      } else if (step_ends && !landed && touchdown_waited_ + kCycleSeconds <= params_.touchdown_wait + 1e-9) {
        // Held at the plan's end (phase 1) until the foot comes down, in
        // whole cycles: a gait blend's sliver of a wait holds none.
        step_ends = false;
        time_ = period_;
        touchdown_waited_ += kCycleSeconds;
        ++touchdown_held_cycles_;
      }
    }
    if (step_ends) {
      // A held step's wait comes out of the next step's start (its double
      // support), so the exchange shifts but the cadence holds: steps made
      // longer by every wait walked the slow gait slower.
      time_ = touchdown_waited_ > 0 ? std::min(touchdown_waited_, 0.5 * period_) : std::max(0.0, time_ - period_);
      touchdown_waited_ = 0;
      // now_ holds where the feet landed (plan + balance adjustments).
      ++steps_taken_;
      bool at_neutral = true;
      for (int s = 0; s < 2; ++s)
        at_neutral = at_neutral && std::abs(now_[s].x) < 0.006 && std::abs(now_[s].y) < 0.006 &&
                     std::abs(now_[s].yaw) < 0.02;
      if (!wants_motion && !moving && at_neutral) {
        for (int s = 0; s < 2; ++s) now_[s] = {};
        sway_residual_ = last_sway_;
        walking_ = false;
        params_ = base_params_;
        sideways_blend_ = forward_blend_ = turning_blend_ = 0;
        time_ = 0;
        current_ = {};
      } else {
        swing_ = swing_ == kLeft ? kRight : kLeft;
        begin_step();
      }
    }
  }
  // A walk that stopped mid-sway (the sway leads the feet) glides back to
  // the centre instead of jumping there.
  sway_residual_ = approach(sway_residual_, 0.0, 0.1 * kCycleSeconds);
  const double period = period_;
  double phase = walking_ ? std::clamp(time_ / period, 0.0, 1.0) : 0.0;
  // Lean away from the pose the pattern assumes (torso_pitch forward,
  // level sideways); clamped so a sensor glitch or a fall in progress
  // cannot fold the legs.
  double pitch_error = std::clamp(pitch - walk_torso_pitch(), -0.3, 0.3);
  double roll_error = std::clamp(roll, -0.3, 0.3);
  double tc = std::sqrt(params_.com_height / kGravity);
  if (walking_) {
    Side support = swing_ == kLeft ? kRight : kLeft;
    double half = 0.5 * period / tc;
    double lipm = 0.5 + 0.5 * std::sinh((phase - 0.5) * period / tc) / std::sinh(half);
    // Support foot: the whole step. Swing foot: rides with the ground during
    // the double-support part, then swings to its target.
    double ds = params_.double_support;
    double support_x = start_[support].x + (end_[support].x - start_[support].x) * lipm;
    // Sideways the support foot is where the pendulum's pivot is: relative
    // to the CoM it follows the inverted pendulum between its start and end
    // offsets, a(t) = (a0 sinh((T-t)/Tc) + a1 sinh(t/Tc)) / sinh(T/Tc), the
    // offsets counted from the CoM (the foot's neutral lateral place
    // included, scaled by lateral_pendulum). With a0 = a1 this is the
    // in-place sway towards the support foot; when stepping sideways the
    // CoM slows over one foot and speeds up between them, instead of the
    // constant drift no support can hold.
    double neutral = params_.lateral_pendulum *
                     (geometry_.hip[support].y() + (support == kLeft ? params_.foot_spread : -params_.foot_spread));
    if (steps_taken_ == 0) neutral *= 0.5;  // from standing still: half a sway
    auto lateral = [&](double ph) {
      double a0 = neutral + start_[support].y, a1 = neutral + end_[support].y;
      return (a0 * std::sinh((1.0 - ph) * period / tc) + a1 * std::sinh(ph * period / tc)) /
                 std::sinh(period / tc) - neutral;
    };
    double support_y = lateral(phase);
    double support_yaw = start_[support].yaw + (end_[support].yaw - start_[support].yaw) * phase;
    double ds_lipm = 0.5 + 0.5 * std::sinh((std::min(phase, ds) - 0.5) * period / tc) / std::sinh(half);
    double slide_x = (end_[support].x - start_[support].x) * (ds_lipm - (0.5 - 0.5 * std::sinh(0.5 * period / tc) / std::sinh(half)));
    double slide_y = lateral(std::min(phase, ds)) - start_[support].y;
    double slide_yaw = (end_[support].yaw - start_[support].yaw) * std::min(phase, ds);
    double from_x = start_[swing_].x + slide_x, from_y = start_[swing_].y + slide_y;
    double from_yaw = start_[swing_].yaw + slide_yaw;
    // The swing ends `swing_end` into the single support: the joints lag
    // the targets by a few cycles (the swing knee runs at its speed limit),
    // and a foot still coming down when the weight moves onto it bounces.
    double swing_end = std::clamp(params_.swing_end, 0.5, 1.0);
    double swing_phase = phase <= ds ? 0.0 : std::min(1.0, (phase - ds) / ((1.0 - ds) * swing_end));
    double ramp = std::clamp(params_.swing_ramp, 0.0, 0.5);
    double base = ramp > 0 ? trapezoid_profile(swing_phase, ramp) : swing_profile(swing_phase);
    double s = base + params_.swing_linear * (swing_phase - base);
    // Balance: a swing foot that lands further in the direction the body
    // tips to catches it. Capture-point form in angles: lean plus lean rate
    // times the pendulum time constant.
    const bool slow_gait = gait_excess() == 0;
    double catch_x = (slow_gait ? params_.slow_balance_step_x : params_.balance_step_x) *
                     (gyro_filtered_.y() + pitch_error / tc);
    double catch_y = -(slow_gait ? params_.slow_balance_step_y : params_.balance_step_y) *
                     (gyro_filtered_.x() + roll_error / tc);
    catch_x = std::clamp(catch_x, -0.04, 0.04);
    // Only outwards: the swing foot must not cross under the support foot.
    catch_y = swing_ == kLeft ? std::clamp(catch_y, 0.0, 0.03) : std::clamp(catch_y, -0.03, 0.0);
    now_[swing_].x = from_x + (end_[swing_].x + catch_x - from_x) * s;
    now_[swing_].y = from_y + (end_[swing_].y + catch_y - from_y) * s;
    now_[swing_].yaw = from_yaw + (end_[swing_].yaw - from_yaw) * s;
    now_[support].x = support_x;
    now_[support].y = support_y;
    now_[support].yaw = support_yaw;
    swing_phase_ = swing_phase;
  }
  last_sway_ = sway_offset(phase);
  feet_targets(phase, gyro, pitch_error, roll_error, target);
}

void WalkEngine::stand_pose(double target[kJointCount]) const {
  feet_targets(0.0, Vec3::Zero(), 0.0, 0.0, target);
}

double WalkEngine::sway_offset(double phase) const {
  const WalkParams& p = params_;
  if (!walking_) return sway_residual_;
  double tc = std::sqrt(p.com_height / kGravity);
  double half = 0.5 * period_ / tc;
  // The sway runs `sway_lead` of a step ahead of the feet: the joints lag
  // the targets by a few cycles and the weight has to be over the support
  // foot when the swing foot lifts, not halfway through its swing. Past
  // the step's end it is the next step's sway (the other way).
  double lead = std::clamp(p.sway_lead, 0.0, 0.5);
  double ahead = phase + lead;
  double toward = swing_ == kRight ? 1.0 : -1.0;  // sway over the support foot
  if (ahead >= 1.0) {
    ahead -= 1.0;
    toward = -toward;
  }
  double shape = (1.0 - std::cosh((ahead - 0.5) * period_ / tc) / std::cosh(half)) /
                 (1.0 - 1.0 / std::cosh(half));
  // From standing the sway builds up over the first (in-place) step.
  double start_scale = steps_taken_ == 0 ? std::min(1.0, phase / std::max(1.0 - lead, 0.5)) : 1.0;
  return toward * p.sway * shape * start_scale;
}

void WalkEngine::feet_targets(double phase, const Vec3& gyro, double pitch_error, double roll_error,
                              double target[kJointCount]) const {
  const WalkParams& p = params_;
  double leg_length = geometry_.thigh.norm() + geometry_.shank.norm();
  double crouch = 0.5 - 0.5 * std::cos(kPi * crouch_);
  auto blend = [crouch](double stand, double walk) { return stand + (walk - stand) * crouch; };
  double hip_height = blend(p.stand_hip_height_ratio, p.hip_height_ratio) * leg_length;
  double foot_spread = blend(p.stand_foot_spread, p.foot_spread);
  double torso_offset_x = blend(p.stand_torso_offset_x, p.torso_offset_x);
  double torso_pitch = blend(p.stand_torso_pitch, walk_torso_pitch());

  double sway = sway_offset(phase), lift[2] = {0, 0};
  if (walking_) {
    double height = p.step_height * (steps_taken_ == 0 ? 0.5 : 1.0);
    lift[swing_] = height * 0.5 * (1.0 - std::cos(2.0 * kPi * swing_phase_));
  }

  // Feet are planned in a level frame under the torso, which leans by
  // torso_pitch. The lean feedback below acts while walking only.
  double lean = walking_ ? 1.0 : 0.0;
  // The rate the stand feeds back: what lies beyond stand_gyro_deadband.
  Vec3 stand_rate;
  for (int k = 0; k < 3; ++k)
    stand_rate[k] = std::copysign(std::max(0.0, std::abs(gyro[k]) - p.stand_gyro_deadband), gyro[k]);
  Mat3 unpitch = rot_y(-torso_pitch);
  for (int side = 0; side < 2; ++side) {
    const Vec3& hip = geometry_.hip[side];
    double lateral = hip.y() + (side == kLeft ? foot_spread : -foot_spread);
    Vec3 neutral(0, lateral, 0);
    Vec3 placed = rot_z(now_[side].yaw) * neutral;
    Vec3 level(hip.x() + placed.x() + now_[side].x - torso_offset_x,
               placed.y() + now_[side].y - sway,
               hip.z() - hip_height + lift[side]);
    Vec3 ankle = unpitch * level;
    Mat3 foot = unpitch * rot_z(now_[side].yaw);
    LegAngles angles{};
    solve_leg(geometry_, static_cast<Side>(side), ankle, foot, &angles);
    bool supporting = !walking_ || side != swing_;
    if (supporting) {
      // Ankle and hip strategies: rate (damping) and lean (stiffness).
      // The lean terms only while walking: the stand pose is where get-ups
      // and kicks start and end, and those expect it fixed.
      angles.q[4] += (walking_ ? p.gyro_ankle_pitch * gyro.y() : p.stand_gyro_ankle_pitch * stand_rate.y()) +
                     lean * p.tilt_ankle_pitch * pitch_error;
      angles.q[2] += lean * (p.gyro_hip_pitch * gyro.y() + p.tilt_hip_pitch * pitch_error);
      angles.q[5] += (walking_ ? p.gyro_ankle_roll * gyro.x() : p.stand_gyro_ankle_roll * stand_rate.x()) +
                     lean * p.tilt_ankle_roll * roll_error;
      angles.q[1] += lean * (p.gyro_hip_roll * gyro.x() + p.tilt_hip_roll * roll_error);
    }
    for (int k = 0; k < 6; ++k) target[leg_joint(static_cast<Side>(side), k)] = angles.q[k];
  }

  // Arms hang down and swing against the opposite leg.
  target[kLShoulderPitch] = p.arm_pitch + p.arm_swing * now_[kRight].x;
  target[kRShoulderPitch] = p.arm_pitch + p.arm_swing * now_[kLeft].x;
  target[kLShoulderYaw] = p.arm_out;
  target[kRShoulderYaw] = -p.arm_out;
  target[kLArmRoll] = 0;
  target[kRArmRoll] = 0;
  target[kLArmYaw] = -p.elbow;
  target[kRArmYaw] = p.elbow;
  target[kLToePitch] = 0;
  target[kRToePitch] = 0;
}

}  // namespace libero::motion
