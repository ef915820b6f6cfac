// Reads a replay log (docs/replay-log.md, versions 1 and 2) back: its
// header, frames, events and agents' debug records, for `libero view
// LOG.jsonl`, which rebuilds the report's replay page from it.
//
// A log is written line by line while the game runs, so a match that was
// killed leaves a cut last line, and a log may have been edited or
// damaged since: a line that is not JSON, or whose frame, event or debug
// record does not have its fields, is skipped and counted (with the first
// few line numbers and reasons), never trusted. Only a missing or foreign
// header, or a version this reader does not know, is an error.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tools/match/debug_record.h"
#include "tools/match/match_frame.h"

namespace libero::match {

struct ReplayLogEvent {
  double time = 0;
  std::string kind;
  int team = -1, unum = 0;
  std::string detail;
};

struct ReplayLog {
  int version = 0;
  std::string team_left, team_right;
  unsigned seed = 0;
  int frame_every = 1;
  std::vector<MatchFrame> frames;
  std::vector<ReplayLogEvent> events;
  std::vector<DebugRecord> debug;
  int skipped_lines = 0;
  std::vector<std::string> problems;  // "line N: why", the first kMaxProblems
  static constexpr size_t kMaxProblems = 5;
};

// Lines longer than this are skipped unread (a debug record is at most the
// debug channel's 60 KB datagram plus its line's fields).
constexpr size_t kMaxReplayLine = 256 * 1024;

Result<ReplayLog> read_replay_log(const std::string& path);

}  // namespace libero::match
