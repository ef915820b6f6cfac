#include "tools/match/replay_page.h"

#include "tools/match/html_report.h"

namespace libero::match {

Status write_replay_page(const ReplayLog& log, const std::string& path) {
  MatchSummary summary;
  summary.team_left = log.team_left;
  summary.team_right = log.team_right;
  summary.seed = log.seed;
  if (!log.frames.empty()) {
    const MatchFrame& last = log.frames.back();
    summary.score_left = last.score_left;
    summary.score_right = last.score_right;
    summary.game_time = last.time;
    summary.cycles = last.cycle;
    summary.finished = last.play_mode == protocol::PlayMode::GameOver;
  }
  for (const ReplayLogEvent& e : log.events) {
    if (e.kind == "goal" && (e.team == 0 || e.team == 1)) summary.goals.push_back({e.team, e.unum, e.time});
    if (e.kind == "interrupted") summary.interrupted = true;
  }
  std::string note = "Rebuilt from the replay log (format version " + std::to_string(log.version) +
                     "): possession, shots and falls are in the match's own report and summary.";
  if (log.skipped_lines > 0) note += " " + std::to_string(log.skipped_lines) + " damaged lines of the log were skipped.";
  return write_html_report(path, summary, log.frames, log.debug, note);
}

}  // namespace libero::match
