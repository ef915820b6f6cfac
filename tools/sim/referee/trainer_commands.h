// Trainer commands on the monitor port, as SimSpark understands them
// (simspark-facts.md §8.2): parsed from one monitor message (several
// commands per message allowed) into typed commands that the server applies
// to the referee and the physics world. World frame throughout.
#pragma once

#include <string_view>

#include "core/result.h"
#include "protocol/percepts.h"
#include "tools/sim/referee/referee.h"

namespace libero::sexp {
class Parser;
}

namespace libero::sim {

enum class TrainerCommandKind : uint8_t {
  KickOff,       // (kickOff Left|Right|None)
  PlayMode,      // (playMode <name>)
  Ball,          // (ball (pos x y z)) and/or (ball (vel vx vy vz))
  AgentPos,      // (agent (unum n) (team Left|Right) (pos x y z))
  AgentMove,     // (agent (unum n) (team Left|Right) (move x y z yaw_deg))  yaw 0 faces +y
  DropBall,      // (dropBall)
  Kill,          // (kill (unum n) (team Left|Right)) or (kill): the selected robot
  Select,        // (select (unum n) (team T)), (select (unum -1)) clears, (select) = next
  Repos,         // (repos (unum n) (team T))
  Time,          // (time t)
  Score,         // (score (left a) (right b))
  RequestFullState,  // (reqfullstate)
  KillSim,       // (killsim)
  GetAck,        // (getAck): accepted, no effect
};

struct TrainerCommand {
  TrainerCommandKind kind = TrainerCommandKind::GetAck;
  TeamSide team = TeamSide::None;   // KickOff, agent commands; None = the selected robot / coin
  int unum = 0;                     // agent commands; 0 = not given
  protocol::PlayMode play_mode = protocol::PlayMode::Unknown;
  bool has_position = false, has_velocity = false;
  double x = 0, y = 0, z = 0;       // position
  double vx = 0, vy = 0, vz = 0;    // velocity
  double yaw_deg = 0;               // AgentMove
  double time = 0;                  // Time
  int score_left = 0, score_right = 0;
};

constexpr int kMaxTrainerCommands = 16;

struct TrainerCommandList {
  int count = 0;
  TrainerCommand commands[kMaxTrainerCommands];
  int rejected = 0;            // commands that were malformed or unknown
  char first_problem[128] = {};  // what was wrong with the first of them
};

// Parses one monitor message. A message that is not a well-formed
// S-expression is an Error (the connection should be dropped); a malformed or
// unknown command inside a good message is counted and described in
// `first_problem`, and the others still apply, as the reference server does.
Status parse_trainer_commands(std::string_view message, sexp::Parser* parser, TrainerCommandList* out);

}  // namespace libero::sim
