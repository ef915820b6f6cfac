// `libero match`: a whole game between two teams of scripts, on the built-in
// simulator (default) or in the mock world, with a summary, a replay log and
// an HTML report.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "agent/data_paths.h"
#include <unistd.h>

#include "cli_common.h"
#include "commands.h"
#include "core/log.h"
#include "options.h"
#include "tools/match/match_recorder.h"
#include "tools/match/mock_match.h"
#include "tools/match/real_match.h"
#include "tools/match/team_command.h"
#include "tools/realserver/real_server.h"
#include "tools/match/sim_match.h"
#include "tools/match/team_composition.h"
#include "view_option.h"

namespace libero::cli {
namespace {

volatile std::sig_atomic_t g_stop = 0;
void on_signal(int) { g_stop = 1; }

// "0,1,2" -> {0,1,2}; a single number means every player.
Result<std::vector<int>> parse_types(const std::string& text, int players) {
  std::vector<int> types;
  if (text.empty()) {
    if (players == 11) return std::vector<int>{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4};  // a legal full team
    return std::vector<int>(static_cast<size_t>(players), 0);
  }
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    char* end = nullptr;
    long v = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || v < 0 || v > 4) return make_error("robot types are 0-4, got '" + item + "'");
    types.push_back(static_cast<int>(v));
  }
  if (types.size() == 1) return std::vector<int>(static_cast<size_t>(players), types[0]);
  if (static_cast<int>(types.size()) != players)
    return make_error("got " + std::to_string(types.size()) + " robot types for " + std::to_string(players) + " players");
  return types;
}

}  // namespace

