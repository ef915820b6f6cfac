// Checks and settings shared by the agent-side commands.
#pragma once

#include <string>

#include "core/result.h"

namespace libero::cli {

// A team name the server accepts: 1-31 characters, no spaces or parentheses.
Status validate_team_name(const std::string& team);

// Parses debug/info/warn/error/off and sets the log level.
Status apply_log_level(const std::string& level);

}  // namespace libero::cli
