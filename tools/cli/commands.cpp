#include "commands.h"

#include <cstring>

namespace libero::cli {

const Command kCommands[] = {
    {"agent", "run one robot against a SimSpark-protocol server", run_agent},
    {"replay", "run a record file through the agent offline (deterministic)", run_replay},
    {"serve", "run the built-in simulator (SimSpark protocol)", run_serve},
    {"match", "play a match on the built-in simulator and write its report", run_match},
    {"fitness", "score robot data on a motion objective (walk, kick, getup, ...): libero optimize's trial", run_fitness},
    {"optimize", "CMA-ES over numbers of a data file, scored by games or a command", run_optimize},
    {"test", "run behaviour scripts in the mock world", run_test},
    {"tournament", "play every pairing of some teams (local pool or Slurm) and rate them", run_tournament},
    {"view", "watch and steer a running game in the browser", run_view},
};
const size_t kCommandCount = sizeof kCommands / sizeof kCommands[0];

const Command* find_command(const char* name) {
  for (size_t i = 0; i < kCommandCount; ++i)
    if (std::strcmp(kCommands[i].name, name) == 0) return &kCommands[i];
  return nullptr;
}

}  // namespace libero::cli
