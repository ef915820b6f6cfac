// A whole match in the mock world: both teams' scripts in real behaviour
// hosts, skill-level bodies, the referee; as fast as the machine allows.
#pragma once

#include <csignal>

#include "core/result.h"
#include "tools/match/match_options.h"
#include "tools/match/match_recorder.h"

namespace libero::match {

// Plays until GameOver or *stop becomes non-zero (then the summary says
// interrupted). The recorder must be open.
Result<MatchSummary> run_mock_match(const MatchOptions& options, MatchRecorder* recorder,
                                    const volatile std::sig_atomic_t* stop);

}  // namespace libero::match
