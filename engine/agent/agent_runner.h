// The live agent: connects to a SimSpark-protocol server and runs the
// pipeline once per received percept until the connection ends, a signal
// arrives or a cycle limit is reached. Single-threaded; the only other
// thread is the record writer (when recording).
#pragma once

#include <cstdint>
#include <string>

#include "agent/cycle_stats.h"
#include "agent/debug_channel.h"
#include "agent/pipeline.h"
#include "net/frame_buffer.h"

namespace libero::agent {

struct AgentOptions {
  std::string host = "127.0.0.1";
  int port = 3100;
  PipelineOptions pipeline;
  int connect_timeout_ms = 3000;
  int receive_timeout_ms = 5000;   // no message for this long = the server stalled
  int send_timeout_ms = 1000;
  bool reconnect = false;          // on a lost connection, reconnect instead of exiting
  int max_reconnects = 10;         // consecutive failed attempts before giving up
  uint64_t max_cycles = 0;         // stop cleanly after this many cycles (0: no limit)
  size_t max_frame_size = net::kDefaultMaxFrameSize;
  std::string record_path;         // write every message here (empty: no recording)
  std::string stats_json_path;     // write the stats summary here at exit
  DebugChannelOptions debug;       // beliefs and behaviour to a viewer (off by default)
};

// Exit codes of run_agent (and of `libero agent`).
enum AgentExit : int {
  kExitOk = 0,           // stopped by a signal or the cycle limit
  kExitFailure = 1,      // lost or could not open the connection, server stalled, I/O error
  kExitUsage = 2,        // bad arguments (the CLI's)
};

// Runs the agent; installs SIGINT/SIGTERM handlers for its duration. The
// stats summary is logged at exit, written to stats_json_path when set and
// copied to *summary_out when given.
int run_agent(const AgentOptions& options, CycleStatsSummary* summary_out = nullptr);

// Asks a running run_agent to stop at the next wake-up (what the signal
// handlers do; usable from any thread).
void request_agent_stop();

}  // namespace libero::agent
