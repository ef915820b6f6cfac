// The referee inside the real server: trainer commands over the monitor
// port (TCP, length-framed), and the play mode and score the monitor reports.
#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <string>
#include <thread>

#include "tools/sim/server/server.h"

using namespace libero::sim;

namespace {

struct ServerThread {
  std::unique_ptr<Server> server;
  std::thread thread;
  explicit ServerThread(ServerOptions options) {
    auto created = Server::create(options);
    REQUIRE_MESSAGE(created.ok(), created.error().describe());
    server = std::move(created.value());
    thread = std::thread([this] { (void)server->run(); });
  }
  ~ServerThread() {
    server->stop();
    thread.join();
  }
};

class Monitor {
 public:
  explicit Monitor(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    timeval tv{5, 0};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  }
  ~Monitor() { ::close(fd_); }
  void send(const std::string& text) {
    uint32_t n = htonl(static_cast<uint32_t>(text.size()));
    std::string frame(reinterpret_cast<const char*>(&n), 4);
    frame += text;
    REQUIRE(::write(fd_, frame.data(), frame.size()) == static_cast<ssize_t>(frame.size()));
  }
  // Next monitor message, or "" on timeout/close.
  std::string receive() {
    unsigned char h[4];
    if (!read_all(h, 4)) return "";
    size_t n = (size_t{h[0]} << 24) | (size_t{h[1]} << 16) | (size_t{h[2]} << 8) | h[3];
    std::string body(n, '\0');
    if (!read_all(body.data(), n)) return "";
    return body;
  }
  // Waits up to `seconds` for a message containing `text`. Like
  // rcssserver3d, updates carry a game-state item only when it changed, so
  // two items that changed together arrive in one message: a message read
  // while waiting for one is kept, and the next wait looks at it first.
  bool wait_for(const std::string& text, double seconds = 5.0) {
    const bool in_last = last_.find(text) != std::string::npos;
    last_.clear();
    if (in_last) return true;
    auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
      std::string m = receive();
      if (m.empty()) return false;
      if (m.find(text) != std::string::npos) {
        last_ = m;
        return true;
      }
    }
    return false;
  }

 private:
  bool read_all(void* data, size_t n) {
    auto* p = static_cast<char*>(data);
    while (n > 0) {
      ssize_t r = ::read(fd_, p, n);
      if (r <= 0) return false;
      p += r;
      n -= static_cast<size_t>(r);
    }
    return true;
  }
  int fd_ = -1;
  std::string last_;  // the message the last successful wait found
};

ServerOptions options() {
  ServerOptions o;
  o.agent_port = 0;
  o.monitor_port = 0;
  o.sync_mode = false;  // real time: cycles run without agents
  o.seed_given = true;
  o.seed = 3;
  o.robots_dir = std::string(LIBERO_SOURCE_DIR) + "/robots";
  o.allowed_types[1] = o.allowed_types[2] = o.allowed_types[3] = o.allowed_types[4] = false;
  return o;
}

}  // namespace

TEST_CASE("trainer commands reach the referee; a ball in the goal scores") {
  ServerThread s(options());
  Monitor monitor(s.server->monitor_port());
  REQUIRE(monitor.wait_for("(play_mode 0)"));
  monitor.send("(kickOff Left)");
  REQUIRE(monitor.wait_for("(play_mode 1)"));
  monitor.send("(playMode PlayOn)(ball (pos 14.3 0.2 0.042) (vel 4 0 0))");
  CHECK(monitor.wait_for("(score_left 1)"));
  CHECK(monitor.wait_for("(play_mode 13)"));  // Goal_Left
  // After the 3 s pause the team that conceded kicks off.
  CHECK(monitor.wait_for("(play_mode 2)", 6.0));  // KickOff_Right
}

TEST_CASE("trainer sets time and score; the half ends on the clock") {
  ServerThread s(options());
  Monitor monitor(s.server->monitor_port());
  REQUIRE(monitor.wait_for("(play_mode 0)"));
  monitor.send("(score (left 2) (right 5))(playMode PlayOn)(time 299.9)");
  CHECK(monitor.wait_for("(score_left 2)(score_right 5)"));
  CHECK(monitor.wait_for("(half 2)"));
}

TEST_CASE("a ball over the touch line gives a kick-in; bad trainer input is survived") {
  ServerThread s(options());
  Monitor monitor(s.server->monitor_port());
  REQUIRE(monitor.wait_for("(play_mode 0)"));
  monitor.send("(frobnicate)(kickOff Middle)");   // ignored, logged
  monitor.send("(playMode PlayOn)(ball (pos 3 10.3 0.042))");
  CHECK(monitor.wait_for("(play_mode 4)"));  // KickIn_Left: nobody touched it, ball left on the F1 side
}
