#include <doctest/doctest.h>

#include "tools/match/team_composition.h"

using libero::match::check_team_composition;

TEST_CASE("small teams of any legal types are accepted") {
  CHECK(check_team_composition({0}).ok());
  CHECK(check_team_composition({0, 0, 0}).ok());
  CHECK(check_team_composition({4, 2, 1, 0, 3}).ok());
}

TEST_CASE("a full team needs three types, at most seven of one, at most nine of two") {
  CHECK(check_team_composition({0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2}).ok());
  CHECK(check_team_composition({0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0}).ok());

  auto eight = check_team_composition({0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3});
  REQUIRE_FALSE(eight.ok());
  CHECK(eight.error().message.find("player 8") != std::string::npos);
  CHECK(eight.error().message.find("at most 7 times") != std::string::npos);

  auto two_types = check_team_composition({0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2});
  REQUIRE_FALSE(two_types.ok());
  CHECK(two_types.error().message.find("player 10") != std::string::npos);

  // With the default limits the pair rule always fires first for two types;
  // relax it to see the three-types rule on its own.
  libero::match::TeamCompositionRules relaxed;
  relaxed.max_sum_two_robot_types = 11;
  auto only_two = check_team_composition({0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0}, relaxed);
  REQUIRE_FALSE(only_two.ok());
  CHECK(only_two.error().message.find("player 11") != std::string::npos);
  CHECK(only_two.error().message.find("different types") != std::string::npos);
  CHECK(check_team_composition({0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 2}, relaxed).ok());
}

TEST_CASE("bad input is rejected with a reason") {
  CHECK_FALSE(check_team_composition({}).ok());
  CHECK_FALSE(check_team_composition({0, 5}).ok());
  CHECK_FALSE(check_team_composition({-1}).ok());
  CHECK_FALSE(check_team_composition(std::vector<int>(12, 0)).ok());
}
