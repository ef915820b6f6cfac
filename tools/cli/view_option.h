// `--view [PORT]` on `libero match` and `libero serve`: a live viewer
// (tools/view) watching the game's monitor port from inside the same
// process. The option takes an optional value, which the table-driven
// parser (options.h) has no kind for, so it is taken out of argv first.
#pragma once

#include <memory>

#include "core/result.h"
#include "tools/view/view_server.h"

namespace libero::cli {

constexpr int kDefaultViewPort = 3300;

struct ViewFlag {
  bool on = false;
  int port = kDefaultViewPort;  // 0 = any free port
};

// Removes "--view", "--view PORT" or "--view=PORT" from argv (in place,
// updating *argc). A following argument that is all digits is the port.
Result<ViewFlag> take_view_option(int* argc, char** argv);

// The viewer's options for a port and a monitor port on this machine, with
// the page found like the other data folders (agent/data_paths.h).
view::ViewOptions default_view_options(int port, int monitor_port);

// Opens and starts a viewer on the monitor port and prints
// "libero <command>: viewer http://127.0.0.1:<port>/" on stdout.
Result<std::unique_ptr<view::ViewServer>> start_viewer(const char* command, int port, int monitor_port);

}  // namespace libero::cli
