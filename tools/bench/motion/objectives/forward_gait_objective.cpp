// The forward gait objective (formerly forward_gait_search.py's fitness): a
// walk that holds across contact models. The candidate's walk (nao/walk.lua)
// walks the motion bench's `walk` scenario (walk_runs.h, type 0) in several
// cases: with grip at its limit (--limit, default 1.0; --grip-runs runs),
// at 0.9, at 0.8 with 8 physics substeps, at the limit with 20 substeps and
// from a later start (3 s standing); with SimSpark's slip (0.005) at
// --slip-commands (default 0.75-1.0, --slip-runs 3 runs each); with slip
// 0.0025 at 0.9 and 1.0. Fitness: the sum over the cases of the median speed
// (as the bench prints it, 3 decimals) less --grip-fall-cost (0.5) per fall
// with grip and --slip-fall-cost (0.1) with the slip, less --floor-cost (10)
// per m/s the walk at its limit with grip is short of --grip-speed-floor
// (0.76). --random-runs N adds N 60-s random-command runs (random_walk, runs
// 1000 on) with grip and with the slip, --grip-fall-cost a fall. The seed
// picks the runs with --fresh-trials (runs 2000 + 100 x seed on), else runs 0 on.
// On the slip model fixed earlier the shipped walk fell in every run at 0.9
// (29 falls in 10) and 4 times at 1.0, none at 0.85 or 0.8: SimSpark's slip
// is tried at six commands, a few runs each, and grip (what the built-in
// simulator plays by default) at its limit most, its falls being rare events
// (a walk that held 8 runs of 15 s fell 9 times in 20 runs of 20 s).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "motion_harness.h"
#include "objective.h"
#include "walk_runs.h"

namespace libero::bench {
namespace {

struct Case {
  std::string slip, vx;  // as the command line gave them (the limit's cases are found by that text)
  int substeps = 0;
  double walk_start = 0.5;
  int runs = 0;
  bool extra() const { return substeps != 0 || walk_start != 0.5; }
};

// Whole runs from a scaled count, as Python's round (halves to even).
int scaled_runs(int runs, double scale) { return std::max(1, static_cast<int>(std::nearbyint(runs * scale))); }

double bench_median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  double m = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  // As the bench printed it and the former search read it back.
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", m);
  return std::strtod(text, nullptr);
}

class ForwardGaitObjective : public MotionObjective {
 public:
  bool take_option(Args& args) override {
    const std::string& a = args.arg();
    if (a == "--runs-scale") runs_scale_ = args.number_above(0, 100);
    else if (a == "--seconds") seconds_ = args.number_above(0, 600);
    else if (a == "--grip-fall-cost") grip_fall_cost_ = args.number(0, 1000);
    else if (a == "--grip-speed-floor") grip_floor_ = args.number(0, 5);
    else if (a == "--floor-cost") floor_cost_ = args.number(0, 1000);
    else if (a == "--grip-runs") grip_runs_ = args.whole(1, 1000);
    else if (a == "--random-runs") random_runs_ = args.whole(0, 1000);
    else if (a == "--slip-runs") slip_runs_ = args.whole(1, 1000);
    else if (a == "--slip-fall-cost") slip_fall_cost_ = args.number(0, 1000);
    else if (a == "--fresh-trials") fresh_trials_ = true;
    else if (a == "--slip-commands") {
      const char* text = args.value();
      std::vector<double> speeds;
      if (args.ok() && !parse_number_list(text, 1e-9, 2, &speeds))
        args.fail(std::string("--slip-commands takes comma-separated speeds in (0, 2] m/s, got '") + text + "'");
      slip_commands_.clear();
      for (double v : speeds) {
        char g[32];
        std::snprintf(g, sizeof g, "%g", v);
        slip_commands_.push_back(g);
      }
    } else if (a == "--limit") {
      const char* text = args.value();
      char* end = nullptr;
      double v = std::strtod(text, &end);
      if (args.ok() && (end == text || *end || !(v > 0 && v <= 2)))
        args.fail(std::string("--limit takes the walk's max_forward in (0, 2] m/s, got '") + text + "'");
      limit_ = text;
    } else {
      return false;
    }
    return true;
  }
  const char* usage() const override {
    return "forward_gait [--limit V] [--seconds S] [--runs-scale K] [--grip-runs N] [--grip-fall-cost C]\n"
           "     [--grip-speed-floor V] [--floor-cost C] [--slip-commands V,V...] [--slip-runs N]\n"
           "     [--slip-fall-cost C] [--random-runs N] [--fresh-trials]\n"
           "     (the candidate: nao/walk.lua, type 0; seed: the runs with --fresh-trials)\n";
  }
  ObjectiveScore score(const std::string& robots, long seed) override;

