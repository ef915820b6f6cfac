// Replay log writer: JSON Lines, one header line, then one "frame" line every
// N cycles plus "event" lines (goals, fouls, crashes) as they happen, and
// "debug" lines (agents' debug-channel messages) when recorded. Format:
// docs/replay-log.md. Lines are formatted into a fixed buffer and written
// with one fwrite, so logging a frame does not allocate.
#pragma once

#include <cstdio>
#include <string>

#include "core/json_text.h"
#include "core/result.h"
#include "tools/match/debug_record.h"
#include "tools/match/match_frame.h"

namespace libero::match {

struct ReplayHeader {
  std::string team_left, team_right;
  uint32_t seed = 0;
  int frame_every = 1;   // cycles between frame records
  double cycle_seconds = 0.02;
};

// The format's version: 2 added "debug" lines; a version 1 log is a
// version 2 log without them.
constexpr int kReplayLogVersion = 2;

class ReplayLogWriter {
 public:
  ReplayLogWriter() = default;
  ~ReplayLogWriter();
  ReplayLogWriter(const ReplayLogWriter&) = delete;
  ReplayLogWriter& operator=(const ReplayLogWriter&) = delete;

  Status open(const std::string& path, const ReplayHeader& header);
  bool is_open() const { return file_ != nullptr; }
  // Writes the frame if its cycle is due (every `frame_every` cycles) or force.
  void frame(const MatchFrame& frame, bool force = false);
  // kind: "goal", "foul", "agent_crashed", ...; detail: short free text (escaped).
  void event(double time, const char* kind, int team, int unum, const char* detail);
  // An agent's debug-channel message (libero match --record-debug).
  void debug(const DebugRecord& record);
  void flush();
  void close();
  uint64_t frames_written() const { return frames_written_; }

 private:
  std::FILE* file_ = nullptr;
  int frame_every_ = 1;
  uint64_t frames_written_ = 0;
};

using libero::append_json_string;  // core/json_text.h

}  // namespace libero::match
