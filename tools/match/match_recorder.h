// MatchRecorder: everything a match writes, whichever world plays it. Fed
// one MatchFrame per cycle (and agents' debug messages, when recorded); at the end writes <out>/<name>.jsonl (replay log),
// <name>.summary.json, <name>.html and returns the summary.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tools/match/debug_recorder.h"
#include "tools/match/match_options.h"
#include "tools/match/match_stats.h"
#include "tools/match/replay_log.h"

namespace libero::match {

struct MatchFiles {
  std::string log, summary_json, html;
};

class MatchRecorder {
 public:
  // Creates the output folder and opens the replay log (and, with
  // options.record_debug, the debug recorder's UDP port).
  Status open(const MatchOptions& options);
  // The debug port Libero's agents publish to: the recorder's own when it
  // records (passing everything on to viewer_port), else viewer_port
  // (0 = none).
  int agent_debug_port(int viewer_port);
  // The debug rate (Hz of wall time) to give Libero's agents, or 0 for
  // their default (10 Hz): the channel's rate is in wall time, and a
  // sync-mode game runs several times faster than real time (1 vs 1 about
  // 6x), so a recorded one asks for the channel's most, 50 Hz, to keep
  // messages every few tenths of a simulated second.
  int agent_debug_rate() const { return debug_.is_open() && !options_.realtime ? 50 : 0; }
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
  void take_debug(const MatchFrame& frame);

  ReplayLogWriter log_;
  DebugRecorder debug_;
  std::vector<DebugRecord> debug_records_;  // also in the report
  std::vector<MatchFrame> html_frames_;
  MatchFiles files_;
  double next_progress_ = 0;
  MatchFrame last_frame_;
};

std::string default_match_name(const MatchOptions& options);

}  // namespace libero::match
