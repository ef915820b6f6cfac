// One message of an agent's debug channel (engine/agent/debug_channel.h:
// its beliefs, activation graph and drawings, or a script reload or error)
// as the replay log keeps it, and the check that tells a message the page
// can draw from anything else. The recorder checks what arrives over UDP
// and the log reader checks what it reads back, with the same rules, so a
// replay never hands the page a message the live view would not have had.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "tools/batch/json.h"

namespace libero::match {

struct DebugRecord {
  uint32_t cycle = 0;   // the match's simulation cycle when it was recorded
  double time = 0;      // the match's game time then
  int team = 0;         // 0 left, 1 right (the message's side 1 / 2)
  int unum = 0;
  std::string kind;     // "agent" (beliefs, activation graph, drawings) or "script"
  std::string json;     // the message, compact JSON on one line, safe inside an HTML <script>
};

// A message as parsed JSON -> a record (cycle and time left 0). Refused,
// with the reason: anything but an object with "k" "agent" or "script",
// "side" 1 or 2 and "unum" 1-11; an "agent" message without "self" (at
// least 5 numbers), "ball" (6) and "mates"/"opps" (lists of players of 5
// numbers), or whose optional "act" (activations [depth, option, state,
// option time, state time, params]) or "draw" (drawings [kind, colour, x1,
// y1, x2, y2, radius, text, layer(, points)]) does not have that shape; a
// "script" message without "event" (reload, reload_failed, error). Lists
// and strings are bounded (at most 64 players, activations, 256 drawings,
// 64 polygon numbers, 2000 characters). Hellos are refused: they say
// nothing to record.
Result<DebugRecord> debug_record_from(const batch::JsonValue& message);
// The same from text (one datagram).
Result<DebugRecord> debug_record_from_text(std::string_view text);

}  // namespace libero::match
