// One outgoing agent message: every effector the agent sends in one cycle.
// Fixed-size; the encoder writes it into a caller-provided buffer.
#pragma once

#include <cstdint>

#include "core/nao_joints.h"
#include "protocol/percepts.h"

namespace libero::protocol {

struct Action {
  // The scene message is sent alone: when send_scene is set the encoder
  // writes only (scene ...), no other effector exists on the server yet.
  bool send_scene = false;
  int robot_type = 0;              // 0-4, for (scene rsg/agent/nao/nao_hetero.rsg T)

  bool send_init = false;
  int unum = 0;                    // 0 = let the server choose
  ShortString team_name;

  bool joint_set[kJointCount] = {};
  float joint_velocity[kJointCount] = {};  // rad/s

  bool send_beam = false;
  float beam_x = 0, beam_y = 0, beam_rot_deg = 0;  // team frame

  bool send_say = false;
  char say[kMaxSayLength + 1] = {};
  uint8_t say_length = 0;

  bool send_pass = false;          // (pass): ask for pass mode (rcssserver3d 0.7.2, facts 7.10)

  bool send_syn = true;            // append (syn) so the agent works in sync mode

  void clear();
};

}  // namespace libero::protocol
