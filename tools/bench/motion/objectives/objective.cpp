#include "objective.h"

namespace libero::bench {

const std::vector<std::string>& motion_objective_names() {
  static const std::vector<std::string> names = {"walk", "kick", "getup", "getup_roll", "forward_gait"};
  return names;
}

std::unique_ptr<MotionObjective> make_motion_objective(const std::string& name) {
  if (name == "walk") return make_walk_objective();
  if (name == "kick") return make_kick_objective();
  if (name == "getup") return make_getup_objective();
  if (name == "getup_roll") return make_getup_roll_objective();
  if (name == "forward_gait") return make_forward_gait_objective();
  return nullptr;
}

std::string configure_motion_objective(MotionObjective& objective, const std::vector<std::string>& words) {
  std::vector<std::string> storage = {"objective"};
  storage.insert(storage.end(), words.begin(), words.end());
  std::vector<char*> argv;
  for (std::string& w : storage) argv.push_back(w.data());
  Args args(static_cast<int>(argv.size()), argv.data());
  while (args.next())
    if (!objective.take_option(args)) args.arg().rfind('-', 0) == 0 ? args.unknown_option() : args.unexpected();
  if (args.help()) return "--help is not an objective option (libero fitness --help lists them)";
  if (!args.ok()) return args.error();
  return objective.check();
}

}  // namespace libero::bench
