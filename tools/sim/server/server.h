// The simulator's server: agent port (SimSpark protocol, one robot per
// connection), monitor port (rcssserver3d's scene graph and game state,
// trainer commands in), the cycle loop in sync or real-time mode, and the
// optional ground-truth feed for benchmarks. Single-threaded: one asio io_context
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
#include <functional>
#include <memory>
#include <string>

#include "core/result.h"
#include "tools/sim/physics/physics_world.h"
#include "tools/sim/referee/referee.h"

namespace libero::sim {

// A robot that plays for a team, as the match runner sees it each cycle.
struct CycleRobot {
  RobotId robot = kNoRobot;
  int team = 0;               // 0 left, 1 right
  int unum = 0;
  int type = 0;
  int64_t missed_syncs = 0;   // sync mode: cycles that went on without this agent's (syn)
};

// What the per-cycle observer gets: ground truth after this cycle's physics
// step and referee, valid only during the call.
struct CycleView {
  int64_t cycle = 0;
  const WorldSnapshot* world = nullptr;
  const GameState* game = nullptr;
  const CycleRobot* robots = nullptr;
  int robot_count = 0;
  const CycleContacts* contacts = nullptr;  // this cycle's ball and robot-robot contacts
};

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
  double robot_slip = -1;           // force-dependent slip, m/s per N; < 0 = the physics file's
  std::string physics_file;         // physics parameters; empty = <robots_dir>/simulator.lua
  bool handle_signals = false;      // SIGINT/SIGTERM stop the loop
  RuleParameters rules;             // the referee's parameters (half time, automatic kick-off, ...)
  // Kick off automatically once this many robots play for a team (and again
  // for the second half), `kick_off_delay` seconds later so they can beam.
  // 0: only rules.automatic_kick_off (after its wait) or a trainer starts the game.
  int kick_off_when_players = 0;
  double kick_off_delay = 1.0;
  // Sync mode: a cycle goes on without agents that stayed silent this long,
  // counting a missed cycle for each (0 = wait for ever, like rcssserver3d).
  double sync_stall_seconds = 0;
  // Sync mode only: deterministic joins for reproducible matches. No cycle
  // runs while fewer agents have connected than expect_agents() says (an
  // agent that leaves later does not hold the game), a
  // connection that has not sent `scene` yet holds the cycle, and new agents
  // get no grace cycles (every agent's (syn) is awaited from the start).
  bool lockstep = false;
  // Called at the end of every cycle, on the server's thread (match runner).
  std::function<void(const CycleView&)> on_cycle;
  // Called every few ms while a lockstep game waits for an agent to connect
  // (no cycle runs meanwhile), on the server's thread: the match runner
  // notices an agent that died before connecting instead of waiting it out.
  std::function<void()> on_join_wait;
};

struct ServerStats {
  int64_t cycles = 0;
  double simulated_seconds = 0;
  double wall_seconds = 0;          // time spent in run()
  double physics_seconds = 0;       // wall time inside physics steps
  double percept_seconds = 0;       // wall time reading sensors and writing percepts
  double command_seconds = 0;       // applying commands (robot creation/removal included) and sending
  double monitor_seconds = 0;       // writing and sending monitor messages (0 while no monitor is connected)
  int64_t monitor_messages = 0;     // full states and updates sent to monitors
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
  // The referee's state; from the server's thread (e.g. inside on_cycle).
  const GameState& game_state() const;
  // Starts the game (or the second half) now, as the trainer's (kickOff):
  // from the server's thread only (e.g. inside on_cycle).
  void kick_off(TeamSide team);
  // Lockstep: the number of agent connections to wait for (thread-safe).
  void expect_agents(int count);

  struct Impl;

 private:
  explicit Server(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace libero::sim
