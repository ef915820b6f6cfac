// The optimiser's records and its plot: one record per generation (every
// candidate's fitness, the distribution's mean and step size, the time its
// trials took and the optimiser's own overhead), and the held-out scores of
// the start, the final mean and the best candidate.
#pragma once

#include <string>
#include <vector>

namespace libero::optimize {

struct Generation {
  int index = 0;
  double sigma = 0;
  std::vector<double> fitness;            // per candidate
  std::vector<std::vector<double>> values;  // per candidate, per parameter
  std::vector<double> mean;               // the distribution's mean after this generation, per parameter
  int trials = 0, failed_trials = 0;
  double trial_seconds = 0;               // summed wall time of the trials' processes
  double batch_seconds = 0;               // wall time running the trials
  double overhead_seconds = 0;            // wall time of the generation outside the trials
};

struct Holdout {
  std::string name;              // "start", "final mean", "best candidate"
  std::vector<double> values;
  double fitness = 0;
  int games = 0;
};

std::string generation_json(const Generation& g);
// An HTML page with an SVG plot (every candidate's fitness per generation,
// the generation's best and median, the held-out scores) and a table.
std::string progress_html(const std::string& title, const std::vector<std::string>& names,
                          const std::vector<Generation>& generations, const std::vector<Holdout>& holdout);

}  // namespace libero::optimize
