// `libero agent`: one robot against a SimSpark-protocol server.
#include <cstdio>
#include <string>

#include "agent/agent_runner.h"
#include "agent/data_paths.h"
#include "agent/replay.h"
#include "cli_common.h"
#include "commands.h"
#include "core/log.h"
#include "options.h"

namespace libero::cli {

int run_agent(int argc, char** argv) {
  agent::AgentOptions options;
  options.pipeline.scripts_dir = agent::find_data_dir("scripts");
  options.pipeline.robots_dir = agent::find_data_dir("robots");
  std::string log_level = "info";
  std::string replay_path;
  int max_cycles = 0;
  const std::vector<Option> table = {
      {"host", OptionKind::kString, &options.host, "HOST", "server host (default 127.0.0.1)"},
      {"port", OptionKind::kInt, &options.port, "PORT", "server agent port (default 3100)", 1, 65535},
      {"team", OptionKind::kString, &options.pipeline.team, "NAME", "team name (default Libero)"},
      {"unum", OptionKind::kInt, &options.pipeline.unum, "N", "uniform number 1-11, 0 = server picks (default 0)", 0, 11},
      {"type", OptionKind::kInt, &options.pipeline.robot_type, "T", "NAO hetero type 0-4 (default 0)", 0, 4},
      {"scripts", OptionKind::kString, &options.pipeline.scripts_dir, "DIR", "behaviour scripts folder (default: the repo's scripts/)"},
      {"robots", OptionKind::kString, &options.pipeline.robots_dir, "DIR", "robot descriptions folder (default: the repo's robots/)"},
      {"log-level", OptionKind::kString, &log_level, "LEVEL", "debug, info, warn, error or off (default info)"},
      {"record", OptionKind::kString, &options.record_path, "FILE", "record every message received and sent (docs/recording.md)"},
      {"stats-json", OptionKind::kString, &options.stats_json_path, "FILE", "write the cycle statistics as JSON at exit"},
      {"reconnect", OptionKind::kFlag, &options.reconnect, "", "reconnect with backoff when the connection drops"},
      {"max-reconnects", OptionKind::kInt, &options.max_reconnects, "N", "give up after N failed attempts in a row (default 10)", 1, 1000},
      {"timeout-ms", OptionKind::kInt, &options.receive_timeout_ms, "MS", "server silent this long = stalled (default 5000)", 50, 3600000},
      {"connect-timeout-ms", OptionKind::kInt, &options.connect_timeout_ms, "MS", "connection attempt limit (default 3000)", 50, 600000},
      {"cycles", OptionKind::kInt, &max_cycles, "N", "stop cleanly after N cycles (default: run until stopped)", 0, 2000000000},
      {"tick-budget-ms", OptionKind::kDouble, &options.pipeline.tick_budget_ms, "MS", "behaviour time budget per cycle (default 2)", 0.05, 1000},
      {"debug-port", OptionKind::kInt, &options.debug.port, "PORT",
       "publish beliefs, role, activation graph and drawings to a viewer's UDP port on 127.0.0.1 while it watches "
       "(libero view; docs/viewer.md)", 1, 65535},
      {"debug-rate", OptionKind::kDouble, &options.debug.rate_hz, "HZ", "debug datagrams per second while watched (default 10)",
       0.1, 50},
      {"roboviz-port", OptionKind::kInt, &options.debug.roboviz_port, "PORT",
       "also send the scripts' drawings to RoboViz on 127.0.0.1:PORT (its drawing port is 32769), at --debug-rate", 1,
       65535},
      {"replay", OptionKind::kString, &replay_path, "FILE", "replay a record file offline instead of connecting (as 'libero replay FILE')"},
  };
  Result<ParsedArgs> parsed = parse_options(table, argc, argv);
  if (!parsed.ok()) return usage_error("agent", parsed.error().message);
  if (parsed->help) {
    print_help(stdout, "libero agent [options]",
               "Connects to a SimSpark-protocol server (rcssserver3d 0.7.x or 'libero serve'), sends the\n"
               "scene and init, and runs the cycle: percept -> world model -> behaviours -> motion -> action,\n"
               "one message with (syn) per percept. Exit codes: 0 stopped (signal or --cycles),\n"
               "1 connection lost / server stalled / I/O error, 2 bad arguments.",
               table);
    return kExitOk;
  }
  if (!parsed->positional.empty()) return usage_error("agent", "unexpected argument '" + parsed->positional[0] + "'");
  Status team_ok = validate_team_name(options.pipeline.team);
  if (!team_ok.ok()) return usage_error("agent", team_ok.error().message);
  Status level_ok = apply_log_level(log_level);
  if (!level_ok.ok()) return usage_error("agent", level_ok.error().message);
  options.max_cycles = static_cast<uint64_t>(max_cycles);

  if (!replay_path.empty()) {
    agent::ReplayOptions replay;
    replay.record_path = replay_path;
    replay.pipeline = options.pipeline;
    replay.stats_json_path = options.stats_json_path;
    return agent::run_replay(replay);
  }
  log::set_tag(options.pipeline.team.c_str());
  return agent::run_agent(options);
}

}  // namespace libero::cli
