// The game-state part of a monitor message, as rcssserver3d 0.7.2 writes it
// (facts §8.1): a full state opens with the field and rule parameters and the
// play-mode names, then the state items; an update has the time and only the
// items that changed since this monitor last heard them. Numbers use the C++
// stream default format (6 significant digits).
#pragma once

#include <string_view>

#include "protocol/percepts.h"
#include "tools/sim/server/text_writer.h"

namespace libero::sim {

struct MonitorGameView {
  double time = 0;                  // game time, s
  int half = 1;
  int score_left = 0, score_right = 0;
  protocol::PlayMode play_mode = protocol::PlayMode::BeforeKickOff;
  std::string_view team_left, team_right;  // empty until a team has joined
};

// What one monitor has been told, so an update repeats nothing but the time.
struct PredicateMemory {
  bool told_team_left = false, told_team_right = false;
  int half = -1, score_left = -1, score_right = -1, play_mode = -1;
};

// "(<field predicates>(play_modes ...)<state items>)"; resets the memory.
void write_full_predicates(const MonitorGameView& game, PredicateMemory* memory, TextWriter* out);
// "((time t)<changed state items>)".
void write_predicate_update(const MonitorGameView& game, PredicateMemory* memory, TextWriter* out);

}  // namespace libero::sim
