// Picking up an interrupted `libero optimize`: the generations it recorded
// in generations.jsonl, read back. CMA-ES is deterministic for a seed and
// uses only the ranking of a generation's fitness, so asking for each
// recorded generation's samples again and telling it the recorded fitness
// rebuilds the search's state exactly (tools/cli/cmd_optimize.cpp checks
// that each replayed sample is the recorded one).
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tools/optimize/optimize.h"

namespace libero::optimize {

// Every line of `text` as a Generation (numbered 0, 1, ... in order, each
// with `lambda` candidates of `parameters` values). A malformed line, for
// example one cut short by a crash, is an error naming it.
Result<std::vector<Generation>> read_generations(const std::string& text, int lambda, int parameters);

}  // namespace libero::optimize
