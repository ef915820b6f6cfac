#include "motion/keyframe.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace libero::motion {

namespace {

constexpr const char* kMotionJointNames[kJointCount] = {
    "NeckYaw",        "NeckPitch",     "RShoulderPitch", "RShoulderYaw", "RArmRoll",
    "RArmYaw",        "LShoulderPitch","LShoulderYaw",   "LArmRoll",     "LArmYaw",
    "RHipYawPitch",   "RHipRoll",      "RHipPitch",      "RKneePitch",   "RFootPitch",
    "RFootRoll",      "LHipYawPitch",  "LHipRoll",       "LHipPitch",    "LKneePitch",
    "LFootPitch",     "LFootRoll",     "RToePitch",      "LToePitch"};

// Partner on the other side (itself for the neck) and whether the angle
// flips sign under the left/right reflection (axis along x or z flips;
// along y stays; the hip yaw-pitch axes are mirror images of each other).
struct MirrorRule {
  Joint partner;
  bool negate;
};
constexpr MirrorRule kMirror[kJointCount] = {
    {kNeckYaw, true},        {kNeckPitch, false},     {kLShoulderPitch, false}, {kLShoulderYaw, true},
    {kLArmRoll, true},       {kLArmYaw, true},        {kRShoulderPitch, false}, {kRShoulderYaw, true},
    {kRArmRoll, true},       {kRArmYaw, true},        {kLHipYawPitch, false},   {kLHipRoll, true},
    {kLHipPitch, false},     {kLKneePitch, false},    {kLFootPitch, false},     {kLFootRoll, true},
    {kRHipYawPitch, false},  {kRHipRoll, true},       {kRHipPitch, false},      {kRKneePitch, false},
    {kRFootPitch, false},    {kRFootRoll, true},      {kLToePitch, false},      {kRToePitch, false}};

void copy_name(char* out, size_t size, const std::string& in) {
  size_t n = std::min(size - 1, in.size());
  std::memcpy(out, in.data(), n);
  out[n] = 0;
}

}  // namespace

Joint joint_from_motion_name(const std::string& name) {
  for (int j = 0; j < kJointCount; ++j)
    if (name == kMotionJointNames[j]) return static_cast<Joint>(j);
  Joint j = joint_from_effector(name);
  if (j != kJointCount) return j;
  return joint_from_perceptor(name);
}

const char* motion_joint_name(Joint joint) {
  return joint < kJointCount ? kMotionJointNames[joint] : "?";
}

void mirror_pose(const bool has_in[kJointCount], const double in[kJointCount],
                 bool has_out[kJointCount], double out[kJointCount]) {
  bool has_tmp[kJointCount];
  double tmp[kJointCount];
  for (int j = 0; j < kJointCount; ++j) {
    const MirrorRule& rule = kMirror[j];
    has_tmp[rule.partner] = has_in[j];
    tmp[rule.partner] = rule.negate ? -in[j] : in[j];
  }
  std::memcpy(has_out, has_tmp, sizeof has_tmp);
  std::memcpy(out, tmp, sizeof tmp);
}

void mirror_unsigned(const double in[kJointCount], double out[kJointCount]) {
  double tmp[kJointCount];
  for (int j = 0; j < kJointCount; ++j) tmp[kMirror[j].partner] = in[j];
  std::memcpy(out, tmp, sizeof tmp);
}