int run_match(int argc, char** argv) {
  Result<ViewFlag> view = take_view_option(&argc, argv);
  if (!view.ok()) return usage_error("match", view.error().message);
  int view_port_for_help = kDefaultViewPort;
  match::MatchOptions options;
  options.left.name = "Libero";
  options.right.name = "Opponent";
  options.left.scripts_dir = options.right.scripts_dir = agent::find_data_dir("scripts");
  options.robots_dir = agent::find_data_dir("robots");
  std::string left_types, right_types;
  bool full = false;
  bool verbose = false;
  int seed = 1;
  const std::vector<Option> table = {
      {"world", OptionKind::kString, &options.world, "WORLD", "sim (the built-in simulator, default) or mock (skill-level, fast)"},
      {"server", OptionKind::kString, &options.server, "NAME",
       "sim world: builtin (Libero's simulator, default) or rcssserver3d (the real SimSpark server)"},
      {"server-bin", OptionKind::kString, &options.server_bin, "PATH",
       "rcssserver3d to run (default: $LIBERO_RCSSSERVER3D, PATH, then the kit of tools/setup-real-server)"},
      {"left-cmd", OptionKind::kString, &options.left.command, "CMD",
       "left team is external: a start command with {host} {port} {mport} {team} {unum} {type} {kit}, "
       "or utaustinvilla / fcportugal (the kit's base teams)"},
      {"right-cmd", OptionKind::kString, &options.right.command, "CMD", "right team is external (as --left-cmd)"},
      {"join-gap", OptionKind::kDouble, &options.join_gap, "S",
       "rcssserver3d: wall seconds at least between two agents' starts (default 1)", 0, 30},
      {"left", OptionKind::kString, &options.left.scripts_dir, "DIR", "left team's scripts (default: the repo's scripts/)"},
      {"right", OptionKind::kString, &options.right.scripts_dir, "DIR", "right team's scripts (default: the repo's scripts/)"},
      {"left-name", OptionKind::kString, &options.left.name, "NAME", "left team name (default Libero)"},
      {"right-name", OptionKind::kString, &options.right.name, "NAME", "right team name (default Opponent)"},
      {"players", OptionKind::kInt, &options.players, "N", "players per team, 1-11 (default 3)", 1, 11},
      {"left-types", OptionKind::kString, &left_types, "LIST", "hetero types of the left players, e.g. 0,1,2 or one type for all"},
      {"right-types", OptionKind::kString, &right_types, "LIST", "hetero types of the right players"},
      {"robots", OptionKind::kString, &options.robots_dir, "DIR",
       "robot models and motions for the simulator and every agent (default: the repo's robots/)"},
      {"left-robots", OptionKind::kString, &options.left.robots_dir, "DIR",
       "sim: the left team's own robot data (walk, motions) for its agents, instead of --robots"},
      {"right-robots", OptionKind::kString, &options.right.robots_dir, "DIR",
       "sim: the right team's own robot data for its agents"},
      {"slip", OptionKind::kDouble, &options.robot_slip, "K",
       "sim: robot contacts slide K m/s per N of tangential force, as SimSpark's (0.005; default: the physics "
       "file's robot_slip)", 0, 1},
      {"physics", OptionKind::kString, &options.physics_file, "FILE",
       "sim: the built-in simulator's physics parameters (default: <robots>/simulator.lua)"},
      {"half-time", OptionKind::kDouble, &options.half_time, "S", "length of a half in game seconds (default 120)", 1, 3600},
      {"single-half", OptionKind::kFlag, &options.single_half, "", "play one half only"},
      {"full", OptionKind::kFlag, &full, "", "a full-length game: 11 vs 11, two halves of 300 s"},
      {"seed", OptionKind::kInt, &seed, "N", "random seed; same seed and sync mode = same game (default 1)", 0, 2147483647},
      {"realtime", OptionKind::kFlag, &options.realtime, "", "sim: 20 ms wall-clock cycles instead of sync mode"},
      {"out", OptionKind::kString, &options.out_dir, "DIR", "output folder for log, summary and report (default out/)"},
      {"name", OptionKind::kString, &options.name, "STEM", "output file name stem (default match-<left>-<right>-<seed>)"},
      {"log-every", OptionKind::kInt, &options.log_every, "N", "cycles between replay-log frames (default 5)", 1, 100000},
      {"decision-every", OptionKind::kInt, &options.decision_every, "N", "mock: behaviours decide every N cycles (default 1)", 1, 1000},
      {"no-jit", OptionKind::kFlag, &options.no_jit, "", "mock: run the scripts interpreted (JIT off, as agents do)"},
      {"quiet", OptionKind::kFlag, &options.quiet, "", "no progress lines"},
      {"verbose", OptionKind::kFlag, &verbose, "", "log the simulator's and the runner's info lines too"},
      {"agent-log-level", OptionKind::kString, &options.log_level, "LEVEL", "sim: the agents' log level (default warn)"},
      {"record-agents", OptionKind::kFlag, &options.record_agents, "",
       "sim: Libero's agents record every message beside their logs (<stem>-agents/left-N.record), for libero replay "
       "and tools/bench/teamplay/localisation_in_games.sh"},
      {"record-debug", OptionKind::kFlag, &options.record_debug, "",
       "sim: record Libero's agents' beliefs, activation graphs, drawings and script events into the replay log "
       "and the report's replay (docs/replay-log.md)"},
      {"record-debug-rate", OptionKind::kDouble, &options.record_debug_rate, "HZ",
       "belief messages kept per agent and simulated second, at most (default 5)", 0.1, 50},
      {"record-debug-max-mb", OptionKind::kDouble, &options.record_debug_max_mb, "MB",
       "debug messages kept in all, at most (default 32); the rest are counted in a debug_dropped event", 0.01, 4096},
      // Taken out of argv before parsing (its value is optional); here for the help text.
      {"view", OptionKind::kInt, &view_port_for_help, "[PORT]",
       "sim: watch the game live in a browser on 127.0.0.1:PORT (default 3300; 0 = any free port); "
       "add --realtime to watch at the game's own pace", 0, 65535},
  };
  Result<ParsedArgs> parsed = parse_options(table, argc, argv);
  if (!parsed.ok()) return usage_error("match", parsed.error().message);
  if (parsed->help) {
    print_help(stdout, "libero match [options]",
               "Plays a game between two teams (behaviour scripts, or an external team's start command) on\n"
               "the built-in simulator, the real rcssserver3d (--server rcssserver3d) or the mock world, and\n"
               "writes <out>/<stem>.jsonl (replay\n"
               "log, docs/replay-log.md), <stem>.summary.json and <stem>.html (summary and a 2D replay that\n"
               "opens in a browser). The summary is also printed. Ctrl-C stops the game and still writes\n"
               "everything (marked interrupted). Exit codes: 0 played, 1 failed, 2 bad arguments.",
               table);
    return kExitOk;
  }
  if (!parsed->positional.empty()) return usage_error("match", "unexpected argument '" + parsed->positional[0] + "'");
  if (options.world != "sim" && options.world != "mock")
    return usage_error("match", "--world must be sim or mock, got '" + options.world + "'");
  if (options.server != "builtin" && options.server != "rcssserver3d")
    return usage_error("match", "--server must be builtin or rcssserver3d, got '" + options.server + "'");
  const bool real_server = options.server == "rcssserver3d";
  if (options.world == "mock" && (real_server || !options.left.command.empty() || !options.right.command.empty()))
    return usage_error("match", "the mock world plays Libero's scripts only: --server rcssserver3d and "
                                "--left-cmd / --right-cmd need --world sim");
  if (real_server && options.robot_slip >= 0)
    return usage_error("match", "--slip is the built-in simulator's; the real server has its own contact model");
  if ((real_server || options.world == "mock") && !options.physics_file.empty())
    return usage_error("match", "--physics is the built-in simulator's (--world sim --server builtin)");
  if (!options.physics_file.empty() && !std::filesystem::is_regular_file(options.physics_file))
    return usage_error("match", "--physics: no file '" + options.physics_file + "'");
  if (full) {
    options.players = 11;
    options.half_time = 300;
  }
  // Checked here: a wrong folder would otherwise surface as every agent
  // failing to load its body after the server has started.
  if (!std::filesystem::is_regular_file(options.robots_dir + "/nao/nao.lua"))
    return usage_error("match", "--robots: '" + options.robots_dir + "' has no nao/nao.lua");
  for (const auto* team : {&options.left, &options.right}) {
    const bool left = team == &options.left;
    // A missing scripts folder would only show in the agents' logs, while
    // every robot of that team runs the safe fallback through a whole game.
    if (team->command.empty() && !std::filesystem::is_directory(team->scripts_dir))
      return usage_error("match", std::string(left ? "--left" : "--right") + ": '" + team->scripts_dir +
                                      "' is not a folder of behaviour scripts");
    if (team->robots_dir.empty()) continue;
    const char* flag = left ? "--left-robots" : "--right-robots";
    if (options.world == "mock")
      return usage_error("match", std::string(flag) + ": the mock world's robots are its skill model, not robot data");
    if (!std::filesystem::is_regular_file(team->robots_dir + "/nao/nao.lua"))
      return usage_error("match", std::string(flag) + ": '" + team->robots_dir + "' has no nao/nao.lua");
  }
  options.seed = static_cast<uint32_t>(seed);
  if (options.left.name == options.right.name) return usage_error("match", "the two teams need different names");
  for (const auto* team : {&options.left, &options.right}) {
    Status ok = validate_team_name(team->name);
    if (!ok.ok()) return usage_error("match", ok.error().message);
  }
  auto lt = parse_types(left_types, options.players);
  if (!lt.ok()) return usage_error("match", "--left-types: " + lt.error().message);
  auto rt = parse_types(right_types, options.players);
  if (!rt.ok()) return usage_error("match", "--right-types: " + rt.error().message);
  options.left.types = *lt;
  options.right.types = *rt;
  for (const auto* team : {&options.left, &options.right}) {
    Status legal = match::check_team_composition(team->types);
    if (!legal.ok()) return usage_error("match", team->name + ": " + legal.error().message);
  }
  for (const auto* team : {&options.left, &options.right}) {
    if (team->command.empty()) continue;
    Status usable = match::check_team_command(team->command, realserver::default_kit_dir());
    if (!usable.ok())
      return usage_error("match", std::string(team == &options.left ? "--left-cmd" : "--right-cmd") + ": " +
                                      usable.error().message);
  }
  if (options.record_debug && options.world == "mock")
    return usage_error("match", "--record-debug records agents' debug channels: it needs --world sim");
  options.binary = running_binary_path();
  std::unique_ptr<view::ViewServer> viewer;
  if (view->on) {
    if (options.world == "mock") return usage_error("match", "--view watches a server's monitor port: it needs --world sim");
    options.on_server_ready = [&](int monitor_port) -> Result<int> {
      Result<std::unique_ptr<view::ViewServer>> started = start_viewer("match", view->port, monitor_port);
      if (!started.ok()) return started.error();
      viewer = std::move(started.value());
      return viewer->debug_port();
    };
  }

  // The server's and runner's info lines would drown the progress lines.
  if (!verbose) log::set_level(log::Level::Warn);
  match::MatchRecorder recorder;
  if (Status opened = recorder.open(options); !opened.ok()) {
    std::fprintf(stderr, "libero match: %s\n", opened.error().describe().c_str());
    return kExitFailure;
  }
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  if (!options.quiet)
    std::fprintf(stderr, "libero match: %s vs %s, %d vs %d, %s, %s of %.0f s, seed %u\n",
                 options.left.name.c_str(), options.right.name.c_str(), options.players, options.players,
                 options.world == "mock" ? "mock world"
                 : real_server           ? (options.realtime ? "rcssserver3d in real time" : "rcssserver3d in sync mode")
                                         : (options.realtime ? "simulator in real time" : "simulator in sync mode"),
                 options.single_half ? "one half" : "two halves", options.half_time, options.seed);
  Result<match::MatchSummary> summary = options.world == "mock" ? match::run_mock_match(options, &recorder, &g_stop)
                                        : real_server            ? match::run_real_match(options, &recorder, &g_stop)
                                                                 : match::run_sim_match(options, &recorder, &g_stop);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  if (viewer) viewer->stop();
  if (!summary.ok()) {
    std::fprintf(stderr, "libero match: %s\n", summary.error().describe().c_str());
    return kExitFailure;
  }
  std::printf("%s", summary->to_text().c_str());
  std::printf("replay log %s\nsummary    %s\nreport     %s\n", recorder.files().log.c_str(),
              recorder.files().summary_json.c_str(), recorder.files().html.c_str());
  return kExitOk;
}

}  // namespace libero::cli
