// The real RoboCup 3D server (rcssserver3d, SimSpark) as a child process:
// where to find it, and how to run one instance on free loopback ports in a
// process group of its own that is always stopped again.
//
// Finding it, first match wins: an explicit path (--server-bin), then
// $LIBERO_RCSSSERVER3D, then `rcssserver3d` on PATH, then the kit that
// tools/setup-real-server builds ($LIBERO_REALSERVER, default
// ~/.cache/libero-realserver). A binary inside a kit (KIT/install/bin) runs
// with the kit's libraries and its server config (KIT/simhome), which reads
// sync mode, real time, half time and automatic kick-off from the
// environment; any other install runs with the user's own config.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "core/result.h"

namespace libero::realserver {

struct ServerInstall {
  std::string binary;        // absolute path of rcssserver3d
  std::string library_path;  // prepended to LD_LIBRARY_PATH ("" for a system install)
  std::string simhome;       // HOME for the server (the kit's), "" = the user's own
  std::string kit;           // the kit folder when the binary is a kit's, else ""
  std::string found_by;      // "--server-bin", "$LIBERO_RCSSSERVER3D", "PATH", "kit"
};

// The folder the kit is built into: $LIBERO_REALSERVER or ~/.cache/libero-realserver.
std::string default_kit_dir();

// explicit_binary: the --server-bin value, may be empty. The error says what
// was tried and how to get a server.
Result<ServerInstall> find_server(const std::string& explicit_binary);

struct ServerRunOptions {
  int agent_port = 0;        // 0 = pick a free loopback port
  int monitor_port = 0;
  bool sync = true;          // agents drive the clock with (syn)
  bool realtime = false;     // 20 ms wall-clock cycles (competition timing)
  double half_time = 300;    // s
  bool auto_kick_off = false;
  std::string log_path;      // server output; "" = /dev/null
};

// One running server. Destroying it stops it.
class ServerProcess {
 public:
  ServerProcess() = default;
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // Starts rcssserver3d in a fresh working folder (SimSpark reads *.rb files
  // from its working folder first) and waits up to `wait_seconds` until its
  // agent and monitor ports accept connections.
  Status start(const ServerInstall& install, const ServerRunOptions& options, double wait_seconds = 30);
  // Any server speaking the same protocols (`libero serve`): argv with the
  // placeholders {agent_port} and {monitor_port} filled in with free ports,
  // extra_env NAME=VALUE entries added to the environment.
  Status start_command(std::vector<std::string> argv, const std::vector<std::string>& extra_env,
                       const std::string& log_path, double wait_seconds = 30);
  // SIGINT (the server ignores SIGTERM), SIGKILL after a grace period, and
  // the working folder removed.
  void stop(double grace_seconds = 2.0);
  // True while the process runs; sets *how when it has ended by itself.
  bool running(std::string* how = nullptr);
  int agent_port() const { return agent_port_; }
  int monitor_port() const { return monitor_port_; }
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  int agent_port_ = 0, monitor_port_ = 0;
  std::string work_dir_;
  std::string ended_how_;
};

// A TCP port on 127.0.0.1 that was free a moment ago.
Result<int> free_loopback_port();
// A socket listening on a free 127.0.0.1 port (its fd; *port set).
Result<int> listen_loopback(int* port);

}  // namespace libero::realserver
