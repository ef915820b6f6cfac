// Say/hear rules of rcssserver3d 0.7.2 (reference sheet §5.8): which
// utterances a listener hears this cycle and how the hear entry reads.
//   * messages of 1-20 characters 0x21-0x7E except '(' and ')'
//     (longer ones are silently dropped, bad characters rejected and logged);
//   * heard within 50 m of the speaker's torso;
//   * per listener two budgets (teammates, opponents) of 2 credits: an
//     accepted message costs 2, every percept refills 1, so at most one
//     teammate and one opponent message every 2 cycles, first processed wins;
//   * the speaker always hears its own message as "self";
//   * direction = field bearing from listener to speaker in the listener's
//     team frame (mirrored for the right team), degrees.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/math.h"
#include "tools/sim/server/team.h"

namespace libero::sim {

constexpr int kMaxSayChars = 20;
constexpr double kHearingRange = 50.0;
constexpr int kHearCredits = 2;

enum class SayCheck { Ok, Empty, TooLong, BadCharacter };
SayCheck check_say_message(std::string_view message);

struct Utterance {
  int speaker = -1;                 // session slot
  Team side = Team::None;
  std::string_view team_name;       // speaker's team name (may be empty)
  Vec3 speaker_position = Vec3::Zero();  // torso, world
  char text[kMaxSayChars + 1] = {};
  uint8_t length = 0;
  std::string_view view() const { return {text, length}; }
};

struct HearBudget {
  int teammate = kHearCredits;
  int opponent = kHearCredits;
  // Called once per percept the listener receives.
  void refill() {
    if (teammate < kHearCredits) ++teammate;
    if (opponent < kHearCredits) ++opponent;
  }
};

struct HeardEntry {
  const Utterance* utterance = nullptr;
  bool self = false;
  double direction_deg = 0;  // valid unless self
};

constexpr int kMaxHeardPerCycle = 3;  // self + one teammate + one opponent

// Chooses what `listener` hears from this cycle's utterances (in the order
// they were processed), charging its budget. Returns the number of entries.
int select_heard(int listener, Team listener_side, const Vec3& listener_position,
                 const Utterance* utterances, int utterance_count, HearBudget* budget,
                 HeardEntry out[kMaxHeardPerCycle]);

// Bearing in degrees from `from` to `to` (xy only) in the team frame of `side`.
double hear_direction_deg(Team side, const Vec3& from, const Vec3& to);

}  // namespace libero::sim
