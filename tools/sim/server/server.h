// The simulator's server: agent port (SimSpark protocol, one robot per
// connection), monitor port (minimal for now; trainer commands arrive with
// the referee), the cycle loop in sync or real-time mode, and the optional
// ground-truth feed for benchmarks. Single-threaded: one asio io_context
// drives every socket between cycles; a cycle runs start to end without
// waiting on the network.
//
// Cycle n (reference sheet §4):
//   1. wait: real time until 20 ms after the previous cycle; sync until every
//      agent past its first 5 percepts has sent (syn)
//   2. apply the commands received since the last cycle (scene, init, hinge,
//      beam, say; for a joint the last command wins)
//   3. send each agent the percept generated at the end of cycle n-1
//   4. one physics step of 20 ms, game clock
//   5. generate this cycle's percepts (sent in step 3 of cycle n+1)
// so an action sent in reply to percept k shows in percept k+2.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/result.h"

namespace libero::sim {

struct ServerOptions {
  std::string bind_address = "127.0.0.1";
  int agent_port = 3100;            // 0 = any free port (read it back with agent_port())
  int monitor_port = 3200;          // 0 = any free port, -1 = no monitor port
  bool sync_mode = false;           // default: real time, like rcssserver3d
  bool seed_given = false;
  uint64_t seed = 0;                // RNG seed (vision/beam noise); random when not given
  bool allowed_types[5] = {true, true, true, true, true};
  bool type_limits = true;          // hetero type composition rules (§7.11)
  bool vision_noise = true;
  bool beam_noise = true;
  int64_t max_cycles = 0;           // stop after this many cycles (0 = no limit)
  double max_wall_seconds = 0;      // stop after this much wall time (0 = no limit)
  std::string robots_dir;           // robots/ data; empty = the source tree's
  std::string ground_truth;         // "" off; digits = TCP port (0 = any); otherwise a file path
  size_t max_message_bytes = 16 * 1024;  // larger agent messages disconnect the agent
  int physics_substeps = 0;         // 0 = physics default
  bool handle_signals = false;      // SIGINT/SIGTERM stop the loop
};

struct ServerStats {
  int64_t cycles = 0;
  double simulated_seconds = 0;
  double wall_seconds = 0;          // time spent in run()
  double physics_seconds = 0;       // wall time inside physics steps
  double percept_seconds = 0;       // wall time reading sensors and writing percepts
  double command_seconds = 0;       // applying commands (robot creation/removal included) and sending
  int64_t robot_cycles = 0;         // sum over cycles of robots present
  int64_t percepts_skipped = 0;     // an agent had not taken the previous percept yet
  int connections = 0, disconnections = 0;
};

class Server {
 public:
  static Result<std::unique_ptr<Server>> create(const ServerOptions& options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  int agent_port() const;           // the bound ports
  int monitor_port() const;         // -1 when disabled
  int ground_truth_port() const;    // -1 unless the feed is a TCP port

  // Runs cycles until stop(), a limit or a signal. Error only for failures
  // of the server itself; agent misbehaviour is logged and survived.
  Status run();
  // Thread-safe: ends run() after the current cycle.
  void stop();

  ServerStats stats() const;        // call after run() returned, or from its thread
  // Thread-safe snapshots, updated at the end of every cycle.
  int connected_agents() const;
  int robot_count() const;

  struct Impl;

 private:
  explicit Server(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace libero::sim
