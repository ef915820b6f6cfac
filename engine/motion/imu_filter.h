// Torso orientation from the gyro and the accelerometer, and the fall
// detector built on it. A complementary filter on the world "up" direction
// seen from the torso: the gyro rotates it every cycle, the accelerometer
// pulls it back when the measured acceleration is close to gravity alone.
#pragma once

#include "core/math.h"
#include "protocol/percepts.h"

namespace libero::motion {

// SimSpark reports GYR/ACC in the RSG torso frame (x right, y forward);
// these convert to the engine's frame (x forward, y left) and SI units.
Vec3 gyro_from_percept(const protocol::Vec3f& gyro_deg_per_s);
Vec3 accel_from_percept(const protocol::Vec3f& accel);

enum class FallDirection { None = 0, Front, Back, Side };

struct ImuFilterParams {
  double accel_gain = 0.04;            // pull towards the accelerometer per cycle
  double accel_trust_band = 2.5;       // m/s^2 around g within which ACC is trusted
  double fallen_tilt = deg2rad(55);    // tilt beyond which the robot counts as fallen
  double upright_tilt = deg2rad(25);   // tilt below which it counts as upright again
  int fallen_cycles = 6;               // consecutive cycles beyond fallen_tilt
  // At rest (gyro and |a| - g both small for still_cycles) the accelerometer
  // is gravity alone: an estimate more than still_snap off jumps to it. A
  // robot that fell while the filter was not updated (or whose estimate
  // drifted during a tumble) would otherwise be classified from a stale
  // estimate.
  double still_gyro = 0.3;             // rad/s
  double still_accel_band = 0.8;       // m/s^2 around g
  int still_cycles = 4;
  double still_snap = deg2rad(20);
  // Share of each accelerometer reading in the running mean the estimate is
  // pulled towards (1: the reading alone). Set per cycle by whoever drives
  // the body (set_accel_smoothing): the walk's gaits say how much they chatter.
  double accel_smoothing = 1.0;
};

class ImuFilter {
 public:
  explicit ImuFilter(const ImuFilterParams& params = {}) : params_(params) {}
  void reset();
  // One cycle: gyro in rad/s and accelerometer in m/s^2, both engine frame.
  void update(const Vec3& gyro, const Vec3& accel, bool have_gyro, bool have_accel);
  // After update: pulls the estimate a share `gain` of the way towards
  // `up_reference` (unit, torso frame), e.g. the up a sole flat on the
  // ground says.
  void pull_towards(const Vec3& up_reference, double gain);
  // ImuFilterParams::accel_smoothing from the next update on, clamped to (0, 1].
  void set_accel_smoothing(double share);

  // World up in the torso frame (unit).
  const Vec3& up() const { return up_; }
  // Forward lean positive (rotation about +y), left-side-up roll positive... see .cpp.
  double pitch() const;
  double roll() const;
  double tilt() const;
  const Vec3& gyro() const { return gyro_; }
  FallDirection fall() const { return fall_; }
  // Direction the robot is lying in right now, whatever the hysteresis says.
  FallDirection lying_direction() const;

 private:
  ImuFilterParams params_;
  Vec3 up_ = Vec3::UnitZ();
  Vec3 gyro_ = Vec3::Zero();
  Vec3 accel_mean_ = Vec3::Zero();  // running mean of the readings (accel_smoothing)
  bool initialised_ = false;
  int tilted_cycles_ = 0;
  int still_cycles_ = 0;
  FallDirection fall_ = FallDirection::None;
};

}  // namespace libero::motion
