// A whole match on the built-in simulator: the server runs in this process,
// every player is a `libero agent` child process; the runner watches them,
// reports crashes and stalls, and records the game from the server's ground
// truth each cycle.
#pragma once

#include <csignal>

#include "core/result.h"
#include "tools/match/match_options.h"
#include "tools/match/match_recorder.h"
#include "tools/sim/physics/physics_world.h"

namespace libero::match {

// Sets robot's touching_robot / touching_ball from the cycle's contacts
// (either side of a robot-robot contact counts).
void mark_touches(const sim::CycleContacts& contacts, sim::RobotId robot, FrameRobot* out);

Result<MatchSummary> run_sim_match(const MatchOptions& options, MatchRecorder* recorder,
                                   const volatile std::sig_atomic_t* stop);

}  // namespace libero::match
