// `libero optimize`: CMA-ES over named numbers of a Lua data file (robots/
// or scripts/), each generation's candidates scored by trials run through
// the batch layer (local pool or Slurm): games against the unchanged data
// (`--objective match`), a motion objective on the candidate's robot data
// (`--objective walk|kick|getup|getup_roll|forward_gait`: `libero fitness`
// from this binary, tools/bench/motion/objectives) or any command that
// writes a fitness (`--objective command`). Fresh trial seeds every generation; the start,
// the final mean and the best candidate are then scored on held-out seeds.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "cmaes.h"
#include "cli_common.h"
#include "objectives/objective.h"
#include "commands.h"
#include "options.h"
#include "tools/batch/batch.h"
#include "tools/batch/json.h"
#include "tools/optimize/optimize.h"
#include "tools/optimize/param_file.h"
#include "tools/optimize/resume.h"
#include "tools/tournament/tournament.h"

namespace libero::cli {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

volatile std::sig_atomic_t g_stop = 0;
void on_signal(int) { g_stop = 1; }

std::string read_text(const std::string& path, bool* ok) {
  std::ifstream in(path, std::ios::binary);
  *ok = static_cast<bool>(in);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// The data tree a file belongs to: its nearest ancestor named robots or scripts.
std::string tree_of(const fs::path& file) {
  for (fs::path p = file.parent_path(); !p.empty() && p != p.root_path(); p = p.parent_path())
    if (p.filename() == "robots" || p.filename() == "scripts") return p.string();
  return "";
}

// One trial: a candidate (or held-out point), a seed and, for games, a side.
struct Trial {
  int point = 0;
  int seed = 0;
  int side = 0;  // match: 0 candidate left, 1 candidate right
};

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

int run_optimize(int argc, char** argv) {
  std::string file, params, objective = "match", trial_cmd, tree, out = "out/optimize", backend = "local";
  std::string world = "sim", server = "builtin", match_args, sbatch_args, binary, objective_args;
  int generations = 5, lambda = 6, seeds = 2, holdout = 4, seed = 1, players = 3, workers = 0, retries = 2;
  double sigma = 0.3, half_time = 120, timeout = 0, fall_cost = 0;
  bool single_half = false, quiet = false;
  const std::vector<Option> table = {
      {"file", OptionKind::kString, &file, "FILE", "the Lua data file whose numbers are searched (in robots/ or scripts/)"},
      {"params", OptionKind::kString, &params, "LIST",
       "the fields: name=LO:HI, or name (the range a '-- range LO..HI' comment on its line gives, "
       "else the file's value +-50 %), comma-separated; nested as a.b, a list's tables numbered (frames.3.angles.RHipPitch); "
       "@PATH reads them from a file (one or more a line, '#' comments)"},
      {"tree", OptionKind::kString, &tree, "DIR", "the data folder copied per candidate (default: the file's robots/ or scripts/)"},
      {"objective", OptionKind::kString, &objective, "KIND",
       "match (games against the unchanged data, fitness = mean goal difference), a motion objective "
       "(walk, kick, getup, getup_roll, forward_gait: libero fitness on the candidate robots/) or command"},
      {"objective-args", OptionKind::kString, &objective_args, "ARGS",
       "motion objective: its options (libero fitness --help), e.g. \"kick_long --slip 0,0.005 --approaches 6\""},
      {"trial", OptionKind::kString, &trial_cmd, "CMD",
       "command objective: a /bin/sh command run in the trial's folder with {tree} {file} {seed} filled in; "
       "it writes its fitness (higher is better) to fitness.txt"},
      {"generations", OptionKind::kInt, &generations, "N", "generations (default 5)", 1, 10000},
      {"lambda", OptionKind::kInt, &lambda, "N", "candidates per generation (default 6, at least 4)", 4, 1000},
      {"sigma", OptionKind::kDouble, &sigma, "S", "initial step in units of each range (default 0.3)", 0.001, 1},
      {"seeds", OptionKind::kInt, &seeds, "N", "trial seeds per candidate per generation, fresh each generation (default 2)", 1, 1000},
      {"holdout", OptionKind::kInt, &holdout, "N", "held-out seeds for the start, the final mean and the best (default 4; 0 = none)", 0, 10000},
      {"seed", OptionKind::kInt, &seed, "N", "the run's random seed (CMA-ES samples, trial seeds; default 1)", 0, 20000},
      {"fall-cost", OptionKind::kDouble, &fall_cost, "C", "match: goals of fitness a fall of the candidate's robots costs (default 0)", 0, 100},
      {"world", OptionKind::kString, &world, "WORLD", "match: sim (default) or mock"},
      {"server", OptionKind::kString, &server, "NAME", "match: builtin (default) or rcssserver3d"},
      {"players", OptionKind::kInt, &players, "N", "match: players per team (default 3)", 1, 11},
      {"half-time", OptionKind::kDouble, &half_time, "S", "match: game seconds per half (default 120)", 1, 3600},
      {"single-half", OptionKind::kFlag, &single_half, "", "match: one half only"},
      {"match-args", OptionKind::kString, &match_args, "ARGS", "match: more libero match options"},
      {"out", OptionKind::kString, &out, "DIR", "output folder (default out/optimize)"},
      {"backend", OptionKind::kString, &backend, "NAME", "local (default) or slurm, as libero tournament"},
      {"workers", OptionKind::kInt, &workers, "N", "local: trials at once (default: the cores available); slurm: throttle", 0, 100000},
      {"retries", OptionKind::kInt, &retries, "N", "extra attempts for a crashed, hung or garbage trial (default 2)", 0, 20},
      {"timeout", OptionKind::kDouble, &timeout, "S",
       "wall seconds per trial (default: match 120 + 3 x game seconds, motion objectives 1800, command 600)", 1, 1e6},
      {"sbatch-args", OptionKind::kString, &sbatch_args, "ARGS", "slurm: more sbatch options"},
      {"libero", OptionKind::kString, &binary, "PATH",
       "match and motion objectives: the libero binary that plays the games or scores (default: this one)"},
      {"quiet", OptionKind::kFlag, &quiet, "", "no progress lines"},
  };
  Result<ParsedArgs> parsed = parse_options(table, argc, argv);
  if (!parsed.ok()) return usage_error("optimize", parsed.error().message);
  if (parsed->help) {
    print_help(stdout, "libero optimize --file FILE --params LIST [options]",
               "CMA-ES over named numbers of a Lua data file. Each generation's candidates are copies of the\n"
               "data folder with the file's numbers replaced, scored by trials run through the local pool or\n"
               "Slurm: games against the unchanged data (match; both sides, fresh seeds every generation), a\n"
               "motion objective on the harness (walk, kick, getup, getup_roll, forward_gait; libero fitness)\n"
               "or a command writing fitness.txt. Then the start, the final mean and the best candidate play\n"
               "--holdout seeds none of the trials used. Writes in --out: generations.jsonl, result.json,\n"
               "best.lua (the file with the best held-out point), plot.html (the run), trials/, run.json.\n"
               "Run again with the same --out and settings, it goes on after the last recorded generation\n"
               "(an interrupted run, or a finished one given more --generations); other settings are refused.\n"
               "Exit codes: 0 done, 1 runtime failure, 2 bad arguments, 130 interrupted.",
               table);
    return kExitOk;
  }
  if (!parsed->positional.empty()) return usage_error("optimize", "unexpected argument '" + parsed->positional[0] + "'");
  if (file.empty()) return usage_error("optimize", "--file is required");
  if (params.empty()) return usage_error("optimize", "--params is required");
  bool readable = false;
  const std::string original = read_text(file, &readable);
  if (!readable || !fs::is_regular_file(file)) return usage_error("optimize", "--file: cannot read '" + file + "'");
  Result<std::vector<optimize::NumberField>> fields = optimize::scan_number_fields(original);
  if (!fields.ok()) return usage_error("optimize", "--file: " + fields.error().describe());
  if (params[0] == '@') {
    // A list kept in a file (the motion objectives' search spaces, tools/bench/motion/params/).
    const std::string list_file = params.substr(1);
    bool list_readable = false;
    std::string text = read_text(list_file, &list_readable);
    if (!list_readable || !fs::is_regular_file(list_file))
      return usage_error("optimize", "--params: cannot read '" + list_file + "'");
    params.clear();
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      line = line.substr(0, line.find('#'));
      for (const std::string& w : words(line)) params += (params.empty() ? "" : ",") + w;
    }
    if (params.empty()) return usage_error("optimize", "--params: '" + list_file + "' names no field");
  }
  Result<std::vector<optimize::ParamSpec>> specs = optimize::parse_param_specs(params, *fields);
  if (!specs.ok()) return usage_error("optimize", "--params: " + specs.error().message);
  if (tree.empty()) tree = tree_of(fs::absolute(file).lexically_normal());
  if (tree.empty() || !fs::is_directory(tree))
    return usage_error("optimize", "--file is not inside a robots/ or scripts/ folder; say which folder with --tree");
  tree = fs::weakly_canonical(tree).string();
  const std::string file_abs = fs::weakly_canonical(file).string();
  if (file_abs.rfind(tree + "/", 0) != 0) return usage_error("optimize", "--file is not inside --tree " + tree);
  const std::string relative = file_abs.substr(tree.size() + 1);
  const bool robots_tree = fs::is_regular_file(tree + "/nao/nao.lua");
  std::unique_ptr<bench::MotionObjective> motion_objective = bench::make_motion_objective(objective);
  const bool motion = motion_objective != nullptr;
  if (objective != "match" && objective != "command" && !motion)
    return usage_error("optimize", "--objective must be match, command, walk, kick, getup, getup_roll or forward_gait, got '" +
                                       objective + "'");
  if (objective == "command" && trial_cmd.empty()) return usage_error("optimize", "--objective command needs --trial");
  if (objective != "command" && !trial_cmd.empty()) return usage_error("optimize", "--trial is for --objective command");
  if (!motion && !objective_args.empty())
    return usage_error("optimize", "--objective-args is for the motion objectives (walk, kick, getup, getup_roll, forward_gait)");
  if (motion) {
    // The objective's own checks, here, before any trial: a typo must not
    // start a run whose every trial fails.
    if (std::string problem = bench::configure_motion_objective(*motion_objective, words(objective_args)); !problem.empty())
      return usage_error("optimize", "--objective-args: " + problem);
    if (!robots_tree)
      return usage_error("optimize", "--objective " + objective + " scores robot data: --file must be in a robots/ folder");
  }
  if (world != "sim" && world != "mock") return usage_error("optimize", "--world must be sim or mock");
  if (world == "mock" && robots_tree) return usage_error("optimize", "the mock world plays no robot data: use --world sim");
  if (server != "builtin" && server != "rcssserver3d") return usage_error("optimize", "--server must be builtin or rcssserver3d");
  if (backend != "local" && backend != "slurm") return usage_error("optimize", "--backend must be local or slurm");
  if (backend == "local" && workers > batch::available_cores())
    return usage_error("optimize", "--workers " + std::to_string(workers) + ": this process may use " +
                                       std::to_string(batch::available_cores()) + " cores, and the pool never runs more trials than cores");
  if (binary.empty()) binary = running_binary_path();
  else if (access(binary.c_str(), X_OK) != 0) return usage_error("optimize", "--libero: '" + binary + "' is not executable");
  const double game_seconds = half_time * (single_half ? 1 : 2);
  if (timeout == 0) timeout = objective == "match" ? 120 + 3 * game_seconds : motion ? 1800 : 600;
  const std::vector<std::string> extra = words(match_args);

  const int n = static_cast<int>(specs->size());
  bench::UnitBox box(n);
  Eigen::VectorXd start(n);
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i) {
    box.lo[static_cast<size_t>(i)] = (*specs)[static_cast<size_t>(i)].lo;
    box.hi[static_cast<size_t>(i)] = (*specs)[static_cast<size_t>(i)].hi;
    start[i] = box.unit(i, (*specs)[static_cast<size_t>(i)].start);
    names.push_back((*specs)[static_cast<size_t>(i)].path);
  }
  std::error_code ec;
  fs::create_directories(out + "/trials", ec);
  if (!fs::is_directory(out + "/trials")) {
    std::fprintf(stderr, "libero optimize: cannot create %s/trials\n", out.c_str());
    return kExitFailure;
  }
  out = fs::weakly_canonical(out).string();

