#include "agent/pipeline.h"

#include <cstring>

#include "agent/action_builder.h"
#include "core/clock.h"
#include "core/log.h"
#include "protocol/simspark_codec.h"

namespace libero::agent {

namespace {

world::WorldModelOptions world_options(const PipelineOptions& o) {
  world::WorldModelOptions w;
  w.robots_dir = o.robots_dir;
  w.team_name = o.team;
  w.robot_type = o.robot_type;
  return w;
}

script::BehaviorHostOptions behavior_options(const PipelineOptions& o) {
  script::BehaviorHostOptions b;
  b.script_dir = o.scripts_dir;
  b.watch = o.watch_scripts;
  b.tick_budget_ms = o.tick_budget_ms;
  return b;
}

motion::MotionOptions motion_options(const PipelineOptions& o) {
  motion::MotionOptions m;
  m.robots_dir = o.robots_dir;
  m.robot_type = o.robot_type;
  return m;
}

// Logs the first few occurrences, then every 500th, so a broken stream
// cannot flood the log at 50 Hz.
bool should_log(uint64_t count) { return count <= 5 || count % 500 == 0; }

constexpr std::string_view kSynOnly = "(syn)";

}  // namespace

AgentPipeline::AgentPipeline(const PipelineOptions& options, CycleStats* stats)
    : options_(options),
      stats_(stats),
      world_(world_options(options)),
      behaviors_(behavior_options(options)),
      motion_(motion_options(options)),
      percepts_(new protocol::Percept[2]),
      out_(new char[kMaxOutgoingMessage]) {}

AgentPipeline::~AgentPipeline() = default;

Status AgentPipeline::start() {
  Status motion_loaded = motion_.load();
  if (!motion_loaded.ok()) return make_error("motion: " + motion_loaded.error().describe());
  Status scripts_loaded = behaviors_.start();
  if (!scripts_loaded.ok()) {
    LOG_WARN("agent", "behaviours failed to load (running the safe fallback until fixed): %s",
             scripts_loaded.error().describe().c_str());
  }
  return {};
}

Result<std::string_view> AgentPipeline::scene_message() {
  protocol::Action scene;
  scene.clear();
  scene.send_scene = true;
  scene.robot_type = options_.robot_type;
  scene.send_syn = false;  // the sample session's scene carries no (syn)
  Result<size_t> n = protocol::encode_simspark(scene, out_.get(), kMaxOutgoingMessage);
  if (!n.ok()) return make_error("cannot encode the scene message: " + n.error().describe());
  return std::string_view(out_.get(), *n);
}

void AgentPipeline::learn_identity(const protocol::Percept& percept) {
  const protocol::GameStatePercept& gs = percept.game_state;
  if (side_known_ || !gs.present || !gs.has_side) return;
  side_known_ = true;
  side_ = gs.side;
  if (gs.has_unum) unum_ = gs.unum;
  char tag[64];
  std::snprintf(tag, sizeof tag, "%.*s#%d", static_cast<int>(options_.team.size()), options_.team.c_str(), unum_);
  log::set_tag(tag);
  LOG_INFO("agent", "playing as number %d on the %s side", unum_,
           side_ == protocol::Side::Left ? "left" : side_ == protocol::Side::Right ? "right" : "unknown");
}

std::string_view AgentPipeline::on_message(std::string_view message) {
  int64_t started = monotonic_ns();
  int scratch = 1 - current_;
  Status decoded = protocol::decode_simspark(message, &percepts_[scratch]);
  if (decoded.ok()) {
    current_ = scratch;
    have_percept_ = true;
  } else {
    ++decode_errors_;
    if (stats_) stats_->count_decode_error();
    if (should_log(decode_errors_)) {
      LOG_WARN("agent", "decode error #%llu (cycle runs on the last good percept): %s",
               static_cast<unsigned long long>(decode_errors_), decoded.error().describe().c_str());
    }
  }
  const protocol::Percept& percept = percepts_[current_];
  if (decoded.ok()) {
    learn_identity(percept);
    world_.update(percept, motion_.status());
  }
  behaviors_.tick(world_.state(), motion_.status(), &requests_);
  // The behaviours' payload rides on this cycle's team message (when it is
  // our turn): the world model composed it before they ran.
  if (decoded.ok()) world_.attach_script_payload(requests_.radio_payload_set != 0, requests_.radio_payload);

  action_.clear();
  motion_.step(percept, world_.state(), requests_, &action_);
  if (!init_sent_) {
    action_.send_init = true;
    action_.unum = options_.unum;
    action_.team_name.assign(options_.team);
    init_sent_ = true;
  }
  SayOutcome say = add_requests_to_action(requests_, world_.outgoing_team_message(), &action_);
  if (say == SayOutcome::kRejected && stats_) stats_->count_say_rejected();
  action_.send_syn = true;

  std::string_view out;
  Result<size_t> n = protocol::encode_simspark(action_, out_.get(), kMaxOutgoingMessage);
  if (n.ok()) {
    out = std::string_view(out_.get(), *n);
  } else {
    if (stats_) stats_->count_encode_error();
    LOG_ERROR("agent", "cannot encode this cycle's action, sending (syn) only: %s", n.error().describe().c_str());
    std::memcpy(out_.get(), kSynOnly.data(), kSynOnly.size());
    out = std::string_view(out_.get(), kSynOnly.size());
  }
  ++cycles_;
  if (stats_) stats_->record_compute(monotonic_ns() - started);
  return out;
}

void AgentPipeline::on_skipped(std::string_view message) {
  if (stats_) stats_->count_skipped();
  // The one-time identity GS is rare and must not be lost to a skip.
  if (side_known_ || message.find("(unum") == std::string_view::npos) return;
  int scratch = 1 - current_;
  if (!protocol::decode_simspark(message, &percepts_[scratch]).ok()) return;
  current_ = scratch;
  have_percept_ = true;
  learn_identity(percepts_[current_]);
  world_.update(percepts_[current_], motion_.status());
}

}  // namespace libero::agent
