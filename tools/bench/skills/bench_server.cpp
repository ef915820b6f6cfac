#include "bench_server.h"

#include <unistd.h>

#include <filesystem>
#include <vector>

namespace libero::bench {

std::string find_libero() {
  char path[4096];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return "libero";
  path[n] = '\0';
  namespace fs = std::filesystem;
  for (fs::path dir = fs::path(path).parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path())
    if (fs::is_regular_file(dir / "libero")) return (dir / "libero").string();
  return "libero";
}

bool take_server_option(Args& args, BenchServer* server) {
  const std::string& a = args.arg();
  if (a == "--server") {
    server->kind = args.value();
    if (server->kind != "builtin" && server->kind != "rcssserver3d")
      args.fail("--server: expected builtin or rcssserver3d, got " + server->kind);
  } else if (a == "--server-bin") {
    server->server_bin = args.value();
  } else if (a == "--slip") {
    server->slip = args.number(0, 1);
  } else if (a == "--physics") {
    server->physics = args.value();
  } else if (a == "--libero") {
    server->libero = args.value();
  } else {
    return false;
  }
  return true;
}

void finish_server_options(Args& args, BenchServer* server) {
  if (server->kind == "rcssserver3d" && server->slip > 0) args.fail("--slip is the built-in simulator's");
  if (server->kind == "rcssserver3d" && !server->physics.empty()) args.fail("--physics is the built-in simulator's");
  if (!server->physics.empty()) {
    // The server runs in the bench's folder; an absolute path survives that.
    std::error_code error;
    if (!std::filesystem::is_regular_file(server->physics, error)) args.fail("--physics: no file '" + server->physics + "'");
    server->physics = std::filesystem::absolute(server->physics, error).string();
  }
  if (server->libero.empty()) server->libero = find_libero();
}

Status start_bench_server(const BenchServer& choice, int seed, const std::string& log_path,
                          realserver::ServerProcess* server) {
  if (choice.kind == "rcssserver3d") {
    Result<realserver::ServerInstall> install = realserver::find_server(choice.server_bin);
    if (!install.ok()) return install.error();
    realserver::ServerRunOptions options;
    options.sync = true;
    options.realtime = false;
    options.log_path = log_path;
    return server->start(*install, options);
  }
  std::vector<std::string> argv = {choice.libero, "serve", "--sync", "--agent-port", "{agent_port}",
                                   "--monitor-port", "{monitor_port}", "--seed", std::to_string(seed)};
  if (choice.slip > 0) argv.insert(argv.end(), {"--slip", std::to_string(choice.slip)});
  if (!choice.physics.empty()) argv.insert(argv.end(), {"--physics", choice.physics});
  return server->start_command(argv, {}, log_path);
}

}  // namespace libero::bench