  // A point's data folder: a copy of the tree with the file's numbers replaced.
  auto make_tree = [&](const std::string& dir, const std::vector<double>& values) -> Status {
    std::map<std::string, double> edits;
    for (int i = 0; i < n; ++i) edits[names[static_cast<size_t>(i)]] = values[static_cast<size_t>(i)];
    Result<std::string> text = optimize::set_number_fields(original, edits);
    if (!text.ok()) return text.error();
    std::error_code copy_ec;
    fs::remove_all(dir, copy_ec);
    fs::create_directories(fs::path(dir).parent_path(), copy_ec);
    fs::copy(tree, dir, fs::copy_options::recursive, copy_ec);
    if (copy_ec) return make_error("cannot copy " + tree + " to " + dir + ": " + copy_ec.message());
    return batch::write_file_atomically(dir + "/" + relative, *text);
  };

  std::vector<tournament::Team> teams = {{"Cand", "", ""}, {"Base", "", ""}};
  // The trials of some points (their trees made) on some seeds; returns per point the fitness.
  struct Scored {
    std::vector<double> fitness;
    std::vector<int> games;
    int trials = 0, failed = 0;
    double trial_seconds = 0, batch_seconds = 0;
    bool interrupted = false;
  };
  auto score = [&](const std::string& folder, const std::vector<std::string>& point_trees,
                   const std::vector<int>& trial_seeds) -> Result<Scored> {
    std::vector<batch::Job> jobs;
    std::vector<Trial> trials;
    for (size_t p = 0; p < point_trees.size(); ++p) {
      for (int s : trial_seeds) {
        for (int side = 0; side < (objective == "match" ? 2 : 1); ++side) {
          batch::Job job;
          job.id = "p" + std::to_string(p) + "-s" + std::to_string(s) + (objective == "match" ? (side ? "-r" : "-l") : "");
          job.dir = folder + "/" + job.id;
          job.timeout_s = timeout;
          if (motion) {
            job.argv = {binary, "fitness", objective, "--robots", point_trees[p], "--seed", std::to_string(s),
                        "--out", job.dir + "/fitness.txt"};
            const std::vector<std::string> more = words(objective_args);
            job.argv.insert(job.argv.end(), more.begin(), more.end());
          } else if (objective == "command") {
            std::string cmd = replace_all(replace_all(replace_all(trial_cmd, "{tree}", batch::shell_quote(point_trees[p])),
                                                      "{file}", batch::shell_quote(point_trees[p] + "/" + relative)),
                                          "{seed}", std::to_string(s));
            job.argv = {"/bin/sh", "-c", cmd};
          } else {
            const char* cand_side = side == 0 ? "left" : "right";
            const char* base_side = side == 0 ? "right" : "left";
            job.argv = {binary, "match", "--quiet", "--out", job.dir, "--name", "game", "--seed", std::to_string(s),
                        "--world", world, "--server", server, "--players", std::to_string(players), "--half-time",
                        std::to_string(half_time), std::string("--") + cand_side + "-name", "Cand",
                        std::string("--") + base_side + "-name", "Base"};
            if (single_half) job.argv.push_back("--single-half");
            if (robots_tree) {
              job.argv.insert(job.argv.end(), {std::string("--") + cand_side + "-robots", point_trees[p],
                                               std::string("--") + base_side + "-robots", tree});
            } else {
              job.argv.insert(job.argv.end(), {std::string("--") + cand_side, point_trees[p],
                                               std::string("--") + base_side, tree});
            }
            job.argv.insert(job.argv.end(), extra.begin(), extra.end());
          }
          jobs.push_back(job);
          trials.push_back({static_cast<int>(p), s, side});
        }
      }
    }
    Scored scored;
    scored.fitness.assign(point_trees.size(), 0.0);
    scored.games.assign(point_trees.size(), 0);
    scored.trials = static_cast<int>(jobs.size());
    std::vector<double> trial_fitness(jobs.size(), 0.0);
    auto fitness_of = [&](const batch::Job& job, double* f) -> Status {
      size_t i = static_cast<size_t>(&job - jobs.data());
      const Trial& t = trials[i];
      if (objective != "match") {
        bool ok = false;
        std::string text = read_text(job.dir + "/fitness.txt", &ok);
        if (!ok) return make_error("the trial wrote no fitness.txt");
        char* end = nullptr;
        double v = std::strtod(text.c_str(), &end);
        while (end && (*end == ' ' || *end == '\n' || *end == '\t' || *end == '\r')) ++end;
        if (end == text.c_str() || (end && *end != '\0') || !std::isfinite(v))
          return make_error("fitness.txt holds no number: '" + text.substr(0, 40) + "'");
        *f = v;
        return {};
      }
      tournament::GameSpec spec{job.id, t.side == 0 ? 0 : 1, t.side == 0 ? 1 : 0, t.seed};
      Result<tournament::GameResult> r = tournament::read_game_summary(job.dir + "/game.summary.json", spec, teams);
      if (!r.ok()) return r.error();
      const int c = t.side, o = 1 - t.side;
      *f = r->goals[c] - r->goals[o] - fall_cost * r->falls[c];
      return {};
    };
    batch::Options options;
    options.backend = backend;
    options.workers = workers;
    options.retries = retries;
    options.scratch_dir = folder + "/slurm";
    options.sbatch_args = words(sbatch_args);
    options.stop = &g_stop;
    if (!quiet)
      options.progress = [](const std::string& line) {
        if (line.find(": started") == std::string::npos && line.find(": done (") == std::string::npos)
          std::fprintf(stderr, "  %s\n", line.c_str());
      };
    auto validate = [&](const batch::Job& job) -> Status {
      double f = 0;
      return fitness_of(job, &f);
    };
    auto on_done = [&](const batch::Job& job, const batch::JobOutcome& outcome) {
      size_t i = static_cast<size_t>(&job - jobs.data());
      scored.trial_seconds += outcome.wall_seconds;
      double f = 0;
      if (!outcome.ok || !fitness_of(job, &f).ok()) {
        ++scored.failed;
        return;
      }
      trial_fitness[i] = f;
      scored.fitness[static_cast<size_t>(trials[i].point)] += f;
      scored.games[static_cast<size_t>(trials[i].point)] += 1;
    };
    Clock::time_point begin = Clock::now();
    Result<batch::Report> report = batch::run(jobs, options, validate, on_done);
    scored.batch_seconds = seconds_since(begin);
    if (!report.ok()) return report.error();
    scored.interrupted = report->interrupted;
    for (size_t p = 0; p < point_trees.size(); ++p)
      scored.fitness[p] = scored.games[p] > 0 ? scored.fitness[p] / scored.games[p] : -1e9;  // all trials failed: worst
    return scored;
  };

  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  struct RestoreSignals {
    ~RestoreSignals() {
      std::signal(SIGINT, SIG_DFL);
      std::signal(SIGTERM, SIG_DFL);
    }
  } restore;

