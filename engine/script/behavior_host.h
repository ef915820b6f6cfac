// BehaviorHost: runs the team's Lua behaviours once per cycle. Reads the
// WorldState, writes SkillRequests. A script error or overrun never escapes:
// the host falls back to a safe request (stand, look around) and reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/result.h"
#include "motion/skill_requests.h"
#include "world/world_state.h"

namespace libero::script {

struct BehaviorHostOptions {
  std::string script_dir;                 // the team's scripts/ folder
  std::string entry = "main";             // module run each tick
  double tick_budget_ms = 2.0;            // a tick running longer is cut off
  std::size_t memory_limit_bytes = 64u << 20;
  bool watch = true;                      // hot reload on file changes
};

struct BehaviorStats {
  uint64_t ticks = 0;
  uint64_t runtime_errors = 0;
  uint64_t budget_overruns = 0;
  uint64_t reloads = 0;
  uint64_t failed_reloads = 0;
  bool in_fallback = false;
};

class BehaviorHost {
 public:
  explicit BehaviorHost(const BehaviorHostOptions& options);
  ~BehaviorHost();
  BehaviorHost(const BehaviorHost&) = delete;
  BehaviorHost& operator=(const BehaviorHost&) = delete;

  // Loads the scripts. A load error is returned (and the host runs its safe
  // fallback until a good version is saved).
  Status start();

  // One behaviour tick. Never throws; bounded by the tick budget.
  void tick(const world::WorldState& world, const motion::MotionStatus& motion,
            motion::SkillRequests* requests);

  const BehaviorStats& stats() const { return stats_; }

 private:
  BehaviorHostOptions options_;
  BehaviorStats stats_{};
  struct Impl;
  Impl* impl_ = nullptr;
};

}  // namespace libero::script
