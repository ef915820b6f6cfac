// The tournament's pieces without running games: team arguments, the
// schedule, reading (and refusing) game summaries, the results file round
// trip, and the table's statistics: W/D/L from each side, the mean goal
// difference's 95 % interval, and the Bradley-Terry rating.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tools/tournament/tournament.h"

using namespace libero::tournament;

namespace {

struct TempFile {
  std::string path;
  explicit TempFile(const std::string& text) {
    char pattern[] = "/tmp/libero-tournament-test-XXXXXX";
    int fd = ::mkstemp(pattern);
    path = pattern;
    ::close(fd);
    std::ofstream(path) << text;
  }
  ~TempFile() { std::remove(path.c_str()); }
};

const char* kSummary =
    R"({"team_left":"A","team_right":"B","score":[2,1],"game_time":10.00,"cycles":500,"wall_seconds":1.20,"seed":3,)"
    R"("finished":true,"interrupted":false,"possession":[0.5,0.5],"shots":[4,2],"goals":[],"agents":[)"
    R"({"team":0,"unum":1,"type":0,"falls":2,"crashed":false,"missed_cycles":0,"problem":""},)"
    R"({"team":0,"unum":2,"type":0,"falls":1,"crashed":true,"missed_cycles":0,"problem":"exit 1"},)"
    R"({"team":1,"unum":1,"type":0,"falls":5,"crashed":false,"missed_cycles":0,"problem":""}]})";

GameResult game(const std::string& left, const std::string& right, int gl, int gr) {
  GameResult g;
  g.id = left + "-" + right;
  g.left = left;
  g.right = right;
  g.goals[0] = gl;
  g.goals[1] = gr;
  g.shots[0] = 10 + gl;
  g.shots[1] = 20 + gr;
  return g;
}

}  // namespace

TEST_CASE("team arguments: folders, external commands, names") {
  auto folder = parse_team("Mine=/tmp/some/scripts");
  REQUIRE(folder.ok());
  CHECK(folder->name == "Mine");
  CHECK(folder->scripts == "/tmp/some/scripts");
  auto bare = parse_team("teams/baseline_team/");
  REQUIRE(bare.ok());
  CHECK(bare->name == "baseline_team");
  auto external = parse_team("UTA=cmd:utaustinvilla");
  REQUIRE(external.ok());
  CHECK(external->command == "utaustinvilla");
  CHECK(external->scripts.empty());
  auto bare_command = parse_team("cmd:x");  // without NAME=, a folder named cmd:x, refused by its name
  CHECK_FALSE(bare_command.ok());
  CHECK_FALSE(parse_team("=cmd:x").ok());
  CHECK_FALSE(parse_team("X=cmd:").ok());
  CHECK_FALSE(parse_team("X=").ok());
  CHECK_FALSE(parse_team("bad name=/tmp").ok());
  CHECK_FALSE(parse_team("A(1)=/tmp").ok());
  CHECK_FALSE(parse_team(std::string(32, 'x') + "=/tmp").ok());
}

TEST_CASE("the schedule: every pairing, both sides, every seed") {
  std::vector<Team> teams = {{"A", "a", ""}, {"B", "b", ""}, {"C", "c", ""}};
  auto rr = make_schedule(teams, "round-robin", {1, 2});
  REQUIRE(rr.ok());
  CHECK(rr->size() == 3 * 2 * 2);
  int a_left = 0, a_right = 0;
  for (const auto& g : *rr) {
    a_left += g.left == 0;
    a_right += g.right == 0;
    CHECK(g.left != g.right);
  }
  CHECK(a_left == a_right);  // both sides equally
  CHECK((*rr)[0].id == "A-B-s1");
  CHECK((*rr)[1].id == "B-A-s1");
  auto gauntlet = make_schedule(teams, "gauntlet", {5});
  REQUIRE(gauntlet.ok());
  CHECK(gauntlet->size() == 4);
  for (const auto& g : *gauntlet) CHECK((g.left == 0 || g.right == 0));
  CHECK_FALSE(make_schedule({teams[0]}, "round-robin", {1}).ok());
  CHECK_FALSE(make_schedule({teams[0], teams[0]}, "round-robin", {1}).ok());
  CHECK_FALSE(make_schedule(teams, "swiss", {1}).ok());
  CHECK_FALSE(make_schedule(teams, "round-robin", {}).ok());
}

