// Loads the self-collision rule's data (self_collision.h): its switch and
// numbers from the simulator's physics file (robots/simulator.lua,
// `self_collision`), and a robot type's box colliders, limbs and exempt pairs
// from the robot file (robots/<model>/<model>.lua, `self_collision`; the box
// sizes and places are the bodies' own). Load time only.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "robot/description.h"
#include "self_collision.h"

namespace libero::sim {

// The `self_collision` table of a physics file: enabled (boolean), tolerance
// (m), frozen_seconds, thaw_seconds, all required, nothing else.
Result<SelfCollisionParams> load_self_collision_params(const std::string& physics_file);
Result<SelfCollisionParams> parse_self_collision_params(std::string_view text, const std::string& name);

// Every box collider of `description` with the pairs to test (all but the
// exempt ones) and the joints each box freezes. Names of bodies or joints
// another hetero type has (toes) are skipped; unknown names are errors.
Result<SelfCollisionModel> load_self_collision_model(const std::string& robots_dir,
                                                     const robot::RobotDescription& description);

}  // namespace libero::sim
