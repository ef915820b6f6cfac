// PLACEHOLDER behaviour host (issue: Lua behaviour runtime). It loads no
// scripts and requests "stand, look at the ball" every cycle.
#include "script/behavior_host.h"

#include <cstring>

namespace libero::script {

struct BehaviorHost::Impl {};

BehaviorHost::BehaviorHost(const BehaviorHostOptions& options) : options_(options), impl_(new Impl) {}
BehaviorHost::~BehaviorHost() { delete impl_; }

Status BehaviorHost::start() { return {}; }

void BehaviorHost::tick(const world::WorldState&, const motion::MotionStatus&,
                        motion::SkillRequests* requests) {
  std::memset(requests, 0, sizeof *requests);
  requests->body = motion::kBodyStand;
  requests->head = motion::kHeadLookAtBall;
  ++stats_.ticks;
}

}  // namespace libero::script
