// Referee: advances the game state one cycle from a world snapshot and says
// where the server must put the ball and robots. Deterministic for a seed.
// World frame: left team defends x = -15, right team defends x = +15.
#pragma once

#include <cstdint>
#include <random>

#include "protocol/percepts.h"
#include "tools/sim/referee/rules.h"

namespace libero::sim {

using protocol::PlayMode;

enum class TeamSide : int8_t { Left = 0, Right = 1, None = 2 };

constexpr int kMaxRefereeRobots = 22;

struct RefereeRobot {
  TeamSide team = TeamSide::None;
  int unum = 0;
  double x = 0, y = 0, z = 0;                    // torso centre
  double min_x = 0, max_x = 0, min_y = 0, max_y = 0;  // bounding box of all body parts
  double min_z = 0, max_z = 0;
  bool touched_ball = false;                     // this cycle
};

struct RefereeInput {
  double ball_x = 0, ball_y = 0, ball_z = 0;
  double ball_vx = 0, ball_vy = 0, ball_vz = 0;
  bool ball_in_left_goal = false;   // overlaps the left goal's trigger box
  bool ball_in_right_goal = false;
  int robot_count = 0;
  RefereeRobot robots[kMaxRefereeRobots];
};

// Placements for the server to apply after this cycle's referee step.
struct RobotMove {
  TeamSide team = TeamSide::None;
  int unum = 0;
  double x = 0, y = 0, z = 0;  // new torso centre; orientation kept, velocities zeroed
};

struct RefereeCommands {
  bool place_ball = false;       // put the ball at (ball_x, ball_y, ball_z) with zero velocity
  double ball_x = 0, ball_y = 0, ball_z = 0;
  int move_count = 0;
  RobotMove moves[kMaxRefereeRobots * 2];
  void clear() { place_ball = false; move_count = 0; }
};

// Everything the monitor, the percepts and the replay log report about the game.
struct GameState {
  PlayMode play_mode = PlayMode::BeforeKickOff;
  double game_time = 0;     // s, runs in every mode but BeforeKickOff and GameOver
  int half = 1;
  int score_left = 0, score_right = 0;
  double mode_start_time = 0;  // game time when the current mode began
  TeamSide last_touch_team = TeamSide::None;
  int last_touch_unum = 0;
  double last_touch_time = 0;
  // The player who took the last kick-off or set piece, while the double-touch
  // rule (facts §7.5) still watches it: None once anybody else touched the ball.
  TeamSide kick_taker_team = TeamSide::None;
  int kick_taker_unum = 0;
  double kick_taken_time = 0;
  double before_kick_off_time = 0;  // time spent in BeforeKickOff with agents present (for automatic kick-off)
};

struct GoalRecord {
  TeamSide team;     // scoring team
  double time;
};

class Referee {
 public:
  explicit Referee(const RuleParameters& rules = {}, uint32_t seed = 1);

  // One 20 ms cycle. `dt` is the cycle length. Fills *out (cleared first).
  void step(const RefereeInput& input, double dt, RefereeCommands* out);

  const GameState& state() const { return state_; }
  const RuleParameters& rules() const { return rules_; }

  // Beam is legal only in these modes (facts §6).
  bool beam_allowed() const;

  // Trainer commands (monitor port) and the match runner.
  void kick_off(TeamSide team);          // None: left in the first half, right in the second
  void set_play_mode(PlayMode mode);
  // Where the ball last was in the field, which a set piece started by
  // set_play_mode uses as its kick position (in a match the referee tracks it
  // itself; a test scene that starts in a set piece sets it to its ball).
  void set_last_in_field(double x, double y) { last_in_field_x_ = x; last_in_field_y_ = y; }
  void set_time(double t) { state_.game_time = t; }
  void set_score(int left, int right) { state_.score_left = left; state_.score_right = right; }
  // Drops the ball at (x, y): clears both teams and continues with PlayOn.
  void drop_ball(double x, double y, const RefereeInput& input, RefereeCommands* out);

  // An agent's (pass) (facts §7.10): pass mode for its team if the game is in
  // PlayOn, the team's last pass mode is at least PassModeRetryWaitTime old,
  // the ball is (almost) at rest, the requester's torso is near the ball and
  // no opponent's is. `world` is the snapshot of the last step, as the
  // reference judges with the distances of its last referee update. True if
  // the mode changed to PassLeft/PassRight.
  bool request_pass_mode(TeamSide team, int unum, const RefereeInput& world);

  // Goals in order, for summaries.
  int goal_count() const { return goal_count_; }
  const GoalRecord& goal(int i) const { return goals_[i]; }

 private:
  void set_mode(PlayMode mode);
  void record_touches(const RefereeInput& input);
  bool check_goal(const RefereeInput& input);
  void set_kick_taker();
  bool check_double_touch(const RefereeInput& input);
  bool check_out_of_field(const RefereeInput& input);
  void apply_before_kick_off(const RefereeInput& input, RefereeCommands* out);
  void apply_kick_off(const RefereeInput& input, RefereeCommands* out);
  void apply_set_piece(const RefereeInput& input, RefereeCommands* out);
  void apply_fouls(const RefereeInput& input, double dt, RefereeCommands* out);
  void clear_opponents_around(double bx, double by, TeamSide kicking, const RefereeInput& input,
                              RefereeCommands* out);
  void award_goal_kick(TeamSide defender);
  void apply_pass_mode(const RefereeInput& input, RefereeCommands* out);
  void repel_opponents_of(TeamSide passing, const RefereeInput& input, RefereeCommands* out);
  bool in_pass_mode_score_wait(TeamSide scorer) const;
  void forget_pass_modes();
  void add_move(const RefereeRobot& r, double x, double y, double z, RefereeCommands* out);
  double uniform(double lo, double hi);
  bool any_touch(const RefereeInput& input) const;
  TeamSide set_piece_team() const;

  RuleParameters rules_;
  GameState state_;
  std::mt19937 rng_;
  TeamSide next_kick_off_ = TeamSide::Left;
  double set_piece_x_ = 0, set_piece_y_ = 0;     // kick position of the current set piece
  bool set_piece_repelled_ = false;
  bool ball_touched_in_mode_ = false;
  bool goal_kick_touched_ = false;
  double last_in_field_x_ = 0, last_in_field_y_ = 0;
  // Game time of each team's last cycle in pass mode [left, right]; the
  // reference's "never" is -1000.
  static constexpr double kNoPassMode = -1000;
  double last_pass_mode_time_[2] = {kNoPassMode, kNoPassMode};
  // per robot foul timers, indexed [team][unum-1]
  double ground_time_[2][11] = {};
  double not_standing_time_[2][11] = {};
  double standing_streak_[2][11] = {};
  int goal_count_ = 0;
  GoalRecord goals_[64] = {};
};

const char* team_side_name(TeamSide side);

// Beam (facts §6): allowed only in BeforeKickOff, Goal_Left, Goal_Right.
bool beam_allowed(PlayMode mode);

// Which goal's trigger box the ball (centre x, y, z) overlaps, from the goal
// geometry of facts §3.4/§7.6: past the goal line, |y| < GoalWidth/2 and
// below the crossbar plus one radius. None if neither.
TeamSide goal_containing_ball(double x, double y, double z, const RuleParameters& rules);

}  // namespace libero::sim
