#include "world/orientation_filter.h"

#include <cmath>

namespace libero::world {

namespace {
constexpr double kGravity = 9.81;
// Correction time constant of the accelerometer path: long enough that the
// walk's sway accelerations average out, the gyro (noise-free in SimSpark)
// follows quick rotations such as falls on its own.
constexpr double kAccelTimeConstant = 1.0;  // s
}  // namespace

void OrientationFilter::update(const Vec3& gyro, const Vec3& accel, bool has_accel, double dt) {
  double accel_norm = accel.norm();
  bool accel_usable = has_accel && accel_norm > 0.3 * kGravity && accel_norm < 3.0 * kGravity;
  double accel_roll = 0, accel_pitch = 0;
  if (accel_usable) {
    accel_roll = std::atan2(accel.y(), accel.z());
    accel_pitch = std::atan2(-accel.x(), std::sqrt(accel.y() * accel.y() + accel.z() * accel.z()));
  }
  if (!initialised_) {
    if (!accel_usable) {
      yaw_rate_ = gyro.z();
      return;
    }
    roll_ = accel_roll;
    pitch_ = accel_pitch;
    initialised_ = true;
  }
  // Euler-angle rates from body rates.
  double sr = std::sin(roll_), cr = std::cos(roll_);
  double cp = std::cos(pitch_);
  if (std::fabs(cp) < 0.05) cp = cp < 0 ? -0.05 : 0.05;
  double tp = std::sin(pitch_) / cp;
  double roll_rate = gyro.x() + sr * tp * gyro.y() + cr * tp * gyro.z();
  double pitch_rate = cr * gyro.y() - sr * gyro.z();
  yaw_rate_ = (sr * gyro.y() + cr * gyro.z()) / cp;
  roll_ = normalize_angle(roll_ + roll_rate * dt);
  pitch_ += pitch_rate * dt;
  if (accel_usable) {
    // Trust the accelerometer less the further it is from 1 g.
    double trust = 1.0 - std::fabs(accel_norm - kGravity) / kGravity;
    if (trust < 0) trust = 0;
    double gain = trust * dt / (kAccelTimeConstant + dt);
    roll_ = normalize_angle(roll_ + gain * normalize_angle(accel_roll - roll_));
    pitch_ += gain * (accel_pitch - pitch_);
  }
  if (pitch_ > kPi / 2) pitch_ = kPi / 2;
  if (pitch_ < -kPi / 2) pitch_ = -kPi / 2;
}

Mat3 OrientationFilter::tilt() const {
  return (Eigen::AngleAxisd(pitch_, Vec3::UnitY()) * Eigen::AngleAxisd(roll_, Vec3::UnitX())).toRotationMatrix();
}

}  // namespace libero::world
