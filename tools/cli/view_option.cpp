#include "view_option.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "agent/data_paths.h"

namespace libero::cli {
namespace {

bool parse_port(const char* text, int* port) {
  if (!*text) return false;
  for (const char* p = text; *p; ++p)
    if (*p < '0' || *p > '9') return false;
  long v = std::strtol(text, nullptr, 10);
  if (std::strlen(text) > 5 || v > 65535) return false;
  *port = static_cast<int>(v);
  return true;
}

bool all_digits(const char* text) {
  if (!*text) return false;
  for (const char* p = text; *p; ++p)
    if (*p < '0' || *p > '9') return false;
  return true;
}

}  // namespace

Result<ViewFlag> take_view_option(int* argc, char** argv) {
  ViewFlag flag;
  int out = 1;
  for (int i = 1; i < *argc; ++i) {
    const char* arg = argv[i];
    if (std::strcmp(arg, "--") == 0) {
      for (; i < *argc; ++i) argv[out++] = argv[i];
      break;
    }
    if (std::strcmp(arg, "--view") == 0) {
      flag.on = true;
      if (i + 1 < *argc && all_digits(argv[i + 1])) {
        if (!parse_port(argv[i + 1], &flag.port))
          return make_error(std::string("--view: '") + argv[i + 1] + "' is not a port (0-65535)");
        ++i;
      }
      continue;
    }
    if (std::strncmp(arg, "--view=", 7) == 0) {
      flag.on = true;
      if (!parse_port(arg + 7, &flag.port)) return make_error(std::string("--view: '") + (arg + 7) + "' is not a port (0-65535)");
      continue;
    }
    argv[out++] = argv[i];
  }
  *argc = out;
  argv[out] = nullptr;
  return flag;
}

view::ViewOptions default_view_options(int port, int monitor_port) {
  view::ViewOptions options;
  options.port = port;
  options.monitor_port = monitor_port;
  options.web_dir = agent::find_data_dir("tools/view/web");
  options.debug_port = port == 0 ? 0 : -1;  // a free port with a free HTTP port, else the same number
  return options;
}

Result<std::unique_ptr<view::ViewServer>> start_viewer(const char* command, int port, int monitor_port) {
  if (monitor_port <= 0) return make_error("--view needs the game's monitor port, which is off");
  Result<std::unique_ptr<view::ViewServer>> viewer = view::ViewServer::open(default_view_options(port, monitor_port));
  if (!viewer.ok()) return make_error("--view: " + viewer.error().describe());
  (*viewer)->start();
  std::printf("libero %s: viewer http://127.0.0.1:%d/ (agents' debug port %d)\n", command, (*viewer)->port(),
              (*viewer)->debug_port());
  std::fflush(stdout);
  return viewer;
}

}  // namespace libero::cli