 private:
  std::vector<Case> cases() const;

  double runs_scale_ = 1.0, seconds_ = 20;
  double grip_fall_cost_ = 0.5, grip_floor_ = 0.76, floor_cost_ = 10.0, slip_fall_cost_ = 0.1;
  int grip_runs_ = 10, random_runs_ = 0, slip_runs_ = 3;
  bool fresh_trials_ = false;
  std::vector<std::string> slip_commands_ = {"0.75", "0.8", "0.85", "0.9", "0.95", "1.0"};
  std::string limit_ = "1.0";
};

// The grip cases at 1.0 are the walk at its limit: with --limit they walk that command instead.
std::vector<Case> ForwardGaitObjective::cases() const {
  std::vector<Case> c = {{"0", limit_, 0, 0.5, 10},
                         {"0", "0.9", 0, 0.5, 4},
                         {"0", "0.8", 8, 0.5, 4},
                         {"0", limit_, 20, 0.5, 4},
                         {"0", limit_, 0, 3.0, 4}};
  for (const std::string& vx : slip_commands_) c.push_back({"0.005", vx, 0, 0.5, slip_runs_});
  for (const char* vx : {"0.9", "1.0"}) c.push_back({"0.0025", vx, 0, 0.5, 3});
  return c;
}

ObjectiveScore ForwardGaitObjective::score(const std::string& robots, long seed) {
  const int first = fresh_trials_ ? static_cast<int>((2000 + 100ull * static_cast<unsigned long>(seed)) % 1000000000ull) : 0;
  double fitness = 0;
  std::ostringstream summary;
  summary << "forward_gait ";
  std::ostringstream parts;
  for (const Case& c : cases()) {
    const bool at_limit = c.slip == "0" && c.vx == limit_ && !c.extra();
    const int runs = scaled_runs(at_limit ? grip_runs_ : c.runs, runs_scale_);
    WalkRunOptions o;
    o.robots_dir = robots;
    o.slip = std::strtod(c.slip.c_str(), nullptr);
    o.substeps = c.substeps;
    o.walk_start = c.walk_start;
    std::vector<double> speeds;
    int falls = 0;
    for (int r = first; r < first + runs; ++r) {
      WalkResult w = walk_once(o, std::strtod(c.vx.c_str(), nullptr), 0, 0, seconds_, r);
      speeds.push_back(w.speed);
      falls += w.falls;
    }
    const double speed = bench_median(speeds);
    fitness += speed - (c.slip == "0" ? grip_fall_cost_ : slip_fall_cost_) * falls;
    // The issue's target: >= 0.75 m/s with grip.
    if (at_limit) fitness -= floor_cost_ * std::max(0.0, grip_floor_ - speed);
    char part[96];
    std::snprintf(part, sizeof part, " %s@%s%s %.3f/%d", c.vx.c_str(), c.slip.c_str(),
                  c.substeps ? (" x" + std::to_string(c.substeps)).c_str() : c.walk_start != 0.5 ? " late" : "", speed,
                  falls);
    parts << part;
  }
  // Random commands (forward up to the limit, new every 2 s; 60 s runs), with
  // grip and with the slip: the fast gait is blended in and out there, and a
  // table searched on straight runs alone fell in them. Runs 1000 on: apart
  // from the 0-49 every check of a walk runs.
  if (random_runs_ > 0) {
    for (const char* slip : {"0", "0.005"}) {
      WalkRunOptions o;
      o.robots_dir = robots;
      o.slip = std::strtod(slip, nullptr);
      RandomWalkCommands commands;
      commands.vx = std::strtod(limit_.c_str(), nullptr);
      int falls = 0;
      for (int r = 1000; r < 1000 + random_runs_; ++r) falls += random_walk_once(o, commands, 60.0, r).falls;
      fitness -= grip_fall_cost_ * falls;
      parts << " random@" << slip << " falls " << falls;
    }
  }
  char head[48];
  std::snprintf(head, sizeof head, "%.3f (vx@slip speed/falls:", fitness);
  summary << head << parts.str() << ")";
  return {fitness, summary.str()};
}

}  // namespace

std::unique_ptr<MotionObjective> make_forward_gait_objective() { return std::make_unique<ForwardGaitObjective>(); }

}  // namespace libero::bench
