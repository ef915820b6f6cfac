#include <doctest/doctest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "tools/match/agent_processes.h"

using libero::match::AgentProcesses;

namespace {
std::string temp(const char* name) { return "/tmp/libero_proc_" + std::to_string(getpid()) + "_" + name; }
std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("output goes to the log; a crash is noticed with its signal") {
  AgentProcesses procs;
  REQUIRE(procs.start(0, 1, {"/bin/sh", "-c", "echo hello; kill -SEGV $$"}, temp("a.log")).ok());
  std::vector<int> ended;
  for (int i = 0; i < 500 && ended.empty(); ++i) {
    ended = procs.poll();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  REQUIRE(ended.size() == 1);
  CHECK(procs.processes()[0].exited);
  CHECK(procs.processes()[0].how.find("signal 11") != std::string::npos);
  CHECK(read(temp("a.log")) == "hello\n");
  std::remove(temp("a.log").c_str());
}

TEST_CASE("stop_all ends processes that ignore SIGTERM") {
  AgentProcesses procs;
  REQUIRE(procs.start(1, 2, {"/bin/sh", "-c", "trap '' TERM; sleep 30"}, temp("b.log")).ok());
  REQUIRE(procs.start(1, 3, {"/bin/sleep", "30"}, temp("c.log")).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto start = std::chrono::steady_clock::now();
  procs.stop_all(0.5);
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(took < 5.0);
  for (const auto& p : procs.processes()) {
    CHECK_FALSE(p.running);
    CHECK(::kill(p.pid, 0) != 0);  // gone and reaped
  }
  std::remove(temp("b.log").c_str());
  std::remove(temp("c.log").c_str());
}

TEST_CASE("a missing program or log folder is a clear error") {
  AgentProcesses procs;
  auto bad = procs.start(0, 1, {"/no/such/program"}, temp("d.log"));
  CHECK_FALSE(bad.ok());
  CHECK(bad.error().message.find("/no/such/program") != std::string::npos);
  auto bad_log = procs.start(0, 1, {"/bin/true"}, "/no/such/dir/x.log");
  CHECK_FALSE(bad_log.ok());
  std::remove(temp("d.log").c_str());
}
