// One server for a bench run, the same way for every bench that drives
// agents over the protocols: the built-in simulator (`libero serve --sync`
// as its own process) or the real rcssserver3d (sync mode), on free
// loopback ports, stopped when the ServerProcess goes.
#pragma once

#include <string>

#include "core/result.h"
#include "tools/realserver/real_server.h"

namespace libero::bench {

struct BenchServer {
  std::string kind = "builtin";  // builtin | rcssserver3d
  std::string server_bin;        // rcssserver3d: explicit binary
  std::string libero;            // builtin: the libero binary
  double slip = 0;               // builtin: --slip
};

// The libero binary of this build: the first "libero" in the folders above
// this executable (build/tools/bench/<area>/ -> build/libero), else "libero".
std::string find_libero();

Status start_bench_server(const BenchServer& choice, int seed, const std::string& log_path,
                          realserver::ServerProcess* server);

}  // namespace libero::bench
