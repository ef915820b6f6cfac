// A robot's side. The first team name to init plays left, the second right.
#pragma once

#include <cstdint>

namespace libero::sim {

enum class Team : uint8_t { Left = 0, Right = 1, None = 2 };

// "left", "right", "none": the GS (team ...) spelling.
inline const char* team_side_text(Team team) {
  switch (team) {
    case Team::Left: return "left";
    case Team::Right: return "right";
    case Team::None: return "none";
  }
  return "none";
}

}  // namespace libero::sim
