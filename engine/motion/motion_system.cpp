// PLACEHOLDER motion system (issue: motion). It holds every joint at its
// zero-pose angle with a proportional velocity command; it does not walk,
// kick or get up yet.
#include "motion/motion_system.h"

#include <algorithm>

#include "core/math.h"

namespace libero::motion {

struct MotionSystem::Impl {};

MotionSystem::MotionSystem(const MotionOptions& options) : options_(options), impl_(new Impl) {}
MotionSystem::~MotionSystem() { delete impl_; }

Status MotionSystem::load() { return {}; }

void MotionSystem::step(const protocol::Percept&, const world::WorldState& world,
                        const SkillRequests& requests, protocol::Action* action) {
  constexpr double kGain = 10.0;       // 1/s: closes a 0.1 rad error in about 0.1 s
  constexpr double kMaxSpeed = 6.1395;  // rad/s, the server's clamp
  int joints = joint_count_for_type(options_.robot_type);
  for (int j = 0; j < joints; ++j) {
    double v = std::clamp(-kGain * world.joint_angles[j], -kMaxSpeed, kMaxSpeed);
    action->joint_set[j] = true;
    action->joint_velocity[j] = static_cast<float>(v);
  }
  status_.active_body = requests.body;
  status_.state = kSkillRunning;
  status_.interruptible = 1;
}

}  // namespace libero::motion
