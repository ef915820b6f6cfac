// JointController: turns "where each joint should be when this command takes
// effect" into the hinge velocities the server wants.
//
// Timing (simspark-facts §4): a command sent in reply to percept k drives the
// physics step that produces percept k+2; the command sent one cycle earlier
// still drives the step before it. So the controller predicts the angle at
// k+1 from the measured angle and the previous command, and asks for the
// velocity that lands on the target at k+2. Skills therefore pass the target
// for time t(k) + 2 * kCycleSeconds.
#pragma once

#include "core/nao_joints.h"

namespace libero::motion {

constexpr double kCycleSeconds = 0.02;

struct JointLimit {
  bool exists = false;
  double min_angle = 0, max_angle = 0;  // rad
  double max_speed = 0;                 // rad/s
};

struct JointControllerParams {
  // Fraction of the remaining error closed per cycle on top of the
  // feed-forward; 1 is dead-beat against the delay model.
  double error_gain = 0.9;
  // Weight of the last command vs. the measured rate when predicting k+1:
  // 1 trusts the servo fully, lower values cope with stalled (loaded) joints.
  double command_trust = 1.0;
};

class JointController {
 public:
  void configure(const JointLimit limits[kJointCount], const JointControllerParams& params);
  void set_params(const JointControllerParams& params) { params_ = params; }

  // Forget history (after a teleport/beam or on start-up): the next cycle
  // predicts from the measured angle alone.
  void reset();

  // measured: angles of percept k (rad). target: desired angle at k+2 for
  // every joint whose active[j] is true; inactive joints are held where they
  // are predicted to be. velocity: output, rad/s, clamped to speed and range.
  void step(const double measured[kJointCount], const double target[kJointCount],
            double velocity[kJointCount]);

  // Predicted angle at k+1 from the last step() call (for skills that want to
  // start a trajectory from where the joint will really be).
  double predicted(int joint) const { return predicted_next_[joint]; }
  const JointLimit& limit(int joint) const { return limits_[joint]; }
  double clamp_to_range(int joint, double angle) const;

 private:
  JointLimit limits_[kJointCount];
  JointControllerParams params_;
  bool have_history_ = false;
  double last_measured_[kJointCount] = {};
  double last_velocity_[kJointCount] = {};
  double last_target_[kJointCount] = {};
  double predicted_next_[kJointCount] = {};
};

}  // namespace libero::motion
