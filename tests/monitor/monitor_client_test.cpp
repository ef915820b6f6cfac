// MonitorClient against a scripted monitor server on loopback: an update
// that does not fit the scene makes the client ask for a full state and skip
// updates until one comes; a closed connection is an error.
#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "tools/monitor/monitor_client.h"
#include "tools/realserver/real_server.h"

using namespace libero;

namespace {

void send_frame(int fd, const std::string& text) {
  const uint32_t n = htonl(static_cast<uint32_t>(text.size()));
  std::string frame(reinterpret_cast<const char*>(&n), 4);
  frame += text;
  REQUIRE(::send(fd, frame.data(), frame.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(frame.size()));
}

std::string receive_frame(int fd) {
  unsigned char h[4];
  if (::recv(fd, h, 4, MSG_WAITALL) != 4) return "";
  const size_t n = (size_t{h[0]} << 24) | (size_t{h[1]} << 16) | (size_t{h[2]} << 8) | h[3];
  std::string body(n, '\0');
  if (::recv(fd, body.data(), n, MSG_WAITALL) != static_cast<ssize_t>(n)) return "";
  return body;
}

std::string full(double ball_x) {
  return "((time 1)(play_mode 3))(RSG 0 1)((nd TRF (SLT 1 0 0 0 0 1 0 0 0 0 1 0 " + std::to_string(ball_x) +
         " 0 0.04 1) (nd StaticMesh (load models/soccerball.obj))))";
}
std::string update(double ball_x) {
  return "((time 2))(RDS 0 1)((nd (SLT 1 0 0 0 0 1 0 0 0 0 1 0 " + std::to_string(ball_x) + " 0 0.04 1) (nd)))";
}

}  // namespace

TEST_CASE("an update that does not fit asks for a full state; updates wait for it") {
  int port = 0;
  Result<int> listening = realserver::listen_loopback(&port);
  REQUIRE(listening.ok());
  monitor::MonitorClient client;
  REQUIRE(client.connect("127.0.0.1", static_cast<uint16_t>(port), 2000).ok());
  const int server = ::accept(*listening, nullptr, nullptr);
  REQUIRE(server >= 0);

  send_frame(server, full(1.0));
  REQUIRE(*client.poll(2000));
  CHECK(client.state().ball.x() == doctest::Approx(1.0));

  // One node too few: the client cannot match it and asks for a full state.
  send_frame(server, "((time 2))(RDS 0 1)((nd))");
  CHECK_FALSE(*client.poll(2000));
  CHECK(receive_frame(server) == "(reqfullstate)");
  CHECK(client.resyncs() == 1);
  // A fitting update before the full state is skipped, not applied.
  send_frame(server, update(2.0));
  send_frame(server, full(3.0));
  send_frame(server, update(4.0));
  // One drain() takes all three once they are there: the skipped one does
  // not stop it.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  Result<bool> drained = client.drain();
  REQUIRE(drained.ok());
  const bool applied = *drained;
  CHECK(applied);
  CHECK(client.messages() == 5);
  CHECK(client.state().ball.x() == doctest::Approx(4.0));
  CHECK(client.state().full_states == 2);

  // The server going away is an error, not a silent wait.
  ::close(server);
  Result<bool> after = client.poll(2000);
  CHECK_FALSE(after.ok());
  ::close(*listening);
}
