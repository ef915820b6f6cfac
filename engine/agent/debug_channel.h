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
// while nobody watches is one non-blocking recv every 100 ms and one small
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
  // RoboViz's drawing port on 127.0.0.1 (RoboViz listens on 32769); 0 =
  // off. The scripts' drawings go there too, in RoboViz's drawing protocol,
  // at rate_hz; RoboViz has no way to say it watches, so a refused send
  // (nobody on the port) pauses this for a second instead.
  int roboviz_port = 0;
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

  // Opens a non-blocking UDP socket towards 127.0.0.1:port (and one towards
  // RoboViz's port). Both 0: stays closed and on_cycle() does nothing.
  Status open(const DebugChannelOptions& options);
  bool is_open() const { return fd_ >= 0 || roboviz_fd_ >= 0; }
  void close();

  // Once per cycle, after the cycle's action went out. Never blocks. A
  // world-model datagram is formatted on one cycle and sent on the next.
  void on_cycle(int64_t now_ns, const DebugSnapshot& snapshot);

  bool watched(int64_t now_ns) const { return watched_until_ns_ > now_ns; }
  uint64_t datagrams_sent() const { return sent_; }
  uint64_t send_failures() const { return failures_; }  // no viewer, buffer full: dropped, never waited for
  uint64_t truncated() const { return truncated_; }     // datagrams cut short at kMaxDatagram
  uint64_t roboviz_packets() const { return roboviz_sent_; }

  // RoboViz reads at most this many bytes of a datagram (its receive
  // buffer), so commands are packed into packets of at most this size.
  static constexpr size_t kRoboVizPacket = 512;
  static constexpr int kMaxRoboVizSets = 16;  // layers remembered to swap (and so clear) each time

  // Formats the world-model datagram into out (capacity kMaxDatagram);
  // returns its length. Public for tests and the benchmark.
  size_t format_agent(const DebugSnapshot& snapshot, char* out);

 private:
  void send(const char* data, size_t length);
  void read_watch(int64_t now_ns);
  void send_roboviz(int64_t now_ns, const DebugSnapshot& snapshot);
  void flush_roboviz(char* packet, size_t* length, int64_t now_ns);

  int fd_ = -1;
  int roboviz_fd_ = -1;
  DebugChannelOptions options_;
  int64_t next_roboviz_ns_ = 0;
  int64_t roboviz_pause_until_ns_ = 0;
  char roboviz_sets_[kMaxRoboVizSets][48] = {};  // set names drawn into so far
  int roboviz_set_count_ = 0;
  uint64_t roboviz_sent_ = 0;
  std::unique_ptr<char[]> buffer_;   // the world-model datagram, formatted a cycle before it is sent
  size_t pending_length_ = 0;
  static constexpr size_t kEventBuffer = 2048;  // hellos and script events (texts cut to 400 characters)
  std::unique_ptr<char[]> events_;
  int64_t watched_until_ns_ = 0;
  int64_t next_hello_ns_ = 0;
  int64_t next_publish_ns_ = 0;
  int64_t next_read_ns_ = 0;  // when to look for the viewer's "watch" next
  static constexpr int64_t kReadPeriodNs = 100000000;
  uint64_t seen_reloads_ = 0, seen_failed_reloads_ = 0, seen_errors_ = 0;
  bool counters_known_ = false;
  uint64_t sent_ = 0, failures_ = 0, truncated_ = 0;
};

}  // namespace libero::agent
