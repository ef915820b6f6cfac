// `libero tournament`: plays a schedule of games (every pairing of the
// teams, both sides, N seeds), each a `libero match` child run through the
// batch layer (local pool or Slurm), and writes one table. The results file
// is rewritten atomically after every game, so an interrupted tournament
// resumes where it stopped.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "agent/data_paths.h"
#include "cli_common.h"
#include "commands.h"
#include "options.h"
#include "tools/batch/batch.h"
#include "tools/batch/json.h"
#include "tools/tournament/tournament.h"

namespace libero::cli {
namespace {

namespace fs = std::filesystem;

volatile std::sig_atomic_t g_stop = 0;
void on_signal(int) { g_stop = 1; }

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// "3" -> 1,2,3; "4-6" -> 4,5,6; "1,5,9" -> 1,5,9.
Result<std::vector<int>> parse_seeds(const std::string& text) {
  std::vector<int> seeds;
  auto number = [](const std::string& s, int* out) {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) return false;
    *out = std::stoi(s);
    return true;
  };
  if (text.find(',') != std::string::npos) {
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
      int v = 0;
      if (!number(item, &v)) return make_error("--seeds: '" + item + "' is not a seed");
      seeds.push_back(v);
    }
  } else if (size_t dash = text.find('-'); dash != std::string::npos) {
    int a = 0, b = 0;
    if (!number(text.substr(0, dash), &a) || !number(text.substr(dash + 1), &b) || b < a || b - a >= 10000)
      return make_error("--seeds: '" + text + "' is not a range FIRST-LAST");
    for (int s = a; s <= b; ++s) seeds.push_back(s);
  } else {
    int n = 0;
    if (!number(text, &n) || n < 1 || n > 10000) return make_error("--seeds: '" + text + "' is not a count from 1 to 10000");
    for (int s = 1; s <= n; ++s) seeds.push_back(s);
  }
  std::set<int> unique(seeds.begin(), seeds.end());
  if (unique.size() != seeds.size()) return make_error("--seeds: a seed is listed twice");
  return seeds;
}

bool write_outputs(const std::string& out, const tournament::Header& header, const std::vector<tournament::Team>& teams,
                   const tournament::Results& results) {
  tournament::Table table = tournament::make_table(teams, results.games, results.failed);
  bool ok = true;
  for (auto [name, text] : {std::pair<std::string, std::string>{"results.json", tournament::results_to_json(results)},
                            {"table.txt", tournament::table_text(header, teams, table, results)},
                            {"table.json", tournament::table_json(header, teams, table, results)},
                            {"index.html", tournament::table_html(header, teams, table, results)}}) {
    Status written = batch::write_file_atomically(out + "/" + name, text);
    if (!written.ok()) {
      std::fprintf(stderr, "libero tournament: %s\n", written.error().message.c_str());
      ok = false;
    }
  }
  return ok;
}

}  // namespace

