// `libero fitness`: scores one candidate robots/ folder on a motion
// objective (tools/bench/motion/objectives: walk, kick, getup, getup_roll,
// forward_gait) in this process, on the motion harness, and writes the
// fitness to a file. It is the trial `libero optimize --objective NAME` runs
// for each candidate, and reproduces a score by hand.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "bench_args.h"
#include "cli_common.h"
#include "commands.h"
#include "objectives/objective.h"
#include "tools/batch/batch.h"

namespace libero::cli {

namespace {

std::string fitness_usage() {
  std::string text =
      "usage: libero fitness OBJECTIVE [objective options] --robots DIR [--seed N] [--out FILE]\n"
      "Scores the robot data in DIR (a robots/ folder) on a motion objective, in this process on the\n"
      "MuJoCo motion harness, and writes the fitness (higher is better) to FILE (default fitness.txt).\n"
      "The trial of `libero optimize --objective OBJECTIVE` (docs/scaling.md, \"Motion objectives\").\n"
      "  --robots DIR  the candidate robots/ folder\n"
      "  --seed N      the trial set, where the objective draws one (default 0)\n"
      "  --out FILE    where the fitness goes (default fitness.txt)\n"
      "Objectives and their options:\n";
  for (const std::string& name : bench::motion_objective_names()) text += "  " + std::string(bench::make_motion_objective(name)->usage());
  text += "Exit codes: 0 scored, 1 runtime failure, 2 bad arguments.\n";
  return text;
}

}  // namespace

int run_fitness(int argc, char** argv) {
  bench::Args args(argc, argv);
  std::unique_ptr<bench::MotionObjective> objective;
  std::string robots, out = "fitness.txt";
  long seed = 0;
  std::string names;
  for (const std::string& name : bench::motion_objective_names()) names += (names.empty() ? "" : ", ") + name;
  if (args.positional("the objective")) {
    objective = bench::make_motion_objective(args.arg());
    if (!objective) args.fail("unknown objective '" + args.arg() + "'; objectives: " + names);
  }
  while (args.next()) {
    const std::string& a = args.arg();
    if (a == "--robots") robots = args.value();
    else if (a == "--seed") seed = args.whole(0, 2100000000);
    else if (a == "--out") out = args.value();
    else if (!objective->take_option(args)) a.rfind('-', 0) == 0 ? args.unknown_option() : args.unexpected();
  }
  if (args.ok() && !args.help() && objective) {
    if (std::string problem = objective->check(); !problem.empty()) args.fail(problem);
    else if (robots.empty()) args.fail("--robots is required");
    else if (!std::filesystem::is_directory(robots + "/nao")) args.fail("--robots " + robots + ": no nao/ robot data there");
  }
  const std::string usage = fitness_usage();
  if (std::optional<int> status = args.finish("libero fitness", usage.c_str())) return *status;
  bench::ObjectiveScore score = objective->score(robots, seed);
  char number[48];
  std::snprintf(number, sizeof number, "%.6f\n", score.fitness);
  std::printf("%s\nfitness %s", score.summary.c_str(), number);
  if (Status written = batch::write_file_atomically(out, number); !written.ok()) {
    std::fprintf(stderr, "libero fitness: %s\n", written.error().describe().c_str());
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace libero::cli
