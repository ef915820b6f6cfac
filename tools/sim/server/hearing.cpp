#include "tools/sim/server/hearing.h"

#include <cmath>

namespace libero::sim {

SayCheck check_say_message(std::string_view message) {
  if (message.empty()) return SayCheck::Empty;
  if (message.size() > static_cast<size_t>(kMaxSayChars)) return SayCheck::TooLong;
  for (char c : message) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x21 || u > 0x7E || c == '(' || c == ')') return SayCheck::BadCharacter;
  }
  return SayCheck::Ok;
}

double hear_direction_deg(Team side, const Vec3& from, const Vec3& to) {
  double dx = to.x() - from.x();
  double dy = to.y() - from.y();
  if (side == Team::Right) {
    dx = -dx;
    dy = -dy;
  }
  return rad2deg(std::atan2(dy, dx));
}

int select_heard(int listener, Team listener_side, const Vec3& listener_position,
                 const Utterance* utterances, int utterance_count, HearBudget* budget,
                 HeardEntry out[kMaxHeardPerCycle]) {
  int count = 0;
  for (int i = 0; i < utterance_count && count < kMaxHeardPerCycle; ++i) {
    const Utterance& u = utterances[i];
    if (u.speaker == listener) {
      out[count++] = HeardEntry{&u, true, 0.0};
      continue;
    }
    if ((u.speaker_position - listener_position).norm() > kHearingRange) continue;
    bool teammate = listener_side != Team::None && u.side == listener_side;
    int* credits = teammate ? &budget->teammate : &budget->opponent;
    if (*credits < kHearCredits) continue;
    *credits -= kHearCredits;
    out[count++] =
        HeardEntry{&u, false, hear_direction_deg(listener_side, listener_position, u.speaker_position)};
  }
  return count;
}

}  // namespace libero::sim
