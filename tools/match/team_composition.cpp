#include "tools/match/team_composition.h"

#include <string>

namespace libero::match {

Status check_team_composition(const std::vector<int>& types, const TeamCompositionRules& rules) {
  constexpr int kTypes = 5;
  if (types.empty()) return make_error("a team needs at least one player");
  if (static_cast<int>(types.size()) > rules.max_players)
    return make_error("a team has at most " + std::to_string(rules.max_players) + " players, got " +
                      std::to_string(types.size()));
  int count[kTypes] = {};
  int distinct = 0;
  for (size_t i = 0; i < types.size(); ++i) {
    const int type = types[i];
    const std::string who = "player " + std::to_string(i + 1) + " (type " + std::to_string(type) + ")";
    if (type < 0 || type >= kTypes) return make_error(who + ": robot types are 0-4");
    if (count[type] + 1 > rules.max_robot_type_count)
      return make_error(who + ": type " + std::to_string(type) + " may appear at most " +
                        std::to_string(rules.max_robot_type_count) + " times");
    for (int other = 0; other < kTypes; ++other) {
      if (other != type && count[type] + 1 + count[other] > rules.max_sum_two_robot_types)
        return make_error(who + ": types " + std::to_string(type) + " and " + std::to_string(other) +
                          " together may appear at most " + std::to_string(rules.max_sum_two_robot_types) + " times");
    }
    // Once the free slots are only just enough to reach the minimum number of
    // types, only a type not used yet is admitted.
    const int free_after = rules.max_players - static_cast<int>(i) - 1;
    const bool new_type = count[type] == 0;
    const int missing_after = rules.min_robot_types_count - (distinct + (new_type ? 1 : 0));
    if (!new_type && missing_after > free_after)
      return make_error(who + ": a full team needs at least " + std::to_string(rules.min_robot_types_count) +
                        " different types, and only " + std::to_string(free_after + 1) +
                        " places are left for the missing ones");
    if (new_type) ++distinct;
    ++count[type];
  }
  return {};
}

}  // namespace libero::match
