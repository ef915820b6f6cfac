// End to end: the real `libero agent` process against a fake SimSpark server
// over loopback TCP, replaying the captured rcssserver3d messages.
#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "../cli/run_process.h"
#include "../net/loopback_peer.h"
#include "sample_messages.h"

using namespace libero::testing;
using Clock = std::chrono::steady_clock;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

constexpr int kAcceptMs = 10000;
constexpr int kReplyMs = 2000;

// A fake server run on its own thread; problems are collected as text and
// checked on the test thread (doctest assertions stay on one thread).
class FakeServer {
 public:
  using Script = std::function<void(FakeServer&, int fd)>;

  explicit FakeServer(Script script) : script_(std::move(script)) {
    thread_ = std::thread([this] { run(); });
  }
  ~FakeServer() { join(); }

  uint16_t port() const { return listener_.port(); }
  void join() {
    if (thread_.joinable()) thread_.join();
  }
  void fail(const std::string& what) {
    if (problems_.empty()) problems_ = what;
  }
  const std::string& problems() const { return problems_; }
  std::vector<std::string> received;  // every agent message, in order (server thread only)
  std::atomic<int> reply_count{0};    // readable from the test thread
  int connections = 0;

  bool expect(int fd, std::string* message, int timeout_ms = kReplyMs) {
    if (!read_frame(fd, message, timeout_ms)) {
      fail("no message from the agent within " + std::to_string(timeout_ms) + " ms");
      return false;
    }
    received.push_back(*message);
    ++reply_count;
    return true;
  }
  // Accepts the next connection (the agent may reconnect).
  int accept_next(int timeout_ms = kAcceptMs) {
    int fd = listener_.accept(timeout_ms);
    if (fd >= 0) ++connections;
    return fd;
  }

 private:
  void run() {
    int fd = accept_next();
    if (fd < 0) {
      fail("the agent never connected");
      return;
    }
    script_(*this, fd);
    ::close(fd);
  }

  LoopbackListener listener_;
  Script script_;
  std::thread thread_;
  std::string problems_;
};

// scene first, nothing before the first percept, then init + (syn).
bool handshake(FakeServer& server, int fd, const SampleSession& session) {
  std::string message;
  if (!server.expect(fd, &message)) return false;
  if (message != "(scene rsg/agent/nao/nao_hetero.rsg 0)") {
    server.fail("first message is not the scene: " + message);
    return false;
  }
  std::string early;
  if (read_frame(fd, &early, 200)) {
    server.fail("the agent sent something before the first percept: " + early);
    return false;
  }
  send_frame(fd, session.first_capture[0]);
  if (!server.expect(fd, &message)) return false;
  if (message.rfind("(init (unum 0)(teamname Libero))", 0) != 0) {
    server.fail("the reply to the first percept does not start with init: " + message.substr(0, 80));
    return false;
  }
  return true;
}

// One cycle: percept out, a well-formed action back.
bool cycle(FakeServer& server, int fd, const std::string& percept) {
  if (!send_frame(fd, percept)) {
    server.fail("send failed");
    return false;
  }
  std::string reply;
  if (!server.expect(fd, &reply)) return false;
  if (!ends_with(reply, "(syn)")) server.fail("a message without (syn): " + reply.substr(0, 80));
  if (!contains(reply, "(he1 ") || !contains(reply, "(lle6 ")) server.fail("a message without joint commands: " + reply.substr(0, 80));
  if (contains(reply, "(init")) server.fail("init sent twice");
  return server.problems().empty();
}

// The rhythm: percepts every 20 ms, cycling through the captured messages.
void run_rhythm(FakeServer& server, int fd, const SampleSession& session, int cycles) {
  auto next = Clock::now();
  for (int i = 1; i <= cycles; ++i) {
    const auto& messages = session.first_capture;
    const std::string& percept = messages[1 + (i - 1) % (messages.size() - 1)];
    if (!cycle(server, fd, percept)) return;
    next += std::chrono::milliseconds(20);
    std::this_thread::sleep_until(next);
  }
}

}  // namespace

