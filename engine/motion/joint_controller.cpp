#include "motion/joint_controller.h"

#include <algorithm>

namespace libero::motion {

void JointController::configure(const JointLimit limits[kJointCount],
                                const JointControllerParams& params) {
  for (int j = 0; j < kJointCount; ++j) limits_[j] = limits[j];
  params_ = params;
  reset();
}

void JointController::reset() {
  have_history_ = false;
  for (int j = 0; j < kJointCount; ++j) {
    last_velocity_[j] = 0;
    last_measured_[j] = 0;
    last_target_[j] = 0;
    predicted_next_[j] = 0;
  }
}

double JointController::clamp_to_range(int joint, double angle) const {
  // Stay a hair inside the stops: they bounce with restitution 1
  // (simspark-facts §1.4), so touching one throws the joint back.
  constexpr double kMargin = 0.01;
  const JointLimit& l = limits_[joint];
  if (!l.exists) return angle;
  return std::clamp(angle, l.min_angle + kMargin, l.max_angle - kMargin);
}

void JointController::step(const double measured[kJointCount], const double target[kJointCount],
                           double velocity[kJointCount]) {
  const double dt = kCycleSeconds;
  for (int j = 0; j < kJointCount; ++j) {
    const JointLimit& l = limits_[j];
    if (!l.exists) {
      velocity[j] = 0;
      continue;
    }
    // Where the joint will be when this command starts to act.
    double rate = last_velocity_[j];
    if (have_history_) {
      double measured_rate = (measured[j] - last_measured_[j]) / dt;
      rate = params_.command_trust * last_velocity_[j] + (1.0 - params_.command_trust) * measured_rate;
    }
    double next = clamp_to_range(j, measured[j] + rate * dt);
    predicted_next_[j] = next;

    double goal = clamp_to_range(j, target[j]);
    // The previous call's goal was meant for k+1; the step between the two
    // goals is the feed-forward, the gap between k+1's goal and the
    // prediction is the error to close.
    double previous_goal = have_history_ ? last_target_[j] : next;
    double v = ((goal - previous_goal) + params_.error_gain * (previous_goal - next)) / dt;
    v = std::clamp(v, -l.max_speed, l.max_speed);
    // Never drive into the stops (they bounce with restitution 1).
    double landing = next + v * dt;
    double high = clamp_to_range(j, l.max_angle), low = clamp_to_range(j, l.min_angle);
    if (landing > high) v = (high - next) / dt;
    if (landing < low) v = (low - next) / dt;
    v = std::clamp(v, -l.max_speed, l.max_speed);

    velocity[j] = v;
    last_velocity_[j] = v;
    last_measured_[j] = measured[j];
    last_target_[j] = goal;
  }
  have_history_ = true;
}

}  // namespace libero::motion
