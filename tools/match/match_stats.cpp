#include "tools/match/match_stats.h"

#include <cmath>
#include <cstdio>

#include "tools/match/replay_log.h"

namespace libero::match {
namespace {
constexpr double kShotMinSpeed = 1.5;     // m/s: slower balls are passes or dribbles
// An attempt lasts until the ball slows below this (or leaves the goal's
// way): a ball rolling near 1.5 m/s crossed it twice within 0.1-0.2 s in
// games and counted as two shots.
constexpr double kShotEndSpeed = 1.0;     // m/s
constexpr double kShotMaxDistance = 15.0; // m from the goal line
constexpr double kGoalHalfWidth = 1.05;
constexpr double kShotMargin = 0.3;       // m beside the posts still counts as on target
constexpr double kStandUpSeconds = 0.5;   // a fall counts again only after standing this long
// A NAO takes about 0.5-1 s from tipping over to the torso below standing
// height; a touch up to this long before that is counted as the cause.
constexpr double kFallCauseSeconds = 1.5;
constexpr double kNever = -1e9;
}  // namespace

MatchStats::MatchStats() {
  for (int t = 0; t < 2; ++t)
    for (int u = 0; u < 12; ++u) last_robot_contact_[t][u] = last_ball_contact_[t][u] = kNever;
}

AgentReport* MatchStats::agent(int team, int unum) {
  for (auto& a : summary_.agents)
    if (a.team == team && a.unum == unum) return &a;
  summary_.agents.push_back(AgentReport{});
  summary_.agents.back().team = team;
  summary_.agents.back().unum = unum;
  return &summary_.agents.back();
}

void MatchStats::add(const MatchFrame& f) {
  summary_.cycles += f.cycles_covered;
  summary_.game_time = f.time;
  summary_.finished = f.play_mode == protocol::PlayMode::GameOver;
  if (f.last_touch_team >= 0) {
    last_touch_team_ = f.last_touch_team;
    last_touch_unum_ = f.last_touch_unum;
  }
  // Goals: the score went up.
  const int scores[2] = {f.score_left, f.score_right};
  for (int t = 0; t < 2; ++t) {
    while (scores[t] > last_score_[t]) {
      ++last_score_[t];
      GoalEvent g;
      g.team = t;
      g.time = f.time;
      g.scorer = last_touch_team_ == t ? last_touch_unum_ : 0;
      summary_.goals.push_back(g);
    }
  }
  summary_.score_left = f.score_left;
  summary_.score_right = f.score_right;

  if (f.play_mode == protocol::PlayMode::PlayOn) {
    ++play_on_cycles_;
    double nearest[2] = {1e9, 1e9};
    for (int i = 0; i < f.robot_count; ++i) {
      const FrameRobot& r = f.robots[i];
      if (r.fallen || r.team < 0 || r.team > 1) continue;
      double d = std::hypot(r.x - f.ball_x, r.y - f.ball_y);
      if (d < nearest[r.team]) nearest[r.team] = d;
    }
    if (nearest[0] < nearest[1]) ++possession_cycles_[0];
    else if (nearest[1] < nearest[0]) ++possession_cycles_[1];

    // Shots: after a touch by team t, the ball heads fast for the opponent
    // goal mouth. Counted once per attempt: from the cycle that holds until
    // the ball slows below kShotEndSpeed or leaves the goal's way.
    for (int t = 0; t < 2; ++t) {
      double goal_x = t == 0 ? 15.0 : -15.0;
      double dir = t == 0 ? 1.0 : -1.0;
      bool heading_in = false;
      double speed = std::hypot(f.ball_vx, f.ball_vy);
      if (last_touch_team_ == t && f.ball_vx * dir > 0 && std::fabs(goal_x - f.ball_x) <= kShotMaxDistance) {
        double time_to_line = (goal_x - f.ball_x) / f.ball_vx;
        double y_at_line = f.ball_y + f.ball_vy * time_to_line;
        heading_in = std::fabs(y_at_line) <= kGoalHalfWidth + kShotMargin;
      }
      if (heading_in && speed >= kShotMinSpeed && !shot_active_[t]) {
        (t == 0 ? summary_.shots_left : summary_.shots_right)++;
        shot_active_[t] = true;
      }
      if (!heading_in || speed < kShotEndSpeed) shot_active_[t] = false;
    }
  }
  // Falls per robot.
  for (int i = 0; i < f.robot_count; ++i) {
    const FrameRobot& r = f.robots[i];
    if (r.team < 0 || r.team > 1 || r.unum < 1 || r.unum > 11) continue;
    bool& was = was_fallen_[r.team][r.unum];
    // Touches while lying are the fall's aftermath, not its cause.
    if (r.touching_robot && !r.fallen) last_robot_contact_[r.team][r.unum] = f.time;
    if (r.touching_ball && !r.fallen) last_ball_contact_[r.team][r.unum] = f.time;
    if (r.fallen && !was && f.time - stood_since_[r.team][r.unum] >= kStandUpSeconds) {
      AgentReport* a = agent(r.team, r.unum);
      a->type = r.type;
      ++a->falls;
      if (f.time - last_robot_contact_[r.team][r.unum] <= kFallCauseSeconds) ++a->falls_after_robot_contact;
      else if (f.time - last_ball_contact_[r.team][r.unum] <= kFallCauseSeconds) ++a->falls_after_ball_contact;
    }
    if (!r.fallen && was) stood_since_[r.team][r.unum] = f.time;
    was = r.fallen;
    agent(r.team, r.unum)->type = r.type;
  }
  if (play_on_cycles_ > 0) {
    summary_.possession_left = static_cast<double>(possession_cycles_[0]) / static_cast<double>(play_on_cycles_);
    summary_.possession_right = static_cast<double>(possession_cycles_[1]) / static_cast<double>(play_on_cycles_);
  }
}

MatchSummary MatchStats::summary() const { return summary_; }

std::string MatchSummary::to_text() const {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "%s %d : %d %s%s\n", team_left.c_str(), score_left, score_right,
                team_right.c_str(), interrupted ? "  (interrupted)" : finished ? "" : "  (not finished)");
  out += line;
  std::snprintf(line, sizeof line, "game time %.1f s, %ld cycles, %.1f s wall (%.1fx real time), seed %u\n",
                game_time, cycles, wall_seconds, wall_seconds > 0 ? cycles * 0.02 / wall_seconds : 0.0, seed);
  out += line;
  std::snprintf(line, sizeof line, "possession %.0f%% : %.0f%%, shots %d : %d\n", 100 * possession_left,
                100 * possession_right, shots_left, shots_right);
  out += line;
  for (const auto& g : goals) {
    std::snprintf(line, sizeof line, "goal %s #%d at %.1f s\n", g.team == 0 ? team_left.c_str() : team_right.c_str(),
                  g.scorer, g.time);
    out += line;
  }
  for (const auto& a : agents) {
    std::snprintf(line, sizeof line, "  %-5s #%-2d type %d: %d falls", a.team == 0 ? "left" : "right", a.unum,
                  a.type, a.falls);
    out += line;
    if (a.falls_after_robot_contact > 0 || a.falls_after_ball_contact > 0) {
      std::snprintf(line, sizeof line, " (%d after touching a robot, %d after touching the ball)",
                    a.falls_after_robot_contact, a.falls_after_ball_contact);
      out += line;
    }
    std::snprintf(line, sizeof line, "%s%s%s", a.crashed ? ", CRASHED" : "", a.problem.empty() ? "" : ": ",
                  a.problem.c_str());
    out += line;
    if (a.missed_cycles > 0) {
      std::snprintf(line, sizeof line, ", missed %ld cycles", a.missed_cycles);
      out += line;
    }
    out += "\n";
  }
  return out;
}

