#include "protocol/percepts.h"

#include <cstring>

namespace libero::protocol {

// Exact server spellings (facts §5.2); the index is the monitor enum value.
const std::string_view kPlayModeNames[kPlayModeCount] = {
    "BeforeKickOff",         "KickOff_Left",          "KickOff_Right",    "PlayOn",
    "KickIn_Left",           "KickIn_Right",          "corner_kick_left", "corner_kick_right",
    "goal_kick_left",        "goal_kick_right",       "offside_left",     "offside_right",
    "GameOver",              "Goal_Left",             "Goal_Right",       "free_kick_left",
    "free_kick_right",       "direct_free_kick_left", "direct_free_kick_right", "pass_left",
    "pass_right"};

std::string_view play_mode_name(PlayMode mode) {
  const int m = static_cast<int>(mode);
  if (m < 0 || m >= kPlayModeCount) return "Unknown";
  return kPlayModeNames[m];
}

PlayMode play_mode_from_string(std::string_view s) {
  for (int i = 0; i < kPlayModeCount; ++i)
    if (kPlayModeNames[i] == s) return static_cast<PlayMode>(i);
  return PlayMode::Unknown;
}

bool ShortString::assign(std::string_view s) {
  if (s.size() > static_cast<size_t>(kMaxNameLength)) return false;
  if (!s.empty()) std::memcpy(text, s.data(), s.size());
  text[s.size()] = '\0';
  length = static_cast<uint8_t>(s.size());
  return true;
}

void Percept::clear() { *this = Percept{}; }

}  // namespace libero::protocol
