// Effector messages from an agent (reference sheet §6), parsed with the
// engine's S-expression parser into a fixed-size block of pending commands.
// Several messages may arrive within one cycle; they accumulate (for a joint
// the last command wins) and the server applies the block at the start of
// the next cycle.
//
// Errors: a message that is not a well-formed S-expression (or exceeds the
// parser limits) is fatal for the connection and returns an Error. Unknown
// predicates and bad arguments are ignored with a warning, as the reference
// server does; the warnings are counted and the first one is kept for the log.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/nao_joints.h"
#include "core/result.h"
#include "protocol/percepts.h"
#include "tools/sim/server/hearing.h"

namespace libero::sexp {
class Parser;
}

namespace libero::sim {

struct AgentCommands {
  bool scene = false;
  int scene_type = 0;

  bool init = false;
  int init_unum = 0;
  char init_team[protocol::kMaxNameLength + 1] = {};
  uint8_t init_team_length = 0;

  bool joint_set[kJointCount] = {};
  double joint_velocity[kJointCount] = {};  // rad/s

  bool beam = false;
  double beam_x = 0, beam_y = 0, beam_rot_deg = 0;

  bool say = false;
  char say_text[kMaxSayChars + 1] = {};
  uint8_t say_length = 0;

  bool syn = false;

  bool pass = false;  // (pass): asks the referee for pass mode (facts §7.10)

  int warning_count = 0;
  char first_warning[96] = {};

  std::string_view init_team_name() const { return {init_team, init_team_length}; }
  std::string_view say_message() const { return {say_text, say_length}; }
  void clear();
};

// Parses one agent message into *commands (accumulating). `has_robot` says
// whether the agent's robot exists: before that only `scene` is an effector.
Status parse_agent_message(std::string_view message, bool has_robot, sexp::Parser* parser,
                           AgentCommands* commands);

}  // namespace libero::sim