std::string MatchSummary::to_json() const {
  std::string out = "{\"team_left\":";
  append_json_string(&out, team_left.c_str());
  out += ",\"team_right\":";
  append_json_string(&out, team_right.c_str());
  char buf[512];
  std::snprintf(buf, sizeof buf,
                ",\"score\":[%d,%d],\"game_time\":%.2f,\"cycles\":%ld,\"wall_seconds\":%.2f,\"seed\":%u,"
                "\"finished\":%s,\"interrupted\":%s,\"possession\":[%.3f,%.3f],\"shots\":[%d,%d],\"goals\":[",
                score_left, score_right, game_time, cycles, wall_seconds, seed, finished ? "true" : "false",
                interrupted ? "true" : "false", possession_left, possession_right, shots_left, shots_right);
  out += buf;
  for (size_t i = 0; i < goals.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%s{\"team\":%d,\"scorer\":%d,\"time\":%.2f}", i ? "," : "", goals[i].team,
                  goals[i].scorer, goals[i].time);
    out += buf;
  }
  out += "],\"agents\":[";
  for (size_t i = 0; i < agents.size(); ++i) {
    const auto& a = agents[i];
    std::snprintf(buf, sizeof buf, "%s{\"team\":%d,\"unum\":%d,\"type\":%d,\"falls\":%d,\"falls_after_robot_contact\":%d,"
                  "\"falls_after_ball_contact\":%d,\"crashed\":%s,\"missed_cycles\":%ld,\"problem\":",
                  i ? "," : "", a.team, a.unum, a.type, a.falls, a.falls_after_robot_contact,
                  a.falls_after_ball_contact, a.crashed ? "true" : "false", a.missed_cycles);
    out += buf;
    append_json_string(&out, a.problem.c_str());
    out += "}";
  }
  out += "]}";
  return out;
}

}  // namespace libero::match
