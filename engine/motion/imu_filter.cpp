#include "motion/imu_filter.h"

#include <algorithm>
#include <cmath>

#include "motion/joint_controller.h"

namespace libero::motion {

Vec3 gyro_from_percept(const protocol::Vec3f& g) {
  return Vec3(deg2rad(g.y), deg2rad(-g.x), deg2rad(g.z));
}

Vec3 accel_from_percept(const protocol::Vec3f& a) { return Vec3(a.y, -a.x, a.z); }

void ImuFilter::reset() {
  up_ = Vec3::UnitZ();
  gyro_ = Vec3::Zero();
  accel_mean_ = Vec3::Zero();
  initialised_ = false;
  tilted_cycles_ = 0;
  still_cycles_ = 0;
  fall_ = FallDirection::None;
}

void ImuFilter::set_accel_smoothing(double share) {
  params_.accel_smoothing = std::clamp(share, 1e-3, 1.0);
}

void ImuFilter::pull_towards(const Vec3& up_reference, double gain) {
  if (!initialised_ || !(gain > 0)) return;
  up_ = (up_ * (1.0 - gain) + up_reference * gain).normalized();
}

void ImuFilter::update(const Vec3& gyro, const Vec3& accel, bool have_gyro, bool have_accel) {
  constexpr double kGravity = 9.81;
  if (have_gyro) gyro_ = gyro;
  if (have_gyro) {
    // The up vector is fixed in the world, so in the torso frame it turns the
    // other way: du/dt = -omega x u.
    Vec3 delta = -gyro_.cross(up_) * kCycleSeconds;
    up_ += delta;
    up_.normalize();
  }
  if (have_accel) {
    double norm = accel.norm();
    if (norm > 1e-6) {
      Vec3 measured_up = accel / norm;
      // First reading, or the robot is at rest and the estimate is off (a
      // teleport, a fall while the filter was not updated, drift through a
      // tumble): trust the accelerometer outright. Only at rest: while the
      // body is thrown about (a get-up's kick) a reading of about g can point
      // anywhere, and jumping to it once flipped the pitch's sign mid get-up.
      bool still = have_gyro && gyro_.norm() < params_.still_gyro && std::abs(norm - kGravity) < params_.still_accel_band;
      still_cycles_ = still ? std::min(still_cycles_ + 1, 1000) : 0;
      bool stale = still_cycles_ >= params_.still_cycles && up_.dot(measured_up) < std::cos(params_.still_snap);
      // The pull uses the readings' running mean: 1 keeps the reading
      // itself (exactly, not through the mean's rounding).
      const double share = params_.accel_smoothing;
      accel_mean_ = (!initialised_ || stale || share >= 1.0) ? accel : Vec3(accel_mean_ + share * (accel - accel_mean_));
      const double mean_norm = accel_mean_.norm();
      if (!initialised_ || stale) {
        up_ = measured_up;
        initialised_ = true;
      } else if (mean_norm > 1e-6 && std::abs(mean_norm - kGravity) < params_.accel_trust_band) {
        up_ = (up_ * (1.0 - params_.accel_gain) + accel_mean_ / mean_norm * params_.accel_gain).normalized();
      }
    }
  }

  double t = tilt();
  if (t > params_.fallen_tilt) {
    tilted_cycles_ = std::min(tilted_cycles_ + 1, 1000);
    if (tilted_cycles_ >= params_.fallen_cycles) fall_ = lying_direction();
  } else {
    tilted_cycles_ = 0;
    if (t < params_.upright_tilt) fall_ = FallDirection::None;
  }
}

// Torso leaning forward by theta (rotation about +y) sees up = (-sin, 0, cos).
double ImuFilter::pitch() const { return std::atan2(-up_.x(), up_.z()); }
// Torso rolled by phi about +x (right side down) sees up = (0, sin, cos).
double ImuFilter::roll() const { return std::atan2(up_.y(), up_.z()); }
double ImuFilter::tilt() const { return std::acos(std::clamp(up_.z(), -1.0, 1.0)); }

FallDirection ImuFilter::lying_direction() const {
  // Lying on the belly, up points backwards in the torso frame (-x).
  double forward = -up_.x();
  double sideways = std::abs(up_.y());
  if (sideways > std::abs(forward) * 1.5) return FallDirection::Side;
  return forward > 0 ? FallDirection::Front : FallDirection::Back;
}

}  // namespace libero::motion
