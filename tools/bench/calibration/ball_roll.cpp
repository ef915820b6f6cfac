// libero_ball_roll: how far and how long a ball rolls on either server when
// it is set rolling at a given speed, so the built-in simulator's ball can
// be held against SimSpark's. Kicks are judged by the ball's travel, and
// the travel is the launch times what the ground and the drag let it roll:
// a simulator that rolls the ball shorter makes every kick look weaker.
//
// Each run starts a fresh server in sync mode with one agent (a robot
// beamed out of the way, answering every cycle with (syn): the server only
// steps with an agent), puts the game in PlayOn through the monitor port,
// then places the ball on the field and sets it moving along +x with the
// trainer's (ball (pos ..) (vel ..)), without spin, as a kick leaves it. The
// ball is followed in the monitor's truth until it has lain still for 1 s.
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "bench_args.h"
#include "bench_server.h"
#include "bench_stats.h"
#include "calibration_link.h"
#include "net/tcp_client.h"
#include "tools/monitor/monitor_client.h"

using namespace libero;

namespace {

const char* kUsage =
    "usage: libero_ball_roll [options]\n"
    "  --speeds V,V,...   launch speeds in m/s along +x, each in (0, 12] (default 1,2,4,6)\n"
    "  --runs N           runs per speed, each on a fresh server (default 3)\n"
    "  --seed N           builtin: run r uses seed N + r (default 1)\n"
    "  --seconds S        the most seconds to follow a ball (default 20)\n"
    "  --server NAME      builtin (default) or rcssserver3d; --server-bin, --slip, --physics, --libero as\n"
    "                     for the other benches\n"
    "  -v                 one line per run\n"
    "Prints per speed the medians over the runs: the ball's travel until it lay still, the time it\n"
    "rolled, its travel in the first 0.5 s and 1 s, and its highest point. Exit 1 when a run could\n"
    "not be set up, 2 on bad arguments.\n";

// Where the ball is put: on the field's centre line of the left half, far
// from the robot, so a 12 m/s ball stops before the goal on either server.
constexpr double kBallX = -8.0, kBallY = 0.0, kBallZ = 0.042;
// The beamed robot: in the left team's half, away from the ball's line.
constexpr double kRobotX = -13.0, kRobotY = 8.0;
constexpr double kMovedFrom = 0.01;      // m from the placed spot: the roll has begun
constexpr double kStillSpeed = 0.02;     // m/s: lying still
constexpr double kStillSeconds = 1.0;

struct Settings {
  bench::BenchServer server;
  std::vector<double> speeds = {1, 2, 4, 6};
  int runs = 3;
  int seed = 1;
  double seconds = 20;
  bool verbose = false;
};

struct RollResult {
  bool ok = false;
  std::string problem;
  double travel = 0;        // m from the placed spot to where it lay still
  double rolled_for = 0;    // s from the first move until it lay still
  double travel_half = 0;   // m after 0.5 s
  double travel_one = 0;    // m after 1 s
  double top = 0;           // m, the ball centre's highest point
  bool stopped = false;
};

RollResult roll_once(const Settings& s, double speed, int run) {
  RollResult result;
  auto fail = [&](const std::string& why) {
    result.problem = why;
    return result;
  };
  bench::CalibrationLink link;
  if (Status opened = link.open(s.server, s.seed + run, "ball-roll"); !opened.ok()) return fail(opened.error().describe());
  monitor::MonitorClient& monitor = link.monitor;
  net::TcpClient& agent = link.agent;
  if (Status c = agent.send("(scene rsg/agent/nao/nao_hetero.rsg 0)", 2000); !c.ok())
    return fail(c.error().describe());
  // Cycles: 0 init, 2 beam, 10 PlayOn, 12 the ball set rolling; then follow it.
  constexpr int kPlayOnCycle = 10, kLaunchCycle = 12;
  const int last_cycle = kLaunchCycle + static_cast<int>(std::ceil((s.seconds + 2) / 0.02));
  double t_moved = -1, last_time = 0, still_since = -1;
  Vec3 last = Vec3::Zero();
  bool launched = false, done = false;
  for (int cycle = 0; cycle <= last_cycle && !done; ++cycle) {
    Result<std::string_view> message = agent.receive_frame(20000);
    if (!message.ok())
      return fail("agent port: " + message.error().describe());
    std::string reply = "(syn)";
    if (cycle == 0) reply = "(init (unum 1)(teamname Roll))(syn)";
    if (cycle == 2) {
      char beam[80];
      std::snprintf(beam, sizeof beam, "(beam %.1f %.1f 0)(syn)", kRobotX, kRobotY);
      reply = beam;
    }
    const char* command = nullptr;
    char launch[160];
    if (cycle == kPlayOnCycle) command = "(playMode PlayOn)";
    if (cycle == kLaunchCycle) {
      std::snprintf(launch, sizeof launch, "(ball (pos %.3f %.3f %.3f) (vel %.3f 0 0))", kBallX, kBallY, kBallZ, speed);
      command = launch;
      launched = true;
    }
    if (command != nullptr)
      if (Status sent = monitor.send(command); !sent.ok())
        return fail("monitor: " + sent.error().describe());
    if (Status r = agent.send(reply, 2000); !r.ok())
      return fail(r.error().describe());
    // Every queued monitor message in turn: rcssserver3d sends them in bursts.
    for (;;) {
      Result<bool> got = monitor.poll(0);
      if (!got.ok())
        return fail("monitor: " + got.error().describe());
      if (!*got) break;
      const monitor::SceneState& scene = monitor.state();
      if (!launched || !scene.ball_known || scene.play_mode != protocol::PlayMode::PlayOn) continue;
      const double travel = std::hypot(scene.ball.x() - kBallX, scene.ball.y() - kBallY);
      if (t_moved < 0) {
        // The first scene with the ball on its way (the trainer's command
        // lands within a cycle or two of being sent, on its own schedule).
        if (travel < kMovedFrom || travel > 1.0) continue;
        t_moved = last_time = scene.time;
        last = scene.ball;
        continue;
      }
      const double since = scene.time - t_moved;
      result.top = std::max(result.top, scene.ball.z());
      if (result.travel_half == 0 && since >= 0.5 - 1e-6) result.travel_half = travel;
      if (result.travel_one == 0 && since >= 1.0 - 1e-6) result.travel_one = travel;
      const double dt = scene.time - last_time;
      if (dt > 1e-6) {
        const double v = std::hypot(scene.ball.x() - last.x(), scene.ball.y() - last.y()) / dt;
        if (v < kStillSpeed) {
          if (still_since < 0) still_since = scene.time;
        } else {
          still_since = -1;
        }
        last = scene.ball;
        last_time = scene.time;
      }
      const bool still = still_since >= 0 && scene.time - still_since >= kStillSeconds - 1e-6;
      if (still || since >= s.seconds - 1e-6) {
        result.travel = travel;
        result.rolled_for = (still ? still_since : scene.time) - t_moved;
        result.stopped = still;
        done = true;
        break;
      }
    }
  }
  if (t_moved < 0) return fail("the ball never moved: the server did not take the trainer's (ball (pos) (vel))");
  if (!done) return fail("the server stopped answering before the ball lay still");
  result.ok = true;
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  Settings s;
  bench::Args args(argc, argv);
  while (args.next()) {
    const std::string& a = args.arg();
    if (bench::take_server_option(args, &s.server)) continue;
    if (a == "--runs") s.runs = args.whole(1, 1000);
    else if (a == "--seed") s.seed = args.whole(0, 1000000000);
    else if (a == "--seconds") s.seconds = args.number_above(0, 600);
    else if (a == "--speeds") {
      const std::string list = args.value();
      s.speeds.clear();
      std::stringstream in(list);
      std::string item;
      while (std::getline(in, item, ',')) {
        char* end = nullptr;
        const double v = std::strtod(item.c_str(), &end);
        if (item.empty() || end == item.c_str() || *end != '\0' || !(v > 0 && v <= 12)) {
          args.fail("--speeds needs speeds in (0, 12] m/s separated by commas, got '" + list + "'");
          break;
        }
        s.speeds.push_back(v);
      }
    }
    else if (a == "-v") s.verbose = true;
    else args.unknown_option();
  }
  bench::finish_server_options(args, &s.server);
  if (std::optional<int> status = args.finish("libero_ball_roll", kUsage)) return *status;
  std::printf("ball roll on %s, %d runs per speed\n", s.server.kind.c_str(), s.runs);
  std::printf("| launch m/s | travel m | rolled s | after 0.5 s m | after 1 s m | top z m | still moving |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  int failed = 0;
  for (double speed : s.speeds) {
    std::vector<double> travel, rolled, half, one, top;
    int moving = 0;
    for (int r = 0; r < s.runs; ++r) {
      RollResult result = roll_once(s, speed, r);
      if (!result.ok) {
        std::fprintf(stderr, "libero_ball_roll: %.2f m/s, run %d: %s\n", speed, r, result.problem.c_str());
        ++failed;
        continue;
      }
      if (s.verbose)
        std::printf("run %d  %.2f m/s: %.3f m in %.2f s (0.5 s: %.3f m, 1 s: %.3f m, top %.3f m)%s\n", r, speed,
                    result.travel, result.rolled_for, result.travel_half, result.travel_one, result.top,
                    result.stopped ? "" : "  STILL MOVING");
      travel.push_back(result.travel);
      rolled.push_back(result.rolled_for);
      half.push_back(result.travel_half);
      one.push_back(result.travel_one);
      top.push_back(result.top);
      if (!result.stopped) ++moving;
    }
    if (travel.empty()) continue;
    std::printf("| %.2f | %.3f (%.3f-%.3f) | %.2f | %.3f | %.3f | %.3f | %d |\n", speed, bench::percentile(travel, 0.5),
                bench::percentile(travel, 0), bench::percentile(travel, 1), bench::percentile(rolled, 0.5),
                bench::percentile(half, 0.5), bench::percentile(one, 0.5), bench::percentile(top, 0.5), moving);
  }
  return failed > 0 ? 1 : 0;
}
