// Math types shared by every part of the engine. Units: metres, seconds,
// radians inside the engine; degrees appear only at the protocol boundary.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cmath>

namespace libero {

using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Quat = Eigen::Quaterniond;
using Iso3 = Eigen::Isometry3d;

constexpr double kPi = 3.14159265358979323846;

inline constexpr double deg2rad(double deg) { return deg * (kPi / 180.0); }
inline constexpr double rad2deg(double rad) { return rad * (180.0 / kPi); }

// Rotations about the frame's axes (right-handed, angle in rad).
inline Mat3 rot_x(double a) { return Eigen::AngleAxisd(a, Vec3::UnitX()).toRotationMatrix(); }
inline Mat3 rot_y(double a) { return Eigen::AngleAxisd(a, Vec3::UnitY()).toRotationMatrix(); }
inline Mat3 rot_z(double a) { return Eigen::AngleAxisd(a, Vec3::UnitZ()).toRotationMatrix(); }

// Wraps an angle to (-pi, pi].
inline double normalize_angle(double a) {
  a = std::fmod(a + kPi, 2.0 * kPi);
  if (a <= 0.0) a += 2.0 * kPi;
  return a - kPi;
}

}  // namespace libero
