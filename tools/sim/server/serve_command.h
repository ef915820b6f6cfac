// `libero serve`: runs the built-in simulator server. Linked into the libero
// program by tools/cli; argv[0] is "serve".
#pragma once

#include <functional>
#include <string>

#include "core/result.h"
#include "tools/sim/server/server.h"

namespace libero::sim {

// Parses the serve options (argv excludes the program and command names).
// Returns an Error naming the bad option; *show_help is set for --help.
Status parse_serve_options(int argc, const char* const* argv, ServerOptions* options, bool* show_help);

const char* serve_usage();

// The whole command: options, logging, server, exit code (0 ok, 2 bad
// usage, 1 runtime failure). `on_listening`, if given, runs once the ports
// are open, with the monitor port (-1 when off), before the game loop:
// `libero serve --view` starts its viewer there; an error ends the command
// with status 1.
int serve_main(int argc, char** argv, const std::function<Status(int monitor_port)>& on_listening = nullptr);

}  // namespace libero::sim
