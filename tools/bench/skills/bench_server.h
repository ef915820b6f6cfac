// One server for a bench run, the same way for every bench that drives
// agents over the protocols: the built-in simulator (`libero serve --sync`
// as its own process) or the real rcssserver3d (sync mode), on free
// loopback ports, stopped when the ServerProcess goes.
#pragma once

#include <string>

#include "bench_args.h"
#include "core/result.h"
#include "tools/realserver/real_server.h"

namespace libero::bench {

struct BenchServer {
  std::string kind = "builtin";  // builtin | rcssserver3d
  std::string server_bin;        // rcssserver3d: explicit binary
  std::string libero;            // builtin: the libero binary
  double slip = 0;               // builtin: --slip (0: the physics file's)
  std::string physics;           // builtin: --physics FILE (empty: the server's default file)
};

// Takes the current argument when it is one of the server options
// (--server, --server-bin, --slip, --physics, --libero); false when it is not.
bool take_server_option(Args& args, BenchServer* server);
// After the arguments: the checks across options, and the libero binary
// found when none was given.
void finish_server_options(Args& args, BenchServer* server);

// The libero binary of this build: the first "libero" in the folders above
// this executable (build/tools/bench/<area>/ -> build/libero), else "libero".
std::string find_libero();

Status start_bench_server(const BenchServer& choice, int seed, const std::string& log_path,
                          realserver::ServerProcess* server);

}  // namespace libero::bench
