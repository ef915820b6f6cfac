// The server's play mode seen from one team: "KickOff_Left" is our kick-off
// when we play left and theirs when we play right. Used by the world model
// and by the mock world, so both hand scripts the same phases.
#pragma once

#include "protocol/percepts.h"
#include "world/world_state.h"

namespace libero::world {

GamePhase game_phase_for(protocol::PlayMode mode, bool we_are_left);

}  // namespace libero::world
