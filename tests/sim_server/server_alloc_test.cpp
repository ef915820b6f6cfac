// Proves the server's per-cycle path does not allocate in steady state:
// this executable replaces the global operator new with a counting version
// (only the thread that switched counting on counts). First the monitor port
// alone publishes scenes with 22 moving robots to a monitor reading on
// another thread, through the real sockets and asio writes; then a whole
// sync-mode server with agents and a monitor counts on its own thread (from
// the per-cycle observer) over many cycles.
#include <doctest/doctest.h>

#include "../thread_allocation_counter.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <memory>
#include <new>
#include <thread>

#include "robot/description.h"
#include "tools/sim/server/monitor_port.h"
#include "tools/sim/server/server.h"

using libero::test::CountingScope;

using namespace libero;
using namespace libero::sim;

TEST_CASE("the counter works (an allocation while counting is seen)") {
  CountingScope counting;
  auto p = std::make_unique<int>(1);
  CHECK(counting.count() == 1);
}

TEST_CASE("monitor: publishing scenes allocates nothing per cycle after warm-up") {
  auto loaded = robot::load_robot_description(LIBERO_SOURCE_DIR "/robots", "nao", 0);
  REQUIRE(loaded.ok());
  const robot::RobotDescription description = loaded.value();
  const robot::RobotDescription* served[kRobotTypeCount] = {&description};
  asio::io_context io;
  auto opened = MonitorPort::open(io, asio::ip::make_address("127.0.0.1"), 0, served);
  REQUIRE(opened.ok());
  MonitorPort& port = *opened.value();
  port.start();

  // A monitor that reads everything on its own thread.
  std::atomic<bool> stop{false};
  std::atomic<long> bytes{0};
  const int monitor_port = port.port();
  std::thread reader([&] {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(monitor_port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
      timeval tv{0, 50000};
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
      char buffer[65536];
      while (!stop.load()) {
        ssize_t got = ::recv(fd, buffer, sizeof buffer, 0);
        if (got > 0) bytes += got;
      }
    }
    ::close(fd);
  });
  for (int i = 0; i < 2000 && !port.active(); ++i) {
    io.poll();
    io.restart();
    usleep(1000);
  }
  REQUIRE(port.active());

  WorldSnapshot world;
  world.ball_position = Vec3(0, 0, 0.042);
  SceneRobot robots[22];
  for (int i = 0; i < 22; ++i) {
    robots[i].id = i;
    robots[i].type = 0;
    robots[i].team = i < 11 ? Team::Left : Team::Right;
    robots[i].unum = i % 11 + 1;
    world.robots[i].id = i;
    world.robots[i].torso_position = Vec3(-10 + i, 0, 0.385);
  }
  world.robot_count = 22;
  MonitorGameView game;
  game.team_left = "Alpha";
  game.team_right = "Beta";

  auto run = [&](int cycles, int first) {
    for (int cycle = first; cycle < first + cycles; ++cycle) {
      for (int i = 0; i < 22; ++i) {
        world.robots[i].torso_position.x() += 0.01;
        world.robots[i].joint_angle[i % kJointCount] += 0.05;
      }
      world.ball_position.y() += 0.01;
      game.time += 0.02;
      port.publish(game, robots, 22, world, cycle % 2 == 0);
      io.poll();
      io.restart();
      if (cycle % 50 == 0) usleep(2000);  // let the reader drain now and then
    }
  };
  run(200, 0);  // warm-up: the first full state, asio's handler memory
  long allocations;
  {
    CountingScope counting;
    run(1000, 200);
    // A join rebuilds the layout and sends full states: still no allocation.
    robots[21].team = Team::None;
    port.publish(game, robots, 22, world, true);
    io.poll();
    io.restart();
    allocations = counting.count();
  }
  stop = true;
  reader.join();
  port.close();
  io.poll();
  CHECK_MESSAGE(allocations == 0, "allocations in 1000 publishing cycles: " << allocations);
  CHECK(port.stats().updates > 400);
  CHECK(bytes.load() > 0);
}

