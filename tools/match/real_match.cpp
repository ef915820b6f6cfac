#include "tools/match/real_match.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "core/log.h"
#include "tools/match/agent_exits.h"
#include "tools/match/agent_processes.h"
#include "tools/match/join_relay.h"
#include "tools/match/team_command.h"
#include "tools/monitor/monitor_client.h"
#include "tools/realserver/real_server.h"

namespace libero::match {
namespace {

constexpr const char* kLog = "match";
constexpr double kMonitorStep = 0.04;         // s of simulated time between monitor messages (facts §8.1)
constexpr double kStandingTorsoHeight = 0.25;  // torso centre z below which a robot is down (facts §7.1)
constexpr double kTouchReach = 0.35;           // m, torso to ball, horizontal: a foot or a fallen body reaches it
constexpr double kTouchBallNear = 0.2;         // m: this close the ball is in contact with the feet
constexpr double kTouchVelocityJump = 0.5;     // m/s change of the ball's velocity between two scenes
constexpr double kRobotContact = 0.3;          // m between two torsos, horizontal
constexpr double kStallSeconds = 30;           // wall s without a monitor message: the server stalled
constexpr int kMessagesBeforeKickOff = 25;     // 1 s of simulated time for the agents to beam

}  // namespace

void frame_from_scene(const monitor::SceneState& scene, MatchFrame* frame) {
  frame->time = scene.time;
  frame->play_mode = scene.play_mode;
  frame->half = scene.half;
  frame->score_left = scene.score_left;
  frame->score_right = scene.score_right;
  frame->ball_x = scene.ball.x();
  frame->ball_y = scene.ball.y();
  frame->ball_z = scene.ball.z();
  frame->robot_count = 0;
  for (int i = 0; i < scene.robot_count && frame->robot_count < kMaxFrameRobots; ++i) {
    const monitor::SceneRobot& r = scene.robots[i];
    if (r.team < 0 || r.unum < 1) continue;  // not yet placed by its init
    FrameRobot& out = frame->robots[frame->robot_count++];
    out.team = static_cast<int8_t>(r.team);
    out.unum = static_cast<int8_t>(r.unum);
    out.type = static_cast<int8_t>(r.type);
    out.x = r.torso.x();
    out.y = r.torso.y();
    out.z = r.torso.z();
    out.yaw = r.yaw;
    out.fallen = r.torso.z() < kStandingTorsoHeight;
    out.touching_robot = out.touching_ball = false;
  }
}

void TouchEstimator::update(MatchFrame* frame, double dt) {
  double vx = 0, vy = 0;
  if (have_previous && dt > 0) {
    vx = (frame->ball_x - ball_x) / dt;
    vy = (frame->ball_y - ball_y) / dt;
  }
  const bool jumped = have_previous && std::hypot(vx - ball_vx, vy - ball_vy) > kTouchVelocityJump;
  int nearest = -1;
  double nearest_distance = 1e9;
  for (int i = 0; i < frame->robot_count; ++i) {
    FrameRobot& r = frame->robots[i];
    const double d = std::hypot(r.x - frame->ball_x, r.y - frame->ball_y);
    if (d < nearest_distance) {
      nearest_distance = d;
      nearest = i;
    }
    r.touching_ball = d < kTouchBallNear;
    for (int k = 0; k < frame->robot_count; ++k)
      if (k != i && std::hypot(r.x - frame->robots[k].x, r.y - frame->robots[k].y) < kRobotContact)
        r.touching_robot = true;
  }
  frame->last_touch_team = -1;
  if (jumped && nearest >= 0 && nearest_distance < kTouchReach) {
    FrameRobot& r = frame->robots[nearest];
    r.touching_ball = true;
    frame->last_touch_team = r.team;
    frame->last_touch_unum = r.unum;
  }
  frame->ball_vx = vx;
  frame->ball_vy = vy;
  ball_x = frame->ball_x;
  ball_y = frame->ball_y;
  ball_vx = vx;
  ball_vy = vy;
  have_previous = true;
}

Result<MatchSummary> run_real_match(const MatchOptions& options, MatchRecorder* recorder,
                                    const volatile std::sig_atomic_t* stop) {
  Result<realserver::ServerInstall> install = realserver::find_server(options.server_bin);
  if (!install.ok()) return install.error();
  const TeamOptions* teams[2] = {&options.left, &options.right};
  for (const TeamOptions* team : teams)
    if (!team->command.empty())
      if (Status ok = check_team_command(team->command, realserver::default_kit_dir()); !ok.ok())
        return make_error(team->name + ": " + ok.error().message);

  const std::string agent_dir = recorder->files().log.substr(0, recorder->files().log.size() - 6) + "-agents";
  std::error_code ec;
  std::filesystem::create_directories(agent_dir, ec);
  if (ec) return make_error("cannot create '" + agent_dir + "': " + ec.message());

  realserver::ServerRunOptions run;
  run.sync = !options.realtime;
  run.realtime = options.realtime;
  run.half_time = options.half_time;
  run.auto_kick_off = false;
  run.log_path = agent_dir + "/server.log";
  realserver::ServerProcess server;
  if (Status started = server.start(*install, run); !started.ok()) return started.error();
  LOG_INFO(kLog, "rcssserver3d (%s, found by %s) on agent port %d, monitor port %d", install->binary.c_str(),
           install->found_by.c_str(), server.agent_port(), server.monitor_port());
  int debug_port = 0;  // a viewer's or the debug recorder's, for Libero's agents
  if (options.on_server_ready) {
    Result<int> ready = options.on_server_ready(server.monitor_port());
    if (!ready.ok()) return ready.error();
    debug_port = *ready;
  }
  // --record-debug: the agents publish to the recorder, which passes it all on to the viewer.
  debug_port = recorder->agent_debug_port(debug_port);

  // External agents connect through the relay (join_relay.h says why).
  JoinRelay relay;
  const bool any_external = !options.left.command.empty() || !options.right.command.empty();
  if (any_external)
    if (Status relaying = relay.start(server.agent_port()); !relaying.ok()) return relaying.error();

  monitor::MonitorClient monitor;
  if (Status connected = monitor.connect("127.0.0.1", static_cast<uint16_t>(server.monitor_port()), 5000);
      !connected.ok())
    return make_error("monitor port: " + connected.error().describe());

  const auto start = std::chrono::steady_clock::now();
  auto wall = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  AgentProcesses agents;
  bool seen[2][12] = {};
  Status failure;
  bool interrupted = false;
  MatchFrame frame;
  TouchEstimator touches;
  long messages = 0;
  double last_message_wall = wall();
  int last_score[2] = {0, 0};

  const std::string team_names[2] = {options.left.name, options.right.name};
  auto report_exits = [&](double game_time) {
    report_agent_exits(agents, seen, team_names, game_time, options.quiet, recorder, &failure);
  };

  // One monitor message: the frame, the statistics, the events. False when
  // nothing arrived within timeout_ms.
  auto step = [&](int timeout_ms) -> Result<bool> {
    Result<bool> got = monitor.poll(timeout_ms);
    if (!got.ok()) return make_error("monitor connection: " + got.error().describe());
    if (!*got) return false;
    ++messages;
    last_message_wall = wall();
    const monitor::SceneState& scene = monitor.state();
    frame_from_scene(scene, &frame);
    frame.cycle = static_cast<uint32_t>(messages * 2);
    frame.cycles_covered = 2;
    touches.update(&frame, kMonitorStep);
    for (int i = 0; i < frame.robot_count; ++i) {
      const FrameRobot& r = frame.robots[i];
      if (r.team >= 0 && r.team < 2 && r.unum >= 1 && r.unum <= 11) {
        seen[r.team][r.unum] = true;
        recorder->stats().agent(r.team, r.unum)->type = r.type;
      }
    }
    const int scores[2] = {frame.score_left, frame.score_right};
    for (int t = 0; t < 2; ++t)
      if (scores[t] > last_score[t]) {
        last_score[t] = scores[t];
        recorder->event(frame.time, "goal", t, 0, "");
      }
    recorder->record(frame);
    recorder->maybe_print_progress(frame);
    report_exits(frame.time);
    return true;
  };

  auto keep_going = [&]() -> Status {
    if (stop && *stop) {
      interrupted = true;
      return {};
    }
    std::string how;
    if (!server.running(&how)) return make_error("rcssserver3d ended during the match (" + how + "); log " + run.log_path);
    if (wall() - last_message_wall > kStallSeconds)
      return make_error("no monitor message for " + std::to_string(static_cast<int>(kStallSeconds)) +
                        " s: the server stalled (an agent that stopped sending (syn) in sync mode?)");
    return failure;
  };

  // Agents join one at a time, left team first (the server gives the left
  // side to the first team that sends init), each once the one before is in
  // the scene and at least join_gap apart: a new body appears at one spot
  // until its init places it.
  Status outcome;
  for (int index = 0; index < 2 * options.players && outcome.ok() && !interrupted; ++index) {
    const int t = index / options.players, u = index % options.players + 1;
    const TeamOptions& team = *teams[t];
    const int type = team.types[static_cast<size_t>(u - 1)];
    const std::string log = agent_dir + "/" + (t == 0 ? "left-" : "right-") + std::to_string(u) + ".log";
    std::vector<std::string> argv;
    if (!team.command.empty()) {
      Result<std::vector<std::string>> external =
          external_agent_argv(team, u, type, "127.0.0.1", relay.port(), server.monitor_port());
      if (!external.ok()) {
        outcome = external.error();
        break;
      }
      argv = *external;
    } else {
      argv = {options.binary, "agent", "--port", std::to_string(server.agent_port()), "--team", team.name, "--unum",
              std::to_string(u), "--type", std::to_string(type), "--scripts", team.scripts_dir, "--robots",
              team.robots_dir.empty() ? options.robots_dir : team.robots_dir, "--log-level", options.log_level,
              "--timeout-ms", "120000", "--connect-timeout-ms", "10000"};
      if (!options.realtime) argv.insert(argv.end(), {"--tick-budget-ms", "20"});
      if (debug_port > 0) argv.insert(argv.end(), {"--debug-port", std::to_string(debug_port)});
      if (debug_port > 0 && recorder->agent_debug_rate() > 0)
        argv.insert(argv.end(), {"--debug-rate", std::to_string(recorder->agent_debug_rate())});
      if (options.record_agents) argv.insert(argv.end(), {"--record", log.substr(0, log.size() - 4) + ".record"});
    }
    if (Status started = agents.start(t, u, argv, log); !started.ok()) {
      outcome = make_error("starting " + team.name + " #" + std::to_string(u) + ": " + started.error().describe());
      break;
    }
    recorder->stats().agent(t, u)->type = type;
    const double started_at = wall();
    while (outcome.ok() && !interrupted) {
      Result<bool> got = step(100);
      if (!got.ok()) outcome = got.error();
      else if (Status ok = keep_going(); !ok.ok()) outcome = ok;
      if (!outcome.ok()) break;
      const bool in = seen[t][u];
      if (in && wall() - started_at >= options.join_gap) break;
      if (!in && wall() - started_at > options.connect_timeout) {
        LOG_WARN(kLog, "%s #%d not in the game after %.0f s; going on without it", team.name.c_str(), u,
                 options.connect_timeout);
        break;
      }
    }
  }

  // The game: kick-off once everyone had a second to beam, the second half
  // likewise ((kickOff None): left kicks off the first half, right the
  // second, facts §7.3), until GameOver.
  long kick_off_due = messages + kMessagesBeforeKickOff;
  int kicked_off_half = 0;
  while (outcome.ok() && !interrupted) {
    Result<bool> got = step(200);
    if (!got.ok()) {
      outcome = got.error();
      break;
    }
    if (Status ok = keep_going(); !ok.ok()) {
      outcome = ok;
      break;
    }
    if (!*got) continue;
    const monitor::SceneState& scene = monitor.state();
    if (scene.play_mode == protocol::PlayMode::GameOver) break;
    if (scene.play_mode == protocol::PlayMode::BeforeKickOff && scene.half > kicked_off_half) {
      if (scene.half == 2 && options.single_half) break;
      if (kicked_off_half == scene.half - 1 && messages >= kick_off_due) {
        if (Status sent = monitor.send("(kickOff None)"); !sent.ok()) {
          outcome = make_error("monitor connection: " + sent.error().describe());
          break;
        }
        kicked_off_half = scene.half;
      }
    } else if (scene.play_mode != protocol::PlayMode::BeforeKickOff) {
      kicked_off_half = std::max(kicked_off_half, scene.half);
      kick_off_due = messages + kMessagesBeforeKickOff;
    }
  }
  agents.stop_all(2.0);
  relay.stop();
  monitor.close();
  server.stop();
  if (!outcome.ok()) return outcome.error();
  for (const AgentProcess& p : agents.processes()) {
    AgentReport* report = recorder->stats().agent(p.team, p.unum);
    if (!seen[p.team][p.unum] && report->problem.empty()) report->problem = "never joined the game; log " + p.log_path;
  }
  return recorder->finish(wall(), interrupted);
}

}  // namespace libero::match
