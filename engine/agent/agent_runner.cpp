#include "agent/agent_runner.h"

#include <signal.h>
#include <time.h>

#include <atomic>
#include <cstring>
#include <memory>

#include "agent/record_file.h"
#include "core/clock.h"
#include "core/log.h"
#include "net/tcp_client.h"

namespace libero::agent {

namespace {

std::atomic<int> g_stop{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free flag");

extern "C" void on_stop_signal(int) { g_stop.store(1); }

// Installs the handlers without SA_RESTART, so a signal also cuts short the
// poll() the loop is waiting in; restores the previous handlers on exit.
class SignalGuard {
 public:
  SignalGuard() {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
  }
  ~SignalGuard() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

bool stop_requested() { return g_stop.load() != 0; }

// Sleeps in short slices so a stop request is noticed promptly.
void sleep_unless_stopped(int ms) {
  int64_t until = monotonic_ns() + static_cast<int64_t>(ms) * 1000000;
  while (!stop_requested()) {
    int64_t left = until - monotonic_ns();
    if (left <= 0) return;
    timespec slice{0, static_cast<long>(left < 20000000 ? left : 20000000)};
    nanosleep(&slice, nullptr);
  }
}

int backoff_ms(int attempt) {
  int ms = 100;
  for (int i = 1; i < attempt && ms < 2000; ++i) ms *= 2;
  return ms < 2000 ? ms : 2000;
}

// True if another attempt is allowed; logs the decision.
bool may_retry(const AgentOptions& options, int* failures) {
  if (!options.reconnect) return false;
  ++*failures;
  if (*failures > options.max_reconnects) {
    LOG_ERROR("agent", "giving up after %d failed reconnection attempts", options.max_reconnects);
    return false;
  }
  int wait = backoff_ms(*failures);
  LOG_INFO("agent", "reconnecting in %d ms (attempt %d of %d)", wait, *failures, options.max_reconnects);
  sleep_unless_stopped(wait);
  return !stop_requested();
}

RecordMeta record_meta(const AgentOptions& options) {
  const PipelineOptions& p = options.pipeline;
  return {{"team", p.team},
          {"unum", std::to_string(p.unum)},
          {"type", std::to_string(p.robot_type)},
          {"host", options.host},
          {"port", std::to_string(options.port)},
          {"max_frame_size", std::to_string(options.max_frame_size)}};
}

}  // namespace

void request_agent_stop() { g_stop.store(1); }

int run_agent(const AgentOptions& options, CycleStatsSummary* summary_out) {
  g_stop.store(0);
  SignalGuard signals;
  CycleStats stats;
  RecordWriter recorder;
  if (!options.record_path.empty()) {
    Status opened = recorder.open(options.record_path, record_meta(options));
    if (!opened.ok()) {
      LOG_ERROR("agent", "%s", opened.error().describe().c_str());
      return kExitFailure;
    }
  }
  const int64_t origin = monotonic_ns();
  std::unique_ptr<char[]> current(new char[options.max_frame_size]);
  size_t current_length = 0;
  net::TcpClient client(options.max_frame_size);
  DebugChannel debug;
  if (Status opened = debug.open(options.debug); !opened.ok()) {
    LOG_ERROR("agent", "%s", opened.error().describe().c_str());
    return kExitFailure;
  }

  int exit_code = kExitOk;
  int failures = 0;
  uint64_t total_cycles = 0;
  bool limit_reached = false;
  while (!stop_requested() && !limit_reached) {
    // A fresh pipeline per connection: the world model must not carry a
    // previous connection's side, number or play state.
    AgentPipeline pipeline(options.pipeline, &stats);
    Status started = pipeline.start();
    if (!started.ok()) {
      LOG_ERROR("agent", "cannot start: %s", started.error().describe().c_str());
      exit_code = kExitFailure;
      break;
    }
    Status connected = client.connect(options.host, static_cast<uint16_t>(options.port), options.connect_timeout_ms);
    if (!connected.ok()) {
      LOG_ERROR("agent", "%s", connected.error().describe().c_str());
      if (may_retry(options, &failures)) continue;
      exit_code = stop_requested() ? kExitOk : kExitFailure;
      break;
    }
    LOG_INFO("agent", "connected to %s:%d as team %s, type %d", options.host.c_str(), options.port,
             options.pipeline.team.c_str(), options.pipeline.robot_type);
    stats.begin_session();
    std::string peer = options.host + ":" + std::to_string(options.port);
    recorder.write(RecordKind::kConnect, monotonic_ns() - origin, peer);

    Result<std::string_view> scene = pipeline.scene_message();
    if (!scene.ok()) {
      LOG_ERROR("agent", "%s", scene.error().describe().c_str());
      exit_code = kExitFailure;
      break;
    }
    Status lost = client.send(*scene, options.send_timeout_ms);
    if (lost.ok()) recorder.write(RecordKind::kSent, monotonic_ns() - origin, *scene);

    int64_t last_frame_ns = monotonic_ns();
    while (lost.ok() && !stop_requested()) {
      std::string_view frame;
      Result<bool> got = client.receive(100, &frame);  // short slices: notice stop requests
      if (!got.ok()) {
        lost = got.error();
        break;
      }
      if (!*got) {
        if (monotonic_ns() - last_frame_ns > static_cast<int64_t>(options.receive_timeout_ms) * 1000000) {
          lost = make_error("no message from the server for " + std::to_string(options.receive_timeout_ms) +
                            " ms (server stalled?)");
        }
        continue;
      }
      int64_t arrival = monotonic_ns();
      std::memcpy(current.get(), frame.data(), frame.size());
      current_length = frame.size();

      // We fell behind if more percepts are already queued: run the newest.
      Result<bool> more = false;
      for (;;) {
        more = client.receive(0, &frame);
        if (!more.ok() || !*more) break;
        std::string_view older(current.get(), current_length);
        recorder.write(RecordKind::kSkipped, arrival - origin, older);
        pipeline.on_skipped(older);
        arrival = monotonic_ns();
        std::memcpy(current.get(), frame.data(), frame.size());
        current_length = frame.size();
      }
      last_frame_ns = arrival;
      stats.record_arrival(arrival);
      std::string_view message(current.get(), current_length);
      recorder.write(RecordKind::kReceived, arrival - origin, message);

      std::string_view reply = pipeline.on_message(message);
      Status sent = client.send(reply, options.send_timeout_ms);
      int64_t sent_at = monotonic_ns();
      if (!sent.ok() || sent_at - arrival > kCyclePeriodNs) stats.count_late_action();
      if (!sent.ok()) {
        lost = sent;
        break;
      }
      recorder.write(RecordKind::kSent, sent_at - origin, reply);
      if (debug.is_open()) {
        // After the action went out, so publishing never delays it.
        DebugSnapshot snapshot;
        snapshot.team = options.pipeline.team.c_str();
        snapshot.side = pipeline.side() == protocol::Side::Left ? 1 : pipeline.side() == protocol::Side::Right ? 2 : 0;
        snapshot.unum = pipeline.unum();
        snapshot.world = &pipeline.world_state();
        snapshot.trace = &pipeline.cycle_trace();
        snapshot.behavior = &pipeline.behavior_stats();
        snapshot.last_error = &pipeline.last_script_error();
        debug.on_cycle(sent_at, snapshot);
      }
      if (!more.ok()) {
        lost = more.error();
        break;
      }
      failures = 0;  // a working session restores the reconnection budget
      ++total_cycles;
      if (options.max_cycles > 0 && total_cycles >= options.max_cycles) {
        limit_reached = true;
        break;
      }
    }
    client.close();
    if (stop_requested() || limit_reached) break;
    LOG_ERROR("agent", "connection to the server lost: %s", lost.error().describe().c_str());
    if (may_retry(options, &failures)) continue;
    exit_code = stop_requested() ? kExitOk : kExitFailure;
    break;
  }
  if (stop_requested()) LOG_INFO("agent", "stopping on request (signal)");
  if (limit_reached) LOG_INFO("agent", "stopping after %llu cycles as asked", static_cast<unsigned long long>(total_cycles));

  Status recorded = recorder.close();
  stats.set_recorder_dropped(recorder.dropped_entries());
  if (!recorded.ok()) {
    LOG_ERROR("agent", "%s", recorded.error().describe().c_str());
    if (exit_code == kExitOk) exit_code = kExitFailure;
  }
  CycleStatsSummary summary = stats.summarize();
  std::string report = format_summary(summary);
  size_t start = 0;
  while (start < report.size()) {
    size_t end = report.find('\n', start);
    if (end == std::string::npos) end = report.size();
    LOG_INFO("stats", "%.*s", static_cast<int>(end - start), report.c_str() + start);
    start = end + 1;
  }
  if (!options.stats_json_path.empty()) {
    Status written = write_summary_json(summary, options.stats_json_path);
    if (!written.ok()) {
      LOG_ERROR("agent", "%s", written.error().describe().c_str());
      if (exit_code == kExitOk) exit_code = kExitFailure;
    }
  }
  if (summary_out) *summary_out = summary;
  return exit_code;
}

}  // namespace libero::agent
