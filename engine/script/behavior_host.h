// BehaviorHost: runs the team's Lua behaviours once per cycle. Reads the
// WorldState, writes SkillRequests. A script error or overrun never escapes:
// the host falls back to a safe request (stand, look around) and reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/skill_requests.h"
#include "script/cycle_trace.h"
#include "world/world_state.h"

namespace libero::script {

struct BehaviorHostOptions {
  std::string script_dir;                 // the team's scripts/ folder
  std::string entry = "main";             // module run each tick
  double tick_budget_ms = 2.0;            // a tick running longer is cut off
  std::size_t memory_limit_bytes = 64u << 20;
  bool watch = true;                      // hot reload on file changes
  // Enforce the budget with a CPU-time timer (no per-instruction cost);
  // false, or if timers are unavailable: a polling count hook (slower).
  bool budget_timer = true;
  // LuaJIT compiler on (the mock world's fast matches): 2-3x faster ticks,
  // but a loop compiled into a trace cannot be cut by the budget; the
  // process then exits after a watchdog period (lua_vm.h). Never in agents.
  bool jit = false;
  // After a runtime error (a bug hit in a rare situation, a second budget
  // overrun within a second; a lone one only repeats the last good tick's
  // requests, see BehaviorStats::held_ticks) the safe fallback runs this long, then the same
  // code is tried again; 0: fallback until the next good save. A memory
  // error always waits for a save (the failed code's memory must go first).
  double error_retry_s = 1.0;
};

struct BehaviorStats {
  uint64_t ticks = 0;
  uint64_t runtime_errors = 0;
  uint64_t budget_overruns = 0;
  uint64_t held_ticks = 0;       // lone overruns: the last good tick's requests repeated, no fallback
  uint64_t retries = 0;          // runs of the code again after a runtime error
  uint64_t reloads = 0;
  uint64_t failed_reloads = 0;
  bool in_fallback = false;
  // Instrumentation (additive): durations of the last tick and of the last
  // reload (included in the tick that ran it), Lua memory in use.
  int64_t last_tick_ns = 0;
  int64_t max_tick_ns = 0;
  int64_t last_reload_ns = 0;
  std::size_t memory_bytes = 0;
  std::size_t peak_memory_bytes = 0;
  uint64_t lua_allocations = 0;  // growing allocations by the Lua state so far
  bool budget_timer = false;     // the budget runs on the CPU-time timer
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

  // What the last tick produced besides requests: drawings, log lines, the
  // option activation graph (fixed-size; the replay log copies it).
  const CycleTrace& cycle_trace() const;
  // The last reported load or runtime error ("lib/x.lua:12: message"),
  // empty when the scripts run cleanly.
  const std::string& last_error() const;
  // Every API function visible to scripts plus the functions exported by
  // the given library modules, sorted ("skill.walk", "lib.option.define").
  // For tooling and the docs check; allocates, not for the cycle path.
  std::vector<std::string> api_functions(const std::vector<std::string>& modules);
  // Reloads now if the script directory changed (tick() calls this first).
  // Returns true if new code was loaded. Exposed for tests and benches.
  bool poll_reload();

 private:
  bool load_scripts();

  BehaviorHostOptions options_;
  BehaviorStats stats_{};
  struct Impl;
  Impl* impl_ = nullptr;
};

}  // namespace libero::script
