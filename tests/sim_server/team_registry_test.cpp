// Team assignment, init placement and beam rules.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "tools/sim/referee/referee.h"
#include "tools/sim/server/team_registry.h"

using namespace libero;
using namespace libero::sim;
using doctest::Approx;
using protocol::PlayMode;

TEST_CASE("first team name is left, second right, third rejected") {
  TeamRegistry teams;
  InitResult a = teams.init("Alpha", 1, 0);
  REQUIRE(a.accepted);
  CHECK(a.team == Team::Left);
  CHECK(a.unum == 1);
  InitResult b = teams.init("Beta", 0, 0);
  REQUIRE(b.accepted);
  CHECK(b.team == Team::Right);
  CHECK(b.unum == 1);
  InitResult c = teams.init("Gamma", 1, 0);
  CHECK_FALSE(c.accepted);
  CHECK(c.team == Team::None);
  CHECK(std::string(c.reason).find("team names") != std::string::npos);
  CHECK(teams.team_name(Team::Left) == "Alpha");
  CHECK(teams.team_name(Team::Right) == "Beta");
  // Names are kept for the server's lifetime, even when the team is empty.
  teams.release(Team::Left, 1, 0);
  CHECK(teams.player_count(Team::Left) == 0);
  CHECK_FALSE(teams.init("Gamma", 0, 0).accepted);
  CHECK(teams.init("Alpha", 0, 1).team == Team::Left);
}

TEST_CASE("uniform numbers: 0 picks the lowest free, duplicates and out of range rejected") {
  TeamRegistry teams;
  REQUIRE(teams.init("A", 2, 0).accepted);
  CHECK(teams.init("A", 0, 1).unum == 1);
  CHECK(teams.init("A", 0, 2).unum == 3);
  CHECK_FALSE(teams.init("A", 2, 0).accepted);
  CHECK_FALSE(teams.init("A", 12, 0).accepted);
  CHECK_FALSE(teams.init("A", -1, 0).accepted);
  teams.release(Team::Left, 1, 1);
  CHECK(teams.init("A", 0, 3).unum == 1);
  CHECK_FALSE(teams.init("", 0, 0).accepted);
}

TEST_CASE("init placement: successive robots down the touch line, facing the opponent goal") {
  TeamRegistry teams(TypeLimits{false});
  InitResult first = teams.init("A", 0, 0);
  CHECK(first.placement.torso.x() == Approx(-14.2));
  CHECK(first.placement.torso.y() == Approx(9.2));
  CHECK(first.placement.torso.z() == Approx(0.4));
  CHECK(first.placement.heading == Approx(0.0));
  InitResult second = teams.init("A", 0, 0);
  CHECK(second.placement.torso.y() == Approx(8.0));
  InitResult right = teams.init("B", 0, 0);
  CHECK(right.placement.torso.x() == Approx(14.2));
  CHECK(right.placement.torso.y() == Approx(9.2));
  CHECK(std::fabs(right.placement.heading) == Approx(kPi));
}

TEST_CASE("hetero type limits: at most 7 of a type, 9 for two types, 3 types in a full team") {
  TeamRegistry teams;
  for (int i = 0; i < 7; ++i) REQUIRE(teams.init("A", 0, 0).accepted);
  CHECK_FALSE(teams.init("A", 0, 0).accepted);    // eighth type 0
  REQUIRE(teams.init("A", 0, 1).accepted);
  REQUIRE(teams.init("A", 0, 1).accepted);
  CHECK_FALSE(teams.init("A", 0, 1).accepted);    // 7 + 3 > 9
  InitResult last = teams.init("A", 0, 2);        // 10 players of 2 types: the 11th must add a type
  CHECK(last.accepted);
  TeamRegistry relaxed(TypeLimits{false});
  for (int i = 0; i < 11; ++i) CHECK(relaxed.init("A", 0, 0).accepted);
}

TEST_CASE("beam: allowed play modes") {
  CHECK(beam_allowed(PlayMode::BeforeKickOff));
  CHECK(beam_allowed(PlayMode::GoalLeft));
  CHECK(beam_allowed(PlayMode::GoalRight));
  CHECK_FALSE(beam_allowed(PlayMode::PlayOn));
  CHECK_FALSE(beam_allowed(PlayMode::KickOffLeft));
  CHECK_FALSE(beam_allowed(PlayMode::GameOver));
}

TEST_CASE("beam: own half clamp, team-frame mirroring, rot 0 faces the opponent goal") {
  std::mt19937 rng(1);
  Placement p;
  REQUIRE(beam_placement(Team::Left, -5, 1, 0, false, rng, &p));
  CHECK(p.torso.x() == Approx(-5));
  CHECK(p.torso.y() == Approx(1));
  CHECK(p.torso.z() == Approx(0.4));
  CHECK(p.heading == Approx(0.0));
  REQUIRE(beam_placement(Team::Left, -5, 0, 90, false, rng, &p));
  CHECK(p.heading == Approx(kPi / 2));  // faces world +y
  REQUIRE(beam_placement(Team::Right, -5, 0, 0, false, rng, &p));
  CHECK(p.torso.x() == Approx(5));      // observed: right (beam -5 0 0) -> world (5, 0) facing -x
  CHECK(std::fabs(p.heading) == Approx(kPi));
  REQUIRE(beam_placement(Team::Left, 7, -12, 0, false, rng, &p));
  CHECK(p.torso.x() == Approx(0));      // clamped to the own half
  CHECK(p.torso.y() == Approx(-10));
  REQUIRE(beam_placement(Team::Right, 7, -12, 0, false, rng, &p));
  CHECK(p.torso.x() == Approx(0));
  CHECK(p.torso.y() == Approx(10));
  REQUIRE(beam_placement(Team::None, 3, 2, 0, false, rng, &p));
  CHECK(p.torso.x() == Approx(0));      // clamped, not mirrored
  CHECK(p.torso.y() == Approx(2));
  CHECK(p.heading == Approx(kPi / 2));  // rot 0 faces world +y
  double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_FALSE(beam_placement(Team::Left, nan, 0, 0, true, rng, &p));
  CHECK_FALSE(beam_placement(Team::Left, 0, std::numeric_limits<double>::infinity(), 0, true, rng, &p));
}

TEST_CASE("beam noise stays within ±0.05 m and ±10 degrees") {
  std::mt19937 rng(7);
  for (int i = 0; i < 200; ++i) {
    Placement p;
    REQUIRE(beam_placement(Team::Left, -5, 1, 30, true, rng, &p));
    CHECK(std::fabs(p.torso.x() + 5) <= 0.05);
    CHECK(std::fabs(p.torso.y() - 1) <= 0.05);
    CHECK(std::fabs(rad2deg(p.heading) - 30) <= 10.0 + 1e-9);
  }
}
