// rcssserver3d's self-collision rule (simspark-facts §7.8), shared by the
// built-in simulator's server and the in-process motion harness so both
// judge a motion the same way.
//
// SimSpark's robot parts do not collide with each other physically; instead
// its referee tests, every cycle of a running game, every pair of one robot's
// box colliders (minus a few declared neighbour pairs) with a separating-axis
// test and a tolerance, and on a hit freezes every joint of the limbs
// involved: for 1 s a velocity command sent to a frozen joint is replaced by
// 0 (a command not sent leaves the motor as it was), and a joint cannot be
// frozen again until 3 s after its freeze.
//
// The test is kinematic: body poses come from the joint angles alone, so it
// needs no physics. Per-cycle calls never allocate.
#pragma once

#include <cstdint>

#include "core/math.h"
#include "core/nao_joints.h"
#include "robot/kinematics.h"

namespace libero::sim {

constexpr int kMaxSelfCollisionBoxes = 16;
constexpr int kMaxSelfCollisionPairs = kMaxSelfCollisionBoxes * (kMaxSelfCollisionBoxes - 1) / 2;
constexpr double kSelfCollisionCycleSeconds = 0.02;  // one referee check per 20 ms cycle (facts §4)

using JointMask = uint32_t;  // bit j set = Joint j
static_assert(kJointCount <= 32, "JointMask holds one bit per joint");
inline constexpr JointMask joint_bit(int joint) { return JointMask{1} << joint; }

// The rule's numbers (robots/simulator.lua, `self_collision`; rcssserver3d's
// naosoccersim.rb values are the defaults).
struct SelfCollisionParams {
  bool enabled = true;          // FoulOnSelfCollisions
  double tolerance = 0.04;      // m, SelfCollisionsTolerance
  double frozen_seconds = 1.0;  // SelfCollisionJointFrozenTime
  double thaw_seconds = 2.0;    // SelfCollisionJointThawTime: no new freeze of that joint meanwhile
};

// One robot type's box colliders and the pairs the referee tests, built once
// from the robot data (self_collision_data.h).
struct SelfCollisionModel {
  robot::KinematicModel kinematics;
  int box_count = 0;
  int box_body[kMaxSelfCollisionBoxes] = {};      // RobotDescription body index
  Vec3 half_extent[kMaxSelfCollisionBoxes];       // half edge lengths, body frame
  double radius[kMaxSelfCollisionBoxes] = {};     // half diagonal: boxes whose spheres miss cannot collide
  JointMask freezes[kMaxSelfCollisionBoxes] = {};  // joints frozen when this box collides (its limb)
  char name[kMaxSelfCollisionBoxes][24] = {};     // body name, for the log ("rlowerarm")
  int pair_count = 0;
  uint8_t pair[kMaxSelfCollisionPairs][2] = {};   // box indices, first < second (SimSpark's order)
};

// rcssserver3d's box test: the boxes collide when their projections overlap
// by at least `tolerance` on all 15 separating axes (3 face normals of each
// box, 9 cross products). Like rcssserver3d the cross products are not
// normalised, so on them the tolerance grows as 1/sin of the angle between
// the edges: two boxes with a pair of (nearly) parallel edges never collide.
// Poses in any one frame; half extents along each box's own axes.
bool boxes_collide(const Iso3& pose_a, const Vec3& half_a, const Iso3& pose_b, const Vec3& half_b,
                   double tolerance);

// What one check found.
struct SelfCollisionHit {
  uint8_t box_a = 0, box_b = 0;  // SelfCollisionModel box indices
};
struct SelfCollisionCheck {
  int hit_count = 0;
  SelfCollisionHit hits[kMaxSelfCollisionPairs];
  JointMask newly_frozen = 0;    // joints frozen by this check
};

// One robot's freezes.
class SelfCollisionState {
 public:
  SelfCollisionState() { reset(); }
  // The referee's check at the end of cycle `cycle` (after the physics step),
  // with the robot's joint angles (rad, indexed by Joint): records the
  // colliding pairs, freezes their limbs' joints (unless frozen less than
  // frozen + thaw seconds ago: 150 cycles) and thaws joints frozen for
  // frozen_seconds.
  // A freeze at cycle n zeroes the commands applied in cycles n+1 .. n+50
  // (1.0 s). Does nothing when the rule is off.
  void check(const SelfCollisionModel& model, const SelfCollisionParams& params, const double* joint_angles,
             int64_t cycle, SelfCollisionCheck* out);
  // The game is paused (BeforeKickOff) or the robot is new: everything thaws
  // and past freezes are forgotten (rcssserver3d does this while paused).
  void reset();
  bool frozen(int joint) const { return (frozen_ & joint_bit(joint)) != 0; }
  JointMask frozen_mask() const { return frozen_; }
  // The velocity command a frozen joint really gets (0) or the command itself.
  double filter(int joint, double velocity) const { return frozen(joint) ? 0.0 : velocity; }

 private:
  static constexpr int64_t kNever = INT64_MIN / 2;
  int64_t frozen_at_[kJointCount];  // cycle of the joint's last freeze, kNever if none counts
  JointMask frozen_ = 0;
};

}  // namespace libero::sim