void KeyframePlayer::start(const KeyframeMotion& motion, const double start_pose[kJointCount],
                           bool mirrored, double ball_dx, double ball_dy) {
  // The ball's offset as the file's own (right-foot) frames see it.
  const double shift_x = std::clamp(ball_dx, -kMaxBallShiftOffset, kMaxBallShiftOffset);
  const double shift_y = std::clamp(mirrored ? -ball_dy : ball_dy, -kMaxBallShiftOffset, kMaxBallShiftOffset);
  ball_dx_ = shift_x;
  ball_dy_ = shift_y;
  copy_name(name_, sizeof name_, motion.name);
  copy_name(next_, sizeof next_, motion.next);
  imu_accel_smoothing_ = motion.imu_accel_smoothing;
  int frames = std::min<int>(static_cast<int>(motion.frames.size()), kMaxKeyFrames);
  point_count_ = frames + 1;
  time_[0] = 0;
  for (int j = 0; j < kJointCount; ++j) value_[0][j] = start_pose[j];
  interruptible_[0] = true;
  level_feet_[0] = false;
  level_feet_lean_[0] = 0;
  gyro_ankle_pitch_[0] = gyro_ankle_roll_[0] = 0;
  pitch_support_ankle_[0] = 0;
  wait_for_pitch_[0] = false;
  const PitchReference& reference = motion.pitch_reference;
  reference_count_ = reference.present ? std::min<int>(static_cast<int>(reference.pitch.size()), kMaxPitchSamples) : 0;
  reference_period_ = reference.period;
  for (int i = 0; i < reference_count_; ++i) reference_[i] = reference.pitch[i];
  support_ankle_ = reference.support_left != mirrored ? kLFootPitch : kRFootPitch;
  pitch_change_ = 0;
  for (int i = 0; i < frames; ++i) {
    const KeyFrame& f = motion.frames[i];
    bool has[kJointCount];
    double angle[kJointCount], delay[kJointCount], shifted[kJointCount];
    for (int j = 0; j < kJointCount; ++j) shifted[j] = f.angle[j] + f.ball_shift_x[j] * shift_x + f.ball_shift_y[j] * shift_y;
    if (mirrored) {
      mirror_pose(f.has_angle, shifted, has, angle);
      mirror_unsigned(f.delay, delay);
    } else {
      std::memcpy(has, f.has_angle, sizeof has);
      std::memcpy(angle, shifted, sizeof angle);
      std::memcpy(delay, f.delay, sizeof delay);
    }
    const double duration = std::max(f.duration, 0.02);
    time_[i + 1] = time_[i] + duration;
    for (int j = 0; j < kJointCount; ++j) {
      value_[i + 1][j] = has[j] ? angle[j] : value_[i][j];
      // A joint keeps at least one cycle to move (the loader keeps delays
      // below the duration; this guards the division in evaluate()).
      depart_[i + 1][j] = time_[i] + std::clamp(delay[j], 0.0, duration - 0.02);
    }
    interruptible_[i + 1] = f.interruptible;
    level_feet_[i + 1] = f.level_feet;
    level_feet_lean_[i + 1] = f.level_feet_lean;
    gyro_ankle_pitch_[i + 1] = f.gyro_ankle_pitch;
    gyro_ankle_roll_[i + 1] = f.gyro_ankle_roll;
    pitch_support_ankle_[i + 1] = f.pitch_support_ankle;
    wait_for_pitch_[i + 1] = f.wait_for_pitch;
    wait_pitch_[i + 1] = f.wait_pitch;  // pitch is the same mirrored
    wait_max_[i + 1] = f.wait_max;
  }
  // End velocities: zero at both ends and wherever the joint turns round,
  // else the mean of the slopes before and after the point. A joint that
  // waits after a point (a delay in the next frame) is at rest there; its
  // slope into the next point is over the time it actually moves.
  for (int j = 0; j < kJointCount; ++j) {
    slope_[0][j] = 0;
    slope_[point_count_ - 1][j] = 0;
    for (int i = 1; i + 1 < point_count_; ++i) {
      double before = (value_[i][j] - value_[i - 1][j]) / (time_[i] - depart_[i][j]);
      double after = (value_[i + 1][j] - value_[i][j]) / (time_[i + 1] - depart_[i + 1][j]);
      bool waits = depart_[i + 1][j] > time_[i];
      slope_[i][j] = (waits || before * after <= 0) ? 0.0 : 0.5 * (before + after);
    }
  }
  total_ = time_[point_count_ - 1];
  next_wait_ = wait_at_or_after(1);
  waited_ = waited_total_ = 0;
  elapsed_ = 0;
  running_ = true;
}

int KeyframePlayer::wait_at_or_after(int point) const {
  while (point < point_count_ && !wait_for_pitch_[point]) ++point;
  return point;
}

double KeyframePlayer::evaluate(int joint, double t) const {
  if (t <= 0) return value_[0][joint];
  if (t >= total_) return value_[point_count_ - 1][joint];
  int i = 0;
  while (i + 2 < point_count_ && time_[i + 1] <= t) ++i;
  const double depart = depart_[i + 1][joint];
  if (t <= depart) return value_[i][joint];
  double h = time_[i + 1] - depart;
  double s = (t - depart) / h;
  double p0 = value_[i][joint], p1 = value_[i + 1][joint];
  double m0 = slope_[i][joint] * h, m1 = slope_[i + 1][joint] * h;
  double s2 = s * s, s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 +
         (s3 - s2) * m1;
}

