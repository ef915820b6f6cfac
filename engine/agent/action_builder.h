// Turns the non-joint parts of this cycle's SkillRequests (beam, pass, say) into
// the outgoing Action. Motion writes the joint velocities; this adds the
// rest. Radians become degrees here, at the protocol boundary.
#pragma once

#include <string_view>

#include "core/skill_requests.h"
#include "protocol/actions.h"

namespace libero::agent {

enum class SayOutcome { kNone, kFromBehaviour, kFromWorldModel, kRejected };

// Adds beam, pass and say to *action. The behaviour's say wins over the world
// model's team message; a text the server would reject is dropped
// (kRejected) rather than sent.
SayOutcome add_requests_to_action(const motion::SkillRequests& requests, std::string_view team_message,
                                  protocol::Action* action);

}  // namespace libero::agent
