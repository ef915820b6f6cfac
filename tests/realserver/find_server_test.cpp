// Finding the real server: --server-bin, $LIBERO_RCSSSERVER3D, PATH, the
// kit, in that order, and a clear error when none has it. Uses fake
// executables in a temporary folder, so it runs without a real server.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tools/realserver/real_server.h"

namespace fs = std::filesystem;
using namespace libero;

namespace {

// Sets environment variables for one test and puts them back after.
struct EnvGuard {
  explicit EnvGuard(std::initializer_list<const char*> names) {
    for (const char* n : names) {
      const char* v = std::getenv(n);
      saved.emplace_back(n, v ? std::optional<std::string>(v) : std::nullopt);
    }
  }
  ~EnvGuard() {
    for (auto& [n, v] : saved) {
      if (v) ::setenv(n.c_str(), v->c_str(), 1);
      else ::unsetenv(n.c_str());
    }
  }
  std::vector<std::pair<std::string, std::optional<std::string>>> saved;
};

fs::path make_fake(const fs::path& path) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << "#!/bin/sh\nexit 0\n";
  ::chmod(path.c_str(), 0755);
  return path;
}

struct TempDir {
  TempDir() {
    char pattern[] = "/tmp/libero-find-server-XXXXXX";
    path = ::mkdtemp(pattern);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path path;
};

}  // namespace

TEST_CASE("find_server: the explicit binary first, then the variable, PATH and the kit") {
  EnvGuard env({"LIBERO_RCSSSERVER3D", "PATH", "LIBERO_REALSERVER"});
  TempDir dir;
  const fs::path kit = dir.path / "kit";
  const fs::path kit_bin = make_fake(kit / "install/bin/rcssserver3d");
  fs::create_directories(kit / "install/lib/simspark");
  fs::create_directories(kit / "simhome/.simspark");
  const fs::path env_bin = make_fake(dir.path / "env/rcssserver3d");
  const fs::path path_bin = make_fake(dir.path / "path/rcssserver3d");
  const fs::path explicit_bin = make_fake(dir.path / "explicit/rcssserver3d");
  ::setenv("LIBERO_REALSERVER", kit.c_str(), 1);
  ::setenv("LIBERO_RCSSSERVER3D", env_bin.c_str(), 1);
  ::setenv("PATH", (dir.path / "path").c_str(), 1);

  Result<realserver::ServerInstall> found = realserver::find_server(explicit_bin.string());
  REQUIRE(found.ok());
  CHECK(found->binary == fs::canonical(explicit_bin).string());
  CHECK(found->found_by == "--server-bin");
  CHECK(found->simhome.empty());

  found = realserver::find_server("");
  REQUIRE(found.ok());
  CHECK(found->found_by == "$LIBERO_RCSSSERVER3D");
  CHECK(found->binary == fs::canonical(env_bin).string());

  ::unsetenv("LIBERO_RCSSSERVER3D");
  found = realserver::find_server("");
  REQUIRE(found.ok());
  CHECK(found->found_by == "PATH");
  CHECK(found->binary == fs::canonical(path_bin).string());

  ::setenv("PATH", "/nonexistent", 1);
  found = realserver::find_server("");
  REQUIRE(found.ok());
  CHECK(found->found_by == "kit");
  // A kit's binary runs with the kit's libraries and server config.
  CHECK(found->kit == fs::canonical(kit).string());
  CHECK(found->simhome == (fs::canonical(kit) / "simhome").string());
  CHECK(found->library_path.find((fs::canonical(kit) / "install/lib/simspark").string()) != std::string::npos);
}

TEST_CASE("find_server: a clear error when nothing is found or a given path is wrong") {
  EnvGuard env({"LIBERO_RCSSSERVER3D", "PATH", "LIBERO_REALSERVER"});
  TempDir dir;
  ::unsetenv("LIBERO_RCSSSERVER3D");
  ::setenv("PATH", "/nonexistent", 1);
  ::setenv("LIBERO_REALSERVER", (dir.path / "no-kit").c_str(), 1);
  Result<realserver::ServerInstall> found = realserver::find_server("");
  REQUIRE_FALSE(found.ok());
  CHECK(found.error().message.find("tools/setup-real-server") != std::string::npos);
  CHECK(found.error().message.find("--server-bin") != std::string::npos);

  found = realserver::find_server((dir.path / "missing").string());
  REQUIRE_FALSE(found.ok());
  CHECK(found.error().message.find("--server-bin") != std::string::npos);

  ::setenv("LIBERO_RCSSSERVER3D", (dir.path / "missing").c_str(), 1);
  found = realserver::find_server("");
  REQUIRE_FALSE(found.ok());
  CHECK(found.error().message.find("$LIBERO_RCSSSERVER3D") != std::string::npos);
}

TEST_CASE("a server that exits at once is reported with its output file, and a live one is stopped") {
  TempDir dir;
  realserver::ServerProcess quitter;
  const std::string log = (dir.path / "out.log").string();
  Status started = quitter.start_command({"/bin/sh", "-c", "echo broken config; exit 3"}, {}, log, 5);
  REQUIRE_FALSE(started.ok());
  CHECK(started.error().message.find("exit code 3") != std::string::npos);
  CHECK(started.error().message.find(log) != std::string::npos);

  // A process that never opens its ports: refused after the wait, and gone.
  realserver::ServerProcess silent;
  started = silent.start_command({"/bin/sleep", "30"}, {}, "", 0.3);
  REQUIRE_FALSE(started.ok());
  CHECK(started.error().message.find("did not open its ports") != std::string::npos);
  CHECK_FALSE(silent.running());
}

TEST_CASE("free_loopback_port gives a port that can be bound") {
  Result<int> port = realserver::free_loopback_port();
  REQUIRE(port.ok());
  CHECK(*port > 0);
  CHECK(*port < 65536);
}
