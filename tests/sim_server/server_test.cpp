// The server end to end, in process: sessions, teams, malformed and oversized
// messages, disconnects, 22 concurrent agents. Clients are plain sockets that
// speak the wire format directly (no Libero codec) and answer every percept
// with their queued commands plus (syn). The server runs in sync mode on free
// ports; every thread and socket is closed at the end of each test.
#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/log.h"
#include "tools/sim/server/server.h"

using namespace libero;
using namespace libero::sim;

namespace {

bool wait_until(const std::function<bool()>& done, double seconds) {
  auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return done();
}

struct RunningServer {
  std::unique_ptr<Server> server;
  std::thread thread;

  explicit RunningServer(bool sync = true) {
    ServerOptions o;
    o.agent_port = 0;
    o.monitor_port = 0;
    o.sync_mode = sync;
    o.seed_given = true;
    o.seed = 11;
    o.max_wall_seconds = 120;  // safety net: never outlive a hung test
    Result<std::unique_ptr<Server>> created = Server::create(o);
    REQUIRE_MESSAGE(created.ok(), (created.ok() ? "" : created.error().describe()));
    server = std::move(created.value());
    thread = std::thread([this] { (void)server->run(); });
  }
  ~RunningServer() {
    server->stop();
    thread.join();
  }
  int port() const { return server->agent_port(); }
};

class TestAgent {
 public:
  explicit TestAgent(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    int one = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    timeval tv{0, 100000};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  }
  ~TestAgent() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    if (fd_ >= 0) ::close(fd_);
  }

  bool connected() const { return connected_; }

  void send_frame(const std::string& text) {
    uint32_t n = htonl(static_cast<uint32_t>(text.size()));
    std::string frame(reinterpret_cast<const char*>(&n), 4);
    frame += text;
    send_raw(frame);
  }
  void send_raw(const std::string& bytes) {
    std::lock_guard<std::mutex> lock(send_mutex_);
    size_t sent = 0;
    while (sent < bytes.size()) {
      ssize_t r = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
      if (r <= 0) return;
      sent += static_cast<size_t>(r);
    }
  }

  // Sends scene and starts answering every percept: `reply(k)` + (syn).
  void play(int robot_type, std::function<std::string(int)> reply) {
    reply_ = std::move(reply);
    send_frame("(scene rsg/agent/nao/nao_hetero.rsg " + std::to_string(robot_type) + ")");
    thread_ = std::thread([this] { loop(); });
  }
  // Only listens (for agents that are expected to be disconnected).
  void listen() { thread_ = std::thread([this] { loop(); }); }

  int percepts() const { return percepts_.load(); }
  bool closed() const { return closed_.load(); }
  int unum() const { return unum_.load(); }
  std::string team() {
    std::lock_guard<std::mutex> lock(mutex_);
    return team_;
  }
  std::string last() {
    std::lock_guard<std::mutex> lock(mutex_);
    return last_;
  }
  void close_now() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    ::close(fd_);
    fd_ = -1;
  }

 private:
  void loop() {
    std::string buffer;
    char chunk[65536];
    while (!stop_) {
      ssize_t r = ::recv(fd_, chunk, sizeof chunk, 0);
      if (r == 0) {
        closed_ = true;
        return;
      }
      if (r < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) continue;
        closed_ = true;
        return;
      }
      buffer.append(chunk, static_cast<size_t>(r));
      while (buffer.size() >= 4) {
        uint32_t n;
        std::memcpy(&n, buffer.data(), 4);
        n = ntohl(n);
        if (buffer.size() < 4 + n) break;
        std::string message = buffer.substr(4, n);
        buffer.erase(0, 4 + n);
        handle(message);
      }
    }
  }
  void handle(const std::string& message) {
    int k = percepts_.load();
    size_t u = message.find("(GS (unum ");
    if (u != std::string::npos) {
      unum_ = std::atoi(message.c_str() + u + 10);
      size_t t = message.find("(team ", u);
      size_t e = message.find(')', t);
      std::lock_guard<std::mutex> lock(mutex_);
      team_ = message.substr(t + 6, e - t - 6);
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      last_ = message;
    }
    ++percepts_;
    if (reply_) send_frame(reply_(k) + "(syn)");
  }

  int fd_ = -1;
  bool connected_ = false;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> closed_{false};
  std::atomic<int> percepts_{0};
  std::atomic<int> unum_{0};
  std::mutex mutex_, send_mutex_;
  std::string team_, last_;
  std::function<std::string(int)> reply_;
};

