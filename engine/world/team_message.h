// Team radio: a compact, checksummed encoding of "where I am, where the
// ball is" that fits SimSpark's say limits (<= 20 characters from
// 0x21-0x7E without '(' and ')'), and the speaking schedule.
//
// Layout: 18 characters from a 64-symbol alphabet (6 bits each, 108 bits):
// 84 data bits (59 of the world model's, a flag and the scripts' 24 opaque
// bits) and a 24-bit checksum over them and our team name, so an opponent's
// message (other team name), an older format or garbage fails the check.
#pragma once

#include <cstdint>
#include <string_view>

#include "protocol/percepts.h"

namespace libero::world {

constexpr int kTeamMessageLength = 18;
constexpr int kScriptPayloadBits = 24;
constexpr uint32_t kScriptPayloadMask = (uint32_t{1} << kScriptPayloadBits) - 1;

struct TeamMessage {
  int unum = 0;                 // 1-11
  double x = 0, y = 0;          // speaker's torso, side-normalised field frame (0.04 m steps)
  double heading = 0;           // rad (2.8 deg steps)
  bool localised = false;
  bool fallen = false;
  bool ball_valid = false;
  double ball_x = 0, ball_y = 0;  // field frame
  double ball_age = 0;          // s since the speaker last saw it (coarse)
  // What the speaker's scripts asked to send (skill.set_radio_payload):
  // opaque to the engine; only the low kScriptPayloadBits travel.
  bool has_script_payload = false;
  uint32_t script_payload = 0;
};

// Writes the message (NUL-terminated) into out; returns its length.
int encode_team_message(const TeamMessage& message, std::string_view team_name,
                        char out[protocol::kMaxSayLength + 1]);

// False for anything that is not a well-formed message of our team.
bool decode_team_message(std::string_view text, std::string_view team_name, TeamMessage* out);

// Speaker schedule: every second server cycle one player speaks, in unum
// order, so each listener's one-message-per-two-cycles budget carries every
// teammate in turn (11 players: each speaks every 0.44 s).
bool is_my_turn_to_speak(double server_time, int unum);

}  // namespace libero::world
