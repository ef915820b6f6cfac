// The agent processes of a match: started with posix_spawn (stdout and stderr
// to one log file each), each in a process group of its own, polled without
// blocking, and always stopped at the end (SIGTERM to the group, then SIGKILL
// after a grace period) so no process outlives the match, whatever way it
// ends: an external team's start command may be a shell that starts the
// agent (and FC Portugal's agent is a Python process), so the group, not
// the first pid, is what gets stopped.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "core/result.h"

namespace libero::match {

struct AgentProcess {
  int team = 0;            // 0 left, 1 right
  int unum = 0;
  pid_t pid = -1;
  bool running = false;
  bool exited = false;     // exited or was killed by a signal before we stopped it
  std::string how;         // "exit code 1", "signal 11"
  std::string log_path;
};

class AgentProcesses {
 public:
  AgentProcesses() = default;
  ~AgentProcesses();  // stops whatever still runs
  AgentProcesses(const AgentProcesses&) = delete;
  AgentProcesses& operator=(const AgentProcesses&) = delete;

  // argv[0] is the program path; output goes to log_path. `cwd` (if not
  // empty) is the working folder, `extra_env` entries NAME=VALUE are added
  // to (or replace in) this process's environment.
  Status start(int team, int unum, const std::vector<std::string>& argv, const std::string& log_path,
               const std::string& cwd = {}, const std::vector<std::string>& extra_env = {});
  // Reaps processes that ended; returns indices into processes() of those
  // that ended since the last call.
  std::vector<int> poll();
  // SIGTERM to every running process, SIGKILL after `grace_seconds`, reaped.
  void stop_all(double grace_seconds = 2.0);
  const std::vector<AgentProcess>& processes() const { return processes_; }

 private:
  void kill_leftover_groups();
  std::vector<AgentProcess> processes_;
};

}  // namespace libero::match
