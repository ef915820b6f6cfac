// PLACEHOLDER until the server exposes its per-cycle hook: the simulator
// runner is being wired to tools/sim/server.
#include "tools/match/sim_match.h"

namespace libero::match {

Result<MatchSummary> run_sim_match(const MatchOptions&, MatchRecorder*, const volatile std::sig_atomic_t*) {
  return make_error("matches on the built-in simulator are not wired up in this build yet; use --world mock");
}

}  // namespace libero::match
