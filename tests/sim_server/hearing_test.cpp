// Say/hear rules: message checks, range, budgets, self echo, direction.
#include <doctest/doctest.h>

#include <cstring>

#include "tools/sim/server/hearing.h"

using namespace libero;
using namespace libero::sim;
using doctest::Approx;

namespace {

Utterance say(int speaker, Team side, Vec3 position, const char* text) {
  Utterance u;
  u.speaker = speaker;
  u.side = side;
  u.team_name = side == Team::Left ? "TA" : "TB";
  u.speaker_position = position;
  u.length = static_cast<uint8_t>(std::strlen(text));
  std::memcpy(u.text, text, u.length);
  return u;
}

}  // namespace

TEST_CASE("say message rules: 1-20 printable characters without space or parentheses") {
  CHECK(check_say_message("hello") == SayCheck::Ok);
  CHECK(check_say_message("12345678901234567890") == SayCheck::Ok);
  CHECK(check_say_message("123456789012345678901") == SayCheck::TooLong);
  CHECK(check_say_message("") == SayCheck::Empty);
  CHECK(check_say_message("a b") == SayCheck::BadCharacter);
  CHECK(check_say_message("a(b") == SayCheck::BadCharacter);
  CHECK(check_say_message("a)b") == SayCheck::BadCharacter);
  CHECK(check_say_message("a\x7f") == SayCheck::BadCharacter);
  CHECK(check_say_message("~!@#$%^&*-_=+[]{};:") == SayCheck::Ok);
}

TEST_CASE("the speaker hears itself; others hear within 50 m with a team-frame direction") {
  Utterance u[1] = {say(0, Team::Left, Vec3(0, 0, 0.4), "hi")};
  HearBudget budget;
  HeardEntry out[kMaxHeardPerCycle];
  REQUIRE(select_heard(0, Team::Left, Vec3(0, 0, 0.4), u, 1, &budget, out) == 1);
  CHECK(out[0].self);
  CHECK(budget.teammate == kHearCredits);  // the echo is free

  // Teammate at (-1, -1): speaker is up-right of it -> 45 deg.
  REQUIRE(select_heard(1, Team::Left, Vec3(-1, -1, 0.4), u, 1, &budget, out) == 1);
  CHECK_FALSE(out[0].self);
  CHECK(out[0].direction_deg == Approx(45.0));

  // A right-team listener at the same place hears it mirrored: -135 deg.
  HearBudget opponent_budget;
  REQUIRE(select_heard(2, Team::Right, Vec3(-1, -1, 0.4), u, 1, &opponent_budget, out) == 1);
  CHECK(out[0].direction_deg == Approx(-135.0));
  CHECK(opponent_budget.opponent == 0);
  CHECK(opponent_budget.teammate == kHearCredits);

  // Out of range (> 50 m).
  HearBudget far_budget;
  CHECK(select_heard(3, Team::Left, Vec3(0, 50.5, 0.4), u, 1, &far_budget, out) == 0);
  CHECK(far_budget.teammate == kHearCredits);
}

TEST_CASE("at most one teammate and one opponent message every two cycles, first processed wins") {
  Utterance u[3] = {say(1, Team::Left, Vec3(1, 0, 0.4), "first"),
                    say(2, Team::Left, Vec3(2, 0, 0.4), "second"),
                    say(3, Team::Right, Vec3(3, 0, 0.4), "opp")};
  HearBudget budget;
  HeardEntry out[kMaxHeardPerCycle];
  int n = select_heard(0, Team::Left, Vec3(0, 0, 0.4), u, 3, &budget, out);
  REQUIRE(n == 2);
  CHECK(out[0].utterance->view() == "first");
  CHECK(out[1].utterance->view() == "opp");
  budget.refill();  // percept of this cycle
  // Next cycle: credits are 1, nothing accepted.
  CHECK(select_heard(0, Team::Left, Vec3(0, 0, 0.4), u, 3, &budget, out) == 0);
  budget.refill();
  // The cycle after: accepted again.
  CHECK(select_heard(0, Team::Left, Vec3(0, 0, 0.4), u + 1, 2, &budget, out) == 2);
  budget.refill();
  budget.refill();
  budget.refill();
  CHECK(budget.teammate == kHearCredits);  // never above 2
}
