#include "motion/head.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "motion/joint_controller.h"

namespace libero::motion {

namespace {
constexpr double kCameraHeight = 0.5;     // m, standing: torso 0.36 + neck and head
constexpr double kScanPeriod = 4.0;       // s for one full left-right sweep
constexpr double kScanYaw = deg2rad(100);
constexpr double kScanPitch = deg2rad(-20);
}  // namespace

void HeadControl::step(const SkillRequests& requests, const world::WorldState& world,
                       double target[kJointCount]) {
  switch (requests.head) {
    case kHeadLookAtBall:
      if (world.ball.valid && world.ball.last_known_age < 4.0) {
        look_at(world, world.ball.x, world.ball.y, 0.042, target);
      } else {
        scan(target);
      }
      return;
    case kHeadLookAt:
      look_at(world, requests.head_target_x, requests.head_target_y, 0.0, target);
      return;
    case kHeadScan:
      scan(target);
      return;
    case kHeadFixed:
    default:
      target[kNeckYaw] = std::clamp(requests.head_yaw, -kNeckYawLimit, kNeckYawLimit);
      target[kNeckPitch] = std::clamp(requests.head_pitch, -kNeckPitchLimit, kNeckPitchLimit);
      return;
  }
}

void HeadControl::look_at(const world::WorldState& world, double x, double y, double z,
                          double target[kJointCount]) {
  double dx = x - world.self.x, dy = y - world.self.y;
  double yaw = normalize_angle(std::atan2(dy, dx) - world.self.heading);
  // Beyond the neck's reach (target behind): stay on the side the head is
  // already turned to instead of flipping across when the sign wobbles.
  if (std::abs(yaw) > kNeckYawLimit && last_yaw_ * yaw < 0 && std::abs(last_yaw_) > 1.0)
    yaw = last_yaw_ > 0 ? kNeckYawLimit : -kNeckYawLimit;
  last_yaw_ = std::clamp(yaw, -kNeckYawLimit, kNeckYawLimit);
  double distance = std::max(std::hypot(dx, dy), 0.05);
  // hj2 > 0 tilts the head up.
  double pitch = std::atan2(z - kCameraHeight, distance);
  target[kNeckYaw] = std::clamp(yaw, -kNeckYawLimit, kNeckYawLimit);
  target[kNeckPitch] = std::clamp(pitch, -kNeckPitchLimit, kNeckPitchLimit);
}

void HeadControl::scan(double target[kJointCount]) {
  scan_time_ += kCycleSeconds;
  if (scan_time_ > kScanPeriod) scan_time_ -= kScanPeriod;
  target[kNeckYaw] = kScanYaw * std::sin(2.0 * kPi * scan_time_ / kScanPeriod);
  target[kNeckPitch] = kScanPitch;
}

}  // namespace libero::motion
