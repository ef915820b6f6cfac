// The match report's replay page rebuilt from a replay log (`libero view
// LOG.jsonl`): the same page `libero match` writes, with the overlays of
// the debug records the log holds. The statistics a match computes every
// cycle (possession, shots, falls) cannot be recomputed from a log's
// sampled frames, so the page shows the score, game time, goals and the
// frames only, and says so.
#pragma once

#include <string>

#include "core/result.h"
#include "tools/match/replay_log_reader.h"

namespace libero::match {

Status write_replay_page(const ReplayLog& log, const std::string& path);

}  // namespace libero::match
