#include "tools/sim/server/vision.h"

#include <cmath>

namespace libero::sim {
namespace {

bool inside_window(const PolarDeg& p) {
  return std::fabs(p.horizontal) <= kViewHalfAngleDeg && std::fabs(p.vertical) <= kViewHalfAngleDeg;
}

// Liang-Barsky step for the half-space n·(p0 + t·d) >= c, t in [*t0, *t1].
bool clip_half_space(const Vec3& n, double c, const Vec3& p0, const Vec3& d, double* t0, double* t1) {
  double start = n.dot(p0) - c;  // >= 0 inside
  double rate = n.dot(d);
  if (rate == 0.0) return start >= 0.0;
  double t = -start / rate;
  if (rate > 0.0) {
    if (t > *t0) *t0 = t;
  } else {
    if (t < *t1) *t1 = t;
  }
  return *t0 <= *t1;
}

}  // namespace

PolarDeg polar_from_camera_vector(const Vec3& v) {
  PolarDeg p;
  p.distance = v.norm();
  p.horizontal = rad2deg(std::atan2(v.y(), v.x()));
  p.vertical = rad2deg(std::atan2(v.z(), std::sqrt(v.x() * v.x() + v.y() * v.y())));
  return p;
}

bool see_point(const CameraPose& camera, const Vec3& calibration, const Vec3& world_point,
               PolarDeg* out) {
  Vec3 relative = world_point - camera.position;
  double true_distance = relative.norm();
  Vec3 offset_relative = relative + calibration;
  if (offset_relative.norm() <= kMinSeenDistance) return false;
  PolarDeg p = polar_from_camera_vector(camera.rotation.transpose() * offset_relative);
  if (!inside_window(p)) return false;
  p.distance = true_distance;
  *out = p;
  return true;
}

bool see_line(const CameraPose& camera, const Vec3& calibration, const Vec3& a, const Vec3& b,
              PolarDeg* out_a, PolarDeg* out_b) {
  Mat3 to_camera = camera.rotation.transpose();
  Vec3 pa = to_camera * (a - camera.position + calibration);
  Vec3 pb = to_camera * (b - camera.position + calibration);
  PolarDeg polar_a = polar_from_camera_vector(pa);
  PolarDeg polar_b = polar_from_camera_vector(pb);
  if (inside_window(polar_a) && inside_window(polar_b)) {
    *out_a = polar_a;
    *out_b = polar_b;
    return true;
  }
  // Clip against the view frustum. The image-plane rectangle |y/x|, |z/x| <=
  // tan(60°) is four planes through the camera, so clipping the 3-D segment
  // against them equals clipping its projection in the image plane.
  const double k = std::tan(deg2rad(kViewHalfAngleDeg));
  Vec3 d = pb - pa;
  double t0 = 0.0, t1 = 1.0;
  if (!clip_half_space(Vec3(1, 0, 0), kLineNearPlane, pa, d, &t0, &t1)) return false;
  if (!clip_half_space(Vec3(k, -1, 0), 0.0, pa, d, &t0, &t1)) return false;
  if (!clip_half_space(Vec3(k, 1, 0), 0.0, pa, d, &t0, &t1)) return false;
  if (!clip_half_space(Vec3(k, 0, -1), 0.0, pa, d, &t0, &t1)) return false;
  if (!clip_half_space(Vec3(k, 0, 1), 0.0, pa, d, &t0, &t1)) return false;
  if (!(t0 < t1)) return false;
  *out_a = polar_from_camera_vector(pa + t0 * d);
  *out_b = polar_from_camera_vector(pa + t1 * d);
  return true;
}

void add_vision_noise(const VisionNoiseParams& params, std::mt19937& rng, PolarDeg* p) {
  if (!params.enabled) return;
  std::normal_distribution<double> distance_noise(0.0, params.distance_sigma_percent);
  std::normal_distribution<double> horizontal_noise(0.0, params.horizontal_sigma_deg);
  std::normal_distribution<double> vertical_noise(0.0, params.vertical_sigma_deg);
  p->distance += distance_noise(rng) * p->distance / 100.0;
  p->horizontal += horizontal_noise(rng);
  p->vertical += vertical_noise(rng);
}

Vec3 draw_calibration_offset(const VisionNoiseParams& params, std::mt19937& rng) {
  if (!params.enabled) return Vec3::Zero();
  std::uniform_real_distribution<double> u(-params.calibration_half_range,
                                           params.calibration_half_range);
  double x = u(rng);
  double y = u(rng);
  double z = u(rng);
  return Vec3(x, y, z);
}

}  // namespace libero::sim
