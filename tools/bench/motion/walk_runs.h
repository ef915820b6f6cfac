// The walk scenarios' single runs, shared by libero_motion_bench (walk,
// walk_forward, walk_side, turn, random_walk) and the forward_gait objective
// (libero fitness), so a walk is measured the same way wherever it is scored.
#pragma once

#include <string>

namespace libero::bench {

// What a run's robot is made with and how it starts.
struct WalkRunOptions {
  std::string robots_dir;     // robots/ folder
  std::string walk_file;      // empty = robots_dir/nao/walk.lua
  int type = 0;
  int substeps = 0;           // physics steps per cycle, 0 = the simulator's default
  double slip = 0;            // robot contacts' force-dependent slip, m/s per N (SimSpark 0.005); 0 = off
  double walk_start = 0.5;    // s standing after the robot is made, before the walk
  double start_spread = 0.5;  // s, run r stands up to this much longer (walk_stand_seconds)
  double start_nudge = 1.0;   // N, run r's stand starts with this push, its direction picked by r
  bool verbose = false;       // print the start and a trace
  int trace_every = 25;       // cycles between verbose trace lines
};

struct WalkResult {
  double speed;  // m/s or rad/s over the measured window
  int falls;
  double max_tilt = 0;
  int touchdown_early = 0, touchdown_held = 0;  // the foot sensors' step timing (WalkParams::touchdown_*)
};

// How long run `run` stands before it walks (see walk_runs.cpp).
double walk_stand_seconds(const WalkRunOptions& options, int run);
// Run `run`: stands, walks (vx, vy, turn) 2 s to accelerate, then measures
// `seconds`: speed along the commanded axis (rad/s for a pure turn) and falls.
WalkResult walk_once(const WalkRunOptions& options, double vx, double vy, double turn, double seconds, int run);

// random_walk's commands: a new one every 2 s, forward up to vx, sideways up to
// 0.35, turning up to turn, a share `stops` of them a stop; `push` N bumps mid-command.
struct RandomWalkCommands {
  double vx = 0.8, turn = 1.6;
  double stops = 0;
  double push = 0;
  bool trace = false;  // a line per cycle
};
struct RandomWalkResult {
  int falls = 0;
  double distance = 0;  // m walked
  long down_cycles = 0, all_cycles = 0;  // lying or getting up, of all
  // Pushes given while standing, and those followed by a fall within 1.5 s,
  // by where they push the robot to: 0 forwards, 1 left, 2 backwards, 3 right.
  int pushes_by_side[4] = {}, push_falls_by_side[4] = {};
  int touchdown_early = 0, touchdown_held = 0;
};
RandomWalkResult random_walk_once(const WalkRunOptions& options, const RandomWalkCommands& commands, double seconds,
                                  int run);

}  // namespace libero::bench
