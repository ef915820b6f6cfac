// Head control: look at the ball or a field point (from the WorldState),
// scan, or hold fixed angles; always inside the neck's range.
#pragma once

#include "core/nao_joints.h"
#include "core/skill_requests.h"
#include "world/world_state.h"

namespace libero::motion {

class HeadControl {
 public:
  // Writes the neck targets (kNeckYaw, kNeckPitch) in rad.
  void step(const SkillRequests& requests, const world::WorldState& world, double target[kJointCount]);
  void reset() { scan_time_ = 0; }

 private:
  void look_at(const world::WorldState& world, double x, double y, double z, double target[kJointCount]);
  void scan(double target[kJointCount]);
  double scan_time_ = 0;
  double last_yaw_ = 0;
};

// Neck range (simspark-facts §1.3).
constexpr double kNeckYawLimit = 2.0943951;   // 120 deg
constexpr double kNeckPitchLimit = 0.7853982; // 45 deg

}  // namespace libero::motion
