#include "cli_common.h"

#include "core/log.h"
#include "protocol/percepts.h"

namespace libero::cli {

Status validate_team_name(const std::string& team) {
  if (team.empty() || team.size() > static_cast<size_t>(protocol::kMaxNameLength)) {
    return make_error("--team: a team name has 1 to " + std::to_string(protocol::kMaxNameLength) +
                      " characters, got " + std::to_string(team.size()));
  }
  for (char c : team) {
    if (c <= ' ' || c > '~' || c == '(' || c == ')') {
      return make_error("--team: '" + team + "' contains a space, a parenthesis or a non-printable character");
    }
  }
  return {};
}

Status apply_log_level(const std::string& level) {
  log::Level parsed;
  if (!log::parse_level(level.c_str(), &parsed)) {
    return make_error("--log-level: expected debug, info, warn, error or off, got '" + level + "'");
  }
  log::set_level(parsed);
  return {};
}

}  // namespace libero::cli
