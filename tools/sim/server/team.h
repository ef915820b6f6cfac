// A robot's side is the referee's TeamSide (the first team name to init
// plays left, the second right); the server only adds its GS spelling.
#pragma once

#include "tools/sim/referee/referee.h"

namespace libero::sim {

using Team = TeamSide;

// "left", "right", "none": the GS (team ...) spelling.
inline const char* team_side_text(Team team) { return team_side_name(team); }

}  // namespace libero::sim
