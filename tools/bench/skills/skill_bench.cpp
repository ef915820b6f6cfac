// libero_skill_bench: one skill of one robot, measured over the real
// protocols on either server: the built-in simulator (`libero serve`, as a
// separate process on real TCP) or the real rcssserver3d. The agent is an
// ordinary `libero agent` running the tiny scenario script beside this file;
// the truth comes from the monitor port's scene graph, read the same way on
// both servers (tools/monitor). So a figure here means what a user sees.
//
// Scenarios: walk (forward at the walk's limit), walk_side, walk_back, turn,
// kick_long / kick_short / kick_lofted (from 1.5 m behind the ball on the
// centre spot, towards the opponent goal), and dribble: the team's own
// behaviors/dribble.lua (from --scripts) pushing the ball towards the
// opponent goal from 1.2 m away, the start turned up to 60 deg off the line
// behind the ball, so lining up counts as it does in a game.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
#include <unistd.h>

#include "agent/data_paths.h"
#include "bench_args.h"
#include "bench_server.h"
#include "bench_stats.h"
#include "tools/match/agent_processes.h"
#include "tools/monitor/monitor_client.h"
#include "tools/realserver/real_server.h"

namespace fs = std::filesystem;
using namespace libero;

namespace {

const char* kUsage =
    "usage: libero_skill_bench <scenario> [options]\n"
    "  scenario: walk | walk_side | walk_back | turn | walk_to | kick_long | kick_short | kick_lofted | getup_front | getup_back |\n"
    "            getup_side (the bench throws the robot onto a side),\n"
    "            dribble,\n"
    "            or kick_long_spot, kick_short_spot, kick_lofted_spot: the kick motion alone, the ball at its spot\n"
    "  --server NAME      builtin (libero serve, default) or rcssserver3d (the real server)\n"
    "  --server-bin PATH  rcssserver3d to run (default: $LIBERO_RCSSSERVER3D, PATH, the kit)\n"
    "  --slip K           builtin: robot contacts slide K m/s per N (SimSpark-like 0.005; default: the\n"
    "                     physics file's robot_slip)\n"
    "  --physics FILE     builtin: the simulator's physics parameters (default: robots/simulator.lua)\n"
    "  --type T           robot type 0-4 (default 0)\n"
    "  --runs N           runs, each on a fresh server (default 10)\n"
    "  --first N          number of the first run (default 0): runs differ in how long the robot stands\n"
    "  --seconds S        walks: measured seconds from the walk command (default 10); walk_to: the most\n"
    "                     seconds a run may take to arrive\n"
    "  --robots DIR       the agent's robot data (default: the repo's robots/)\n"
    "  --scripts DIR      dribble: the team scripts whose behaviors/dribble.lua runs (default: the repo's scripts/)\n"
    "  --libero PATH      the libero binary (default: found beside this one)\n"
    "  --keep-logs DIR    keep every run's server and agent logs, and the agent's record, in DIR\n"
    "  --agent-log LEVEL  the agent's log level (default info: the bench reads the kick's start from\n"
    "                     it; debug traces the kick approach)\n"
    "  --ball-dx DX, --ball-dy DY  kick_*_spot: the ball this far from the kick's spot (m, ahead, left)\n"
    "  --distance D       walk_to: the pose this far from the start (m, default 3)\n"
    "  --start X,Y,H      kicks after an approach: the robot's start (m, m, rad; the ball on the centre\n"
    "                     spot; default -1.5,0,0), e.g. close to the ball where kick_to hands over in games\n"
    "  --arrive-distance D  kicks: the robot has arrived when its torso is within D m of the ball\n"
    "                     (horizontally) and moved less than 0.05 m in the last 0.5 s (default 0.25)\n"
    "  --hold S           get-ups: standing counts once held S s (default 1; a get-up that rises and\n"
    "                     topples back within a few seconds passes a short hold)\n"
    "  --then-walk V      get-ups: after the fall ask for a forward walk at V m/s instead of a stand\n"
    "                     (default 0): in games the robot walks on the moment it is up\n"
    "  --fall-walking V   get-ups: walk at V m/s (negative: backwards) for 1.5-2 s (by run) before the\n"
    "                     fall motion (default 0: fall from standing), as games' falls come while walking\n"
    "  -v                 one line per run\n"
    "Prints one line per run (with -v) and the medians. Exit 0 when every run ran, 1 when a run\n"
    "could not be set up, 2 on bad arguments.\n";

struct Settings {
  std::string scenario;
  bench::BenchServer server;  // --server, --server-bin, --slip, --physics, --libero
  int type = 0;
  int runs = 10;
  int first = 0;
  double seconds = 10;
  std::string robots;
  std::string scripts;  // dribble: the team's scripts
  std::string keep_logs;
  std::string agent_log = "info";
  double arrive_distance = 0.25;
  double hold = 1.0;  // s a get-up must stand
  double then_walk = 0;  // get-ups: forward walk asked after the fall (m/s; 0: stand)
  double fall_walking = 0;  // get-ups: walk before the fall motion (m/s, < 0 backwards; 0: none)
  double ball_dx = 0, ball_dy = 0;
  double start_x = -1.5, start_y = 0, start_heading = 0;  // kicks after an approach
  double walk_to_distance = 3;  // m
  bool verbose = false;
};

struct RunResult {
  bool ok = false;
  std::string problem;
  double distance = 0;      // walks: m displaced; kicks: m the ball travelled; dribble: m the ball advanced
  double along = 0;         // walks: m along the intended direction
  double turn_deg = 0;      // turn: degrees turned (unwrapped)
  double arrive_seconds = -1;  // walk_to: s from PlayOn until at the pose (-1: not within --seconds)
  double direction_error = 0;  // kicks: deg between the ball's travel and the target
  double time_to_kick = -1;    // kicks: s from PlayOn until the ball moved 0.05 m (-1: never)
  // Kicks: game time of PlayOn, of the arrival at the ball (the torso first
  // within --arrive-distance of the ball, horizontally, having moved less
  // than 0.05 m in the last 0.5 s; -1: never) and of the kick motion's start
  // (from the agent's log; -1: never). A kick started from the walk, before
  // the robot ever stood still at the ball, arrived when the torso first
  // came within --arrive-distance (near_time): it never stops, and the
  // kick's delay is from reaching the ball.
  double start_time = 0, arrive_time = -1, kick_start_time = -1, near_time = -1;
  bool fell = false;
  bool ball_at_feet = false;  // dribble: the ball within 0.6 m of the torso at the end
  // Get-ups: s from PlayOn until the torso was down (-1: never), s from then
  // until it stood again for --hold s (-1: not within 20 s).
  double down_time = -1, getup_seconds = -1;
  // get-ups: which way the torso went down (index into kFellOnto)
  enum FellOnto { kFront, kBack, kSide } fell_onto = kFront;
  double moved_standing = 0;  // get-ups: m the torso went while the hold ran (--then-walk walks it)
};

bool is_kick(const std::string& s) { return s.rfind("kick_", 0) == 0; }
const char* const kFellOnto[] = {"front", "back", "side"};  // RunResult::FellOnto
// getup_front, getup_back: no trainer command lays a robot down, so the bench
// adds a fall motion of its own (scenario/bench_fall_front.lua,
// bench_fall_back.lua) to a copy of the robot data and plays it; the
// automatic get-up brings the robot back, timed from the moment the torso is
// down to the moment it stands again. The falls must not come from the
// get-up under test: playing getup_front to throw the robot down let a
// search of that get-up shape its own fall.
bool is_getup(const std::string& s) { return s == "getup_front" || s == "getup_back" || s == "getup_side"; }
std::string fall_motion(const std::string& scenario) {
  return "bench_fall_" + scenario.substr(6);  // getup_front -> bench_fall_front
}
// kick_*_spot: the kick motion alone (no approach), the robot beamed with
// the ball at the kick's spot moved by --ball-dx/--ball-dy.
bool is_spot(const std::string& s) { return is_kick(s) && s.size() > 5 && s.compare(s.size() - 5, 5, "_spot") == 0; }
// The spread of the runs (golden-ratio steps in [0, 1)): how long the robot
// stands first, and where a dribble starts.
double run_fraction(int run) { return std::fmod(run * 0.6180339887, 1.0); }

// walk_to: from standing at the start facing upfield to a pose --distance
// (default 3 m) away in any direction, facing any way (each run its own, spread by two
// unrelated golden-ratio-like steps): the going-to-a-pose the behaviours do
// all game (lining up behind the ball, taking a position). Arrived: the
// torso within kWalkToArrive m of the pose, its yaw within kWalkToArriveYaw.
const double kWalkToStartX = -8, kWalkToStartY = 0;
const double kWalkToArrive = 0.15, kWalkToArriveYaw = 0.25;
struct WalkToPose {
  double x, y, heading;
};
WalkToPose walk_to_pose(int run, double distance) {
  const double direction = (2 * run_fraction(run) - 1) * M_PI;
  const double heading = (2 * std::fmod(0.5 + run * 0.4142135624, 1.0) - 1) * M_PI;
  return {kWalkToStartX + distance * std::cos(direction), kWalkToStartY + distance * std::sin(direction),
          heading};
}


// A scripts folder for one run: the scenario's main.lua and its parameters
// (for dribble over a copy of the team's scripts, whose behaviours it runs).
Status write_scenario(const Settings& s, int run, const fs::path& dir) {
  std::error_code ec;
  if (s.scenario == "dribble") {
    fs::copy(s.scripts, dir, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
    if (ec) return make_error("cannot copy " + s.scripts + " to " + dir.string() + ": " + ec.message());
  }
  fs::create_directories(dir, ec);
  if (ec) return make_error("cannot create " + dir.string() + ": " + ec.message());
  const std::string source = agent::find_data_dir("tools/bench/skills/scenario") + "/main.lua";
  fs::copy_file(source, dir / "main.lua", fs::copy_options::overwrite_existing, ec);
  if (ec) return make_error("cannot copy " + source + ": " + ec.message());
  std::ofstream out(dir / "scenario.lua");
  if (s.scenario == "walk")
    out << "return { kind = 'walk', vx = 'max', vy = 0, turn = 0, start_x = -12, start_y = 3, start_heading = 0 }\n";
  else if (s.scenario == "walk_side")
    out << "return { kind = 'walk', vx = 0, vy = 'max', turn = 0, start_x = -8, start_y = -6, start_heading = 0 }\n";
  else if (s.scenario == "walk_back")  // -1 m/s: the walk holds it to its own max_backward
    out << "return { kind = 'walk', vx = -1, vy = 0, turn = 0, start_x = 8, start_y = 3, start_heading = 0 }\n";
  else if (s.scenario == "turn")
    out << "return { kind = 'walk', vx = 0, vy = 0, turn = 'max', start_x = -8, start_y = 3, start_heading = 0 }\n";
  else if (s.scenario == "walk_to") {
    const WalkToPose pose = walk_to_pose(run, s.walk_to_distance);
    out << "return { kind = 'walk_to', start_x = " << kWalkToStartX << ", start_y = " << kWalkToStartY
        << ", start_heading = 0, target_x = " << pose.x << ", target_y = " << pose.y << ", target_heading = " << pose.heading
        << " }\n";
  } else if (is_getup(s.scenario))
    out << "return { kind = 'fall', motion = '" << fall_motion(s.scenario)
        << "', then_walk = " << s.then_walk << ", fall_walking = " << s.fall_walking
        << ", fall_walking_seconds = " << (s.fall_walking != 0 ? 1.5 + 0.5 * run_fraction(run) : 0.0)
        << ", start_x = -8, start_y = 3, start_heading = 0 }\n";
  else if (s.scenario == "dribble") {
    // 1.2 m from the ball on the centre spot, facing it, from up to 60 deg
    // either side of the line behind it (runs 0, 1, 2... spread over that).
    const double off = (2 * run_fraction(run + 7) - 1) * M_PI / 3;
    out << "return { kind = 'dribble', target_x = 15, target_y = 0, start_x = " << -1.2 * std::cos(off)
        << ", start_y = " << -1.2 * std::sin(off) << ", start_heading = " << off << " }\n";
  } else if (is_spot(s.scenario))
    out << "return { kind = 'kick_spot', motion = '" << s.scenario.substr(0, s.scenario.size() - 5) << "', dx = " << s.ball_dx
        << ", dy = " << s.ball_dy << ", start_heading = 0 }\n";
  else
    out << "return { kind = 'kick', kick = '" << s.scenario.substr(5) << "', target_x = 15, target_y = 0, start_x = "
        << s.start_x << ", start_y = " << s.start_y << ", start_heading = " << s.start_heading << " }\n";
  if (!out) return make_error("cannot write " + (dir / "scenario.lua").string());
  return {};
}

// The robot data a run's agent reads: --robots itself, or for the get-ups a
// copy of it with the bench's fall motion added (the shipped data stays
// without it).
Result<std::string> robots_for_run(const Settings& s, const fs::path& work) {
  if (!is_getup(s.scenario)) return s.robots;
  const fs::path copy = work / "robots";
  std::error_code ec;
  fs::remove_all(copy, ec);
  fs::copy(s.robots, copy, fs::copy_options::recursive, ec);
  if (ec) return make_error("cannot copy " + s.robots + " to " + copy.string() + ": " + ec.message());
  const std::string name = fall_motion(s.scenario);
  const std::string motion = agent::find_data_dir("tools/bench/skills/scenario") + "/" + name + ".lua";
  fs::copy_file(motion, copy / "nao" / "motions" / (name + ".lua"), fs::copy_options::overwrite_existing, ec);
  if (ec) return make_error("cannot copy " + motion + ": " + ec.message());
  return copy.string();
}

// The game time at which the scenario script saw the kick motion start
// ("bench: kick motion at T", info level); -1 if it never did.
double kick_start_from_log(const fs::path& log) {
  std::ifstream in(log);
  std::string line;
  const std::string key = "bench: kick motion at ";
  while (std::getline(in, line)) {
    const size_t at = line.find(key);
    if (at != std::string::npos) return std::atof(line.c_str() + at + key.size());
  }
  return -1;
}

// The approach's phases (the motion system's "kick approach: phase P at T
// after ..." lines, debug level) and the seconds each took between the
// arrival and the kick motion's start; `rejected` counts settles that
// ended without a kick. Empty unless the agent logged at debug level.
struct PhaseTimes {
  std::map<std::string, double> seconds;
  int rejected = 0;
};
PhaseTimes phases_after_arrival(const fs::path& log, double arrive, double kick_start) {
  PhaseTimes out;
  if (arrive < 0 || kick_start < arrive) return out;
  std::ifstream in(log);
  std::string line, phase;
  double since = 0;
  const std::string key = "kick approach: phase ";
  auto add = [&](const std::string& name, double from, double to) {
    from = std::max(from, arrive);
    to = std::min(to, kick_start);
    if (!name.empty() && to > from) out.seconds[name] += to - from;
  };
  while (std::getline(in, line)) {
    const size_t at = line.find(key);
    if (at == std::string::npos) continue;
    std::istringstream fields(line.substr(at + key.size()));
    std::string name, word;
    double time = 0;
    if (!(fields >> name >> word >> time)) continue;
    add(phase, since, time);
    if (phase == "settle" && name != "kick" && time > arrive && time <= kick_start) ++out.rejected;
    phase = name;
    since = time;
  }
  return out;
}

// Set by SIGINT/SIGTERM: the run in progress ends, its server and agent
// stop with it (they run in process groups of their own, which a signal to
// the bench does not reach: killed outright, the bench left rcssserver3d
// and the agent running), and the bench exits.
volatile std::sig_atomic_t g_stop = 0;
void on_signal(int) { g_stop = 1; }

RunResult run_once(const Settings& s, int run, const fs::path& work) {
  RunResult result;
  auto fail = [&](const std::string& why) {
    result.problem = why;
    return result;
  };
  const fs::path scripts = work / "scripts";
  if (Status w = write_scenario(s, run, scripts); !w.ok()) return fail(w.error().describe());
  Result<std::string> robots = robots_for_run(s, work);
  if (!robots.ok()) return fail(robots.error().describe());

  realserver::ServerProcess server;
  if (Status st = bench::start_bench_server(s.server, 1000 + run, (work / "server.log").string(), &server); !st.ok())
    return fail(st.error().describe());
  monitor::MonitorClient monitor;
  if (Status c = monitor.connect("127.0.0.1", static_cast<uint16_t>(server.monitor_port()), 5000); !c.ok())
    return fail("monitor: " + c.error().describe());

  match::AgentProcesses agents;
  std::vector<std::string> argv = {
      s.server.libero, "agent", "--port", std::to_string(server.agent_port()), "--team", "Bench", "--unum", "1", "--type",
      std::to_string(s.type), "--scripts", scripts.string(), "--robots", robots.value(), "--log-level", s.agent_log,
      "--tick-budget-ms", "20", "--timeout-ms", "30000"};
  // Kept runs keep the agent's messages too: a record to replay open-loop
  // on either server (tools/bench/calibration/open_loop.cpp).
  if (!s.keep_logs.empty()) argv.insert(argv.end(), {"--record", (work / "agent.record").string()});
  if (Status st = agents.start(0, 1, argv, (work / "agent.log").string()); !st.ok()) return fail(st.error().describe());

  // Runs differ in how long the robot stands before the command (2 to 3 s
  // of simulated time, golden-ratio spread): runs that start alike walk
  // alike on a noiseless floor, and a count of falls over them is a count
  // over one start.
  const double stand_seconds = 2.0 + run_fraction(run);
  const auto wall_start = std::chrono::steady_clock::now();
  auto wall = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count(); };
  enum class Phase { Joining, Standing, Acting } phase = Phase::Joining;
  long messages_in = 0;
  double t0 = 0;
  Vec3 start_torso = Vec3::Zero();
  double start_yaw = 0, last_yaw = 0, turned = 0;
  Vec3 ball_start = Vec3::Zero();
  double ball_still_since = -1;
  double up_since = -1;
  Vec3 up_torso = Vec3::Zero();
  Vec3 last_ball = Vec3::Zero();
  const double kick_timeout = 20;
  // The torso's recent places (game time, x, y) for the arrival.
  std::vector<Vec3> recent;
  // The monitor's truth each scene while acting (with --keep-logs): game
  // time, torso x y z, yaw, torso up z, ball x y z, and the torso's forward
  // lean (rad, + forward): the up vector's z alone cannot tell a get-up that
  // ends leaning forward from one tipping back.
  std::FILE* truth = nullptr;
  if (!s.keep_logs.empty()) truth = std::fopen((work / "truth.txt").c_str(), "w");
  struct CloseFile {
    std::FILE*& f;
    ~CloseFile() {
      if (f) std::fclose(f);
    }
  } close_truth{truth};
  for (;;) {
    if (g_stop) return fail("interrupted");
    if (wall() > 120) return fail("no result after 120 s of wall time");
    for (int index : agents.poll()) {
      (void)index;
      return fail("the agent exited (" + agents.processes()[0].how + "); log " + (work / "agent.log").string());
    }
    Result<bool> got = monitor.poll(200);
    if (!got.ok()) return fail("monitor: " + got.error().describe());
    if (!*got) continue;
    const monitor::SceneState& scene = monitor.state();
    const monitor::SceneRobot* robot = scene.find(0, 1);
    if (phase == Phase::Joining) {
      if (robot != nullptr) phase = Phase::Standing;
      continue;
    }
    if (robot == nullptr) return fail("the robot left the scene");
    if (phase == Phase::Standing) {
      if (++messages_in * 0.04 < stand_seconds) continue;
      if (Status sent = monitor.send("(playMode PlayOn)"); !sent.ok()) return fail(sent.error().describe());
      phase = Phase::Acting;
      t0 = -1;
      continue;
    }
    if (scene.play_mode != protocol::PlayMode::PlayOn) continue;
    if (t0 < 0) {
      t0 = scene.time;
      start_torso = robot->torso;
      start_yaw = last_yaw = robot->yaw;
      ball_start = last_ball = scene.ball;
      result.start_time = t0;
      continue;
    }
    const double t = scene.time - t0;
    if (truth)
      std::fprintf(truth, "%.3f %.4f %.4f %.4f %.4f %.4f %.4f %.4f %.4f %.4f\n", scene.time, robot->torso.x(),
                   robot->torso.y(), robot->torso.z(), robot->yaw, robot->up_z, scene.ball.x(), scene.ball.y(),
                   scene.ball.z(), -std::asin(std::clamp((robot->rotation * Vec3::UnitY()).z(), -1.0, 1.0)));
    if (robot->torso.z() < 0.25) result.fell = true;
    if (is_getup(s.scenario)) {
      if (result.down_time < 0 && robot->torso.z() < 0.25) {
        result.down_time = t;
        // Torso axes in the world: y forward, x sideways. A side fall tips
        // the sideways axis furthest.
        const double forward_z = (robot->rotation * Vec3::UnitY()).z();
        const double side_z = (robot->rotation * Vec3::UnitX()).z();
        result.fell_onto = std::fabs(side_z) > std::fabs(forward_z) ? RunResult::kSide
                           : forward_z < 0                        ? RunResult::kFront
                                                                  : RunResult::kBack;
      }
      if (result.down_time >= 0 && robot->torso.z() > 0.30) {
        if (up_since < 0) {
          up_since = t;
          up_torso = robot->torso;
        }
        if (t - up_since >= s.hold) {
          result.getup_seconds = up_since - result.down_time;
          result.moved_standing = std::hypot(robot->torso.x() - up_torso.x(), robot->torso.y() - up_torso.y());
          result.ok = true;
          return result;
        }
      } else {
        up_since = -1;
      }
      if (t >= 20) {
        result.ok = true;  // never down, or never up again: reported as such
        return result;
      }
      continue;
    }
    if (s.scenario == "walk_to") {
      const WalkToPose pose = walk_to_pose(run, s.walk_to_distance);
      const bool at_pose = std::hypot(robot->torso.x() - pose.x, robot->torso.y() - pose.y) < kWalkToArrive &&
                           std::fabs(std::remainder(robot->yaw - pose.heading, 2 * M_PI)) < kWalkToArriveYaw;
      if (!at_pose && t + 1e-9 < s.seconds) continue;
      result.arrive_seconds = at_pose ? t : -1;
      result.ok = true;
      return result;
    }
    if (s.scenario == "dribble") {
      if (t + 1e-9 < s.seconds) continue;
      // Advance towards the target (15, 0) from where the ball started.
      const double to_target = std::atan2(0.0 - ball_start.y(), 15.0 - ball_start.x());
      const Vec3 ball_moved = scene.ball - ball_start;
      result.distance = ball_moved.x() * std::cos(to_target) + ball_moved.y() * std::sin(to_target);
      result.ball_at_feet = std::hypot(scene.ball.x() - robot->torso.x(), scene.ball.y() - robot->torso.y()) < 0.6;
      result.ok = true;
      return result;
    }
    if (!is_kick(s.scenario)) {
      turned += std::remainder(robot->yaw - last_yaw, 2 * M_PI);
      last_yaw = robot->yaw;
      if (t + 1e-9 < s.seconds) continue;
      const Vec3 moved = robot->torso - start_torso;
      result.distance = std::hypot(moved.x(), moved.y());
      const double heading = s.scenario == "walk_side"   ? start_yaw + M_PI / 2
                             : s.scenario == "walk_back" ? start_yaw + M_PI
                                                         : start_yaw;
      result.along = moved.x() * std::cos(heading) + moved.y() * std::sin(heading);
      result.turn_deg = turned * 180 / M_PI;
      result.ok = true;
      return result;
    }
    if (result.arrive_time < 0 && result.time_to_kick < 0) {
      recent.push_back(Vec3(scene.time, robot->torso.x(), robot->torso.y()));
      while (recent.size() > 1 && recent.front().x() < scene.time - 0.5 - 1e-6) recent.erase(recent.begin());
      const Vec3& then = recent.front();
      const bool slow = scene.time - then.x() > 0.5 - 0.03 &&
                        std::hypot(robot->torso.x() - then.y(), robot->torso.y() - then.z()) < 0.05;
      const bool near = std::hypot(scene.ball.x() - robot->torso.x(), scene.ball.y() - robot->torso.y()) < s.arrive_distance;
      if (near && result.near_time < 0) result.near_time = scene.time;
      if (near && slow) result.arrive_time = scene.time;
    }
    const Vec3 ball_moved = scene.ball - ball_start;
    if (result.time_to_kick < 0 && std::hypot(ball_moved.x(), ball_moved.y()) > 0.05) result.time_to_kick = t;
    const double step = std::hypot(scene.ball.x() - last_ball.x(), scene.ball.y() - last_ball.y());
    last_ball = scene.ball;
    if (result.time_to_kick >= 0 && step < 0.04 * 0.02) {
      if (ball_still_since < 0) ball_still_since = t;
    } else {
      ball_still_since = -1;
    }
    const bool settled = ball_still_since >= 0 && t - ball_still_since >= 1.0;
    if (settled || t >= kick_timeout) {
      result.distance = std::hypot(ball_moved.x(), ball_moved.y());
      const double target = std::atan2(0.0 - ball_start.y(), 15.0 - ball_start.x());
      result.direction_error =
          result.distance > 0.05 ? std::remainder(std::atan2(ball_moved.y(), ball_moved.x()) - target, 2 * M_PI) * 180 / M_PI
                                 : 0;
      result.ok = true;
      return result;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  Settings s;
  bench::Args args(argc, argv);
  if (args.positional("a scenario")) {
    s.scenario = args.arg();
    const bool known = s.scenario == "walk" || s.scenario == "walk_side" || s.scenario == "walk_back" ||
                       s.scenario == "turn" || s.scenario == "walk_to" ||
                       s.scenario == "kick_long" || s.scenario == "kick_short" || s.scenario == "kick_lofted" ||
                       s.scenario == "kick_long_spot" || s.scenario == "kick_short_spot" ||
                       s.scenario == "kick_lofted_spot" || s.scenario == "dribble" || is_getup(s.scenario);
    if (!known) args.fail("unknown scenario '" + s.scenario + "'");
  }
  while (args.next()) {
    const std::string& a = args.arg();
    if (bench::take_server_option(args, &s.server)) continue;
    if (a == "--type") s.type = args.whole(0, 4);
    else if (a == "--runs") s.runs = args.whole(1, 10000);
    else if (a == "--first") s.first = args.whole(0, 1000000);
    else if (a == "--seconds") s.seconds = args.number_above(0, 600);
    else if (a == "--robots") s.robots = args.value();
    else if (a == "--scripts") s.scripts = args.value();
    else if (a == "--keep-logs") s.keep_logs = args.value();
    else if (a == "--agent-log") s.agent_log = args.value();
    else if (a == "--arrive-distance") s.arrive_distance = args.number_above(0, 10);
    else if (a == "--hold") s.hold = args.number_above(0, 10);
    else if (a == "--then-walk") s.then_walk = args.number(0, 2);
    else if (a == "--fall-walking") s.fall_walking = args.number(-1, 2);
    else if (a == "--ball-dx") s.ball_dx = args.number(-0.2, 0.2);
    else if (a == "--distance") s.walk_to_distance = args.number_above(0, 10);
    else if (a == "--start") {
      const std::string v = args.value();
      char tail = 0;
      if (std::sscanf(v.c_str(), "%lf,%lf,%lf%c", &s.start_x, &s.start_y, &s.start_heading, &tail) != 3 ||
          std::hypot(s.start_x, s.start_y) > 5 || std::fabs(s.start_heading) > M_PI)
        args.fail("--start needs X,Y,H within 5 m of the ball and |H| <= pi, got '" + v + "'");
    }
    else if (a == "--ball-dy") s.ball_dy = args.number(-0.2, 0.2);
    else if (a == "-v") s.verbose = true;
    else args.unknown_option();
  }
  bench::finish_server_options(args, &s.server);
  if (std::optional<int> status = args.finish("libero_skill_bench", kUsage)) return *status;
  if (s.robots.empty()) s.robots = agent::find_data_dir("robots");
  if (s.scripts.empty()) s.scripts = agent::find_data_dir("scripts");
  if (s.scenario == "dribble" && !fs::is_regular_file(fs::path(s.scripts) / "behaviors" / "dribble.lua")) {
    std::fprintf(stderr, "libero_skill_bench: no behaviors/dribble.lua in the scripts folder '%s'\n", s.scripts.c_str());
    return 2;
  }

  std::vector<double> distance, along, turn, direction, time_to_kick, arrive, kick_after_arrive, getups;
  int downs = 0, fell[3] = {0, 0, 0};  // front, back, side
  int falls = 0, kicked = 0, failed = 0, arrived = 0, kicked_within_1s = 0, at_feet = 0;
  std::map<std::string, std::vector<double>> phase_seconds;  // kicks: per phase, per run that has them
  int settles_rejected = 0;
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  for (int r = s.first; r < s.first + s.runs; ++r) {
    char pattern[] = "/tmp/libero-skill-bench-XXXXXX";
    if (::mkdtemp(pattern) == nullptr) {
      std::perror("mkdtemp");
      return 1;
    }
    const fs::path work = pattern;
    RunResult result = run_once(s, r, work);
    if (result.ok && is_kick(s.scenario)) result.kick_start_time = kick_start_from_log(work / "agent.log");
    if (result.arrive_time < 0 && result.near_time >= 0 && result.kick_start_time >= result.near_time)
      result.arrive_time = result.near_time;
    PhaseTimes phases;
    if (result.ok && is_kick(s.scenario) && !is_spot(s.scenario))
      phases = phases_after_arrival(work / "agent.log", result.arrive_time, result.kick_start_time);
    std::error_code ec;
    if (!s.keep_logs.empty()) {
      fs::create_directories(s.keep_logs, ec);
      fs::copy(work, fs::path(s.keep_logs) / ("run" + std::to_string(r)), fs::copy_options::recursive, ec);
    }
    fs::remove_all(work, ec);
    if (g_stop) {
      std::fprintf(stderr, "libero_skill_bench: interrupted in run %d; its server and agent are stopped\n", r);
      return 130;
    }
    if (!result.ok) {
      std::fprintf(stderr, "libero_skill_bench: run %d: %s\n", r, result.problem.c_str());
      ++failed;
      continue;
    }
    falls += result.fell ? 1 : 0;
    if (is_getup(s.scenario)) {
      if (result.down_time >= 0) {
        ++downs;
        ++fell[result.fell_onto];
        if (result.getup_seconds >= 0) getups.push_back(result.getup_seconds);
      }
      if (s.verbose) {
        if (result.down_time < 0) {
          std::printf("run %3d  never down\n", r);
        } else {
          std::printf("run %3d  down %.2f s after %s, on its %s; %s", r, result.down_time,
                      s.fall_walking != 0 ? "the walk started" : "the motion started",
                      kFellOnto[result.fell_onto],
                      result.getup_seconds >= 0 ? ("up " + std::to_string(result.getup_seconds).substr(0, 4) + " s later").c_str()
                                                : "not up within 20 s");
          if (result.getup_seconds >= 0 && s.then_walk > 0)
            std::printf(", then walked %.2f m in %.1f s", result.moved_standing, s.hold);
          std::printf("\n");
        }
      }
    } else if (s.scenario == "walk_to") {
      if (result.arrive_seconds >= 0) arrive.push_back(result.arrive_seconds);
      if (s.verbose) {
        const WalkToPose pose = walk_to_pose(r, s.walk_to_distance);
        std::printf("run %3d  to %+.0f deg, facing %+.0f deg: ", r,
                    std::atan2(pose.y - kWalkToStartY, pose.x - kWalkToStartX) * 180 / M_PI, pose.heading * 180 / M_PI);
        if (result.arrive_seconds >= 0) std::printf("arrived after %.2f s%s\n", result.arrive_seconds, result.fell ? "  FELL" : "");
        else std::printf("not there after %.0f s%s\n", s.seconds, result.fell ? "  FELL" : "");
      }
    } else if (s.scenario == "dribble") {
      distance.push_back(result.distance);
      at_feet += result.ball_at_feet ? 1 : 0;
      if (s.verbose)
        std::printf("run %3d  ball advanced %.2f m%s%s\n", r, result.distance, result.ball_at_feet ? "" : "  LEFT BEHIND",
                    result.fell ? "  FELL" : "");
    } else if (is_kick(s.scenario)) {
      if (result.time_to_kick >= 0) {
        ++kicked;
        time_to_kick.push_back(result.time_to_kick);
      }
      distance.push_back(result.distance);
      direction.push_back(std::fabs(result.direction_error));
      // The kick after arriving: from the arrival to the kick motion's start;
      // a run that never arrived or never kicked counts as late.
      double after = -1;
      if (result.arrive_time >= 0) {
        ++arrived;
        arrive.push_back(result.arrive_time - result.start_time);
        if (result.kick_start_time >= 0) after = std::max(0.0, result.kick_start_time - result.arrive_time);
        kick_after_arrive.push_back(after >= 0 ? after : 1e9);
        if (after >= 0 && after <= 1.0) ++kicked_within_1s;
      }
      if (s.verbose) {
        std::printf("run %3d  ball %.2f m  direction %+.1f deg  moved after %.2f s", r, result.distance,
                    result.direction_error, result.time_to_kick);
        if (result.arrive_time >= 0) std::printf("  arrived %.2f s", result.arrive_time - result.start_time);
        if (result.kick_start_time >= 0) std::printf("  kick started %.2f s", result.kick_start_time - result.start_time);
        if (after >= 0) std::printf(" (%.2f s after arriving)", after);
        std::printf("%s\n", result.fell ? "  FELL" : "");
        if (!phases.seconds.empty()) {
          std::printf("         after arriving:");
          for (const auto& [name, seconds] : phases.seconds) std::printf(" %s %.2f s", name.c_str(), seconds);
          if (phases.rejected > 0) std::printf(", %d settle(s) rejected", phases.rejected);
          std::printf("\n");
        }
      }
      if (!phases.seconds.empty()) {
        for (const auto& [name, seconds] : phases.seconds) phase_seconds[name].push_back(seconds);
        settles_rejected += phases.rejected;
      }
    } else {
      distance.push_back(result.distance);
      along.push_back(result.along);
      turn.push_back(std::fabs(result.turn_deg));
      if (s.verbose)
        std::printf("run %3d  moved %.2f m (%.2f m along)  turned %.1f deg%s\n", r, result.distance, result.along,
                    result.turn_deg, result.fell ? "  FELL" : "");
    }
    std::fflush(stdout);
  }
  const int done = s.runs - failed;
  std::string server_settings;
  if (s.server.kind == "builtin" && s.server.slip > 0) server_settings += " --slip " + std::to_string(s.server.slip);
  if (s.server.kind == "builtin" && !s.server.physics.empty()) server_settings += " --physics " + s.server.physics;
  std::printf("%s on %s%s, type %d, %d runs (%d failed)\n", s.scenario.c_str(), s.server.kind.c_str(),
              server_settings.c_str(), s.type, done, failed);
  if (done > 0) {
    if (is_getup(s.scenario)) {
      std::printf("down in %d of %d (%d on the front, %d on the back, %d on a side); up again in %zu, median %.2f s "
                  "(min %.2f, max %.2f) from down to standing\n",
                  downs, done, fell[RunResult::kFront], fell[RunResult::kBack], fell[RunResult::kSide], getups.size(), bench::percentile(getups, 0.5),
                  bench::percentile(getups, 0), bench::percentile(getups, 1));
    } else if (is_kick(s.scenario)) {
      // The arrival line first: compare_servers.sh reads the last line.
      std::printf("arrived in %d of %d", arrived, done);
      if (!arrive.empty())
        std::printf(" (median %.2f s); kick started within 1 s of arriving in %d of %d, %.2f s after arriving median",
                    bench::percentile(arrive, 0.5), kicked_within_1s, done, bench::percentile(kick_after_arrive, 0.5));
      std::printf("\n");
      std::printf("ball travel median %.2f m (min %.2f, max %.2f), |direction error| median %.1f deg, kicked in %d of %d",
                  bench::percentile(distance, 0.5), bench::percentile(distance, 0), bench::percentile(distance, 1),
                  bench::percentile(direction, 0.5), kicked, done);
      if (!time_to_kick.empty()) std::printf(", ball moved after median %.2f s", bench::percentile(time_to_kick, 0.5));
      std::printf(", falls %d\n", falls);
      // With --agent-log debug: where the time after arriving went.
      if (!phase_seconds.empty()) {
        std::printf("after arriving, per phase (runs in it, median s, max s):");
        for (const auto& [name, seconds] : phase_seconds)
          std::printf(" %s %zu %.2f %.2f", name.c_str(), seconds.size(), bench::percentile(seconds, 0.5),
                      bench::percentile(seconds, 1));
        std::printf("; settles rejected %d\n", settles_rejected);
      }
    } else if (s.scenario == "walk_to") {
      // Runs that never arrived count as --seconds in the median.
      std::vector<double> all = arrive;
      all.resize(done, s.seconds);
      std::printf("arrived at the pose %.1f m away in %zu of %d within %.0f s, median %.2f s (min %.2f, max %.2f), "
                  "falls %d\n",
                  s.walk_to_distance, arrive.size(), done, s.seconds, bench::percentile(all, 0.5), bench::percentile(all, 0),
                  bench::percentile(all, 1), falls);
    } else if (s.scenario == "dribble") {
      std::printf("ball advanced in %.0f s median %.2f m (min %.2f, max %.2f), %.3f m/s, at the robot's feet at the end "
                  "in %d of %d, falls %d\n",
                  s.seconds, bench::percentile(distance, 0.5), bench::percentile(distance, 0),
                  bench::percentile(distance, 1), bench::percentile(distance, 0.5) / s.seconds, at_feet, done, falls);
    } else if (s.scenario == "turn") {
      std::printf("turned median %.1f deg in %.0f s = %.1f deg/s, falls %d\n", bench::percentile(turn, 0.5), s.seconds,
                  bench::percentile(turn, 0.5) / s.seconds, falls);
    } else {
      std::printf("distance in %.0f s median %.2f m (min %.2f, max %.2f), %.3f m/s along, falls %d\n", s.seconds,
                  bench::percentile(distance, 0.5), bench::percentile(distance, 0), bench::percentile(distance, 1),
                  bench::percentile(along, 0.5) / s.seconds, falls);
    }
  }
  return failed > 0 ? 1 : 0;
}
