// Options of `libero match`, shared by the simulator and mock-world runners.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"

namespace libero::match {

struct TeamOptions {
  std::string name;
  std::string scripts_dir;
  std::vector<int> types;   // hetero type per player, types[i] for unum i+1
  // The team's own robot data for its agents (walk, motions: each team
  // tunes its own); empty = MatchOptions::robots_dir. The simulator's robot
  // models always come from MatchOptions::robots_dir.
  std::string robots_dir;
  // An external team: a start-command template or a preset name
  // (tools/match/team_command.h). Empty = Libero agents running scripts_dir.
  std::string command;
};

struct MatchOptions {
  std::string world = "sim";      // "sim" (built-in simulator) or "mock"
  std::string server = "builtin"; // sim world: "builtin" (libero's simulator) or "rcssserver3d" (the real one)
  std::string server_bin;         // rcssserver3d: explicit binary (else $LIBERO_RCSSSERVER3D, PATH, the kit)
  double join_gap = 1.0;          // rcssserver3d: s of wall time at least between two agents' starts
  TeamOptions left, right;
  int players = 3;                // per team
  double half_time = 120;         // s per half
  bool single_half = false;
  uint32_t seed = 1;
  bool realtime = false;          // sim: 20 ms wall-clock cycles instead of sync mode
  std::string out_dir = "out";    // where the log, summary and report go
  std::string name;               // file name stem; default "match-<left>-<right>-<seed>"
  int log_every = 5;              // cycles between replay frames
  int html_every = 5;             // cycles between frames in the HTML replay
  bool quiet = false;             // no progress lines
  double progress_every = 10;     // s of game time between progress lines
  int decision_every = 1;         // mock: behaviours tick every N cycles
  bool no_jit = false;            // mock: interpreted Lua (the JIT is on by default there; lua_vm.h)
  std::string robots_dir;         // robots/ data
  double robot_slip = -1;         // sim: force-dependent slip of robot contacts, m/s per N (< 0: the physics file's)
  std::string physics_file;       // sim: the simulator's physics parameters; empty = <robots_dir>/simulator.lua
  std::string binary;             // the libero binary that runs agents (sim)
  double connect_timeout = 60;    // s of wall time for every agent to connect (sim)
  double stall_timeout = 2;       // s a sync-mode cycle waits for a silent agent before going on (sim)
  std::string log_level = "warn"; // agents' log level (sim)
  bool record_agents = false;     // sim: Libero's agents record every message beside their logs
                                  // (<agent dir>/left-N.record; docs/recording.md)
  // sim: record Libero's agents' debug channels (beliefs, activation
  // graph, drawings, script events) into the replay log and the report
  // (tools/match/debug_recorder.h; docs/replay-log.md, "debug").
  bool record_debug = false;
  double record_debug_rate = 5;       // belief messages kept per agent and second of simulation, at most
  double record_debug_max_mb = 32;    // of messages kept in all; the rest are counted, not kept
  // Called once the server listens, with its monitor port (sim and
  // rcssserver3d; the built-in simulator then opens one): `libero match
  // --view` starts its viewer there. Returns the viewer's debug port, which
  // Libero's agents then publish to (`libero agent --debug-port`), or 0.
  // An error stops the match.
  std::function<Result<int>(int monitor_port)> on_server_ready;
};

}  // namespace libero::match
