#include "self_collision.h"

#include <cmath>

namespace libero::sim {
namespace {

// True when `axis` separates the boxes by rcssserver3d's criterion: the
// distance of the centres along it, plus the tolerance, exceeds the sum of
// the boxes' projected half extents. `axis` is used as given (not
// normalised); a zero axis (parallel edges) always separates.
bool separates(const Vec3& axis, const Vec3& centre_offset, const Mat3& a, const Vec3& half_a, const Mat3& b,
               const Vec3& half_b, double tolerance) {
  const double reach = std::abs(a.col(0).dot(axis)) * half_a.x() + std::abs(a.col(1).dot(axis)) * half_a.y() +
                       std::abs(a.col(2).dot(axis)) * half_a.z() + std::abs(b.col(0).dot(axis)) * half_b.x() +
                       std::abs(b.col(1).dot(axis)) * half_b.y() + std::abs(b.col(2).dot(axis)) * half_b.z();
  return std::abs(centre_offset.dot(axis)) + tolerance > reach;
}

int64_t cycles_of(double seconds) { return std::llround(seconds / kSelfCollisionCycleSeconds); }

}  // namespace

bool boxes_collide(const Iso3& pose_a, const Vec3& half_a, const Iso3& pose_b, const Vec3& half_b,
                   double tolerance) {
  const Mat3 a = pose_a.linear();
  const Mat3 b = pose_b.linear();
  const Vec3 offset = pose_b.translation() - pose_a.translation();
  for (int i = 0; i < 3; ++i) {
    if (separates(a.col(i), offset, a, half_a, b, half_b, tolerance)) return false;
    if (separates(b.col(i), offset, a, half_a, b, half_b, tolerance)) return false;
  }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (separates(a.col(i).cross(b.col(j)), offset, a, half_a, b, half_b, tolerance)) return false;
  return true;
}

void SelfCollisionState::reset() {
  for (int64_t& at : frozen_at_) at = kNever;
  frozen_ = 0;
}

void SelfCollisionState::check(const SelfCollisionModel& model, const SelfCollisionParams& params,
                               const double* joint_angles, int64_t cycle, SelfCollisionCheck* out) {
  out->hit_count = 0;
  out->newly_frozen = 0;
  if (!params.enabled) {
    frozen_ = 0;
    return;
  }
  const int64_t frozen_cycles = cycles_of(params.frozen_seconds);
  const int64_t blocked_cycles = frozen_cycles + cycles_of(params.thaw_seconds);

  robot::BodyPoses poses;
  robot::forward_kinematics(model.kinematics, joint_angles, &poses);
  JointMask hit_joints = 0;
  for (int p = 0; p < model.pair_count; ++p) {
    const int a = model.pair[p][0], b = model.pair[p][1];
    const Iso3& pose_a = poses.pose[model.box_body[a]];
    const Iso3& pose_b = poses.pose[model.box_body[b]];
    // Boxes inside spheres that do not meet are disjoint, so some axis
    // separates them: the full test would say no as well.
    const double reach = model.radius[a] + model.radius[b];
    if ((pose_b.translation() - pose_a.translation()).squaredNorm() > reach * reach) continue;
    if (!boxes_collide(pose_a, model.half_extent[a], pose_b, model.half_extent[b], params.tolerance)) continue;
    SelfCollisionHit& hit = out->hits[out->hit_count++];
    hit.box_a = static_cast<uint8_t>(a);
    hit.box_b = static_cast<uint8_t>(b);
    hit_joints |= model.freezes[a] | model.freezes[b];
  }
  // rcssserver3d freezes a joint unless its last freeze is less than frozen
  // + thaw seconds old, then (same cycle) thaws joints frozen long enough.
  // Its test is "more than 3.0 s" on a float game clock that runs a little
  // fast (its log said GTime 9.40003 for 9.4 s): a pose held in collision froze again
  // 150 cycles after the first freeze there (tests/sim_referee/
  // self_collision_client.py --real-server), so 150 cycles it is here.
  for (int j = 0; j < kJointCount; ++j) {
    const JointMask bit = joint_bit(j);
    if ((hit_joints & bit) && (frozen_at_[j] == kNever || cycle - frozen_at_[j] >= blocked_cycles)) {
      frozen_at_[j] = cycle;
      frozen_ |= bit;
      out->newly_frozen |= bit;
    }
    if (frozen_at_[j] != kNever && cycle - frozen_at_[j] >= frozen_cycles) frozen_ &= ~bit;
  }
}

}  // namespace libero::sim
