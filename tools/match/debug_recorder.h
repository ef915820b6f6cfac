// `libero match --record-debug`: receives Libero's agents' debug channels
// (engine/agent/debug_channel.h) on a UDP port of its own and keeps what
// they say for the replay log (docs/replay-log.md, "debug").
//
// The channel publishes only while somebody watches, so the recorder
// answers every agent with "watch" (twice per the channel's 3 s timeout),
// as a viewer with a browser open does: recorded agents publish the whole
// game. When `libero match --view` runs too, every datagram is passed on
// to the viewer's debug port, so the live page sees them as before.
//
// Bounded: an agent's beliefs are kept at most once per `min_cycles`
// (the rest are skipped), a script event once per second per agent and
// kind, and nothing past `max_bytes` of messages (counted as over the
// limit). Datagrams that are not a debug channel's message, or that the
// page could not draw, are counted as rejected (debug_record.h).
// poll() runs on the match runner's thread, once per recorded frame:
// reading never blocks and needs no lock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "tools/match/debug_record.h"

namespace libero::match {

struct DebugRecorderLimits {
  int min_cycles = 10;                  // between two kept belief messages of one agent
  size_t max_bytes = 32u << 20;         // of kept messages in all
};

struct DebugRecorderCounts {
  uint64_t received = 0;       // datagrams read (hellos and watches of a forwarding viewer included)
  uint64_t recorded = 0;       // messages kept
  uint64_t skipped = 0;        // kept out by the per-agent rate
  uint64_t rejected = 0;       // not a debug channel's message, or one the page cannot draw
  uint64_t over_limit = 0;     // dropped once max_bytes was reached
  uint64_t bytes = 0;          // of kept messages
};

class DebugRecorder {
 public:
  DebugRecorder() = default;
  ~DebugRecorder();
  DebugRecorder(const DebugRecorder&) = delete;
  DebugRecorder& operator=(const DebugRecorder&) = delete;

  // A UDP socket on 127.0.0.1, on a free port.
  Status open(const DebugRecorderLimits& limits);
  bool is_open() const { return fd_ >= 0; }
  int port() const { return port_; }
  // Every datagram received from now on is also sent to 127.0.0.1:port
  // (a viewer's debug port); 0 = none.
  void forward_to(int port) { forward_port_ = port; }
  // Reads every datagram waiting; appends the ones kept to `out`, stamped
  // with the match's cycle and game time.
  void poll(uint32_t cycle, double time, std::vector<DebugRecord>* out);
  const DebugRecorderCounts& counts() const { return counts_; }
  void close();

 private:
  void keep(const char* data, size_t length, uint32_t cycle, double time, std::vector<DebugRecord>* out);

  int fd_ = -1;
  int port_ = 0;
  int forward_port_ = 0;
  DebugRecorderLimits limits_;
  DebugRecorderCounts counts_;
  std::unique_ptr<char[]> buffer_;
  std::map<uint16_t, int64_t> watch_sent_ns_;     // by the agent's UDP port: when "watch" last went
  int64_t last_agent_cycle_[2][12];               // last kept belief message per robot
  struct LastScript {
    std::string event;
    int64_t cycle = -1000000;
  } last_script_[2][12];
};

}  // namespace libero::match
