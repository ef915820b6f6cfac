#include "tools/match/sim_match.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "core/log.h"
#include "tools/match/agent_exits.h"
#include "tools/match/agent_processes.h"
#include "tools/match/team_command.h"
#include "tools/sim/server/server.h"

namespace libero::match {
namespace {

constexpr const char* kLog = "match";

// Heading of the torso's forward axis (robot x) in the world frame.
double heading_of(const Quat& q) {
  const Vec3 forward = q * Vec3::UnitX();
  return std::atan2(forward.y(), forward.x());
}

}  // namespace

void mark_touches(const sim::CycleContacts& contacts, sim::RobotId robot, FrameRobot* out) {
  out->touching_robot = out->touching_ball = false;
  for (int t = 0; t < contacts.robot_touch_count && !out->touching_robot; ++t)
    out->touching_robot = contacts.robot_touches[t].robot_a == robot || contacts.robot_touches[t].robot_b == robot;
  for (int t = 0; t < contacts.ball_touch_count && !out->touching_ball; ++t)
    out->touching_ball = contacts.ball_touches[t].robot == robot;
}

Result<MatchSummary> run_sim_match(const MatchOptions& options, MatchRecorder* recorder,
                                   const volatile std::sig_atomic_t* stop) {
  const int expected = 2 * options.players;
  sim::ServerOptions server_options;
  server_options.bind_address = "127.0.0.1";
  server_options.agent_port = 0;     // a free port: several matches may run at once
  // External agents may want a monitor port (FC Portugal's takes one); Libero's own need none.
  // A viewer (--view) watches through the monitor port too.
  server_options.monitor_port =
      options.left.command.empty() && options.right.command.empty() && !options.on_server_ready ? -1 : 0;
  server_options.sync_mode = !options.realtime;
  server_options.seed_given = true;
  server_options.seed = options.seed;
  server_options.robots_dir = options.robots_dir;
  server_options.robot_slip = options.robot_slip;
  server_options.physics_file = options.physics_file;
  server_options.rules.half_time = options.half_time;
  server_options.rules.single_half = options.single_half;
  server_options.kick_off_when_players = expected;
  server_options.kick_off_delay = 1.0;
  server_options.sync_stall_seconds = options.stall_timeout;
  // Sync mode: agents join one at a time in a fixed order, so the same seed
  // plays the same game.
  server_options.lockstep = !options.realtime;

  AgentProcesses agents;
  std::unique_ptr<sim::Server> server;
  bool interrupted = false;
  bool gave_up_waiting = false;
  std::function<Status()> right_team_start;
  std::function<Status(int, int)> start_agent;
  int next_agent = 0;
  bool right_started = false;
  Status start_failure;
  double left_started_at = 0;
  double before_kick_off_since = -1;
  bool seen[2][12] = {};
  int last_score[2] = {0, 0};
  const auto start = std::chrono::steady_clock::now();
  auto wall = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  MatchFrame frame;

  // Agents that died: reported once, the match goes on without them. One
  // that died before it ever joined could not start (bad robot data, say):
  // the match stops with its error rather than play without it.
  const std::string team_names[2] = {options.left.name, options.right.name};
  auto report_exits = [&](double game_time) {
    if (report_agent_exits(agents, seen, team_names, game_time, options.quiet, recorder, &start_failure))
      server->stop();
  };
  server_options.on_join_wait = [&] { report_exits(0.0); };

  server_options.on_cycle = [&](const sim::CycleView& view) {
    if (server_options.lockstep) {
      // The next agent starts once the previous one plays (or has died).
      if (next_agent < expected) {
        const int prev_team = (next_agent - 1) / options.players, prev_unum = (next_agent - 1) % options.players + 1;
        bool joined = false;
        for (int i = 0; i < view.robot_count; ++i)
          joined |= view.robots[i].team == prev_team && view.robots[i].unum == prev_unum;
        for (const AgentProcess& p : agents.processes())
          joined |= p.team == prev_team && p.unum == prev_unum && !p.running;
        if (joined) {
          server->expect_agents(next_agent + 1);
          start_failure = start_agent(next_agent / options.players, next_agent % options.players + 1);
          if (!start_failure.ok()) server->stop();
          ++next_agent;
        }
      }
    } else if (!right_started) {
      int left_in = 0;
      for (int i = 0; i < view.robot_count; ++i) left_in += view.robots[i].team == 0 ? 1 : 0;
      // Start the right team once the left one is in (or has had its chance).
      if (left_in >= options.players || wall() - left_started_at > options.connect_timeout / 2) {
        right_started = true;
        start_failure = right_team_start();
        if (!start_failure.ok()) server->stop();
      }
    }
    report_exits(view.game->game_time);
    // Before a kick-off with players missing: wait for them (the server
    // kicks off by itself once all are there), but not for ever.
    if (view.game->play_mode == protocol::PlayMode::BeforeKickOff && view.robot_count < expected) {
      if (before_kick_off_since < 0) before_kick_off_since = wall();
      const double waited = wall() - before_kick_off_since;
      const bool second_half = view.game->half == 2;
      if (view.robot_count > 0 && (waited > options.connect_timeout || (second_half && waited > 3.0))) {
        if (!gave_up_waiting)
          LOG_WARN(kLog, "only %d of %d players are in the game after %.0f s; kicking off without the others",
                   view.robot_count, expected, waited);
        gave_up_waiting = true;
        server->kick_off(sim::TeamSide::None);
        before_kick_off_since = -1;
      }
    } else {
      before_kick_off_since = -1;
    }
    const sim::WorldSnapshot& w = *view.world;
    frame.cycle = static_cast<uint32_t>(view.cycle);
    frame.time = view.game->game_time;
    frame.play_mode = view.game->play_mode;
    frame.half = view.game->half;
    frame.score_left = view.game->score_left;
    frame.score_right = view.game->score_right;
    frame.ball_x = w.ball_position.x();
    frame.ball_y = w.ball_position.y();
    frame.ball_z = w.ball_position.z();
    frame.ball_vx = w.ball_velocity.x();
    frame.ball_vy = w.ball_velocity.y();
    frame.last_touch_team = view.game->last_touch_team == sim::TeamSide::None
                                ? -1
                                : static_cast<int8_t>(view.game->last_touch_team == sim::TeamSide::Left ? 0 : 1);
    frame.last_touch_unum = static_cast<int8_t>(view.game->last_touch_unum);
    frame.robot_count = 0;
    for (int i = 0; i < view.robot_count && frame.robot_count < kMaxFrameRobots; ++i) {
      const sim::CycleRobot& r = view.robots[i];
      for (int k = 0; k < w.robot_count; ++k) {
        if (w.robots[k].id != r.robot) continue;
        FrameRobot& fr = frame.robots[frame.robot_count++];
        fr.team = static_cast<int8_t>(r.team);
        fr.unum = static_cast<int8_t>(r.unum);
        fr.type = static_cast<int8_t>(r.type);
        fr.x = w.robots[k].torso_position.x();
        fr.y = w.robots[k].torso_position.y();
        fr.z = w.robots[k].torso_position.z();
        fr.yaw = heading_of(w.robots[k].torso_orientation);
        fr.fallen = fr.z < sim::kStandingTorsoHeight;
        fr.touching_robot = fr.touching_ball = false;
        if (view.contacts) mark_touches(*view.contacts, r.robot, &fr);
        if (r.team >= 0 && r.team < 2 && r.unum >= 1 && r.unum <= 11) seen[r.team][r.unum] = true;
        break;
      }
      recorder->stats().agent(r.team, r.unum)->missed_cycles = r.missed_syncs;
    }
    const int scores[2] = {frame.score_left, frame.score_right};
    for (int t = 0; t < 2; ++t) {
      if (scores[t] > last_score[t]) {
        last_score[t] = scores[t];
        recorder->event(frame.time, "goal", t, frame.last_touch_team == t ? frame.last_touch_unum : 0, "");
      }
    }
    recorder->record(frame);
    recorder->maybe_print_progress(frame);
    if (frame.play_mode == protocol::PlayMode::GameOver) server->stop();
    if (stop && *stop) {
      interrupted = true;
      server->stop();
    }
  };

  Result<std::unique_ptr<sim::Server>> created = sim::Server::create(server_options);
  if (!created.ok()) return make_error("starting the simulator: " + created.error().describe());
  server = std::move(created.value());
  const int port = server->agent_port();
  int debug_port = 0;  // a viewer's or the debug recorder's, for Libero's agents
  if (options.on_server_ready) {
    Result<int> ready = options.on_server_ready(server->monitor_port());
    if (!ready.ok()) return ready.error();
    debug_port = *ready;
  }
  // --record-debug: the agents publish to the recorder, which passes it all on to the viewer.
  debug_port = recorder->agent_debug_port(debug_port);

  // One log file per agent next to the match files.
  const std::string agent_dir = recorder->files().log.substr(0, recorder->files().log.size() - 6) + "-agents";
  std::error_code ec;
  std::filesystem::create_directories(agent_dir, ec);
  if (ec) return make_error("cannot create '" + agent_dir + "': " + ec.message());
  // The server gives the left side to the first team that sends init, so
  // the right team's agents start only once the left team is in.
  const TeamOptions* teams[2] = {&options.left, &options.right};
  start_agent = [&](int t, int u) -> Status {
    const int type = teams[t]->types[static_cast<size_t>(u - 1)];
    const std::string log = agent_dir + "/" + (t == 0 ? "left-" : "right-") + std::to_string(u) + ".log";
    if (!teams[t]->command.empty()) {
      Result<std::vector<std::string>> argv = external_agent_argv(*teams[t], u, type, "127.0.0.1", port, server->monitor_port());
      if (!argv.ok()) return argv.error();
      if (Status started = agents.start(t, u, *argv, log); !started.ok())
        return make_error("starting " + teams[t]->name + " #" + std::to_string(u) + ": " + started.error().describe());
      recorder->stats().agent(t, u)->type = type;
      return Status();
    }
    std::vector<std::string> argv = {options.binary,        "agent",
                                     "--port",              std::to_string(port),
                                     "--team",              teams[t]->name,
                                     "--unum",              std::to_string(u),
                                     "--type",              std::to_string(type),
                                     "--scripts",           teams[t]->scripts_dir,
                                     "--robots",            teams[t]->robots_dir.empty() ? options.robots_dir
                                                                                         : teams[t]->robots_dir,
                                     "--log-level",         options.log_level,
                                     // Joining rebuilds the physics model once per robot: the
                                     // last of 22 may wait long for its first percept.
                                     "--timeout-ms",        "120000",
                                     "--connect-timeout-ms", "10000"};
    // A sync-mode game waits for every agent, so a slow behaviour tick costs
    // wall time, not the game. A CPU-time budget still moves with the
    // machine's load (contention, a virtual CPU's steal time): at 2 ms, 1 of
    // ~200 same-seed games beside a parallel test run had a ~70 us tick cut
    // off, and played differently. The mock world uses 20 ms too.
    if (!options.realtime) argv.insert(argv.end(), {"--tick-budget-ms", "20"});
    if (debug_port > 0) argv.insert(argv.end(), {"--debug-port", std::to_string(debug_port)});
    if (debug_port > 0 && recorder->agent_debug_rate() > 0)
      argv.insert(argv.end(), {"--debug-rate", std::to_string(recorder->agent_debug_rate())});
    if (options.record_agents) argv.insert(argv.end(), {"--record", log.substr(0, log.size() - 4) + ".record"});
    if (Status started = agents.start(t, u, argv, log); !started.ok())
      return make_error("starting agent " + std::to_string(u) + " of " + teams[t]->name + ": " +
                        started.error().describe());
    recorder->stats().agent(t, u)->type = type;
    return Status();
  };
  auto start_team = [&](int t) -> Status {
    for (int u = 1; u <= options.players; ++u)
      if (Status started = start_agent(t, u); !started.ok()) return started;
    return {};
  };
  if (server_options.lockstep) {
    server->expect_agents(1);
    if (Status started = start_agent(0, 1); !started.ok()) return started.error();
    next_agent = 1;
  } else {
    if (Status started = start_team(0); !started.ok()) return started.error();
    right_team_start = [&]() { return start_team(1); };
  }
  left_started_at = wall();
  Status ran = server->run();
  agents.stop_all(2.0);
  if (!start_failure.ok()) return start_failure.error();
  if (!ran.ok()) return make_error("simulator: " + ran.error().describe());
  if (gave_up_waiting) recorder->event(frame.time, "agents_missing", -1, 0, "kicked off without every player");
  // Players that never appeared in the game.
  for (const AgentProcess& p : agents.processes()) {
    AgentReport* report = recorder->stats().agent(p.team, p.unum);
    if (!seen[p.team][p.unum] && report->problem.empty()) report->problem = "never joined the game; log " + p.log_path;
  }
  return recorder->finish(wall(), interrupted);
}

}  // namespace libero::match
