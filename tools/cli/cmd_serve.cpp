// `libero serve`: the built-in simulator server (tools/sim/server), with
// `--view [PORT]` a live viewer (tools/view) on its monitor port.
#include <cstdio>
#include <cstring>
#include <memory>

#include "commands.h"
#include "tools/sim/server/serve_command.h"
#include "view_option.h"

namespace libero::cli {

int run_serve(int argc, char** argv) {
  Result<ViewFlag> view = take_view_option(&argc, argv);
  if (!view.ok()) {
    std::fprintf(stderr, "libero serve: %s\n", view.error().describe().c_str());
    return kExitUsage;
  }
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      int rc = sim::serve_main(argc, argv);
      std::printf("  --view [PORT]        also serve a live viewer of the game on 127.0.0.1:PORT (default %d;\n"
                  "                       0 = any free port), printed as 'libero serve: viewer http://...'\n",
                  kDefaultViewPort);
      return rc;
    }
  }
  if (!view->on) return sim::serve_main(argc, argv);
  std::unique_ptr<view::ViewServer> viewer;
  int rc = sim::serve_main(argc, argv, [&](int monitor_port) -> Status {
    Result<std::unique_ptr<view::ViewServer>> started = start_viewer("serve", view->port, monitor_port);
    if (!started.ok()) return started.error();
    viewer = std::move(started.value());
    return {};
  });
  if (viewer) viewer->stop();
  return rc;
}

}  // namespace libero::cli