  bench::Cmaes cmaes(start, sigma, lambda, static_cast<unsigned>(seed));
  std::vector<optimize::Generation> records;
  std::vector<optimize::Holdout> held;
  std::string jsonl;
  double best_fitness = -INFINITY;
  std::vector<double> best_values = box.values(start);
  const std::string title = "libero optimize: " + relative + " (" + std::to_string(n) + " parameters), " + objective;
  // What a run's generations depend on (not --generations: a finished run
  // can be given more; not where or how fast its trials run).
  std::string settings = "{\"file\":" + batch::json_string(file_abs) + ",\"tree\":" + batch::json_string(tree) + ",\"params\":[";
  for (int i = 0; i < n; ++i) {
    const auto& spec = (*specs)[static_cast<size_t>(i)];
    char range[128];
    std::snprintf(range, sizeof range, ",\"lo\":%.17g,\"hi\":%.17g,\"start\":%.17g}", spec.lo, spec.hi, spec.start);
    settings += std::string(i ? "," : "") + "{\"name\":" + batch::json_string(spec.path) + range;
  }
  char numbers[320];
  std::snprintf(numbers, sizeof numbers,
                "],\"lambda\":%d,\"sigma\":%.17g,\"seed\":%d,\"seeds\":%d,\"fall_cost\":%.17g,\"players\":%d,"
                "\"half_time\":%.17g,\"single_half\":%s",
                lambda, sigma, seed, seeds, fall_cost, players, half_time, single_half ? "true" : "false");
  settings += numbers;
  settings += ",\"objective\":" + batch::json_string(objective) + ",\"trial\":" + batch::json_string(trial_cmd) +
              ",\"objective_args\":" + batch::json_string(objective_args) + ",\"world\":" + batch::json_string(world) +
              ",\"server\":" + batch::json_string(server) + ",\"match_args\":" + batch::json_string(match_args) + "}\n";
  // A run this --out already holds goes on after its last recorded
  // generation when its settings are these (an interrupted run, or one given
  // more --generations); with other settings it is refused, not mixed in.
  int first_generation = 0;
  bool had_records = false;
  const std::string recorded = read_text(out + "/generations.jsonl", &had_records);
  if (had_records) {
    bool had_settings = false;
    const std::string previous = read_text(out + "/run.json", &had_settings);
    if (!had_settings || previous != settings)
      return usage_error("optimize", "--out " + out + " holds a run with other settings (" +
                                         (had_settings ? "its run.json differs" : "it has no run.json") +
                                         "): choose another --out, or remove it to start over");
    Result<std::vector<optimize::Generation>> done = optimize::read_generations(recorded, lambda, n);
    if (!done.ok()) {
      std::fprintf(stderr, "libero optimize: cannot resume the run in %s: %s\n", out.c_str(), done.error().message.c_str());
      return kExitFailure;
    }
    for (const optimize::Generation& g : *done) {
      const std::vector<Eigen::VectorXd>& x = cmaes.ask();
      std::vector<double> fitness(x.size());
      for (size_t k = 0; k < x.size(); ++k) {
        const std::vector<double> v = box.values(x[k]);
        for (int i = 0; i < n; ++i) {
          const size_t u = static_cast<size_t>(i);
          if (std::fabs(v[u] - g.values[k][u]) > 1e-4 * (box.hi[u] - box.lo[u])) {
            std::fprintf(stderr,
                         "libero optimize: cannot resume the run in %s: generation %d's candidate %zu was %g for %s, "
                         "this run draws %g (remove %s to start over)\n",
                         out.c_str(), g.index + 1, k, g.values[k][u], names[u].c_str(), v[u], out.c_str());
            return kExitFailure;
          }
        }
        fitness[k] = g.fitness[k] - bench::box_penalty(x[k]);
        if (g.fitness[k] > best_fitness) {
          best_fitness = g.fitness[k];
          best_values = v;
        }
      }
      cmaes.tell(fitness);
      records.push_back(g);
      jsonl += optimize::generation_json(g) + "\n";
    }
    first_generation = static_cast<int>(done->size());
  } else if (Status written = batch::write_file_atomically(out + "/run.json", settings); !written.ok()) {
    std::fprintf(stderr, "libero optimize: %s\n", written.error().message.c_str());
    return kExitFailure;
  }
  if (!quiet)
    std::fprintf(stderr, "libero optimize: %d parameters of %s, %d generations of %d, %d trials each, %s backend%s\n", n,
                 relative.c_str(), generations, lambda, seeds * (objective == "match" ? 2 : 1), backend.c_str(),
                 first_generation > 0 ? (", resuming after generation " + std::to_string(first_generation)).c_str() : "");
  for (int g = first_generation; g < generations; ++g) {
    Clock::time_point gen_begin = Clock::now();
    const std::vector<Eigen::VectorXd>& x = cmaes.ask();
    const std::string folder = out + "/trials/gen-" + std::to_string(g);
    std::vector<std::string> trees;
    optimize::Generation record;
    record.index = g;
    for (size_t k = 0; k < x.size(); ++k) {
      std::string dir = folder + "/cand-" + std::to_string(k) + "/" + fs::path(tree).filename().string();
      record.values.push_back(box.values(x[k]));
      if (Status made = make_tree(dir, record.values.back()); !made.ok()) {
        std::fprintf(stderr, "libero optimize: %s\n", made.error().message.c_str());
        return kExitFailure;
      }
      trees.push_back(dir);
    }
    // Fresh seeds each generation; the same for every candidate of it (a fair comparison).
    std::vector<int> trial_seeds;
    for (int s = 0; s < seeds; ++s) trial_seeds.push_back(seed * 100000 + g * 100 + s + 1);
    Result<Scored> scored = score(folder, trees, trial_seeds);
    if (!scored.ok()) {
      std::fprintf(stderr, "libero optimize: %s\n", scored.error().describe().c_str());
      return kExitFailure;
    }
    if (scored->interrupted) {
      std::fprintf(stderr, "libero optimize: interrupted in generation %d\n", g);
      return 130;
    }
    std::vector<double> fitness(x.size());
    for (size_t k = 0; k < x.size(); ++k) {
      fitness[k] = scored->fitness[k] - bench::box_penalty(x[k]);
      if (scored->fitness[k] > best_fitness) {
        best_fitness = scored->fitness[k];
        best_values = record.values[k];
      }
    }
    cmaes.tell(fitness);
    record.sigma = cmaes.sigma();
    record.fitness = scored->fitness;
    record.mean = box.values(cmaes.mean());
    record.trials = scored->trials;
    record.failed_trials = scored->failed;
    record.trial_seconds = scored->trial_seconds;
    record.batch_seconds = scored->batch_seconds;
    double total = seconds_since(gen_begin);
    record.overhead_seconds = total - scored->batch_seconds;
    records.push_back(record);
    jsonl += optimize::generation_json(record) + "\n";
    (void)batch::write_file_atomically(out + "/generations.jsonl", jsonl);
    (void)batch::write_file_atomically(out + "/plot.html", optimize::progress_html(title, names, records, held));
    if (!quiet) {
      double best = -INFINITY;
      for (double f : scored->fitness) best = std::max(best, f);
      std::fprintf(stderr,
                   "generation %d/%d: best %+.3f, sigma %.3f, %d trials (%d failed) in %.1f s, optimiser overhead "
                   "%.3f s (%.2f %% of the trials' time)\n",
                   g + 1, generations, best, record.sigma, record.trials, record.failed_trials, record.batch_seconds,
                   record.overhead_seconds,
                   record.trial_seconds > 0 ? 100 * record.overhead_seconds / record.trial_seconds : 0.0);
    }
    // Every trial of a generation failed for good: the trial command or the
    // data is broken, and further generations would only repeat the failure
    // (a broken command once ran all its generations at fitness -1e9).
    if (scored->trials > 0 && scored->failed == scored->trials) {
      std::fprintf(stderr,
                   "libero optimize: every trial of generation %d failed (the reasons are above); stopping: check "
                   "the trial command and the data file\n",
                   g + 1);
      return kExitFailure;
    }
  }

