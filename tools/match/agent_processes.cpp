#include "tools/match/agent_processes.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

extern char** environ;

namespace libero::match {
namespace {

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  return "status " + std::to_string(status);
}

}  // namespace

AgentProcesses::~AgentProcesses() { stop_all(1.0); }

// environ with `extra` (NAME=VALUE) added, replacing entries of the same name.
std::vector<std::string> merged_environment(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    const std::string entry(*e);
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& x : extra) replaced |= x.compare(0, name.size() + 1, name + "=") == 0;
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

Status AgentProcesses::start(int team, int unum, const std::vector<std::string>& argv, const std::string& log_path,
                             const std::string& cwd, const std::vector<std::string>& extra_env) {
  if (argv.empty()) return make_error("no program to start");
  const int log_fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (log_fd < 0) return make_error("cannot write agent log '" + log_path + "': " + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, log_fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, log_fd, STDERR_FILENO);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);  // a group of its own, led by the new process
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::vector<std::string> env_strings = merged_environment(extra_env);
  std::vector<char*> env;
  for (const auto& e : env_strings) env.push_back(const_cast<char*>(e.c_str()));
  env.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, argv[0].c_str(), &actions, &attributes, args.data(),
                              extra_env.empty() ? environ : env.data());
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  ::close(log_fd);
  if (rc != 0) return make_error("cannot start '" + argv[0] + "': " + std::strerror(rc));
  AgentProcess p;
  p.team = team;
  p.unum = unum;
  p.pid = pid;
  p.running = true;
  p.log_path = log_path;
  processes_.push_back(p);
  return {};
}

std::vector<int> AgentProcesses::poll() {
  std::vector<int> ended;
  for (size_t i = 0; i < processes_.size(); ++i) {
    AgentProcess& p = processes_[i];
    if (!p.running) continue;
    int status = 0;
    const pid_t r = ::waitpid(p.pid, &status, WNOHANG);
    if (r == p.pid) {
      p.running = false;
      p.exited = true;
      p.how = describe_status(status);
      ended.push_back(static_cast<int>(i));
    }
  }
  return ended;
}

void AgentProcesses::stop_all(double grace_seconds) {
  for (auto& p : processes_)
    if (p.running) ::kill(-p.pid, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(grace_seconds);
  for (;;) {
    bool any = false;
    for (auto& p : processes_) {
      if (!p.running) continue;
      int status = 0;
      if (::waitpid(p.pid, &status, WNOHANG) == p.pid) {
        p.running = false;
        p.how = describe_status(status);
      } else {
        any = true;
      }
    }
    if (!any) return;
    if (std::chrono::steady_clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  for (auto& p : processes_) {
    if (!p.running) continue;
    ::kill(-p.pid, SIGKILL);
    int status = 0;
    ::waitpid(p.pid, &status, 0);
    p.running = false;
    p.how = "killed after the grace period";
  }
  kill_leftover_groups();
}

// A group can outlive its leader (a shell that started the agent in the
// background, a Python agent's helper): whatever is left of each group is
// killed. Groups are never reused while a member lives, so this cannot hit
// an unrelated process group.
void AgentProcesses::kill_leftover_groups() {
  for (const auto& p : processes_)
    if (p.pid > 0) ::kill(-p.pid, SIGKILL);
}

}  // namespace libero::match