TEST_CASE("a game's summary is read and checked") {
  std::vector<Team> teams = {{"A", "a", ""}, {"B", "b", ""}};
  GameSpec spec{"A-B-s3", 0, 1, 3};
  TempFile good(kSummary);
  auto r = read_game_summary(good.path, spec, teams);
  REQUIRE(r.ok());
  CHECK(r->goals[0] == 2);
  CHECK(r->goals[1] == 1);
  CHECK(r->shots[0] == 4);
  CHECK(r->falls[0] == 3);
  CHECK(r->falls[1] == 5);
  CHECK(r->crashed[0] == 1);
  CHECK(r->crashed[1] == 0);

  GameSpec other_seed{"A-B-s4", 0, 1, 4};
  CHECK_FALSE(read_game_summary(good.path, other_seed, teams).ok());
  GameSpec swapped{"B-A-s3", 1, 0, 3};
  CHECK_FALSE(read_game_summary(good.path, swapped, teams).ok());
  std::string text = kSummary;
  auto with = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  for (const std::string& broken :
       {text.substr(0, text.size() / 2), std::string("garbage"), std::string(""),
        with("\"interrupted\":false", "\"interrupted\":true"), with("\"finished\":true", "\"finished\":false"),
        with("\"score\":[2,1]", "\"score\":[2]"), with("\"score\":[2,1]", "\"score\":[-1,1]"),
        with("\"falls\":5", "\"falls\":\"5\""), with("\"team\":1", "\"team\":2")}) {
    TempFile bad(broken);
    CHECK_MESSAGE(!read_game_summary(bad.path, spec, teams).ok(), broken);
  }
  CHECK_FALSE(read_game_summary("/nonexistent/summary.json", spec, teams).ok());
}

TEST_CASE("the results file round-trips and refuses garbage") {
  Results results;
  results.settings_json = R"({"world":"sim","match_args":["--slip","0.005"],"teams":["A=/x","B=cmd:y \"z\""]})";
  GameResult g = game("A", "B", 3, 1);
  g.seed = 7;
  g.falls[1] = 4;
  g.crashed[0] = 1;
  g.attempts = 2;
  g.report = "games/A-B-s7/game.html";
  results.games.push_back(g);
  results.failed.push_back({"B-A-s7", "B", "A", 7, {"attempt 1: exit status 1"}});
  auto back = results_from_json(results_to_json(results));
  REQUIRE(back.ok());
  CHECK(back->settings_json == results.settings_json);
  REQUIRE(back->games.size() == 1);
  CHECK(back->games[0].goals[0] == 3);
  CHECK(back->games[0].falls[1] == 4);
  CHECK(back->games[0].crashed[0] == 1);
  CHECK(back->games[0].attempts == 2);
  CHECK(back->games[0].report == g.report);
  CHECK(back->failed.empty());  // failed games are played again
  std::string json = results_to_json(results);
  CHECK_FALSE(results_from_json(json.substr(0, json.size() - 5)).ok());
  CHECK_FALSE(results_from_json("{\"format\":\"something else\"}").ok());
  CHECK_FALSE(results_from_json("[]").ok());
}

TEST_CASE("Student's t quantiles") {
  CHECK(student_t_975(1) == doctest::Approx(12.706));
  CHECK(student_t_975(10) == doctest::Approx(2.228));
  CHECK(student_t_975(30) == doctest::Approx(2.042));
  CHECK(student_t_975(40) == doctest::Approx(2.021).epsilon(0.001));
  CHECK(student_t_975(120) == doctest::Approx(1.980).epsilon(0.001));
  CHECK(std::isnan(student_t_975(0)));
}

