// Omnidirectional walk: (vx, vy, turn) -> leg and arm joint targets.
//
// Gait: alternating single-support steps of fixed period with an instant
// support exchange. The centre of mass follows the periodic solution of the
// linear inverted pendulum with the ZMP on the support foot:
//   sideways  y(t) = A (1 - cosh((t - T/2)/Tc) / cosh(T/(2 Tc)))  (sway towards the support foot)
//   forwards  x(t) = D/2 sinh((t - T/2)/Tc) / sinh(T/(2 Tc))       (support foot passes under the CoM)
// with Tc = sqrt(com_height / g) (sideways optionally the two-point
// pendulum between the support foot's start and end offsets). Feet are
// planned relative to the torso, turned into ankle poses and solved with
// the analytic leg IK. The walk crouches below the stand pose before the
// first step and rises after the last. Feedback on the support leg: gyro
// and torso lean on ankles and hips, a capture-point step adjustment on
// lean and lean rate, and the turn rate closed on the gyro. The foot
// sensors time the support exchange (WalkParams::touchdown_*).
// Lateral steps and turns are led by the foot on the side of motion (the
// NAO's hip yaw-pitch joints only turn the feet outwards).
#pragma once

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "core/nao_joints.h"
#include "motion/leg_ik.h"
#include "motion/walk_params.h"

namespace libero::motion {

struct WalkCommand {
  double vx = 0, vy = 0, turn = 0;  // m/s, m/s, rad/s (robot frame)
};

// Normal force on each foot's soles (heel and toe sensors together), N,
// indexed by Side; what the step timing reads (WalkParams::touchdown_*).
struct FootLoads {
  double load[2] = {0, 0};
};

class WalkEngine {
 public:
  void configure(const LegGeometry& geometry, const WalkParams& params);
  void set_params(const WalkParams& params) {
    base_params_ = params_ = params;
    update_rest_pose();
  }
  // As loaded (the gait tables not blended in).
  const WalkParams& params() const { return base_params_; }

  // Back to standing with feet together at neutral (no stepping).
  void reset();

  // One cycle. `gyro` is the torso rate (engine frame, rad/s); `pitch` and
  // `roll` the estimated torso attitude (ImuFilter conventions, rad).
  // Writes leg, arm and nothing else into target[]. `loads` (may be null:
  // no foot sensors) times the step by the swing foot's landing
  // (WalkParams::touchdown_*).
  void step(const WalkCommand& command, const Vec3& gyro, double pitch, double roll,
            double target[kJointCount], const FootLoads* loads = nullptr);

  // The targets of phase 0 without advancing the gait: the stand pose when
  // the walk is at rest; while walking, the current crouch and foot offsets.
  void stand_pose(double target[kJointCount]) const;
  // The pose the walk comes to rest in (stand height and lean, feet side by
  // side at neutral), whatever it is doing now; its torso leans by
  // params().stand_torso_pitch.
  const double* rest_pose() const { return rest_pose_; }

  bool walking() const { return walking_; }
  // For the IMU filter: this step's imu_accel_smoothing (its gait tables
  // blended in) while stepping, the block's own at rest.
  double imu_accel_smoothing() const {
    return walking_ ? params_.imu_accel_smoothing : base_params_.imu_accel_smoothing;
  }
  // For the IMU filter: this step's imu_foot_gain, likewise.
  double imu_foot_gain() const { return walking_ ? params_.imu_foot_gain : base_params_.imu_foot_gain; }
  // Speed the gait is executing now (after acceleration limits).
  const WalkCommand& current() const { return current_; }
  // True at a step boundary with both feet at neutral: safe to hand over.
  bool standing_still() const { return !walking_ && crouch_ <= 0.0; }
  // Which foot swings in the current step (kLeft / kRight), valid if walking().
  Side swing_side() const { return swing_; }
  double phase() const { return walking_ ? time_ / period_ : 0; }
  // The period of the current step (step_period_per_speed makes it depend on the speed).
  double period() const { return period_; }
  // Steps the foot sensors ended early, and cycles they held a step for a
  // late foot, since configure() (diagnostics for benches and tests).
  int touchdown_early_steps() const { return touchdown_early_steps_; }
  int touchdown_held_cycles() const { return touchdown_held_cycles_; }

 private:
  struct FootOffset {
    double x = 0, y = 0, yaw = 0;
  };
  void begin_step();
  // A command's parts as shares of their limits (signed), the turn's
  // against combine_max_turn when that is set (at most 1 then).
  struct CommandShares {
    double x = 0, y = 0, turn = 0;
    // How much of the whole command one of its parts is (0..1).
    double of_whole(double part) const {
      double total = std::abs(x) + std::abs(y) + std::abs(turn);
      return total > 0 ? std::abs(part) / total : 0.0;
    }
  };
  CommandShares shares(const WalkCommand& command) const;
  // 0..1: how far this step walks the sideways gait (WalkParams::sideways).
  double sideways_share() const;
  // 0..1: how far this step walks the fast forward gait (WalkParams::forward).
  double forward_share() const;
  // 0..1: how far this step walks the fast turning gait (WalkParams::turning).
  double turning_share() const;
  // Forward speed beyond gait_speed_from (signed), where the speed-dependent gait acts.
  double gait_excess() const {
    return current_.vx - std::clamp(current_.vx, -params_.gait_speed_from, params_.gait_speed_from);
  }
  // Lean while walking at the current forward speed (before the crouch blend).
  double walk_torso_pitch() const { return params_.torso_pitch + params_.torso_pitch_per_speed * gait_excess(); }
  void limit_command(const WalkCommand& wanted);
  // Lateral torso offset towards the support foot (m).
  double sway_offset(double phase) const;
  void feet_targets(double phase, const Vec3& gyro, double pitch_error, double roll_error,
                    double target[kJointCount]) const;

  LegGeometry geometry_;
  WalkParams base_params_;  // as loaded
  WalkParams params_;       // this step's: base_params_ with the sideways and forward gaits blended in
  WalkCommand current_;
  bool walking_ = false;
  double rest_pose_[kJointCount] = {};  // rest_pose(), kept by update_rest_pose()
  // Recomputes rest_pose_ from the parameters (configure, set_params: a
  // reloaded walk file may move the stand pose).
  void update_rest_pose();
  Side swing_ = kLeft;
  double time_ = 0;              // s into the current step
  double period_ = 0.25;         // s, this step's period (set when it begins)
  int steps_taken_ = 0;
  FootOffset start_[2], end_[2]; // per side, for this step
  FootOffset now_[2];
  Vec3 gyro_filtered_ = Vec3::Zero();
  double swing_phase_ = 0;
  double yaw_rate_sum_ = 0;      // gyro z summed over the current step
  int yaw_rate_count_ = 0;
  double yaw_correction_ = 0;    // turn-rate feedback not yet stepped (rad)
  double heading_error_ = 0;     // commanded minus measured turn, integrated since the walk started (rad)
  double sway_residual_ = 0;     // sway left over when the walk stopped, m
  double last_sway_ = 0;
  double crouch_ = 0;            // 0 at the stand height, 1 at the walk height
  double sideways_blend_ = 0;    // share of the sideways gait in this step's params_
  double forward_blend_ = 0;     // share of the forward gait in this step's params_
  double turning_blend_ = 0;     // share of the turning gait in this step's params_
  double touchdown_waited_ = 0;  // s this step has been held for its swing foot
  int touchdown_early_steps_ = 0;
  int touchdown_held_cycles_ = 0;
};

}  // namespace libero::motion
