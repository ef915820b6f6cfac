// The game state the percepts and the monitor report: play mode, game clock,
// half, scores. Team names and sides live in TeamRegistry. For this issue the
// server only runs the clock (it runs in every mode but BeforeKickOff and
// GameOver); the referee will own this struct and change modes and scores.
#pragma once

#include <string_view>

#include "protocol/percepts.h"

namespace libero::sim {

struct MatchState {
  protocol::PlayMode play_mode = protocol::PlayMode::BeforeKickOff;
  double game_time = 0;   // s
  int half = 1;
  int score_left = 0, score_right = 0;
};

inline void advance_match_clock(MatchState* m, double dt) {
  if (m->play_mode != protocol::PlayMode::BeforeKickOff && m->play_mode != protocol::PlayMode::GameOver)
    m->game_time += dt;
}

// The server's play-mode string (GS pm).
inline std::string_view play_mode_text(protocol::PlayMode mode) {
  int index = static_cast<int>(mode);
  if (index < 0 || index >= protocol::kPlayModeCount) return "BeforeKickOff";
  return protocol::kPlayModeNames[index];
}

}  // namespace libero::sim
