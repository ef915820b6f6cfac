// Sync-mode server throughput with connected, running agents.
// Usage: kUsage below (--help prints it).
// For 3 vs 3 and 11 vs 11: start the server in process on a free port, connect
// light agents (one thread each: scene, init, then every percept answered with
// six joint velocity commands + (syn)), wait until all play, then time S
// simulated seconds as seen in agent 0's (time (now ...)). Each size runs
// without and with a monitor connected (a thread that reads every monitor
// message). Baseline: the same number of robots in a bare PhysicsWorld
// stepped S seconds, no server. Reports medians over N runs.
// --external P[:M] runs the same light agents (and monitor, on port M)
// against a server already listening on 127.0.0.1:P, e.g. rcssserver3d.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string.h>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bench_args.h"
#include "core/clock.h"
#include "core/log.h"
#include "robot/description.h"
#include "tools/sim/physics/physics_world.h"
#include "tools/sim/server/server.h"

using namespace libero;
using namespace libero::sim;

namespace {

struct LightAgent {
  int fd = -1;
  std::thread thread;
  std::atomic<bool> stop{false};
  std::atomic<bool> playing{false};
  std::atomic<double> server_time{0};

  bool connect_to(int port) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return false;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    timeval tv{0, 200000};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return true;
  }
  void send_frame(const char* text, size_t n) {
    char frame[1024];
    uint32_t length = htonl(static_cast<uint32_t>(n));
    std::memcpy(frame, &length, 4);
    std::memcpy(frame + 4, text, n);
    (void)::send(fd, frame, n + 4, MSG_NOSIGNAL);
  }
  void run(int type, const char* team) {
    char text[512];
    int n = std::snprintf(text, sizeof text, "(scene rsg/agent/nao/nao_hetero.rsg %d)", type);
    send_frame(text, static_cast<size_t>(n));
    std::vector<char> buffer(1 << 20);
    size_t size = 0;
    long k = 0;
    while (!stop.load()) {
      ssize_t r = ::recv(fd, buffer.data() + size, buffer.size() - size, 0);
      if (r == 0) return;
      if (r < 0) continue;
      size += static_cast<size_t>(r);
      size_t offset = 0;
      while (size - offset >= 4) {
        uint32_t length;
        std::memcpy(&length, buffer.data() + offset, 4);
        length = ntohl(length);
        if (size - offset < 4 + length) break;
        const char* message = buffer.data() + offset + 4;
        if (std::strncmp(message, "(time (now ", 11) == 0) server_time.store(std::atof(message + 11));
        if (k == 0) {
          n = std::snprintf(text, sizeof text, "(init (unum 0)(teamname %s))(syn)", team);
        } else {
          if (::memmem(message, length, "(GS (unum", 9)) playing.store(true);
          double phase = 0.1 * static_cast<double>(k);
          n = std::snprintf(text, sizeof text,
                            "(he1 %.2f)(he2 %.2f)(rae1 %.2f)(lae1 %.2f)(rle3 %.2f)(lle3 %.2f)(syn)",
                            0.5 * std::sin(phase), 0.3 * std::cos(phase), 0.4 * std::sin(phase),
                            -0.4 * std::sin(phase), 0.2 * std::sin(phase), -0.2 * std::sin(phase));
        }
        send_frame(text, static_cast<size_t>(n));
        ++k;
        offset += 4 + length;
      }
      std::memmove(buffer.data(), buffer.data() + offset, size - offset);
      size -= offset;
    }
  }
};

// A monitor that reads every message (4-byte length framing) and counts them.
struct ReadingMonitor {
  int fd = -1;
  std::thread thread;
  std::atomic<bool> stop{false};
  std::atomic<long> messages{0}, bytes{0};

  bool start(int port) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return false;
    timeval tv{0, 200000};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    thread = std::thread([this] {
      std::vector<char> buffer(1 << 20);
      size_t want = 4, have = 0;
      bool header = true;
      while (!stop.load()) {
        ssize_t r = ::recv(fd, buffer.data() + have, want - have, 0);
        if (r == 0) return;
        if (r < 0) continue;
        have += static_cast<size_t>(r);
        bytes += r;
        if (have < want) continue;
        if (header) {
          uint32_t length;
          std::memcpy(&length, buffer.data(), 4);
          want = std::min<size_t>(ntohl(length), buffer.size());
          header = want == 0;
          if (header) want = 4;
        } else {
          ++messages;
          header = true;
          want = 4;
        }
        have = 0;
      }
    });
    return true;
  }
  void finish() {
    stop = true;
    if (thread.joinable()) thread.join();
    if (fd >= 0) ::close(fd);
  }
};

