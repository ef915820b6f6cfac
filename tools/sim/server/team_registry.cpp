#include "tools/sim/server/team_registry.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace libero::sim {

std::string_view TeamRegistry::team_name(Team team) const {
  if (team == Team::None) return {};
  int t = static_cast<int>(team);
  return {names_[t], name_length_[t]};
}

int TeamRegistry::player_count(Team team) const {
  if (team == Team::None) return 0;
  int n = 0;
  for (int u = 1; u <= kPlayersPerTeam; ++u) n += taken_[static_cast<int>(team)][u] ? 1 : 0;
  return n;
}

bool TeamRegistry::unum_taken(Team team, int unum) const {
  if (team == Team::None || unum < 1 || unum > kPlayersPerTeam) return false;
  return taken_[static_cast<int>(team)][unum];
}

bool TeamRegistry::type_allowed(int t, int robot_type) const {
  if (!limits_.enabled) return true;
  const int* counts = type_count_[t];
  if (counts[robot_type] + 1 > limits_.max_per_type) return false;
  for (int other = 0; other < kRobotTypeCount; ++other) {
    if (other == robot_type) continue;
    if (counts[robot_type] + 1 + counts[other] > limits_.max_sum_two_types) return false;
  }
  // Keep enough free slots to reach min_types different types.
  int used_types = 0, players = 0;
  for (int k = 0; k < kRobotTypeCount; ++k) {
    used_types += counts[k] > 0 ? 1 : 0;
    players += counts[k];
  }
  int missing_types = std::max(0, limits_.min_types - used_types);
  int free_slots = kPlayersPerTeam - players;
  if (missing_types > 0 && free_slots <= missing_types && counts[robot_type] > 0) return false;
  return true;
}

InitResult TeamRegistry::init(std::string_view team_name, int requested_unum, int robot_type) {
  InitResult result;
  if (team_name.empty() || team_name.size() > static_cast<size_t>(protocol::kMaxNameLength)) {
    result.reason = "team name empty or longer than 31 characters";
    return result;
  }
  if (robot_type < 0 || robot_type >= kRobotTypeCount) {
    result.reason = "robot type out of range";
    return result;
  }
  int t = -1;
  for (int k = 0; k < 2; ++k) {
    if (named_[k] && team_name == std::string_view(names_[k], name_length_[k])) t = k;
  }
  if (t < 0) {
    for (int k = 0; k < 2 && t < 0; ++k) {
      if (!named_[k]) {
        std::memcpy(names_[k], team_name.data(), team_name.size());
        name_length_[k] = static_cast<uint8_t>(team_name.size());
        named_[k] = true;
        t = k;
      }
    }
  }
  if (t < 0) {
    result.reason = "both team names are taken for this server's lifetime";
    return result;
  }
  int unum = requested_unum;
  if (unum < 0 || unum > kPlayersPerTeam) {
    result.reason = "uniform number outside 0-11";
    return result;
  }
  if (unum == 0) {
    for (int u = 1; u <= kPlayersPerTeam && unum == 0; ++u)
      if (!taken_[t][u]) unum = u;
    if (unum == 0) {
      result.reason = "team is full";
      return result;
    }
  } else if (taken_[t][unum]) {
    result.reason = "uniform number already taken";
    return result;
  }
  if (!type_allowed(t, robot_type)) {
    result.reason = "cannot insert robot of this type (hetero type limits)";
    return result;
  }
  taken_[t][unum] = true;
  ++type_count_[t][robot_type];

  result.accepted = true;
  result.team = static_cast<Team>(t);
  result.unum = unum;
  result.placement.torso = Vec3(next_x_[t], next_y_[t], kAgentRadius);
  result.placement.heading = t == 0 ? 0.0 : kPi;
  next_y_[t] -= 3 * kAgentRadius;
  if (next_y_[t] < -10.0) {
    next_y_[t] = 9.2;
    next_x_[t] += 2 * kAgentRadius;
  }
  return result;
}

void TeamRegistry::release(Team team, int unum, int robot_type) {
  if (team == Team::None || unum < 1 || unum > kPlayersPerTeam) return;
  int t = static_cast<int>(team);
  if (!taken_[t][unum]) return;
  taken_[t][unum] = false;
  if (robot_type >= 0 && robot_type < kRobotTypeCount && type_count_[t][robot_type] > 0)
    --type_count_[t][robot_type];
}

bool beam_placement(Team team, double x, double y, double rot_deg, bool noise, std::mt19937& rng,
                    Placement* out) {
  if (noise) {
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    x += 0.05 * u(rng);
    y += 0.05 * u(rng);
    rot_deg += 10.0 * u(rng);
  }
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(rot_deg)) return false;
  x = std::clamp(x, -15.0, 0.0);
  y = std::clamp(y, -10.0, 10.0);
  double heading_deg = rot_deg;
  if (team == Team::Right) {
    x = -x;
    y = -y;
    heading_deg = rot_deg + 180.0;
  } else if (team == Team::None) {
    heading_deg = rot_deg + 90.0;
  }
  out->torso = Vec3(x, y, kAgentRadius);
  out->heading = normalize_angle(deg2rad(heading_deg));
  return true;
}

}  // namespace libero::sim