namespace {

int connect_loopback(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  timeval tv{0, 50000};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  return fd;
}

void send_frame(int fd, const char* text) {
  char frame[512];
  const uint32_t n = static_cast<uint32_t>(std::strlen(text));
  const uint32_t length = htonl(n);
  std::memcpy(frame, &length, 4);
  std::memcpy(frame + 4, text, n);
  (void)::send(fd, frame, n + 4, MSG_NOSIGNAL);
}

// An agent that answers every percept with a joint command and (syn).
void run_agent(int port, int unum, const std::atomic<bool>* stop) {
  int fd = connect_loopback(port);
  if (fd < 0) return;
  send_frame(fd, "(scene rsg/agent/nao/nao_hetero.rsg 0)");
  static thread_local char buffer[1 << 18];
  size_t size = 0;
  long k = 0;
  while (!stop->load()) {
    ssize_t got = ::recv(fd, buffer + size, sizeof buffer - size, 0);
    if (got == 0) break;
    if (got < 0) continue;
    size += static_cast<size_t>(got);
    size_t offset = 0;
    while (size - offset >= 4) {
      uint32_t length;
      std::memcpy(&length, buffer + offset, 4);
      length = ntohl(length);
      if (size - offset < 4 + length) break;
      char reply[128];
      if (k == 0)
        std::snprintf(reply, sizeof reply, "(init (unum %d)(teamname Alloc))(syn)", unum);
      else
        std::snprintf(reply, sizeof reply, "(he1 %.2f)(syn)", k % 20 < 10 ? 1.0 : -1.0);
      send_frame(fd, reply);
      ++k;
      offset += 4 + length;
    }
    std::memmove(buffer, buffer + offset, size - offset);
    size -= offset;
  }
  ::close(fd);
}

}  // namespace

TEST_CASE("server: cycles with agents and a monitor allocate nothing after warm-up") {
  std::atomic<long> allocations{-1};
  std::atomic<long> counted_cycles{0};
  ServerOptions o;
  o.agent_port = 0;
  o.monitor_port = 0;
  o.sync_mode = true;
  o.seed_given = true;
  o.seed = 3;
  o.max_wall_seconds = 120;
  // The observer runs at the end of each cycle on the server's thread:
  // count over 500 cycles from 300 cycles after all three robots are in
  // (joined and settled). Counted from a fixed cycle, a loaded machine let an
  // agent join late, and a REQUIRE on this thread aborted the whole test.
  int count_from = -1;  // touched on the server's thread only
  o.on_cycle = [&](const CycleView& view) {
    if (count_from < 0 && view.robot_count == 3) count_from = static_cast<int>(view.cycle) + 300;
    if (count_from < 0) return;
    if (static_cast<int>(view.cycle) == count_from) {
      libero::test::start_counting_allocations();
    } else if (static_cast<int>(view.cycle) == count_from + 500) {
      allocations = libero::test::stop_counting_allocations();
    }
    if (libero::test::counting_allocations()) ++counted_cycles;
  };
  auto created = Server::create(o);
  REQUIRE(created.ok());
  Server& server = *created.value();
  std::thread loop([&] { (void)server.run(); });
  std::atomic<bool> stop{false};
  std::thread agents[3];
  for (int i = 0; i < 3; ++i) agents[i] = std::thread(run_agent, server.agent_port(), i + 1, &stop);
  std::thread monitor([&] {
    int fd = connect_loopback(server.monitor_port());
    char buffer[65536];
    while (fd >= 0 && !stop.load()) (void)::recv(fd, buffer, sizeof buffer, 0);
    if (fd >= 0) ::close(fd);
  });
  for (int i = 0; i < 6000 && allocations.load() < 0; ++i) usleep(10000);
  stop = true;
  for (auto& a : agents) a.join();
  monitor.join();
  server.stop();
  loop.join();
  REQUIRE(allocations.load() >= 0);
  CHECK(counted_cycles.load() == 500);
  CHECK_MESSAGE(allocations.load() == 0, "allocations in 500 server cycles: " << allocations.load());
}
