// `libero test`: behaviour unit tests in the mock world.
#include <cstdio>
#include <string>

#include "agent/data_paths.h"
#include "commands.h"
#include "core/log.h"
#include "options.h"
#include "tools/mock/behavior_tests.h"

namespace libero::cli {

int run_test(int argc, char** argv) {
  mock::BehaviorTestOptions options;
  options.scripts_dir = agent::find_data_dir("scripts");
  options.mock_model_path = agent::find_data_dir("robots") + "/nao/mock.lua";
  const std::vector<Option> table = {
      {"scripts", OptionKind::kString, &options.scripts_dir, "DIR", "our team's scripts (default: the repo's scripts/)"},
      {"mock-model", OptionKind::kString, &options.mock_model_path, "FILE", "mock world robot model (default robots/nao/mock.lua)"},
      {"filter", OptionKind::kString, &options.filter, "TEXT", "run only tests whose name contains TEXT"},
      {"verbose", OptionKind::kFlag, &options.verbose, "", "list passing tests too"},
      {"tick-budget-ms", OptionKind::kDouble, &options.tick_budget_ms, "MS", "behaviour time budget per tick (default 50: tests check logic, not timing)", 0.05, 10000},
  };
  Result<ParsedArgs> parsed = parse_options(table, argc, argv);
  if (!parsed.ok()) return usage_error("test", parsed.error().message);
  if (parsed->help) {
    print_help(stdout, "libero test [options] [PATH...]",
               "Runs behaviour tests (*_test.lua files; PATH may be a file or a folder, default the\n"
               "repo's tests/behaviors/) in the mock world: each test sets up a scene, runs the team's\n"
               "behaviours for some cycles and checks what they requested, the activation graph or the\n"
               "outcome. Prints every failure with file:line and ends with 'N passed, N failed'.\n"
               "Exit codes: 0 all passed, 1 a test failed, 2 bad arguments. API: docs/testing.md.",
               table);
    return kExitOk;
  }
  // The hosts' info lines (scripts loaded, ...) would drown the results.
  if (!options.verbose) log::set_level(log::Level::Warn);
  std::vector<std::string> paths = parsed->positional;
  if (paths.empty()) paths.push_back(agent::find_data_dir("tests") + "/behaviors");
  auto files = mock::find_behavior_tests(paths);
  if (!files.ok()) return usage_error("test", files.error().message);
  if (files->empty()) {
    std::fprintf(stderr, "libero test: no *_test.lua files found\n");
    return kExitUsage;
  }
  mock::BehaviorTestResult result = mock::run_behavior_tests(*files, options);
  std::printf("%d passed, %d failed\n", result.passed, result.failed);
  return result.failed == 0 ? kExitOk : kExitFailure;
}

}  // namespace libero::cli
