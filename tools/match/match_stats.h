// Match statistics accumulated from one MatchFrame per cycle: possession,
// shots, goals with times and scorers, falls per robot, and agent problems
// reported by the runner. Produces the summary as text and JSON.
#pragma once

#include <string>
#include <vector>

#include "tools/match/match_frame.h"

namespace libero::match {

struct GoalEvent {
  int team = 0;        // scoring team: 0 left, 1 right
  int scorer = 0;      // unum of the last toucher, 0 if unknown
  double time = 0;
};

struct AgentReport {
  int team = 0;
  int unum = 0;
  int type = 0;
  int falls = 0;
  // What the robot touched within kFallCauseSeconds before the torso went
  // down: another robot (pushed, tripped over a fallen one), else the ball
  // (kicked or stepped on it). The rest fell on their own (walk, kick).
  int falls_after_robot_contact = 0;
  int falls_after_ball_contact = 0;
  bool crashed = false;       // exited or lost its connection during the match
  std::string problem;        // what happened, for the summary
  long missed_cycles = 0;     // cycles the server advanced without its action (sync timeout)
};

struct MatchSummary {
  std::string team_left, team_right;
  int score_left = 0, score_right = 0;
  double game_time = 0;
  long cycles = 0;
  double wall_seconds = 0;
  unsigned seed = 0;
  bool interrupted = false;
  bool finished = false;          // reached GameOver
  double possession_left = 0, possession_right = 0;  // fractions of PlayOn cycles
  int shots_left = 0, shots_right = 0;
  std::vector<GoalEvent> goals;
  std::vector<AgentReport> agents;

  std::string to_text() const;
  std::string to_json() const;
};

class MatchStats {
 public:
  MatchStats();
  // Call every cycle with the current frame.
  void add(const MatchFrame& frame);
  // The runner reports agents and their problems.
  AgentReport* agent(int team, int unum);   // creates the entry if missing
  MatchSummary summary() const;
  void set_teams(const std::string& left, const std::string& right) { summary_.team_left = left; summary_.team_right = right; }
  void set_seed(unsigned seed) { summary_.seed = seed; }
  void set_wall_seconds(double s) { summary_.wall_seconds = s; }
  void set_interrupted(bool v) { summary_.interrupted = v; }

 private:
  MatchSummary summary_;
  long play_on_cycles_ = 0;
  long possession_cycles_[2] = {0, 0};
  bool shot_active_[2] = {false, false};
  bool was_fallen_[2][12] = {};
  double stood_since_[2][12] = {};
  double last_robot_contact_[2][12];
  double last_ball_contact_[2][12];
  int last_score_[2] = {0, 0};
  int last_touch_team_ = -1, last_touch_unum_ = 0;
};

}  // namespace libero::match
