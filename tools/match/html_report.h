// Self-contained HTML match report: the summary and a top-down 2D replay
// (field, robots, ball; play/pause/seek/speed) that opens in a browser from
// disk with no server and no network.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tools/match/match_frame.h"
#include "tools/match/match_stats.h"

namespace libero::match {

std::string render_html_report(const MatchSummary& summary, const std::vector<MatchFrame>& frames);
Status write_html_report(const std::string& path, const MatchSummary& summary,
                         const std::vector<MatchFrame>& frames);

}  // namespace libero::match
