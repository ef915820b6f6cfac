// Typed SimSpark percepts. Everything is fixed-size so that decoding a
// message writes into a preallocated Percept and never allocates. Values are
// kept in the units the server sends (degrees, deg/s, m/s^2, N); the world
// model converts. Each optional item has a `present`/count field because the
// server omits items (FRP without contact, See on two of three cycles).
#pragma once

#include <cstdint>
#include <string_view>

#include "core/nao_joints.h"

namespace libero::protocol {

constexpr int kMaxNameLength = 31;     // team names and other identifiers
constexpr int kMaxSayLength = 20;      // SimSpark say/hear message limit
constexpr int kMaxHeard = 4;           // hear entries kept per percept
constexpr int kMaxSeenPlayers = 24;    // 22 players plus slack for the observer's own parts
constexpr int kMaxSeenLines = 32;      // 21 field lines plus slack

// A short string stored inline (no heap). Longer input is rejected by the
// decoder, never silently truncated.
struct ShortString {
  char text[kMaxNameLength + 1] = {};
  uint8_t length = 0;
  std::string_view view() const { return {text, length}; }
  bool assign(std::string_view s);  // false if too long
};

enum class PlayMode : uint8_t {
  BeforeKickOff = 0, KickOffLeft, KickOffRight, PlayOn, KickInLeft, KickInRight,
  CornerKickLeft, CornerKickRight, GoalKickLeft, GoalKickRight, OffsideLeft, OffsideRight,
  GameOver, GoalLeft, GoalRight, FreeKickLeft, FreeKickRight, DirectFreeKickLeft,
  DirectFreeKickRight, PassLeft, PassRight,
  Unknown  // a string the decoder does not know; the raw text is kept in GameStatePercept
};
constexpr int kPlayModeCount = static_cast<int>(PlayMode::Unknown);
// The server's exact strings, indexed by PlayMode (also the monitor enum index).
extern const std::string_view kPlayModeNames[kPlayModeCount];
PlayMode play_mode_from_string(std::string_view s);
// The server's string for a mode ("PlayOn", ...); "Unknown" for PlayMode::Unknown.
// NUL-terminated, so .data() may be passed to printf-style code.
std::string_view play_mode_name(PlayMode mode);

enum class Side : uint8_t { None = 0, Left, Right };

struct GameStatePercept {
  bool present = false;
  float game_time = 0;          // (t ...)
  PlayMode play_mode = PlayMode::Unknown;
  ShortString play_mode_text;   // (pm ...) verbatim
  bool has_scores = false;
  int score_left = 0, score_right = 0;
  bool has_unum = false;        // only on the first GS after init
  int unum = 0;
  bool has_side = false;
  Side side = Side::None;
};

struct Vec3f {
  float x = 0, y = 0, z = 0;
};

// (pol distance horizontal vertical): metres, degrees, degrees; head frame.
struct Polar {
  float distance = 0, horizontal = 0, vertical = 0;
};

enum Landmark : uint8_t { kF1L = 0, kF2L, kF1R, kF2R, kG1L, kG2L, kG1R, kG2R, kLandmarkCount };
inline constexpr std::string_view kLandmarkNames[kLandmarkCount] = {"F1L", "F2L", "F1R", "F2R",
                                                                    "G1L", "G2L", "G1R", "G2R"};

enum BodyMarker : uint8_t { kMarkerHead = 0, kMarkerRLowerArm, kMarkerLLowerArm, kMarkerRFoot, kMarkerLFoot, kMarkerCount };
inline constexpr std::string_view kBodyMarkerNames[kMarkerCount] = {"head", "rlowerarm", "llowerarm",
                                                                    "rfoot", "lfoot"};

struct SeenPlayer {
  bool has_team = false;
  ShortString team;
  int id = 0;                          // uniform number, 0 if absent
  bool marker_seen[kMarkerCount] = {};
  Polar marker[kMarkerCount];
};

struct SeenLine {
  Polar begin, end;
};

struct VisionPercept {
  bool present = false;                       // a (See ...) was in this message
  bool landmark_seen[kLandmarkCount] = {};
  Polar landmark[kLandmarkCount];
  bool ball_seen = false;
  Polar ball;
  int player_count = 0;
  SeenPlayer players[kMaxSeenPlayers];
  int line_count = 0;
  SeenLine lines[kMaxSeenLines];
  int dropped = 0;                            // entries beyond the fixed capacity
  int non_finite_dropped = 0;                 // objects (or player markers) left out for a nan/inf number
};

// (FRP (n lf) (c ...) (f ...)); absent means no contact.
enum FootSensor : uint8_t { kFootLeft = 0, kFootRight, kToeLeft, kToeRight, kFootSensorCount };
inline constexpr std::string_view kFootSensorNames[kFootSensorCount] = {"lf", "rf", "lf1", "rf1"};

struct ForcePercept {
  bool contact = false;
  Vec3f center;  // m, foot frame
  Vec3f force;   // N, foot frame
};

struct HearPercept {
  float time = 0;
  bool has_team = false;
  ShortString team;
  bool from_self = false;
  float direction = 0;                        // degrees, team frame; valid unless from_self
  char message[kMaxSayLength + 1] = {};
  uint8_t message_length = 0;
  std::string_view text() const { return {message, message_length}; }
};

struct AgentStatePercept {
  bool present = false;
  bool has_temperature = false, has_battery = false;
  float temperature = 0, battery = 0;
};

struct TouchPercept {
  bool present = false;
  ShortString name;
  int value = 0;
};

// Everything one server message can carry.
struct Percept {
  bool has_time = false;
  double server_time = 0;                     // (time (now ...))
  GameStatePercept game_state;
  bool has_gyro = false;
  Vec3f gyro;                                 // deg/s, torso frame
  bool has_accel = false;
  Vec3f accel;                                // m/s^2, torso frame
  bool joint_present[kJointCount] = {};
  float joint_angle_deg[kJointCount] = {};
  ForcePercept force[kFootSensorCount];
  TouchPercept touch;
  AgentStatePercept agent_state;
  int heard_count = 0;
  HearPercept heard[kMaxHeard];
  int heard_dropped = 0;                      // hear entries beyond kMaxHeard
  VisionPercept vision;
  int unknown_items = 0;                      // top-level tags skipped

  // Resets to "nothing received" without touching the heap.
  void clear();
};

}  // namespace libero::protocol
