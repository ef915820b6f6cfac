// MatchRecorder: everything a match writes, whichever world plays it. Fed
// one MatchFrame per cycle; at the end writes <out>/<name>.jsonl (replay log),
// <name>.summary.json, <name>.html and returns the summary.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tools/match/match_options.h"
#include "tools/match/match_stats.h"
#include "tools/match/replay_log.h"

namespace libero::match {

struct MatchFiles {
  std::string log, summary_json, html;
};

class MatchRecorder {
 public:
  // Creates the output folder and opens the replay log.
  Status open(const MatchOptions& options);
  void record(const MatchFrame& frame);
  void event(double time, const char* kind, int team, int unum, const char* detail);
  MatchStats& stats() { return stats_; }
  // Writes summary JSON and HTML report; the summary is returned too.
  Result<MatchSummary> finish(double wall_seconds, bool interrupted);
  const MatchFiles& files() const { return files_; }
  // A progress line when due ("t=  60.0 s  Libero 1 : 0 Opponent  PlayOn").
  void maybe_print_progress(const MatchFrame& frame);

 private:
  MatchOptions options_;
  MatchStats stats_;
  ReplayLogWriter log_;
  std::vector<MatchFrame> html_frames_;
  MatchFiles files_;
  double next_progress_ = 0;
  MatchFrame last_frame_;
};

std::string default_match_name(const MatchOptions& options);

}  // namespace libero::match
