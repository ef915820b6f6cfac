// The behaviours' heard messages (WorldState.heard): newest first, each with
// a running id, aged every cycle and forgotten after kHeardForgetSeconds.
// Used by the world model and by the mock world, so both hand scripts the
// same slots.
#pragma once

#include <string_view>

#include "world/world_state.h"

namespace libero::world {

// Puts a message in front, the others move down (the oldest falls off).
// `direction` is the field bearing to the speaker in our frame (deg; 0 for
// our own); a text longer than kHeardTextLength is cut.
void push_heard(WsHeard slots[kMaxHeardMessages], int32_t id, bool from_self, double direction,
                std::string_view text);

// One cycle of `dt` seconds older; past kHeardForgetSeconds a slot empties.
void age_heard(WsHeard slots[kMaxHeardMessages], double dt);

}  // namespace libero::world
