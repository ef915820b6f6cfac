// Motion objectives: each scores one candidate robots/ folder on the
// in-process motion harness, as one of the former offline searches scored
// its candidates (walk_search, kick_search, getup_search, getup_roll_search,
// forward_gait_search.py; docs/scaling.md, "Motion objectives"). They are
// the trials of `libero optimize --objective NAME` (run as `libero fitness`);
// the parameters searched are the candidate file's own numbers.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bench_args.h"

namespace libero::bench {

struct ObjectiveScore {
  double fitness = 0;   // higher is better
  std::string summary;  // the parts it is made of, one line
};

class MotionObjective {
 public:
  virtual ~MotionObjective() = default;
  // Takes args' current option when it is one of this objective's (true
  // then); a bad value is args' error. Positional arguments come here too.
  virtual bool take_option(Args& args) = 0;
  // After the options: what is still missing or inconsistent ("" when none).
  virtual std::string check() const { return ""; }
  // Scores the robot data in `robots` (a robots/ folder). `seed` picks the
  // trial set where the objective draws one (the former searches' generation
  // or round); deterministic objectives ignore it.
  virtual ObjectiveScore score(const std::string& robots, long seed) = 0;
  // Its options, for the usage text.
  virtual const char* usage() const = 0;
};

// "walk", "kick", "getup", "getup_roll", "forward_gait"; nullptr for another name.
std::unique_ptr<MotionObjective> make_motion_objective(const std::string& name);
const std::vector<std::string>& motion_objective_names();

// Reads an objective's arguments (`words`, as a command line would give them):
// "" when they are good, else the first problem ("--slip wants slips ...").
std::string configure_motion_objective(MotionObjective& objective, const std::vector<std::string>& words);

std::unique_ptr<MotionObjective> make_walk_objective();
std::unique_ptr<MotionObjective> make_kick_objective();
std::unique_ptr<MotionObjective> make_getup_objective();
std::unique_ptr<MotionObjective> make_getup_roll_objective();
std::unique_ptr<MotionObjective> make_forward_gait_objective();

}  // namespace libero::bench
