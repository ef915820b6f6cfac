// A whole match on the built-in simulator: the server runs in this process,
// every player is a `libero agent` child process; the runner watches them,
// reports crashes and stalls, and records the game from the server's ground
// truth each cycle.
#pragma once

#include <csignal>

#include "core/result.h"
#include "tools/match/match_options.h"
#include "tools/match/match_recorder.h"

namespace libero::match {

Result<MatchSummary> run_sim_match(const MatchOptions& options, MatchRecorder* recorder,
                                   const volatile std::sig_atomic_t* stop);

}  // namespace libero::match
