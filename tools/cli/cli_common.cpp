#include "cli_common.h"

#include <unistd.h>

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

std::string running_binary_path() {
  char path[4096];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return "libero";
  path[n] = '\0';
  std::string self = path;
  const std::string deleted = " (deleted)";
  if (self.size() > deleted.size() && self.compare(self.size() - deleted.size(), deleted.size(), deleted) == 0)
    self.resize(self.size() - deleted.size());
  return self;
}

}  // namespace libero::cli
