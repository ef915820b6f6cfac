#include "tools/realserver/real_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <thread>
#include <vector>

extern char** environ;

namespace libero::realserver {
namespace fs = std::filesystem;

namespace {

bool is_executable(const std::string& path) {
  return !path.empty() && fs::is_regular_file(path) && ::access(path.c_str(), X_OK) == 0;
}

std::string on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return "";
  std::string all(path);
  size_t start = 0;
  while (start <= all.size()) {
    const size_t end = std::min(all.find(':', start), all.size());
    const std::string dir = all.substr(start, end - start);
    if (!dir.empty() && is_executable(dir + "/" + name)) return fs::absolute(dir + "/" + name).string();
    start = end + 1;
  }
  return "";
}

// The kit lays out KIT/install/bin/rcssserver3d, KIT/install/lib/{simspark,
// rcssserver3d} and KIT/simhome/.simspark.
ServerInstall describe(const std::string& binary, const std::string& found_by) {
  ServerInstall install;
  std::error_code ec;
  const fs::path bin = fs::canonical(binary, ec);
  install.binary = ec ? binary : bin.string();
  install.found_by = found_by;
  const fs::path prefix = fs::path(install.binary).parent_path().parent_path();
  const fs::path lib_simspark = prefix / "lib/simspark", lib_rcss = prefix / "lib/rcssserver3d";
  if (fs::is_directory(lib_simspark) || fs::is_directory(lib_rcss))
    install.library_path = lib_simspark.string() + ":" + lib_rcss.string();
  const fs::path kit = prefix.parent_path();
  if (prefix.filename() == "install" && fs::is_directory(kit / "simhome/.simspark")) {
    install.kit = kit.string();
    install.simhome = (kit / "simhome").string();
  }
  return install;
}

bool port_accepts(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return ok;
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return std::string("signal ") + strsignal(WTERMSIG(status));
  return "status " + std::to_string(status);
}

}  // namespace

std::string default_kit_dir() {
  if (const char* dir = std::getenv("LIBERO_REALSERVER"); dir != nullptr && *dir != '\0') return dir;
  const char* home = std::getenv("HOME");
  return std::string(home != nullptr ? home : "/root") + "/.cache/libero-realserver";
}

Result<ServerInstall> find_server(const std::string& explicit_binary) {
  if (!explicit_binary.empty()) {
    if (!is_executable(explicit_binary))
      return make_error("--server-bin: '" + explicit_binary + "' is not an executable file");
    return describe(explicit_binary, "--server-bin");
  }
  if (const char* env = std::getenv("LIBERO_RCSSSERVER3D"); env != nullptr && *env != '\0') {
    if (!is_executable(env)) return make_error("$LIBERO_RCSSSERVER3D: '" + std::string(env) + "' is not an executable file");
    return describe(env, "$LIBERO_RCSSSERVER3D");
  }
  if (std::string found = on_path("rcssserver3d"); !found.empty()) return describe(found, "PATH");
  const std::string kit_binary = default_kit_dir() + "/install/bin/rcssserver3d";
  if (is_executable(kit_binary)) return describe(kit_binary, "kit");
  return make_error(
      "the real server (rcssserver3d) was not found: tried --server-bin, $LIBERO_RCSSSERVER3D, PATH and the kit at " +
      default_kit_dir() +
      ". Build the kit with tools/setup-real-server (it needs ../shared/realserver), or point "
      "--server-bin / $LIBERO_RCSSSERVER3D at your own rcssserver3d");
}

Result<int> listen_loopback(int* port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return make_error(std::string("socket: ") + std::strerror(errno));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = 0;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || ::listen(fd, 32) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd);
    return make_error("cannot listen on a loopback port: " + why);
  }
  *port = ntohs(address.sin_port);
  return fd;
}

Result<int> free_loopback_port() {
  int port = 0;
  Result<int> fd = listen_loopback(&port);
  if (!fd.ok()) return fd.error();
  ::close(*fd);
  return port;
}

ServerProcess::~ServerProcess() { stop(1.0); }