int run_tournament(int argc, char** argv) {
  std::string world = "sim", server = "builtin", seeds_text = "2", schedule = "round-robin", out = "out/tournament";
  std::string backend = "local", match_args, sbatch_args, binary;
  int players = 3, workers = 0, retries = 2;
  double half_time = 120, timeout = 0;
  bool single_half = false, quiet = false, verbose = false;
  const std::vector<Option> table = {
      {"seeds", OptionKind::kString, &seeds_text, "SEEDS", "seeds per pairing and side: N (1..N), FIRST-LAST or a,b,c (default 2)"},
      {"schedule", OptionKind::kString, &schedule, "KIND", "round-robin (every pair, default) or gauntlet (the first team against each other)"},
      {"world", OptionKind::kString, &world, "WORLD", "sim (default) or mock, as libero match"},
      {"server", OptionKind::kString, &server, "NAME", "builtin (default) or rcssserver3d, as libero match"},
      {"players", OptionKind::kInt, &players, "N", "players per team (default 3)", 1, 11},
      {"half-time", OptionKind::kDouble, &half_time, "S", "game seconds per half (default 120)", 1, 3600},
      {"single-half", OptionKind::kFlag, &single_half, "", "play one half only"},
      {"match-args", OptionKind::kString, &match_args, "ARGS", "more libero match options for every game, e.g. \"--slip 0.005\""},
      {"out", OptionKind::kString, &out, "DIR", "tournament folder: results, tables, games/ (default out/tournament)"},
      {"backend", OptionKind::kString, &backend, "NAME", "local (a process pool, default) or slurm (job arrays via sbatch)"},
      {"workers", OptionKind::kInt, &workers, "N", "local: games at once (default: the cores available, never more); slurm: array throttle", 0, 100000},
      {"retries", OptionKind::kInt, &retries, "N", "extra attempts for a game that crashed, hung or wrote garbage (default 2)", 0, 20},
      {"timeout", OptionKind::kDouble, &timeout, "S", "wall seconds per game attempt (default 120 + 3 x game seconds)", 1, 1e6},
      {"sbatch-args", OptionKind::kString, &sbatch_args, "ARGS", "slurm: more sbatch options, e.g. \"--partition=batch\""},
      {"libero", OptionKind::kString, &binary, "PATH", "the libero binary that plays the games (default: this one)"},
      {"quiet", OptionKind::kFlag, &quiet, "", "no progress lines"},
      {"verbose", OptionKind::kFlag, &verbose, "", "a line for every game started, too"},
  };
  Result<ParsedArgs> parsed = parse_options(table, argc, argv);
  if (!parsed.ok()) return usage_error("tournament", parsed.error().message);
  if (parsed->help) {
    print_help(stdout, "libero tournament [options] TEAM TEAM...",
               "Plays every pairing of the teams (both sides, each seed) as libero match games and writes, in\n"
               "--out: results.json (every game played; running the same command again skips them, so an\n"
               "interrupted tournament resumes), table.txt / table.json / index.html (per pairing W-D-L, goals,\n"
               "mean goal difference with a 95 % confidence interval, shots, falls, crashed agents, failed\n"
               "games; a Bradley-Terry rating) and games/<id>/ (each game's log, summary and report).\n"
               "TEAM is NAME=DIR (behaviour scripts), NAME=cmd:COMMAND (an external team, as libero match\n"
               "--left-cmd) or DIR. A game that crashes, hangs or writes garbage is retried, then reported.\n"
               "Exit codes: 0 all played, 1 a game failed for good or a runtime error, 2 bad arguments,\n"
               "130 interrupted (run it again to resume).",
               table);
    return kExitOk;
  }
  std::vector<tournament::Team> teams;
  for (const std::string& arg : parsed->positional) {
    Result<tournament::Team> team = tournament::parse_team(arg);
    if (!team.ok()) return usage_error("tournament", team.error().message);
    if (!team->scripts.empty()) {
      if (!fs::is_directory(team->scripts))
        return usage_error("tournament", "team " + team->name + ": '" + team->scripts + "' is not a folder of behaviour scripts");
      team->scripts = fs::weakly_canonical(team->scripts).string();
    }
    teams.push_back(*team);
  }
  Result<std::vector<int>> seeds = parse_seeds(seeds_text);
  if (!seeds.ok()) return usage_error("tournament", seeds.error().message);
  Result<std::vector<tournament::GameSpec>> games = tournament::make_schedule(teams, schedule, *seeds);
  if (!games.ok()) return usage_error("tournament", games.error().message);
  if (world != "sim" && world != "mock") return usage_error("tournament", "--world must be sim or mock, got '" + world + "'");
  if (server != "builtin" && server != "rcssserver3d")
    return usage_error("tournament", "--server must be builtin or rcssserver3d, got '" + server + "'");
  if (backend != "local" && backend != "slurm")
    return usage_error("tournament", "--backend must be local or slurm, got '" + backend + "'");
  const int cores = batch::available_cores();
  if (backend == "local" && workers > cores)
    return usage_error("tournament", "--workers " + std::to_string(workers) + ": this process may use " +
                                         std::to_string(cores) + " cores, and the pool never runs more games than cores");
  std::vector<std::string> extra = split_words(match_args);
  for (const std::string& word : extra) {
    for (const char* own : {"--out", "--name", "--seed", "--left", "--right", "--left-name", "--right-name", "--left-cmd",
                            "--right-cmd", "--world", "--server", "--players", "--half-time", "--single-half", "--quiet"}) {
      if (word == own || word.rfind(std::string(own) + "=", 0) == 0)
        return usage_error("tournament", "--match-args: " + std::string(own) + " is set by the tournament itself");
    }
  }
  if (binary.empty()) binary = running_binary_path();
  else if (access(binary.c_str(), X_OK) != 0) return usage_error("tournament", "--libero: '" + binary + "' is not executable");
  const double game_seconds = half_time * (single_half ? 1 : 2);
  if (timeout == 0) timeout = 120 + 3 * game_seconds;

  // What makes two runs the same tournament: the teams and how games are played.
  std::string settings = "{\"world\":" + batch::json_string(world) + ",\"server\":" + batch::json_string(server) +
                         ",\"players\":" + batch::json_string(std::to_string(players)) +
                         ",\"half_time\":" + batch::json_string(std::to_string(half_time)) +
                         ",\"single_half\":" + batch::json_string(single_half ? "yes" : "no") + ",\"match_args\":[";
  for (size_t i = 0; i < extra.size(); ++i) settings += (i ? "," : "") + batch::json_string(extra[i]);
  settings += "],\"teams\":[";
  for (size_t i = 0; i < teams.size(); ++i)
    settings += (i ? "," : "") + batch::json_string(teams[i].name + (teams[i].command.empty() ? "=" + teams[i].scripts
                                                                                              : "=cmd:" + teams[i].command));
  settings += "]}";

  std::error_code ec;
  fs::create_directories(out + "/games", ec);
  if (!fs::is_directory(out + "/games")) {
    std::fprintf(stderr, "libero tournament: cannot create %s/games\n", out.c_str());
    return kExitFailure;
  }
  tournament::Results results;
  results.settings_json = settings;
  const std::string results_path = out + "/results.json";
  if (fs::exists(results_path)) {
    std::ifstream in(results_path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    Result<tournament::Results> previous = tournament::results_from_json(text.str());
    if (!previous.ok()) {
      std::fprintf(stderr, "libero tournament: %s: %s (move it away to start afresh)\n", results_path.c_str(),
                   previous.error().describe().c_str());
      return kExitFailure;
    }
    if (previous->settings_json != settings)
      return usage_error("tournament", out + " holds a tournament with other teams or game settings; use another --out");
    std::set<std::string> scheduled;
    for (const auto& g : *games) scheduled.insert(g.id);
    for (const auto& g : previous->games)
      if (scheduled.count(g.id)) results.games.push_back(g);
  }
  std::set<std::string> done;
  for (const auto& g : results.games) done.insert(g.id);

  std::vector<batch::Job> jobs;
  std::vector<const tournament::GameSpec*> spec_of;
  for (const tournament::GameSpec& g : *games) {
    if (done.count(g.id)) continue;
    batch::Job job;
    job.id = g.id;
    job.dir = fs::absolute(out + "/games/" + g.id).string();
    job.timeout_s = timeout;
    job.argv = {binary, "match", "--quiet", "--out", job.dir, "--name", "game", "--seed", std::to_string(g.seed),
                "--world", world, "--server", server, "--players", std::to_string(players), "--half-time",
                std::to_string(half_time), "--left-name", teams[g.left].name, "--right-name", teams[g.right].name};
    if (single_half) job.argv.push_back("--single-half");
    for (int side = 0; side < 2; ++side) {
      const tournament::Team& t = teams[side == 0 ? g.left : g.right];
      job.argv.push_back(t.command.empty() ? (side == 0 ? "--left" : "--right") : (side == 0 ? "--left-cmd" : "--right-cmd"));
      job.argv.push_back(t.command.empty() ? t.scripts : t.command);
    }
    job.argv.insert(job.argv.end(), extra.begin(), extra.end());
    jobs.push_back(job);
    spec_of.push_back(&g);
  }

  tournament::Header header;
  char title[256];
  std::snprintf(title, sizeof title, "Tournament: %zu teams, %s, %zu seeds, %d vs %d, %s, %s of %g s", teams.size(),
                schedule.c_str(), seeds->size(), players, players,
                world == "mock" ? "mock world" : server == "builtin" ? "built-in simulator" : "rcssserver3d",
                single_half ? "one half" : "two halves", half_time);
  header.title = title;
  header.scheduled = static_cast<int>(games->size());
  if (!quiet)
    std::fprintf(stderr, "libero tournament: %zu games (%zu already played), %s backend\n", games->size(),
                 results.games.size(), backend.c_str());

  auto summary_of = [&](const batch::Job& job) -> Result<tournament::GameResult> {
    size_t i = static_cast<size_t>(&job - jobs.data());
    return tournament::read_game_summary(job.dir + "/game.summary.json", *spec_of[i], teams);
  };
  batch::Options options;
  options.backend = backend;
  options.workers = workers;
  options.retries = retries;
  options.scratch_dir = fs::absolute(out + "/slurm").string();
  options.sbatch_args = split_words(sbatch_args);
  options.stop = &g_stop;
  if (!quiet)
    options.progress = [&](const std::string& line) {
      // Failures, retries and submissions always; starts and ends (also in the game lines) with --verbose.
      if (verbose || (line.find(": started") == std::string::npos && line.find(": done (") == std::string::npos))
        std::fprintf(stderr, "  %s\n", line.c_str());
    };
  bool writes_ok = write_outputs(out, header, teams, results);
  int failed = 0;
  auto validate = [&](const batch::Job& job) -> Status {
    Result<tournament::GameResult> r = summary_of(job);
    if (!r.ok()) return r.error();
    return {};
  };
  auto on_done = [&](const batch::Job& job, const batch::JobOutcome& outcome) {
    size_t i = static_cast<size_t>(&job - jobs.data());
    const tournament::GameSpec& spec = *spec_of[i];
    if (outcome.ok) {
      Result<tournament::GameResult> r = summary_of(job);
      if (r.ok()) {
        r->attempts = outcome.attempts;
        r->wall_seconds = outcome.wall_seconds;
        r->report = "games/" + spec.id + "/game.html";
        results.games.push_back(*r);
        if (!quiet)
          std::fprintf(stderr, "[%zu/%d] %s %d:%d\n", results.games.size(), header.scheduled, spec.id.c_str(), r->goals[0],
                       r->goals[1]);
      }
    } else {
      ++failed;
      tournament::FailedGame f{spec.id, teams[spec.left].name, teams[spec.right].name, spec.seed, outcome.failures};
      results.failed.push_back(f);
      if (!quiet) std::fprintf(stderr, "[failed] %s after %d attempts\n", spec.id.c_str(), outcome.attempts);
    }
    writes_ok = write_outputs(out, header, teams, results) && writes_ok;
  };
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  Result<batch::Report> report = batch::run(jobs, options, validate, on_done);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  if (!report.ok()) {
    std::fprintf(stderr, "libero tournament: %s\n", report.error().describe().c_str());
    return kExitFailure;
  }
  writes_ok = write_outputs(out, header, teams, results) && writes_ok;
  tournament::Table final_table = tournament::make_table(teams, results.games, results.failed);
  std::printf("%s", tournament::table_text(header, teams, final_table, results).c_str());
  std::printf("results %s/results.json\ntable   %s/table.txt, %s/table.json\nreport  %s/index.html\n", out.c_str(),
              out.c_str(), out.c_str(), out.c_str());
  if (report->interrupted) {
    std::fprintf(stderr, "libero tournament: interrupted with %zu of %d games played; run the same command to resume\n",
                 results.games.size(), header.scheduled);
    return 130;
  }
  return failed == 0 && writes_ok ? kExitOk : kExitFailure;
}

}  // namespace libero::cli