std::function<std::string(int)> join(const std::string& team, int unum = 0) {
  return [team, unum](int k) {
    return k == 0 ? "(init (unum " + std::to_string(unum) + ")(teamname " + team + "))" : std::string();
  };
}

struct QuietLog {
  QuietLog() { log::set_level(log::Level::Error); }
  ~QuietLog() { log::set_level(log::Level::Info); }
};

}  // namespace

TEST_CASE("server: an agent joins, plays, and its robot is removed when it disconnects") {
  QuietLog quiet;
  RunningServer s;
  TestAgent a(s.port());
  REQUIRE(a.connected());
  a.play(0, join("Alpha", 3));
  REQUIRE(wait_until([&] { return a.unum() == 3; }, 30));
  CHECK(a.team() == "left");
  REQUIRE(wait_until([&] { return a.percepts() > 10; }, 30));
  CHECK(s.server->robot_count() == 1);
  CHECK(a.last().rfind("(time (now ", 0) == 0);
  a.close_now();
  CHECK(wait_until([&] { return s.server->robot_count() == 0; }, 10));
}

TEST_CASE("server: first team left, second right, a third name stays teamless but keeps playing") {
  QuietLog quiet;
  RunningServer s;
  TestAgent a(s.port()), b(s.port()), c(s.port());
  a.play(0, join("A"));
  REQUIRE(wait_until([&] { return a.unum() == 1; }, 30));
  b.play(1, join("B", 4));
  REQUIRE(wait_until([&] { return b.unum() == 4; }, 30));
  c.play(2, join("C"));
  REQUIRE(wait_until([&] { return c.percepts() > 15; }, 30));
  CHECK(a.team() == "left");
  CHECK(b.team() == "right");
  CHECK(c.unum() == 0);
  CHECK(c.team().empty());
  CHECK_FALSE(c.closed());
}

TEST_CASE("server: malformed, oversized and garbage messages disconnect only the sender") {
  QuietLog quiet;
  RunningServer s;
  TestAgent good(s.port());
  good.play(0, join("Good"));
  REQUIRE(wait_until([&] { return good.unum() == 1; }, 30));

  TestAgent unbalanced(s.port());
  unbalanced.send_frame("(scene rsg/agent/nao/nao_hetero.rsg 0)");
  unbalanced.send_frame("(he1 1.0");
  unbalanced.listen();
  TestAgent oversized(s.port());
  oversized.send_raw(std::string("\x00\x10\x00\x00", 4) + "(syn)");  // announces 1 MiB
  oversized.listen();
  TestAgent garbage(s.port());
  garbage.send_frame(std::string("\x01\x02\x03(((", 6));
  garbage.listen();
  TestAgent joined_then_bad(s.port());
  joined_then_bad.play(0, [](int k) { return k == 0 ? std::string("(init (unum 0)(teamname Good))") : k == 5 ? std::string(")(") : std::string(); });

  CHECK(wait_until([&] { return unbalanced.closed() && oversized.closed() && garbage.closed(); }, 30));
  CHECK(wait_until([&] { return joined_then_bad.closed(); }, 30));
  CHECK(joined_then_bad.unum() == 2);
  int before = good.percepts();
  CHECK(wait_until([&] { return good.percepts() > before + 10; }, 30));
  CHECK_FALSE(good.closed());
  CHECK(wait_until([&] { return s.server->robot_count() == 1; }, 10));
}

