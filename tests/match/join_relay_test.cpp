// JoinRelay: the server side sees a new connection only with the agent's
// first message, then bytes flow both ways; stop() leaves nothing open.
#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "tools/match/join_relay.h"

using namespace libero;

namespace {

int listen_loopback(int* port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t n = sizeof a;
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  REQUIRE(::listen(fd, 4) == 0);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n);
  *port = ntohs(a.sin_port);
  return fd;
}

int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  return fd;
}

std::string frame(const std::string& payload) {
  const uint32_t n = static_cast<uint32_t>(payload.size());
  std::string out = {static_cast<char>(n >> 24), static_cast<char>(n >> 16), static_cast<char>(n >> 8),
                     static_cast<char>(n)};
  return out + payload;
}

bool readable_within(int fd, int ms) {
  pollfd p{fd, POLLIN, 0};
  return ::poll(&p, 1, ms) == 1;
}

std::string read_some(int fd) {
  char buffer[256];
  const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
  return n > 0 ? std::string(buffer, static_cast<size_t>(n)) : std::string();
}

}  // namespace

TEST_CASE("a slow agent's connection reaches the server together with its first message") {
  int server_port = 0;
  const int server = listen_loopback(&server_port);
  match::JoinRelay relay;
  REQUIRE(relay.start(server_port).ok());
  REQUIRE(relay.port() > 0);

  const int agent = connect_to(relay.port());
  // The agent waits before it speaks: the server must not see it yet.
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  CHECK_FALSE(readable_within(server, 0));
  CHECK(relay.connections() == 0);
  const std::string scene = frame("(scene rsg/agent/nao/nao_hetero.rsg 0)(syn)");
  // Sent in two pieces: the relay waits for the whole frame.
  REQUIRE(::send(agent, scene.data(), 6, 0) == 6);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK_FALSE(readable_within(server, 0));
  REQUIRE(::send(agent, scene.data() + 6, scene.size() - 6, 0) == static_cast<ssize_t>(scene.size() - 6));

  REQUIRE(readable_within(server, 2000));
  const int accepted = ::accept(server, nullptr, nullptr);
  REQUIRE(accepted >= 0);
  // The relay connects only once it holds the whole frame and sends it
  // straight after (what matters is that the server never holds a silent
  // connection, checked above).
  REQUIRE(readable_within(accepted, 2000));
  std::string got;
  while (got.size() < scene.size() && readable_within(accepted, 1000)) got += read_some(accepted);
  CHECK(got == scene);
  CHECK(relay.connections() == 1);

  // Both ways afterwards.
  const std::string percept = frame("(time (now 1.00))");
  REQUIRE(::send(accepted, percept.data(), percept.size(), 0) == static_cast<ssize_t>(percept.size()));
  REQUIRE(readable_within(agent, 2000));
  std::string back;
  while (back.size() < percept.size() && readable_within(agent, 1000)) back += read_some(agent);
  CHECK(back == percept);

  // The server closing reaches the agent.
  ::close(accepted);
  REQUIRE(readable_within(agent, 2000));
  CHECK(read_some(agent).empty());
  relay.stop();
  ::close(agent);
  ::close(server);
}

TEST_CASE("an agent that leaves before speaking never reaches the server; stop ends every relay") {
  int server_port = 0;
  const int server = listen_loopback(&server_port);
  match::JoinRelay relay;
  REQUIRE(relay.start(server_port).ok());
  const int quitter = connect_to(relay.port());
  ::close(quitter);
  const int silent = connect_to(relay.port());  // still connected when the relay stops
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK_FALSE(readable_within(server, 0));
  CHECK(relay.connections() == 0);
  const auto before = std::chrono::steady_clock::now();
  relay.stop();
  CHECK(std::chrono::steady_clock::now() - before < std::chrono::seconds(2));
  ::close(silent);
  ::close(server);
}