int KeyframePlayer::frame() const {
  if (!running_) return 0;
  int i = 1;
  while (i + 1 < point_count_ && time_[i] <= elapsed_) ++i;
  return i;
}

bool KeyframePlayer::interruptible() const {
  if (!running_) return true;
  return interruptible_[frame()];
}

bool KeyframePlayer::step(double lookahead, const KeyframeSense& sense, double target[kJointCount]) {
  if (!running_) return false;
  pitch_change_ += sense.pitch_rate * 0.02;
  bool holding = false;
  if (next_wait_ < point_count_ && elapsed_ + 0.02 > time_[next_wait_] + 1e-9) {
    // At a frame end that waits for the torso's pitch: hold there (the
    // clock too) until the pitch change has reached the frame's value in
    // its direction, or the frame's wait_max has passed.
    const double wanted = wait_pitch_[next_wait_];
    const bool reached = wanted >= 0 ? pitch_change_ >= wanted : pitch_change_ <= wanted;
    if (!reached && waited_ + 0.02 <= wait_max_[next_wait_] + 1e-9) {
      waited_ += 0.02;
      waited_total_ += 0.02;
      elapsed_ = time_[next_wait_];
      holding = true;
    } else {
      waited_ = 0;
      next_wait_ = wait_at_or_after(next_wait_ + 1);
      elapsed_ += 0.02;
    }
  } else {
    elapsed_ += 0.02;
  }
  double t = elapsed_ + lookahead;
  // The targets do not run past a wait that has not been passed.
  if (next_wait_ < point_count_) t = std::min(t, time_[next_wait_]);
  for (int j = 0; j < kJointCount; ++j) target[j] = evaluate(j, t);

  int segment_end = 1;
  while (segment_end + 1 < point_count_ && time_[segment_end] <= t) ++segment_end;
  if (level_feet_[segment_end]) {
    // Foot pitch in the world = torso pitch - (hip + knee + ankle pitch);
    // foot roll = torso roll + hip roll + ankle roll (simspark-facts §1.3 axes).
    // level_feet_lean turns the soles that share of the lean back against it.
    const double torso_pitch = sense.torso_pitch, torso_roll = sense.torso_roll;
    double lean = level_feet_lean_[segment_end];
    double foot_pitch = lean * torso_pitch, foot_roll = lean * torso_roll;
    target[kLFootPitch] = torso_pitch - target[kLHipPitch] - target[kLKneePitch] - foot_pitch;
    target[kRFootPitch] = torso_pitch - target[kRHipPitch] - target[kRKneePitch] - foot_pitch;
    target[kLFootRoll] = -torso_roll - target[kLHipRoll] + foot_roll;
    target[kRFootRoll] = -torso_roll - target[kRHipRoll] + foot_roll;
  }
  // Both ankles alike, so a mirrored motion needs no sign change.
  const double pitch_damping = gyro_ankle_pitch_[segment_end] * sense.pitch_rate;
  const double roll_damping = gyro_ankle_roll_[segment_end] * sense.roll_rate;
  target[kLFootPitch] += pitch_damping;
  target[kRFootPitch] += pitch_damping;
  target[kLFootRoll] += roll_damping;
  target[kRFootRoll] += roll_damping;
  // The reference is where the torso should be now; the correction goes
  // into the target the controller reaches a lookahead later.
  const double ankle_gain = pitch_support_ankle_[segment_end];
  if (ankle_gain != 0 && reference_count_ > 0) {
    double at = elapsed_ / reference_period_;
    int i = static_cast<int>(at);
    if (i + 1 < reference_count_) {
      double reference_now = reference_[i] + (at - i) * (reference_[i + 1] - reference_[i]);
      target[support_ankle_] += ankle_gain * (reference_now - pitch_change_);
    }
  }
  if (elapsed_ >= total_ && !holding) {  // a wait at the last frame holds too
    running_ = false;
    return false;
  }
  return true;
}

}  // namespace libero::motion