TEST_CASE("server: unknown effectors and a disallowed scene are survived") {
  QuietLog quiet;
  RunningServer s;
  TestAgent a(s.port());
  a.play(0, [](int k) { return k == 0 ? std::string("(init (unum 0)(teamname A))(foo 1)(he1 abc)") : std::string("(bar)"); });
  REQUIRE(wait_until([&] { return a.percepts() > 10; }, 30));
  CHECK(a.unum() == 1);
  CHECK_FALSE(a.closed());
  TestAgent wrong(s.port());
  wrong.send_frame("(scene rsg/agent/nao/nao_hetero.rsg 9)");
  wrong.listen();
  CHECK(wait_until([&] { return wrong.closed(); }, 30));
  CHECK(wrong.percepts() == 0);
}

TEST_CASE("server: 22 agents connecting at once all play; a 23rd robot is refused; leavers are removed") {
  QuietLog quiet;
  RunningServer s;
  std::vector<std::unique_ptr<TestAgent>> agents;
  for (int i = 0; i < 22; ++i) {
    agents.push_back(std::make_unique<TestAgent>(s.port()));
    REQUIRE(agents.back()->connected());
  }
  // Teams of 11 with a legal type mix (at most 7 of a type, three types).
  for (int i = 0; i < 22; ++i) agents[i]->play(i % 3, join(i < 11 ? "North" : "South"));
  // Note: which team is left depends on which init the server reads first.
  bool all_joined = wait_until(
      [&] {
        for (auto& a : agents)
          if (a->unum() == 0) return false;
        return true;
      },
      90);
  REQUIRE(all_joined);
  std::set<std::pair<std::string, int>> seen;
  for (auto& a : agents) seen.insert({a->team(), a->unum()});
  CHECK(seen.size() == 22);
  CHECK(s.server->robot_count() == 22);

  TestAgent extra(s.port());
  extra.send_frame("(scene rsg/agent/nao/nao_hetero.rsg 0)");
  extra.listen();
  CHECK(wait_until([&] { return extra.closed(); }, 60));
  CHECK(s.server->robot_count() == 22);

  for (int i = 0; i < 5; ++i) agents[i]->close_now();
  CHECK(wait_until([&] { return s.server->robot_count() == 17; }, 60));
  int before = agents[21]->percepts();
  CHECK(wait_until([&] { return agents[21]->percepts() > before + 10; }, 60));
  for (int i = 5; i < 22; ++i) CHECK_FALSE(agents[i]->closed());
}

TEST_CASE("server: real-time mode paces cycles and serves agents") {
  QuietLog quiet;
  RunningServer s(false);
  TestAgent a(s.port());
  a.play(0, join("RT"));
  REQUIRE(wait_until([&] { return a.percepts() > 5; }, 30));
  CHECK(a.unum() == 1);
}

TEST_CASE("server: create reports bad options clearly") {
  ServerOptions o;
  o.agent_port = 0;
  o.monitor_port = -1;
  o.bind_address = "not-an-address";
  Result<std::unique_ptr<Server>> r = Server::create(o);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().describe().find("bind address") != std::string::npos);
  o.bind_address = "127.0.0.1";
  for (bool& t : o.allowed_types) t = false;
  r = Server::create(o);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().describe().find("no robot type") != std::string::npos);
  o.allowed_types[0] = true;
  o.robots_dir = "/nonexistent";
  r = Server::create(o);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().describe().find("NAO type 0") != std::string::npos);
  // A physics file that is missing or wrong stops the start with its name
  // and line.
  o.robots_dir.clear();
  o.physics_file = "/nonexistent/physics.lua";
  r = Server::create(o);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().describe().find("/nonexistent/physics.lua") != std::string::npos);
  const std::string bad = (std::filesystem::temp_directory_path() /
                           ("libero_server_test_physics_" + std::to_string(::getpid()) + ".lua"))
                              .string();
  {
    std::ofstream out(bad);
    out << "return {\n  robot_friction = 'grippy',\n}\n";
  }
  o.physics_file = bad;
  r = Server::create(o);
  std::filesystem::remove(bad);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().describe().find(bad + ":2:") != std::string::npos);
}
