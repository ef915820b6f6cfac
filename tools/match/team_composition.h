// The league's hetero-type rule for a team (simspark-facts.md §7.11), checked
// by the match runner before it starts any process, the same way the server
// admits robots: one at a time, in unum order.
#pragma once

#include <vector>

#include "core/result.h"

namespace libero::match {

struct TeamCompositionRules {
  int max_players = 11;
  int max_robot_type_count = 7;    // one type at most this often
  int max_sum_two_robot_types = 9; // any two types together at most this often
  int min_robot_types_count = 3;   // different types in a full team
};

// types[i] = hetero type (0-4) of the player with unum i+1. Returns an error
// naming the first player the server would reject, and why.
Status check_team_composition(const std::vector<int>& types, const TeamCompositionRules& rules = {});

}  // namespace libero::match