TEST_CASE("e2e: handshake, a 20 ms rhythm, then a dropped connection ends the agent with exit 1") {
  auto session = load_sample_session();
  REQUIRE(session.first_capture.size() == 13);
  TempDir dir;
  constexpr int kCycles = 150;  // 3 s
  FakeServer server([&](FakeServer& s, int fd) {
    if (!handshake(s, fd, session)) return;
    run_rhythm(s, fd, session, kCycles);
  });
  ChildProcess agent({"agent", "--port", std::to_string(server.port()), "--record", dir.file("live.record"),
                      "--stats-json", dir.file("stats.json")});
  REQUIRE(agent.started());
  server.join();  // the server closes the connection after its script
  auto closed_at = Clock::now();
  int code = agent.wait(10000);
  double exit_seconds = std::chrono::duration<double>(Clock::now() - closed_at).count();
  CHECK_MESSAGE(server.problems().empty(), server.problems());
  REQUIRE(code != -1);  // exited on its own
  CHECK(code == 1);
  CHECK(exit_seconds < 10);
  std::string err = agent.err();
  CHECK_MESSAGE(contains(err, "connection to the server lost: connection closed by 127.0.0.1:"), err);
  CHECK(contains(err, "playing as number 1 on the left side"));
  CHECK(server.received.size() == 2 + kCycles);

  std::string stats = read_text_file(dir.file("stats.json"));
  CHECK(contains(stats, "\"cycles\": " + std::to_string(1 + kCycles)));
  CHECK(contains(stats, "\"decode_errors\": 0"));

  // Record once, replay twice: byte-identical outputs.
  auto record = read_text_file(dir.file("live.record"));
  REQUIRE(record.rfind("libero-record 1\n", 0) == 0);
  auto first = run_libero({"replay", dir.file("live.record"), "--output", dir.file("replay1.record")});
  auto second = run_libero({"agent", "--replay", dir.file("live.record"), "--stats-json", dir.file("replay_stats.json")});
  auto third = run_libero({"replay", dir.file("live.record"), "--output", dir.file("replay2.record")});
  CHECK(first.exit_code == 0);
  CHECK(second.exit_code == 0);
  CHECK(third.exit_code == 0);
  std::string replay1 = read_text_file(dir.file("replay1.record"));
  std::string replay2 = read_text_file(dir.file("replay2.record"));
  REQUIRE(!replay1.empty());
  CHECK(replay1 == replay2);
  CHECK(contains(first.err, std::to_string(1 + kCycles) + " cycles in 1 session(s)"));
  CHECK(contains(read_text_file(dir.file("replay_stats.json")), "\"cycles\": " + std::to_string(1 + kCycles)));
  // Every message the server sent is in the record, in order, and the
  // replay saw the same inputs.
  size_t from = 0;
  for (size_t i = 0; i < 3; ++i) {
    size_t at = record.find(session.first_capture[i], from);
    CHECK(at != std::string::npos);
    from = at;
  }
}

