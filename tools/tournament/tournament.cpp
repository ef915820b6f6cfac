#include "tools/tournament/tournament.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "tools/batch/json.h"

namespace libero::tournament {
namespace {

using batch::JsonValue;
using batch::json_string;

bool valid_name(const std::string& name) {
  if (name.empty() || name.size() > 31) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-')) return false;
  return name != "." && name != "..";
}

std::string read_file(const std::string& path, bool* ok) {
  std::ifstream in(path, std::ios::binary);
  *ok = static_cast<bool>(in);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// An integer-valued number of the JSON value, in [0, limit].
bool count_of(const JsonValue* v, int limit, int* out) {
  if (!v || !v->is_number() || v->number < 0 || v->number > limit || v->number != std::floor(v->number)) return false;
  *out = static_cast<int>(v->number);
  return true;
}

bool pair_of(const JsonValue* v, int limit, int out[2]) {
  return v && v->is_array() && v->items.size() == 2 && count_of(&v->items[0], limit, &out[0]) &&
         count_of(&v->items[1], limit, &out[1]);
}

std::string fmt(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

std::string html_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

}  // namespace

Result<Team> parse_team(const std::string& text) {
  Team team;
  size_t equals = text.find('=');
  std::string what = text;
  if (equals != std::string::npos) {
    team.name = text.substr(0, equals);
    what = text.substr(equals + 1);
  }
  if (what.empty()) return make_error("team '" + text + "' names no folder or command");
  if (what.rfind("cmd:", 0) == 0) {
    team.command = what.substr(4);
    if (team.command.empty()) return make_error("team '" + text + "': empty command after cmd:");
    if (team.name.empty()) return make_error("team '" + text + "': an external team needs a name (NAME=cmd:COMMAND)");
  } else {
    team.scripts = what;
    if (team.name.empty()) {
      std::filesystem::path p = std::filesystem::path(what).lexically_normal();
      team.name = p.has_filename() ? p.filename().string() : p.parent_path().filename().string();
    }
  }
  if (!valid_name(team.name))
    return make_error("team name '" + team.name + "': use 1-31 letters, digits, '_', '.' or '-'");
  return team;
}

Result<std::vector<GameSpec>> make_schedule(const std::vector<Team>& teams, const std::string& kind,
                                            const std::vector<int>& seeds) {
  if (teams.size() < 2) return make_error("a tournament needs at least two teams");
  for (size_t i = 0; i < teams.size(); ++i)
    for (size_t j = i + 1; j < teams.size(); ++j)
      if (teams[i].name == teams[j].name) return make_error("two teams are named '" + teams[i].name + "'");
  if (kind != "round-robin" && kind != "gauntlet")
    return make_error("the schedule is round-robin or gauntlet, not '" + kind + "'");
  if (seeds.empty()) return make_error("no seeds");
  std::vector<GameSpec> games;
  for (size_t i = 0; i < teams.size(); ++i) {
    for (size_t j = i + 1; j < teams.size(); ++j) {
      if (kind == "gauntlet" && i != 0) continue;
      for (int seed : seeds) {
        for (int side = 0; side < 2; ++side) {
          GameSpec g;
          g.left = static_cast<int>(side == 0 ? i : j);
          g.right = static_cast<int>(side == 0 ? j : i);
          g.seed = seed;
          g.id = teams[g.left].name + "-" + teams[g.right].name + "-s" + std::to_string(seed);
          games.push_back(g);
        }
      }
    }
  }
  return games;
}

Result<GameResult> read_game_summary(const std::string& path, const GameSpec& spec, const std::vector<Team>& teams) {
  bool ok = false;
  std::string text = read_file(path, &ok);
  if (!ok) return make_error("no summary " + path);
  Result<JsonValue> parsed = batch::parse_json(text);
  if (!parsed.ok()) return make_error(path + ": " + parsed.error().describe());
  const JsonValue& s = *parsed;
  GameResult r;
  r.id = spec.id;
  r.left = teams[spec.left].name;
  r.right = teams[spec.right].name;
  r.seed = spec.seed;
  const JsonValue* left = s.find("team_left");
  const JsonValue* right = s.find("team_right");
  if (!left || !left->is_string() || left->string != r.left || !right || !right->is_string() || right->string != r.right)
    return make_error(path + ": not a game of " + r.left + " against " + r.right);
  int seed = 0;
  if (!count_of(s.find("seed"), 2147483647, &seed) || seed != spec.seed)
    return make_error(path + ": not the game of seed " + std::to_string(spec.seed));
  const JsonValue* finished = s.find("finished");
  const JsonValue* interrupted = s.find("interrupted");
  if (!finished || !finished->is_bool() || !interrupted || !interrupted->is_bool())
    return make_error(path + ": no finished/interrupted flags");
  if (interrupted->boolean || !finished->boolean) return make_error(path + ": the game did not run to its end");
  if (!pair_of(s.find("score"), 1000, r.goals)) return make_error(path + ": no valid score");
  if (!pair_of(s.find("shots"), 100000, r.shots)) return make_error(path + ": no valid shots");
  const JsonValue* game_time = s.find("game_time");
  const JsonValue* wall = s.find("wall_seconds");
  if (!game_time || !game_time->is_number() || !wall || !wall->is_number()) return make_error(path + ": no game time");
  r.game_time = game_time->number;
  const JsonValue* agents = s.find("agents");
  if (!agents || !agents->is_array()) return make_error(path + ": no agents");
  for (const JsonValue& a : agents->items) {
    int team = 0, falls = 0;
    const JsonValue* crashed = a.find("crashed");
    if (!count_of(a.find("team"), 1, &team) || !count_of(a.find("falls"), 100000, &falls) || !crashed ||
        !crashed->is_bool())
      return make_error(path + ": a malformed agent entry");
    r.falls[team] += falls;
    r.crashed[team] += crashed->boolean ? 1 : 0;
  }
  return r;
}

std::string results_to_json(const Results& results) {
  std::string out = "{\"format\":\"libero-tournament-results-1\",\n\"settings\":" + results.settings_json + ",\n\"games\":[";
  for (size_t i = 0; i < results.games.size(); ++i) {
    const GameResult& g = results.games[i];
    char buf[400];
    std::snprintf(buf, sizeof buf,
                  ",\"seed\":%d,\"score\":[%d,%d],\"shots\":[%d,%d],\"falls\":[%d,%d],\"crashed\":[%d,%d],"
                  "\"game_time\":%.2f,\"wall_seconds\":%.2f,\"attempts\":%d,\"report\":",
                  g.seed, g.goals[0], g.goals[1], g.shots[0], g.shots[1], g.falls[0], g.falls[1], g.crashed[0],
                  g.crashed[1], g.game_time, g.wall_seconds, g.attempts);
    out += std::string(i ? ",\n" : "\n") + "{\"id\":" + json_string(g.id) + ",\"left\":" + json_string(g.left) +
           ",\"right\":" + json_string(g.right) + buf + json_string(g.report) + "}";
  }
  out += "],\n\"failed\":[";
  for (size_t i = 0; i < results.failed.size(); ++i) {
    const FailedGame& f = results.failed[i];
    out += std::string(i ? ",\n" : "\n") + "{\"id\":" + json_string(f.id) + ",\"left\":" + json_string(f.left) +
           ",\"right\":" + json_string(f.right) + ",\"seed\":" + std::to_string(f.seed) + ",\"failures\":[";
    for (size_t k = 0; k < f.failures.size(); ++k) out += (k ? "," : "") + json_string(f.failures[k]);
    out += "]}";
  }
  out += "]}\n";
  return out;
}

Result<Results> results_from_json(const std::string& text) {
  Result<JsonValue> parsed = batch::parse_json(text);
  if (!parsed.ok()) return parsed.error();
  const JsonValue& doc = *parsed;
  const JsonValue* format = doc.find("format");
  if (!format || !format->is_string() || format->string != "libero-tournament-results-1")
    return make_error("not a libero tournament results file");
  const JsonValue* settings = doc.find("settings");
  const JsonValue* games = doc.find("games");
  const JsonValue* failed = doc.find("failed");
  if (!settings || !settings->is_object() || !games || !games->is_array() || !failed || !failed->is_array())
    return make_error("results file without settings, games or failed");
  Results results;
  // The settings are compared as text: re-serialise the members in order.
  results.settings_json = "{";
  for (size_t i = 0; i < settings->members.size(); ++i) {
    const auto& [key, value] = settings->members[i];
    results.settings_json += (i ? "," : "") + json_string(key) + ":";
    if (value.is_string()) results.settings_json += json_string(value.string);
    else if (value.is_number()) results.settings_json += fmt("%.17g", value.number);
    else if (value.is_bool()) results.settings_json += value.boolean ? "true" : "false";
    else if (value.is_array()) {
      results.settings_json += "[";
      for (size_t k = 0; k < value.items.size(); ++k) {
        if (!value.items[k].is_string()) return make_error("settings: lists hold strings");
        results.settings_json += (k ? "," : "") + json_string(value.items[k].string);
      }
      results.settings_json += "]";
    } else {
      return make_error("settings: unexpected value for " + key);
    }
  }
  results.settings_json += "}";
  for (const JsonValue& g : games->items) {
    GameResult r;
    const JsonValue* id = g.find("id");
    const JsonValue* left = g.find("left");
    const JsonValue* right = g.find("right");
    const JsonValue* report = g.find("report");
    const JsonValue* game_time = g.find("game_time");
    const JsonValue* wall = g.find("wall_seconds");
    if (!id || !id->is_string() || !left || !left->is_string() || !right || !right->is_string() || !report ||
        !report->is_string() || !count_of(g.find("seed"), 2147483647, &r.seed) || !pair_of(g.find("score"), 1000, r.goals) ||
        !pair_of(g.find("shots"), 100000, r.shots) || !pair_of(g.find("falls"), 100000, r.falls) ||
        !pair_of(g.find("crashed"), 11, r.crashed) || !count_of(g.find("attempts"), 1000, &r.attempts) || !game_time ||
        !game_time->is_number() || !wall || !wall->is_number())
      return make_error("a malformed game entry in the results file");
    r.id = id->string;
    r.left = left->string;
    r.right = right->string;
    r.report = report->string;
    r.game_time = game_time->number;
    r.wall_seconds = wall->number;
    results.games.push_back(r);
  }
  // Failed games are played again on a resume; they are not read back.
  return results;
}

double student_t_975(int df) {
  static const double table[] = {0,      12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                 2.201,  2.179,  2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                 2.080,  2.074,  2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df < 1) return NAN;
  if (df <= 30) return table[df];
  // Cornish-Fisher expansion around the normal quantile: within 0.001 of the table beyond 30.
  const double z = 1.959964, n = df;
  return z + (z * z * z + z) / (4 * n) + (5 * std::pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * n * n);
}

std::vector<double> bradley_terry(const std::vector<std::vector<double>>& wins) {
  const size_t n = wins.size();
  std::vector<std::vector<double>> w(n, std::vector<double>(n, 0.0));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (i != j && wins[i][j] + wins[j][i] > 0) w[i][j] = wins[i][j] + 0.5;  // the virtual draw
  std::vector<double> p(n, 1.0);
  for (int iteration = 0; iteration < 10000; ++iteration) {
    std::vector<double> next(n, 1.0);
    double change = 0;
    for (size_t i = 0; i < n; ++i) {
      double won = 0, denom = 0;
      for (size_t j = 0; j < n; ++j) {
        if (i == j) continue;
        double games = w[i][j] + w[j][i];
        if (games <= 0) continue;
        won += w[i][j];
        denom += games / (p[i] + p[j]);
      }
      next[i] = denom > 0 ? won / denom : 1.0;
    }
    double log_mean = 0;
    for (double v : next) log_mean += std::log(v) / static_cast<double>(n);
    for (size_t i = 0; i < n; ++i) {
      next[i] /= std::exp(log_mean);
      change = std::max(change, std::fabs(std::log(next[i] / p[i])));
    }
    p = next;
    if (change < 1e-10) break;
  }
  std::vector<double> ratings(n);
  for (size_t i = 0; i < n; ++i) ratings[i] = 400.0 * std::log10(p[i]);
  return ratings;
}

Table make_table(const std::vector<Team>& teams, const std::vector<GameResult>& games,
                 const std::vector<FailedGame>& failed) {
  std::map<std::string, int> index;
  for (size_t i = 0; i < teams.size(); ++i) index[teams[i].name] = static_cast<int>(i);
  const size_t n = teams.size();
  Table table;
  std::map<std::pair<int, int>, size_t> row_of;
  std::map<std::pair<int, int>, std::vector<double>> differences;
  auto row = [&](int x, int y) -> PairingRow& {
    std::pair<int, int> key(std::min(x, y), std::max(x, y));
    auto found = row_of.find(key);
    if (found != row_of.end()) return table.pairings[found->second];
    row_of[key] = table.pairings.size();
    PairingRow r;
    r.a = key.first;
    r.b = key.second;
    table.pairings.push_back(r);
    return table.pairings.back();
  };
  std::vector<std::vector<double>> wins(n, std::vector<double>(n, 0.0));
  std::vector<TeamRow> team_rows(n);
  for (size_t i = 0; i < n; ++i) team_rows[i].team = static_cast<int>(i);
  for (const GameResult& g : games) {
    auto l = index.find(g.left), r = index.find(g.right);
    if (l == index.end() || r == index.end()) continue;
    PairingRow& p = row(l->second, r->second);
    // Side 0 of the row is team a: swap the game's counts when a played right.
    const int a_side = p.a == l->second ? 0 : 1, b_side = 1 - a_side;
    ++p.games;
    const int ga = g.goals[a_side], gb = g.goals[b_side];
    p.wins += ga > gb;
    p.draws += ga == gb;
    p.losses += ga < gb;
    const int sides[2] = {a_side, b_side};
    for (int k = 0; k < 2; ++k) {
      p.goals[k] += g.goals[sides[k]];
      p.shots[k] += g.shots[sides[k]];
      p.falls[k] += g.falls[sides[k]];
      p.crashed[k] += g.crashed[sides[k]];
    }
    differences[{p.a, p.b}].push_back(ga - gb);
    double a_points = ga > gb ? 1 : ga == gb ? 0.5 : 0;
    wins[p.a][p.b] += a_points;
    wins[p.b][p.a] += 1 - a_points;
    team_rows[p.a].games++;
    team_rows[p.b].games++;
    team_rows[p.a].points += a_points;
    team_rows[p.b].points += 1 - a_points;
  }
  for (const FailedGame& f : failed) {
    auto l = index.find(f.left), r = index.find(f.right);
    if (l == index.end() || r == index.end()) continue;
    row(l->second, r->second).failed++;
  }
  for (PairingRow& p : table.pairings) {
    const std::vector<double>& d = differences[{p.a, p.b}];
    if (d.empty()) continue;
    double sum = 0;
    for (double v : d) sum += v;
    p.mean_gd = sum / static_cast<double>(d.size());
    if (d.size() >= 2) {
      double ss = 0;
      for (double v : d) ss += (v - p.mean_gd) * (v - p.mean_gd);
      double half = student_t_975(static_cast<int>(d.size()) - 1) * std::sqrt(ss / static_cast<double>(d.size() - 1)) /
                    std::sqrt(static_cast<double>(d.size()));
      p.ci_low = p.mean_gd - half;
      p.ci_high = p.mean_gd + half;
      p.has_ci = true;
    }
  }
  std::sort(table.pairings.begin(), table.pairings.end(),
            [](const PairingRow& x, const PairingRow& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
  std::vector<double> ratings = bradley_terry(wins);
  for (size_t i = 0; i < n; ++i) team_rows[i].rating = ratings[i];
  std::stable_sort(team_rows.begin(), team_rows.end(),
                   [](const TeamRow& x, const TeamRow& y) { return x.rating > y.rating; });
  table.teams = team_rows;
  return table;
}

namespace {

std::string pair_text(const int v[2]) { return std::to_string(v[0]) + ":" + std::to_string(v[1]); }

std::string gd_text(const PairingRow& p) {
  if (p.games == 0) return "-";
  std::string text = fmt("%+.2f", p.mean_gd);
  if (p.has_ci) text += " [" + fmt("%+.2f", p.ci_low) + ", " + fmt("%+.2f", p.ci_high) + "]";
  return text;
}

}  // namespace

std::string table_text(const Header& header, const std::vector<Team>& teams, const Table& table,
                       const Results& results) {
  std::string out = header.title + "\n";
  out += std::to_string(results.games.size()) + " of " + std::to_string(header.scheduled) + " games played";
  if (!results.failed.empty()) out += ", " + std::to_string(results.failed.size()) + " failed";
  out += "\n\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-36s %5s %8s %7s %-26s %7s %7s %7s %6s\n", "pairing (a vs b)", "games", "W-D-L a",
                "goals", "mean GD a-b [95% CI]", "shots", "falls", "crashed", "failed");
  out += line;
  for (const PairingRow& p : table.pairings) {
    std::string name = teams[p.a].name + " vs " + teams[p.b].name;
    std::string wdl = std::to_string(p.wins) + "-" + std::to_string(p.draws) + "-" + std::to_string(p.losses);
    std::snprintf(line, sizeof line, "%-36s %5d %8s %7s %-26s %7s %7s %7s %6d\n", name.c_str(), p.games, wdl.c_str(),
                  pair_text(p.goals).c_str(), gd_text(p).c_str(), pair_text(p.shots).c_str(), pair_text(p.falls).c_str(),
                  pair_text(p.crashed).c_str(), p.failed);
    out += line;
  }
  out += "\nrating (Bradley-Terry on the Elo scale, draws count half, mean 0)\n";
  std::snprintf(line, sizeof line, "%-31s %5s %7s %7s\n", "team", "games", "points", "rating");
  out += line;
  for (const TeamRow& t : table.teams) {
    std::snprintf(line, sizeof line, "%-31s %5d %7.1f %+7.0f\n", teams[t.team].name.c_str(), t.games, t.points, t.rating);
    out += line;
  }
  for (const FailedGame& f : results.failed) {
    out += "\nfailed: " + f.id + "\n";
    for (const std::string& why : f.failures) out += "  " + why + "\n";
  }
  return out;
}

std::string table_json(const Header& header, const std::vector<Team>& teams, const Table& table,
                       const Results& results) {
  std::string out = "{\"title\":" + json_string(header.title) + ",\"scheduled\":" + std::to_string(header.scheduled) +
                    ",\"played\":" + std::to_string(results.games.size()) +
                    ",\"failed\":" + std::to_string(results.failed.size()) + ",\"pairings\":[";
  for (size_t i = 0; i < table.pairings.size(); ++i) {
    const PairingRow& p = table.pairings[i];
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  ",\"games\":%d,\"wins\":%d,\"draws\":%d,\"losses\":%d,\"goals\":[%d,%d],\"shots\":[%d,%d],"
                  "\"falls\":[%d,%d],\"crashed\":[%d,%d],\"failed\":%d,\"mean_gd\":%.4f,",
                  p.games, p.wins, p.draws, p.losses, p.goals[0], p.goals[1], p.shots[0], p.shots[1], p.falls[0],
                  p.falls[1], p.crashed[0], p.crashed[1], p.failed, p.mean_gd);
    out += std::string(i ? "," : "") + "{\"a\":" + json_string(teams[p.a].name) + ",\"b\":" + json_string(teams[p.b].name) +
           buf + (p.has_ci ? "\"ci95\":[" + fmt("%.4f", p.ci_low) + "," + fmt("%.4f", p.ci_high) + "]}" : "\"ci95\":null}");
  }
  out += "],\"ratings\":[";
  for (size_t i = 0; i < table.teams.size(); ++i) {
    const TeamRow& t = table.teams[i];
    out += std::string(i ? "," : "") + "{\"team\":" + json_string(teams[t.team].name) +
           ",\"games\":" + std::to_string(t.games) + ",\"points\":" + fmt("%.1f", t.points) +
           ",\"rating\":" + fmt("%.1f", t.rating) + "}";
  }
  out += "]}\n";
  return out;
}

std::string table_html(const Header& header, const std::vector<Team>& teams, const Table& table,
                       const Results& results) {
  std::string out =
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + html_escape(header.title) +
      "</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}"
      "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child,th:first-child{text-align:left}"
      ".bad{color:#b00}</style></head><body>\n<h1>" + html_escape(header.title) + "</h1>\n<p>" +
      std::to_string(results.games.size()) + " of " + std::to_string(header.scheduled) + " games played" +
      (results.failed.empty() ? "" : ", <span class=\"bad\">" + std::to_string(results.failed.size()) + " failed</span>") +
      ".</p>\n<h2>Pairings</h2>\n<table><tr><th>pairing (a vs b)</th><th>games</th><th>W-D-L of a</th><th>goals</th>"
      "<th>mean GD a&minus;b [95&nbsp;% CI]</th><th>shots</th><th>falls</th><th>crashed agents</th><th>failed</th></tr>\n";
  for (const PairingRow& p : table.pairings) {
    out += "<tr><td>" + html_escape(teams[p.a].name + " vs " + teams[p.b].name) + "</td><td>" + std::to_string(p.games) +
           "</td><td>" + std::to_string(p.wins) + "-" + std::to_string(p.draws) + "-" + std::to_string(p.losses) +
           "</td><td>" + pair_text(p.goals) + "</td><td>" + gd_text(p) + "</td><td>" + pair_text(p.shots) + "</td><td>" +
           pair_text(p.falls) + "</td><td>" + pair_text(p.crashed) + "</td><td>" + std::to_string(p.failed) + "</td></tr>\n";
  }
  out += "</table>\n<h2>Rating</h2>\n<p>Bradley-Terry strengths on the Elo scale (400 log10), draws count half, "
         "mean 0.</p>\n<table><tr><th>team</th><th>games</th><th>points</th><th>rating</th></tr>\n";
  for (const TeamRow& t : table.teams)
    out += "<tr><td>" + html_escape(teams[t.team].name) + "</td><td>" + std::to_string(t.games) + "</td><td>" +
           fmt("%.1f", t.points) + "</td><td>" + fmt("%+.0f", t.rating) + "</td></tr>\n";
  out += "</table>\n<h2>Games</h2>\n<table><tr><th>game</th><th>seed</th><th>score</th><th>shots</th><th>falls</th>"
         "<th>crashed</th><th>attempts</th><th>wall s</th></tr>\n";
  for (const GameResult& g : results.games)
    out += "<tr><td><a href=\"" + html_escape(g.report) + "\">" + html_escape(g.left + " vs " + g.right) +
           "</a></td><td>" + std::to_string(g.seed) + "</td><td>" + pair_text(g.goals) + "</td><td>" +
           pair_text(g.shots) + "</td><td>" + pair_text(g.falls) + "</td><td>" + pair_text(g.crashed) + "</td><td>" +
           std::to_string(g.attempts) + "</td><td>" + fmt("%.1f", g.wall_seconds) + "</td></tr>\n";
  out += "</table>\n";
  if (!results.failed.empty()) {
    out += "<h2 class=\"bad\">Failed games</h2>\n<ul>\n";
    for (const FailedGame& f : results.failed) {
      out += "<li>" + html_escape(f.id) + "<ul>";
      for (const std::string& why : f.failures) out += "<li>" + html_escape(why) + "</li>";
      out += "</ul></li>\n";
    }
    out += "</ul>\n";
  }
  out += "</body></html>\n";
  return out;
}

}  // namespace libero::tournament
