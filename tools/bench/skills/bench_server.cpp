#include "bench_server.h"

#include <vector>

namespace libero::bench {

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
  return server->start_command(argv, {}, log_path);
}

}  // namespace libero::bench