  // Held out: seeds no generation drew.
  std::vector<std::vector<double>> points = {box.values(start), box.values(cmaes.mean()), best_values};
  std::vector<std::string> point_names = {"start", "final mean", "best candidate"};
  if (holdout > 0) {
    std::vector<std::string> trees;
    for (size_t p = 0; p < points.size(); ++p) {
      std::string dir = out + "/trials/holdout/point-" + std::to_string(p) + "/" + fs::path(tree).filename().string();
      if (Status made = make_tree(dir, points[p]); !made.ok()) {
        std::fprintf(stderr, "libero optimize: %s\n", made.error().message.c_str());
        return kExitFailure;
      }
      trees.push_back(dir);
    }
    std::vector<int> trial_seeds;
    for (int s = 0; s < holdout; ++s) trial_seeds.push_back(seed * 100000 + 99000 + s + 1);
    Result<Scored> scored = score(out + "/trials/holdout", trees, trial_seeds);
    if (!scored.ok()) {
      std::fprintf(stderr, "libero optimize: %s\n", scored.error().describe().c_str());
      return kExitFailure;
    }
    if (scored->interrupted) {
      std::fprintf(stderr, "libero optimize: interrupted in the held-out games\n");
      return 130;
    }
    for (size_t p = 0; p < points.size(); ++p)
      held.push_back({point_names[p], points[p], scored->fitness[p], scored->games[p]});
  }
  // The file written: the best held-out point (the search's best candidate without held-out games).
  size_t chosen = 2;
  if (!held.empty()) {
    chosen = 0;
    for (size_t p = 1; p < held.size(); ++p)
      if (held[p].fitness > held[chosen].fitness) chosen = p;
  }
  std::map<std::string, double> edits;
  for (int i = 0; i < n; ++i) edits[names[static_cast<size_t>(i)]] = points[chosen][static_cast<size_t>(i)];
  // The start kept is the file as it was, byte for byte.
  Result<std::string> best_text = chosen == 0 ? Result<std::string>(original) : optimize::set_number_fields(original, edits);
  std::string result = "{\"file\":" + batch::json_string(file_abs) + ",\"chosen\":" + batch::json_string(point_names[chosen]) +
                       ",\"params\":[";
  for (int i = 0; i < n; ++i) {
    const auto& s = (*specs)[static_cast<size_t>(i)];
    char buf[160];
    std::snprintf(buf, sizeof buf, ",\"lo\":%.6g,\"hi\":%.6g,\"start\":%.6g,\"chosen\":%.6g}", s.lo, s.hi, s.start,
                  points[chosen][static_cast<size_t>(i)]);
    result += std::string(i ? "," : "") + "{\"name\":" + batch::json_string(s.path) + buf;
  }
  result += "],\"holdout\":[";
  for (size_t p = 0; p < held.size(); ++p) {
    char buf[96];
    std::snprintf(buf, sizeof buf, ",\"fitness\":%.6g,\"trials\":%d}", held[p].fitness, held[p].games);
    result += std::string(p ? "," : "") + "{\"point\":" + batch::json_string(held[p].name) + buf;
  }
  result += "]}\n";
  bool written = best_text.ok() && batch::write_file_atomically(out + "/best.lua", *best_text).ok() &&
                 batch::write_file_atomically(out + "/result.json", result).ok() &&
                 batch::write_file_atomically(out + "/plot.html", optimize::progress_html(title, names, records, held)).ok();
  std::printf("%s\n", title.c_str());
  for (const optimize::Holdout& h : held)
    std::printf("held out %-15s fitness %+.3f over %d trials\n", h.name.c_str(), h.fitness, h.games);
  std::printf("chosen: %s\n", point_names[chosen].c_str());
  for (int i = 0; i < n; ++i)
    std::printf("  %-30s %.6g (start %.6g, range %g..%g)\n", names[static_cast<size_t>(i)].c_str(),
                points[chosen][static_cast<size_t>(i)], (*specs)[static_cast<size_t>(i)].start,
                (*specs)[static_cast<size_t>(i)].lo, (*specs)[static_cast<size_t>(i)].hi);
  std::printf("best.lua   %s/best.lua\nplot       %s/plot.html\nrecords    %s/generations.jsonl\n", out.c_str(),
              out.c_str(), out.c_str());
  return written ? kExitOk : kExitFailure;
}

}  // namespace libero::cli
