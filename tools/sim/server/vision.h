// Restricted vision of rcssserver3d 0.7.2 (reference sheet §5.7): what a
// head camera reports about a point or a line segment, before and after
// noise. Pure geometry; the percept writer decides what to look at.
//
// Camera frame: x forward, y left, z up (the head body's frame). The polar
// coordinates are (distance m, horizontal deg, vertical deg): horizontal 0 =
// straight ahead, positive to the left; vertical positive up.
#pragma once

#include <random>

#include "core/math.h"

namespace libero::sim {

constexpr double kViewHalfAngleDeg = 60.0;    // setViewCones 120 120
constexpr double kMinSeenDistance = 0.1;      // closer objects are dropped
constexpr double kLineNearPlane = 0.1;        // line clipping near plane, m in front of the camera

struct CameraPose {
  Vec3 position = Vec3::Zero();       // head centre, world
  Mat3 rotation = Mat3::Identity();   // camera axes (forward, left, up) as columns, world frame
};

struct PolarDeg {
  double distance = 0, horizontal = 0, vertical = 0;
};

struct VisionNoiseParams {
  bool enabled = true;
  double distance_sigma_percent = 0.0965;  // sigma of the distance error, % of the distance
  double horizontal_sigma_deg = 0.1480;
  double vertical_sigma_deg = 0.1225;
  double calibration_half_range = 0.005;   // per-robot offset, each component U(-r, r) m
};

// Polar coordinates of a camera-frame vector (no window test).
PolarDeg polar_from_camera_vector(const Vec3& v);

// A landmark, ball or body marker at world_point. The distance comes from the
// true relative vector; the angles and the 0.1 m test include the robot's
// calibration offset (added in the world frame before rotating), as the
// reference server does. Returns false when outside the ±60° window or too
// close. No random noise here.
bool see_point(const CameraPose& camera, const Vec3& calibration, const Vec3& world_point,
               PolarDeg* out);

// A field line a-b (world). Reported as is when both endpoints are inside the
// angular window; otherwise clipped against the near plane (0.1 m) and the
// image-plane rectangle of focal length 0.1 and half-size 0.1*tan(60°), and
// the clipped endpoints are reported. The calibration offset enters the
// endpoints (distances included). Returns false when no part is visible.
bool see_line(const CameraPose& camera, const Vec3& calibration, const Vec3& a, const Vec3& b,
              PolarDeg* out_a, PolarDeg* out_b);

// Adds the per-observation Gaussian noise (distance, then horizontal, then vertical).
void add_vision_noise(const VisionNoiseParams& params, std::mt19937& rng, PolarDeg* p);

// Draws a robot's calibration offset once (zero when noise is off).
Vec3 draw_calibration_offset(const VisionNoiseParams& params, std::mt19937& rng);

}  // namespace libero::sim
