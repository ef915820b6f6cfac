// Self-contained HTML match report: the summary and a top-down 2D replay
// (field, robots, ball; play/pause/seek/speed) that opens in a browser from
// disk with no server and no network. With agents' debug records (libero
// match --record-debug) the replay also shows what the robots thought, as
// the live page does: beliefs, drawings with their layer toggles,
// activation graphs and script events (tools/view/web/overlay.js).
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tools/match/debug_record.h"
#include "tools/match/match_frame.h"
#include "tools/match/match_stats.h"

namespace libero::match {

// `note`: a line shown under the title (e.g. that the page was rebuilt
// from a replay log, whose statistics are partial).
std::string render_html_report(const MatchSummary& summary, const std::vector<MatchFrame>& frames,
                               const std::vector<DebugRecord>& debug = {}, const std::string& note = "");
Status write_html_report(const std::string& path, const MatchSummary& summary, const std::vector<MatchFrame>& frames,
                         const std::vector<DebugRecord>& debug = {}, const std::string& note = "");

}  // namespace libero::match