TEST_CASE("e2e: a server that stalls after the handshake makes the agent time out with exit 1") {
  auto session = load_sample_session();
  REQUIRE(session.first_capture.size() == 13);
  std::atomic<bool> release{false};
  FakeServer server([&](FakeServer& s, int fd) {
    if (!handshake(s, fd, session)) return;
    cycle(s, fd, session.first_capture[1]);
    // Stall: keep the connection open, send nothing.
    auto until = Clock::now() + std::chrono::seconds(15);
    while (!release.load() && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  });
  ChildProcess agent({"agent", "--port", std::to_string(server.port()), "--timeout-ms", "300"});
  REQUIRE(agent.started());
  int code = agent.wait(10000);
  release.store(true);
  server.join();
  CHECK_MESSAGE(server.problems().empty(), server.problems());
  REQUIRE(code != -1);
  CHECK(code == 1);
  CHECK(contains(agent.err(), "no message from the server for 300 ms (server stalled?)"));
}

TEST_CASE("e2e: a server that never answers the scene makes the agent time out") {
  std::atomic<bool> release{false};
  FakeServer server([&](FakeServer& s, int fd) {
    std::string scene;
    s.expect(fd, &scene);
    while (!release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  });
  ChildProcess agent({"agent", "--port", std::to_string(server.port()), "--timeout-ms", "200"});
  int code = agent.wait(10000);
  release.store(true);
  server.join();
  CHECK(code == 1);
  CHECK(contains(agent.err(), "server stalled?"));
}

TEST_CASE("e2e: SIGTERM stops the agent cleanly with its statistics") {
  auto session = load_sample_session();
  REQUIRE(session.first_capture.size() == 13);
  TempDir dir;
  std::atomic<bool> stop{false};
  FakeServer server([&](FakeServer& s, int fd) {
    if (!handshake(s, fd, session)) return;
    auto next = Clock::now();
    for (int i = 0; i < 500 && !stop.load(); ++i) {
      send_frame(fd, session.first_capture[1 + i % 12]);
      std::string reply;
      if (!read_frame(fd, &reply, kReplyMs)) return;  // the agent went away
      ++s.reply_count;
      next += std::chrono::milliseconds(20);
      std::this_thread::sleep_until(next);
    }
  });
  ChildProcess agent({"agent", "--port", std::to_string(server.port()), "--stats-json", dir.file("stats.json")});
  // Wait until it is cycling, then ask it to stop.
  auto until = Clock::now() + std::chrono::seconds(10);
  while (server.reply_count.load() < 2 + 10 && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  agent.signal(SIGTERM);
  int code = agent.wait(10000);
  stop.store(true);
  server.join();
  CHECK(code == 0);
  std::string err = agent.err();
  CHECK(contains(err, "stopping on request (signal)"));
  CHECK(contains(err, "compute per cycle: p50"));
  std::string stats = read_text_file(dir.file("stats.json"));
  CHECK(contains(stats, "\"cycles\": "));
  CHECK_FALSE(contains(stats, "\"cycles\": 0,"));
}

TEST_CASE("e2e: queued percepts: the newest is run, the older ones are counted as skipped") {
  auto session = load_sample_session();
  REQUIRE(session.first_capture.size() == 13);
  TempDir dir;
  FakeServer server([&](FakeServer& s, int fd) {
    if (!handshake(s, fd, session)) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    // Three percepts in one write: the agent fell behind.
    std::string burst = frame_bytes(session.first_capture[1]) + frame_bytes(session.first_capture[2]) +
                        frame_bytes(session.first_capture[3]);
    send_bytes(fd, burst);
    std::string reply;
    if (!s.expect(fd, &reply)) return;
    if (read_frame(fd, &reply, 300)) s.fail("more than one reply to a burst");
    cycle(s, fd, session.first_capture[4]);
  });
  ChildProcess agent({"agent", "--port", std::to_string(server.port()), "--cycles", "3", "--stats-json",
                      dir.file("stats.json"), "--record", dir.file("burst.record")});
  server.join();
  int code = agent.wait(10000);
  CHECK_MESSAGE(server.problems().empty(), server.problems());
  CHECK(code == 0);
  CHECK(contains(agent.err(), "stopping after 3 cycles as asked"));
  std::string stats = read_text_file(dir.file("stats.json"));
  CHECK_MESSAGE(contains(stats, "\"skipped_percepts\": 2"), stats);
  CHECK(contains(stats, "\"cycles\": 3"));
  // The skipped (GS (unum 1) (team left)) message still told the agent its side.
  CHECK(contains(agent.err(), "playing as number 1 on the left side"));
  std::string record = read_text_file(dir.file("burst.record"));
  CHECK(contains(record, "\nK "));
  auto replayed = run_libero({"replay", dir.file("burst.record"), "--check"});
  CHECK(replayed.exit_code == 0);
}

TEST_CASE("e2e: --reconnect reconnects with a fresh handshake, then gives up when the server stops answering") {
  auto session = load_sample_session();
  REQUIRE(session.first_capture.size() == 13);
  FakeServer server([&](FakeServer& s, int fd) {
    if (!handshake(s, fd, session)) return;
    run_rhythm(s, fd, session, 5);
    ::close(fd);  // drop the first connection
    int again = s.accept_next(5000);
    if (again < 0) {
      s.fail("the agent did not reconnect");
      return;
    }
    std::string scene;
    if (s.expect(again, &scene) && scene != "(scene rsg/agent/nao/nao_hetero.rsg 0)") s.fail("no scene after reconnecting");
    send_frame(again, session.first_capture[0]);
    std::string init;
    if (s.expect(again, &init) && init.rfind("(init", 0) != 0) s.fail("no init after reconnecting");
    ::close(again);
  });
  // After the script the listener stays bound but nobody accepts: later
  // connections sit in the backlog, see no percept and time out.
  ChildProcess agent({"agent", "--port", std::to_string(server.port()), "--reconnect", "--max-reconnects", "2",
                      "--timeout-ms", "300"});
  server.join();
  int code = agent.wait(15000);
  CHECK(server.connections == 2);
  CHECK_MESSAGE(server.problems().empty(), server.problems());
  CHECK(code == 1);
  std::string err = agent.err();
  CHECK(contains(err, "reconnecting in 100 ms (attempt 1 of 2)"));
  CHECK(contains(err, "giving up after 2 failed reconnection attempts"));
}

TEST_CASE("e2e: --reconnect gives up after the bounded number of attempts") {
  uint16_t port;
  {
    LoopbackListener listener;
    port = listener.port();
  }
  auto started = Clock::now();
  auto r = run_libero({"agent", "--port", std::to_string(port), "--reconnect", "--max-reconnects", "3"}, 15000);
  double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  CHECK(r.exit_code == 1);
  CHECK(contains(r.err, "reconnecting in 100 ms (attempt 1 of 3)"));
  CHECK(contains(r.err, "reconnecting in 400 ms (attempt 3 of 3)"));
  CHECK(contains(r.err, "giving up after 3 failed reconnection attempts"));
  CHECK(seconds < 15);
}
