// Runs the real `libero` binary from tests: posix_spawn with stdout and
// stderr captured in temporary files, a bounded wait, and a guard that
// kills and reaps the child whatever happens in the test.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace libero::testing {

inline std::string libero_binary() { return std::string(LIBERO_BINARY_DIR) + "/libero"; }

inline std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A fresh temporary directory, removed (with its files) on destruction.
class TempDir {
 public:
  TempDir() {
    char pattern[] = "/tmp/libero-test-XXXXXX";
    char* made = ::mkdtemp(pattern);
    path_ = made ? made : "/tmp";
  }
  ~TempDir() {
    std::string command = "rm -rf '" + path_ + "'";
    if (path_.rfind("/tmp/libero-test-", 0) == 0) (void)std::system(command.c_str());
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

class ChildProcess {
 public:
  // Starts `libero <args...>`; output goes to files in a private temp dir.
  explicit ChildProcess(const std::vector<std::string>& args) {
    out_path_ = dir_.file("stdout");
    err_path_ = dir_.file("stderr");
    std::vector<std::string> all = {libero_binary()};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, out_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
  }
  ~ChildProcess() { kill_and_reap(); }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

  // Waits up to timeout_ms; returns the exit code, 128+signal if killed by
  // a signal, or -1 if it is still running.
  int wait(int timeout_ms) {
    if (exited_) return exit_code_;
    if (pid_ <= 0) return -2;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      int status = 0;
      pid_t done = ::waitpid(pid_, &status, WNOHANG);
      if (done == pid_) {
        exited_ = true;
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return exit_code_;
      }
      if (std::chrono::steady_clock::now() >= deadline) return -1;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  void signal(int sig) {
    if (pid_ > 0 && !exited_) ::kill(pid_, sig);
  }

  void kill_and_reap() {
    if (pid_ <= 0 || exited_) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    exited_ = true;
    exit_code_ = 128 + SIGKILL;
  }

  std::string out() const { return read_text_file(out_path_); }
  std::string err() const { return read_text_file(err_path_); }

 private:
  TempDir dir_;
  std::string out_path_, err_path_;
  pid_t pid_ = -1;
  bool exited_ = false;
  int exit_code_ = -1;
};

struct RunResult {
  int exit_code;
  std::string out, err;
};

// Runs to completion (killed after timeout_ms, reported as -1).
inline RunResult run_libero(const std::vector<std::string>& args, int timeout_ms = 20000) {
  ChildProcess child(args);
  int code = child.wait(timeout_ms);
  child.kill_and_reap();
  return {code, child.out(), child.err()};
}

}  // namespace libero::testing