TEST_CASE("the table counts each pairing from both sides") {
  std::vector<Team> teams = {{"A", "a", ""}, {"B", "b", ""}, {"C", "c", ""}};
  // A vs B from A's side: +2, 0, +1, -1 (two games with A on the right).
  std::vector<GameResult> games = {game("A", "B", 2, 0), game("B", "A", 1, 1), game("B", "A", 0, 1),
                                   game("A", "B", 0, 1), game("C", "A", 0, 3)};
  games[0].falls[0] = 5;  // A's, as left
  games[1].falls[1] = 2;  // A's, as right
  games[1].crashed[0] = 1;  // B's, as left
  std::vector<FailedGame> failed = {{"A-C-s1", "A", "C", 1, {"attempt 1: exit status 1"}}};
  Table table = make_table(teams, games, failed);
  REQUIRE(table.pairings.size() == 2);
  const PairingRow& ab = table.pairings[0];
  CHECK(ab.a == 0);
  CHECK(ab.b == 1);
  CHECK(ab.games == 4);
  CHECK(ab.wins == 2);
  CHECK(ab.draws == 1);
  CHECK(ab.losses == 1);
  CHECK(ab.goals[0] == 4);
  CHECK(ab.goals[1] == 2);
  // game() gives the left side 10 + goals shots and the right 20 + goals: A was left twice, right twice.
  CHECK(ab.shots[0] == (10 + 2) + (20 + 1) + (20 + 1) + (10 + 0));
  CHECK(ab.shots[1] == (20 + 0) + (10 + 1) + (10 + 0) + (20 + 1));
  CHECK(ab.falls[0] == 7);
  CHECK(ab.crashed[1] == 1);
  CHECK(ab.mean_gd == doctest::Approx(0.5));
  // sd of {2,0,1,-1} is 1.2910; t(3) = 3.182; half-width 3.182 * 1.2910 / 2.
  REQUIRE(ab.has_ci);
  CHECK(ab.ci_low == doctest::Approx(0.5 - 2.0540).epsilon(0.001));
  CHECK(ab.ci_high == doctest::Approx(0.5 + 2.0540).epsilon(0.001));
  const PairingRow& ac = table.pairings[1];
  CHECK(ac.b == 2);
  CHECK(ac.games == 1);
  CHECK(ac.wins == 1);
  CHECK(ac.failed == 1);
  CHECK_FALSE(ac.has_ci);  // one game: no interval
  REQUIRE(table.teams.size() == 3);
  CHECK(table.teams[0].team == 0);  // A: 3.5 points of 5
  CHECK(table.teams[0].points == doctest::Approx(3.5));
  CHECK(table.teams[2].team == 2);  // C lost its only game
  Results results;
  results.games = games;
  results.failed = failed;
  Header header{"test", 6};
  std::string text = table_text(header, teams, table, results);
  CHECK(text.find("+0.50 [-1.55, +2.55]") != std::string::npos);
  CHECK(text.find("attempt 1: exit status 1") != std::string::npos);
  std::string html = table_html(header, teams, table, results);
  CHECK(html.find("<a href=\"") != std::string::npos);
}

TEST_CASE("Bradley-Terry ratings") {
  // Even results: equal ratings.
  auto even = bradley_terry({{0, 2}, {2, 0}});
  CHECK(even[0] == doctest::Approx(0).epsilon(1e-9));
  CHECK(even[1] == doctest::Approx(0).epsilon(1e-9));
  // 3 of 4: with the virtual draw, 3.5 : 1.5, so p = 7/3 and 400 log10(7/3) between the two.
  auto three = bradley_terry({{0, 3}, {1, 0}});
  CHECK(three[0] - three[1] == doctest::Approx(400 * std::log10(3.5 / 1.5)).epsilon(1e-6));
  CHECK(three[0] + three[1] == doctest::Approx(0).epsilon(1e-9));
  // Unbeaten stays finite; a chain A > B > C orders the three.
  auto chain = bradley_terry({{0, 4, 0}, {0, 0, 4}, {0, 0, 0}});
  CHECK(std::isfinite(chain[0]));
  CHECK(chain[0] > chain[1]);
  CHECK(chain[1] > chain[2]);
}
