// A tournament: teams, the schedule of games between them (every pairing,
// both sides, N seeds), each game's result read from its `libero match`
// summary, the results file that lets an interrupted tournament resume, and
// the table: per pairing W/D/L, goals, mean goal difference with a 95 %
// confidence interval, shots, falls, crashed agents; a Bradley-Terry rating
// across teams. Rendered as text, JSON and an HTML page.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace libero::tournament {

struct Team {
  std::string name;
  std::string scripts;  // a folder of behaviour scripts, or
  std::string command;  // an external team's start command (libero match --left-cmd)
};

// "NAME=DIR", "NAME=cmd:COMMAND" or "DIR" (named after the folder). Names
// are 1-31 characters of letters, digits, '_', '.' and '-' (a server team
// name and a file name at once).
Result<Team> parse_team(const std::string& text);

struct GameSpec {
  std::string id;  // "<left>-<right>-s<seed>"
  int left = 0, right = 0;  // indices into the team list
  int seed = 1;
};

// round-robin: every pair of teams; gauntlet: the first team against each
// other one. Each pairing is played with both sides and every seed.
Result<std::vector<GameSpec>> make_schedule(const std::vector<Team>& teams, const std::string& kind,
                                            const std::vector<int>& seeds);

struct GameResult {
  std::string id, left, right;
  int seed = 0;
  int goals[2] = {0, 0}, shots[2] = {0, 0}, falls[2] = {0, 0}, crashed[2] = {0, 0};
  double game_time = 0, wall_seconds = 0;
  int attempts = 1;
  std::string report;  // the game's HTML report, relative to the tournament folder
};

struct FailedGame {
  std::string id, left, right;
  int seed = 0;
  std::vector<std::string> failures;
};

// Reads and checks a game's summary JSON: the teams and seed it was run
// for, a finished (not interrupted) game, and well-formed counts. Anything
// else is an error saying what is wrong, so garbage never enters a table.
Result<GameResult> read_game_summary(const std::string& path, const GameSpec& spec, const std::vector<Team>& teams);

// The results file: the settings the games were played with (a JSON
// object's text, compared on resume) and every game played so far.
struct Results {
  std::string settings_json;
  std::vector<GameResult> games;
  std::vector<FailedGame> failed;
};
std::string results_to_json(const Results& results);
Result<Results> results_from_json(const std::string& text);

struct PairingRow {
  int a = 0, b = 0;  // team indices, a before b in the team list; counts are a's then b's
  int games = 0, wins = 0, draws = 0, losses = 0, failed = 0;
  int goals[2] = {0, 0}, shots[2] = {0, 0}, falls[2] = {0, 0}, crashed[2] = {0, 0};
  double mean_gd = 0;             // a's goals minus b's, per game
  double ci_low = 0, ci_high = 0;  // 95 % confidence interval of the mean (Student's t); needs 2 games
  bool has_ci = false;
};

struct TeamRow {
  int team = 0;
  int games = 0;
  double points = 0;  // wins + half the draws
  double rating = 0;  // Bradley-Terry strength on the Elo scale (400 log10), mean 0
};

struct Table {
  std::vector<PairingRow> pairings;
  std::vector<TeamRow> teams;  // by rating, best first
};

Table make_table(const std::vector<Team>& teams, const std::vector<GameResult>& games,
                 const std::vector<FailedGame>& failed);

// The 97.5 % quantile of Student's t distribution with `df` degrees of freedom.
double student_t_975(int df);

// Bradley-Terry strengths from wins[i][j] (i beat j; draws count half to
// each), by minorise-maximise iterations, with one virtual draw added to
// every pair that met so an unbeaten team stays finite. Returns the
// ratings on the Elo scale (400 log10 strength), mean 0.
std::vector<double> bradley_terry(const std::vector<std::vector<double>>& wins);

struct Header {
  std::string title;     // one line: what was played
  int scheduled = 0;     // games in the schedule
};
std::string table_text(const Header& header, const std::vector<Team>& teams, const Table& table,
                       const Results& results);
std::string table_json(const Header& header, const std::vector<Team>& teams, const Table& table,
                       const Results& results);
std::string table_html(const Header& header, const std::vector<Team>& teams, const Table& table,
                       const Results& results);

}  // namespace libero::tournament
