// Checks and settings shared by the commands.
#pragma once

#include <string>

#include "core/result.h"

namespace libero::cli {

// A team name the server accepts: 1-31 characters, no spaces or parentheses.
Status validate_team_name(const std::string& team);

// Parses debug/info/warn/error/off and sets the log level.
Status apply_log_level(const std::string& level);

// The running libero binary, to start agents and games from the same build.
// A binary rebuilt while this one runs reads as "PATH (deleted)"; PATH is
// returned, so children start the new build rather than fail (exit 127).
std::string running_binary_path();

}  // namespace libero::cli
