// AgentPipeline: one robot's cycle, independent of where the bytes come
// from (a TCP connection live, a record file in replay, a benchmark):
//   message → decode → world.update → behaviours.tick → motion.step → encode → message
// It also runs the SimSpark handshake: scene first, init with the first
// percept, then learn side and number from the first GS that carries them.
// All per-cycle state is allocated in the constructor.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "agent/cycle_stats.h"
#include "core/result.h"
#include "motion/motion_system.h"
#include "core/skill_requests.h"
#include "protocol/actions.h"
#include "protocol/percepts.h"
#include "script/behavior_host.h"
#include "world/world_model.h"

namespace libero::agent {

struct PipelineOptions {
  std::string team = "Libero";
  int unum = 0;          // 0: the server picks
  int robot_type = 0;    // 0-4
  std::string scripts_dir;
  std::string robots_dir;
  bool watch_scripts = true;       // hot reload (off in replay: files must not change the outputs)
  double tick_budget_ms = 2.0;     // behaviour budget per tick
};

constexpr size_t kMaxOutgoingMessage = 8192;  // a full action is well under 1 KB

class AgentPipeline {
 public:
  // stats may be shared across sessions (reconnects); it must outlive this.
  AgentPipeline(const PipelineOptions& options, CycleStats* stats);
  ~AgentPipeline();
  AgentPipeline(const AgentPipeline&) = delete;
  AgentPipeline& operator=(const AgentPipeline&) = delete;

  // Loads motion data and scripts. A motion error is fatal (no body model);
  // a script error is logged and the behaviour host runs its safe fallback.
  Status start();

  // The first message of a session: (scene rsg/agent/nao/nao_hetero.rsg T).
  Result<std::string_view> scene_message();

  // One cycle for one server message. Always returns a message to send
  // (valid until the next call): when decoding fails the cycle runs on the
  // last good percept, when encoding fails it falls back to "(syn)" so a
  // sync-mode server is never kept waiting.
  std::string_view on_message(std::string_view message);

  // A message that arrived while a newer one was queued: counted, not run
  // through the cycle. If it carries the one-time (GS (unum ..) (team ..))
  // it is still folded into the world model so the side is never lost.
  void on_skipped(std::string_view message);

  bool init_sent() const { return init_sent_; }
  bool side_known() const { return side_known_; }
  int unum() const { return unum_; }
  protocol::Side side() const { return side_; }
  uint64_t cycles() const { return cycles_; }
  const world::WorldState& world_state() const { return world_.state(); }
  const motion::SkillRequests& requests() const { return requests_; }
  const script::BehaviorStats& behavior_stats() const { return behaviors_.stats(); }
  // What the behaviours drew, logged and ran this cycle, and their last
  // reported error (the debug channel publishes them).
  const script::CycleTrace& cycle_trace() const { return behaviors_.cycle_trace(); }
  const std::string& last_script_error() const { return behaviors_.last_error(); }

 private:
  void learn_identity(const protocol::Percept& percept);

  PipelineOptions options_;
  CycleStats* stats_;
  world::WorldModel world_;
  script::BehaviorHost behaviors_;
  motion::MotionSystem motion_;
  std::unique_ptr<protocol::Percept[]> percepts_;  // [current, scratch]: decode into scratch, swap on success
  int current_ = 0;
  bool have_percept_ = false;
  motion::SkillRequests requests_{};
  protocol::Action action_;
  std::unique_ptr<char[]> out_;
  bool init_sent_ = false;
  bool side_known_ = false;
  int unum_ = 0;
  protocol::Side side_ = protocol::Side::None;
  uint64_t cycles_ = 0;
  uint64_t decode_errors_ = 0;
};

}  // namespace libero::agent
