// The glue between the physics world and the referee: the referee reads a
// snapshot of the world and answers with placements; trainer commands change
// both. Neither side knows the other; the server calls these once a cycle.
#pragma once

#include "tools/sim/physics/physics_world.h"
#include "tools/sim/referee/referee.h"
#include "tools/sim/referee/trainer_commands.h"

namespace libero::sim {

// A robot that plays for a team: its physics id and its shirt.
struct TeamRobot {
  RobotId robot = kNoRobot;
  TeamSide team = TeamSide::None;
  int unum = 0;
};

// Fills the referee's view of this cycle from the physics world.
void fill_referee_input(const PhysicsWorld& physics, const TeamRobot* robots, int count, RefereeInput* out);

// Applies the referee's placements: the ball put down at rest, robots moved
// with their orientation kept and velocities zeroed.
void apply_referee_commands(const RefereeCommands& commands, const TeamRobot* robots, int count,
                            PhysicsWorld* physics);

struct TrainerEffects {
  bool kill_robot = false;       // the server must disconnect the agent of `kill_target`
  TeamRobot kill_target;
  bool full_state_requested = false;
  bool stop_server = false;
};

// Applies one trainer command. `selected` is the trainer's current selection
// (updated by select). Unknown robots are ignored (returns false).
bool apply_trainer_command(const TrainerCommand& command, const TeamRobot* robots, int count, Referee* referee,
                           PhysicsWorld* physics, TeamRobot* selected, TrainerEffects* effects);

}  // namespace libero::sim