Status ServerProcess::start(const ServerInstall& install, const ServerRunOptions& options, double wait_seconds) {
  std::vector<std::string> env;
  if (!install.simhome.empty()) env.push_back("HOME=" + install.simhome);
  std::string library_path = install.library_path;
  if (const char* old = std::getenv("LD_LIBRARY_PATH"); old != nullptr && *old != '\0')
    library_path += (library_path.empty() ? "" : ":") + std::string(old);
  if (!library_path.empty()) env.push_back("LD_LIBRARY_PATH=" + library_path);
  env.push_back(std::string("RCSS_SYNC=") + (options.sync ? "1" : "0"));
  env.push_back(std::string("RCSS_REALTIME=") + (options.realtime ? "1" : "0"));
  env.push_back("RCSS_HALFTIME=" + std::to_string(options.half_time));
  env.push_back(std::string("RCSS_AUTOKICKOFF=") + (options.auto_kick_off ? "1" : "0"));
  agent_port_ = options.agent_port;
  monitor_port_ = options.monitor_port;
  return start_command({install.binary, "--agent-port", "{agent_port}", "--server-port", "{monitor_port}"}, env,
                       options.log_path, wait_seconds);
}

Status ServerProcess::start_command(std::vector<std::string> argv, const std::vector<std::string>& extra_env,
                                    const std::string& log_path, double wait_seconds) {
  if (pid_ > 0) return make_error("the server is already running");
  if (argv.empty()) return make_error("no server command");
  while (agent_port_ == 0 || monitor_port_ == 0 || agent_port_ == monitor_port_) {
    Result<int> port = free_loopback_port();
    if (!port.ok()) return port.error();
    if (agent_port_ == 0) agent_port_ = *port;
    else monitor_port_ = *port;
    if (agent_port_ == monitor_port_) monitor_port_ = 0;
  }
  for (std::string& a : argv) {
    if (a == "{agent_port}") a = std::to_string(agent_port_);
    if (a == "{monitor_port}") a = std::to_string(monitor_port_);
  }
  char pattern[] = "/tmp/libero-server-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) return make_error(std::string("mkdtemp: ") + std::strerror(errno));
  work_dir_ = pattern;

  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    const std::string entry(*e);
    const std::string name = entry.substr(0, entry.find('=') + 1);
    bool replaced = entry.rfind("RCSS_", 0) == 0;
    for (const auto& x : extra_env) replaced |= x.rfind(name, 0) == 0;
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), extra_env.begin(), extra_env.end());
  std::vector<char*> envp;
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<char*> args;
  for (auto& a : argv) args.push_back(a.data());
  args.push_back(nullptr);

  const std::string log = log_path.empty() ? "/dev/null" : log_path;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawn_file_actions_addchdir_np(&actions, work_dir_.c_str());
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  const int rc = posix_spawn(&pid_, argv[0].c_str(), &actions, &attributes, args.data(), envp.data());
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    pid_ = -1;
    return make_error("cannot start '" + argv[0] + "': " + std::strerror(rc));
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(wait_seconds);
  for (;;) {
    std::string how;
    if (!running(&how)) return make_error(argv[0] + " ended while starting (" + how + "); its output: " + log);
    if (port_accepts(monitor_port_) && port_accepts(agent_port_)) return {};
    if (std::chrono::steady_clock::now() > deadline) {
      stop(1.0);
      return make_error(argv[0] + " did not open its ports within " + std::to_string(static_cast<int>(wait_seconds)) +
                        " s; its output: " + log);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

bool ServerProcess::running(std::string* how) {
  if (pid_ <= 0) {
    if (how) *how = ended_how_;
    return false;
  }
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) {
    ended_how_ = describe_status(status);
    ::kill(-pid_, SIGKILL);  // anything it left in its group
    pid_ = -1;
    if (how) *how = ended_how_;
    return false;
  }
  return true;
}

void ServerProcess::stop(double grace_seconds) {
  if (pid_ > 0) {
    ::kill(-pid_, SIGINT);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(grace_seconds);
    int status = 0;
    bool ended = false;
    while (!(ended = ::waitpid(pid_, &status, WNOHANG) == pid_) && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ::kill(-pid_, SIGKILL);
    if (!ended) ::waitpid(pid_, &status, 0);
    ended_how_ = "stopped";
    pid_ = -1;
  }
  if (!work_dir_.empty()) {
    std::error_code ec;
    fs::remove_all(work_dir_, ec);
    work_dir_.clear();
  }
}

}  // namespace libero::realserver