struct Figures {
  double speed = 0;            // simulated s per wall s
  double physics_per_robot_us = 0;  // physics wall time per robot per cycle
  double server_per_robot_us = 0;   // sensor reading + vision + percept text per robot per cycle
  double monitor_per_cycle_us = 0;  // scene update, text and send per cycle
  double monitor_kb_per_sim_s = 0;  // monitor bytes per simulated second
};

// The light agents and (optionally) a monitor against a server listening on
// agent_port / monitor_port; fills speed and the monitor's byte rate.
bool measure(int agent_port, int monitor_port, int per_team, double seconds, double join_gap, Figures* out) {
  int count = 2 * per_team;
  ReadingMonitor monitor;
  if (monitor_port > 0 && !monitor.start(monitor_port)) return false;
  std::vector<std::unique_ptr<LightAgent>> agents;
  for (int i = 0; i < count; ++i) {
    agents.push_back(std::make_unique<LightAgent>());
    if (!agents.back()->connect_to(agent_port)) return false;
    LightAgent* a = agents.back().get();
    const char* team = i < per_team ? "BenchLeft" : "BenchRight";
    a->thread = std::thread([a, i, team] { a->run(i % 3, team); });
    // rcssserver3d drops every new robot at one spot until its init moves it.
    if (join_gap > 0) std::this_thread::sleep_for(std::chrono::duration<double>(join_gap));
  }
  bool all = false;
  for (int tries = 0; tries < 12000 && !all; ++tries) {
    all = std::all_of(agents.begin(), agents.end(), [](auto& a) { return a->playing.load(); });
    if (!all) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  bool ok = all;
  long bytes0 = 0;
  if (ok) {
    // Warm up 1 simulated second, then measure.
    double start_sim = agents[0]->server_time.load() + 1.0;
    while (agents[0]->server_time.load() < start_sim) std::this_thread::sleep_for(std::chrono::microseconds(200));
    int64_t t0 = monotonic_ns();
    double s0 = agents[0]->server_time.load();
    bytes0 = monitor.bytes.load();
    while (agents[0]->server_time.load() < s0 + seconds) std::this_thread::sleep_for(std::chrono::microseconds(200));
    int64_t t1 = monotonic_ns();
    double s1 = agents[0]->server_time.load();
    out->speed = (s1 - s0) / (static_cast<double>(t1 - t0) * 1e-9);
    out->monitor_kb_per_sim_s = static_cast<double>(monitor.bytes.load() - bytes0) / 1024.0 / (s1 - s0);
  }
  for (auto& a : agents) a->stop.store(true);
  for (auto& a : agents) {
    a->thread.join();
    ::close(a->fd);
  }
  monitor.finish();
  return ok;
}

bool server_run(int per_team, double seconds, bool with_monitor, Figures* out) {
  ServerOptions o;
  o.agent_port = 0;
  o.monitor_port = with_monitor ? 0 : -1;
  o.sync_mode = true;
  o.seed_given = true;
  o.seed = 5;
  o.max_wall_seconds = 600;
  Result<std::unique_ptr<Server>> created = Server::create(o);
  if (!created.ok()) {
    std::fprintf(stderr, "server: %s\n", created.error().describe().c_str());
    return false;
  }
  Server& server = *created.value();
  std::thread loop([&] { (void)server.run(); });
  // The agents' sockets close before the server stops, so it never waits on them.
  bool ok = measure(server.agent_port(), with_monitor ? server.monitor_port() : -1, per_team, seconds, 0, out);
  server.stop();
  loop.join();
  ServerStats st = server.stats();
  if (st.robot_cycles > 0) {
    out->physics_per_robot_us = st.physics_seconds / static_cast<double>(st.robot_cycles) * 1e6;
    out->server_per_robot_us = st.percept_seconds / static_cast<double>(st.robot_cycles) * 1e6;
  }
  if (st.cycles > 0) out->monitor_per_cycle_us = st.monitor_seconds / static_cast<double>(st.cycles) * 1e6;
  return ok;
}

bool physics_baseline(int robots, double seconds, double* speed) {
  Result<std::unique_ptr<PhysicsWorld>> created = PhysicsWorld::create(PhysicsOptions{});
  if (!created.ok()) return false;
  PhysicsWorld& world = *created.value();
  for (int i = 0; i < robots; ++i) {
    Result<robot::RobotDescription> d = robot::load_robot_description(LIBERO_SOURCE_DIR "/robots", "nao", i % 3);
    if (!d.ok()) return false;
    RobotPlacement p;
    bool left = i < robots / 2;
    int index = left ? i : i - robots / 2;
    p.torso_position = Vec3(left ? -14.2 : 14.2, 9.2 - 1.2 * index, 0.4);
    p.heading = left ? 0.0 : kPi;
    if (!world.add_robot(d.value(), left ? 0 : 1, index + 1, p).ok()) return false;
  }
  for (int i = 0; i < 50; ++i) world.step();
  int cycles = static_cast<int>(seconds / kCycleSeconds);
  int64_t t0 = monotonic_ns();
  for (int i = 0; i < cycles; ++i) world.step();
  int64_t t1 = monotonic_ns();
  *speed = cycles * kCycleSeconds / (static_cast<double>(t1 - t0) * 1e-9);
  return true;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

const char kUsage[] =
    "usage: libero_bench_sim_server [--runs N] [--seconds S] [--sizes 3,11] [--external AGENTPORT[:MONITORPORT]]\n"
    "  --external  the light agents (and a reading monitor, if a port is given) against a server already\n"
    "              listening on 127.0.0.1, e.g. rcssserver3d in sync mode, instead of the built-in one\n"
    "              (agents join 0.5 s apart)\n";

}  // namespace

int main(int argc, char** argv) {
  int runs = 3;
  double seconds = 10;
  std::vector<int> sizes = {3, 11};
  int external_agent_port = 0, external_monitor_port = 0;
  bench::Args args(argc, argv);
  while (args.next()) {
    if (args.arg() == "--runs") {
      runs = args.whole(1, 1000);
    } else if (args.arg() == "--seconds") {
      seconds = args.number(1, 3600);
    } else if (args.arg() == "--sizes") {
      sizes.clear();
      std::string list = args.value();
      for (size_t at = 0; at < list.size();) {
        size_t comma = list.find(',', at);
        if (comma == std::string::npos) comma = list.size();
        sizes.push_back(std::max(1, std::min(11, std::atoi(list.substr(at, comma - at).c_str()))));
        at = comma + 1;
      }
    } else if (args.arg() == "--external") {
      std::string spec = args.value();
      external_agent_port = std::atoi(spec.c_str());
      size_t colon = spec.find(':');
      if (colon != std::string::npos) external_monitor_port = std::atoi(spec.c_str() + colon + 1);
    } else {
      args.unknown_option();
    }
  }
  if (std::optional<int> status = args.finish("libero_bench_sim_server", kUsage)) return *status;
  log::set_level(log::Level::Error);
  std::printf("sync-mode server, light C++ agents (6 joint commands + syn per percept), %d runs, %.0f simulated s each\n",
              runs, seconds);
  if (external_agent_port > 0) {
    std::printf("external server on 127.0.0.1:%d%s\n", external_agent_port,
                external_monitor_port > 0 ? ", with a reading monitor" : "");
    std::printf("%-9s %14s %16s\n", "match", "server x RT", "monitor KB/sim s");
    for (int per_team : sizes) {
      std::vector<double> speed, kb;
      for (int r = 0; r < runs; ++r) {
        Figures f;
        if (!measure(external_agent_port, external_monitor_port, per_team, seconds, 0.5, &f)) {
          std::fprintf(stderr, "run failed\n");
          return 1;
        }
        speed.push_back(f.speed);
        kb.push_back(f.monitor_kb_per_sim_s);
        std::this_thread::sleep_for(std::chrono::seconds(1));  // the server removes the robots
      }
      std::printf("%d vs %-4d %13.2fx %16.0f\n", per_team, per_team, median(speed), median(kb));
      std::fflush(stdout);
    }
    return 0;
  }
  std::printf("%-9s %14s %16s %17s %8s %17s %18s %16s %16s\n", "match", "server x RT", "+monitor x RT",
              "physics-only x RT", "ratio", "physics us/robot", "percepts us/robot", "monitor us/cycle",
              "monitor KB/sim s");
  for (int per_team : sizes) {
    std::vector<double> speed, speed_monitor, base, physics_us, server_us, monitor_us, monitor_kb;
    for (int r = 0; r < runs; ++r) {
      Figures f, m;
      double b = 0;
      if (!server_run(per_team, seconds, false, &f) || !server_run(per_team, seconds, true, &m) ||
          !physics_baseline(2 * per_team, seconds, &b)) {
        std::fprintf(stderr, "run failed\n");
        return 1;
      }
      speed.push_back(f.speed);
      speed_monitor.push_back(m.speed);
      base.push_back(b);
      physics_us.push_back(f.physics_per_robot_us);
      server_us.push_back(f.server_per_robot_us);
      monitor_us.push_back(m.monitor_per_cycle_us);
      monitor_kb.push_back(m.monitor_kb_per_sim_s);
    }
    double s = median(speed), b = median(base);
    char label[16];
    std::snprintf(label, sizeof label, "%d vs %d", per_team, per_team);
    std::printf("%-9s %13.2fx %15.2fx %16.2fx %8.2f %17.0f %18.1f %16.0f %16.0f\n", label, s, median(speed_monitor),
                b, s / b, median(physics_us), median(server_us), median(monitor_us), median(monitor_kb));
    std::fflush(stdout);
  }
  return 0;
}
