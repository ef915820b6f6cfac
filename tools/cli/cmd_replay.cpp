// `libero replay FILE`: a recorded session through the agent pipeline, offline.
#include <cstdio>
#include <string>

#include "agent/agent_runner.h"
#include "agent/data_paths.h"
#include "agent/replay.h"
#include "cli_common.h"
#include "commands.h"
#include "options.h"

namespace libero::cli {

int run_replay(int argc, char** argv) {
  agent::ReplayOptions options;
  options.pipeline.scripts_dir = agent::find_data_dir("scripts");
  options.pipeline.robots_dir = agent::find_data_dir("robots");
  std::string log_level = "info";
  const std::vector<Option> table = {
      {"output", OptionKind::kString, &options.output_path, "FILE", "write the replayed session as a record file ('-': stdout)"},
      {"check", OptionKind::kFlag, &options.check, "", "exit 1 if the replayed outputs differ from the recorded ones"},
      {"scripts", OptionKind::kString, &options.pipeline.scripts_dir, "DIR", "behaviour scripts folder (default: the repo's scripts/)"},
      {"robots", OptionKind::kString, &options.pipeline.robots_dir, "DIR", "robot descriptions folder (default: the repo's robots/)"},
      {"stats-json", OptionKind::kString, &options.stats_json_path, "FILE", "write the replay's cycle statistics as JSON"},
      {"log-level", OptionKind::kString, &log_level, "LEVEL", "debug, info, warn, error or off (default info)"},
  };
  Result<ParsedArgs> parsed = parse_options(table, argc, argv);
  if (!parsed.ok()) return usage_error("replay", parsed.error().message);
  if (parsed->help) {
    print_help(stdout, "libero replay FILE [options]",
               "Feeds the messages of a record file (libero agent --record FILE) through the same agent\n"
               "pipeline with no network, deterministically: the same record, scripts and robot data give\n"
               "byte-identical outputs. Team, number and type come from the record. Reports how many\n"
               "outputs differ from the recorded ones. Exit codes: 0 done, 1 unreadable record or --check\n"
               "mismatch, 2 bad arguments.",
               table);
    return kExitOk;
  }
  if (parsed->positional.size() != 1) {
    return usage_error("replay", parsed->positional.empty() ? "missing the record FILE"
                                                            : "expected one record FILE, got " +
                                                                  std::to_string(parsed->positional.size()) + " arguments");
  }
  Status level_ok = apply_log_level(log_level);
  if (!level_ok.ok()) return usage_error("replay", level_ok.error().message);
  options.record_path = parsed->positional[0];
  return agent::run_replay(options);
}

}  // namespace libero::cli
