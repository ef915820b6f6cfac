// Torso tilt (roll, pitch) from gyro integration corrected by the
// accelerometer's gravity direction (a complementary filter), and the
// gyro's yaw rate for heading integration between vision frames.
// Inputs in the standard torso frame (x forward, y left, z up), SI units.
// Angles are Z-Y-X Euler angles: R = Rz(yaw) Ry(pitch) Rx(roll); pitch > 0
// leans forward, roll > 0 leans to the right.
#pragma once

#include "core/math.h"

namespace libero::world {

class OrientationFilter {
 public:
  // dt in s, gyro in rad/s, accel in m/s^2 (specific force, +9.81 up at rest).
  void update(const Vec3& gyro, const Vec3& accel, bool has_accel, double dt);

  double roll() const { return roll_; }
  double pitch() const { return pitch_; }
  // Rate of change of the field heading (yaw) this cycle, rad/s.
  double yaw_rate() const { return yaw_rate_; }
  // Tilt-only rotation Ry(pitch) Rx(roll): torso frame -> level frame.
  Mat3 tilt() const;
  bool initialised() const { return initialised_; }
  void reset() { initialised_ = false; }

 private:
  double roll_ = 0, pitch_ = 0, yaw_rate_ = 0;
  bool initialised_ = false;
};

}  // namespace libero::world
