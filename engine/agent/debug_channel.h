// The agent's debug channel: what this robot believes and does, sent as
// UDP datagrams on loopback to a viewer (`libero view`, docs/viewer.md),
// only while one watches.
//
// Why UDP: a datagram send never waits for the receiver, so a slow, busy or
// absent viewer cannot hold up the cycle; a datagram lost is a frame of
// debug view lost, nothing more.
//
// Subscription: while unwatched the channel sends a tiny hello once a
// second; a viewer with a browser open answers "watch", and the channel then
// publishes at `rate_hz` until no "watch" has come for 3 s. So the cost
// while nobody watches is one non-blocking recv per cycle and one small
// datagram per second (docs/benchmarks.md, "Viewer").
//
// Per cycle nothing is allocated: datagrams are formatted into a buffer
// allocated at open(), numbers by a fixed-point formatter (snprintf's %f was
// the slow part of a 22-player datagram).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/result.h"
#include "script/behavior_host.h"
#include "script/cycle_trace.h"
#include "world/world_state.h"

namespace libero::agent {

struct DebugChannelOptions {
  int port = 0;           // the viewer's UDP port on 127.0.0.1; 0 = off
  double rate_hz = 10;    // world-model datagrams per second while watched
};

// What one datagram is made of; all pointers must be valid for the call.
struct DebugSnapshot {
  const char* team = "";
  int side = 0;           // 1 left, 2 right, 0 not yet known
  int unum = 0;
  const world::WorldState* world = nullptr;
  const script::CycleTrace* trace = nullptr;
  const script::BehaviorStats* behavior = nullptr;
  const std::string* last_error = nullptr;  // the behaviour host's last reported error
};

class DebugChannel {
 public:
  static constexpr size_t kMaxDatagram = 60000;  // under UDP's 65507; a full trace fits (tested)
  static constexpr double kWatchTimeoutS = 3.0;
  static constexpr double kHelloPeriodS = 1.0;

  DebugChannel();
  ~DebugChannel();
  DebugChannel(const DebugChannel&) = delete;
  DebugChannel& operator=(const DebugChannel&) = delete;

  // Opens a non-blocking UDP socket towards 127.0.0.1:port. port 0: stays
  // closed and on_cycle() does nothing.
  Status open(const DebugChannelOptions& options);
  bool is_open() const { return fd_ >= 0; }
  void close();

  // Once per cycle, after the cycle's action went out. Never blocks.
  void on_cycle(int64_t now_ns, const DebugSnapshot& snapshot);

  bool watched(int64_t now_ns) const { return watched_until_ns_ > now_ns; }
  uint64_t datagrams_sent() const { return sent_; }
  uint64_t send_failures() const { return failures_; }  // no viewer, buffer full: dropped, never waited for
  uint64_t truncated() const { return truncated_; }     // datagrams cut short at kMaxDatagram

  // Formats the world-model datagram into out (capacity kMaxDatagram);
  // returns its length. Public for tests and the benchmark.
  size_t format_agent(const DebugSnapshot& snapshot, char* out);

 private:
  void send(const char* data, size_t length);
  void read_watch(int64_t now_ns);

  int fd_ = -1;
  DebugChannelOptions options_;
  std::unique_ptr<char[]> buffer_;
  int64_t watched_until_ns_ = 0;
  int64_t next_hello_ns_ = 0;
  int64_t next_publish_ns_ = 0;
  uint64_t seen_reloads_ = 0, seen_failed_reloads_ = 0, seen_errors_ = 0;
  bool counters_known_ = false;
  uint64_t sent_ = 0, failures_ = 0, truncated_ = 0;
};

}  // namespace libero::agent
