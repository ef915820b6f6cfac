#include "tools/sim/referee/referee.h"

#include <algorithm>
#include <cmath>

#include "tools/sim/referee/safe_reposition.h"

namespace libero::sim {
namespace {

constexpr double kBallOutMargin = 0.001;  // whole ball over the line plus 1 mm (facts §3.5)
// A kick taker's contact this soon after its kick is still the same kick (facts §7.5).
constexpr double kSameKickTime = 0.1;
// Pass mode moves an opponent this much beyond PassModeMinOppBallDist
// (RepelPlayers' pad in UpdatePassMode, facts §7.10).
constexpr double kPassModeRepelPad = 0.1;
// Game times are sums of 0.02 s steps: compare whole cycles, not float noise.
constexpr double kTimeTolerance = 1e-6;

int team_index(TeamSide side) { return side == TeamSide::Right ? 1 : 0; }
TeamSide other(TeamSide side) {
  return side == TeamSide::Left ? TeamSide::Right : side == TeamSide::Right ? TeamSide::Left : TeamSide::None;
}
// +1 for the team whose own goal is at -x (left), -1 for the right team: the
// direction a team attacks.
double attack_sign(TeamSide side) { return side == TeamSide::Right ? -1.0 : 1.0; }

bool is_left_mode(PlayMode m) {
  switch (m) {
    case PlayMode::KickOffLeft: case PlayMode::KickInLeft: case PlayMode::CornerKickLeft:
    case PlayMode::GoalKickLeft: case PlayMode::FreeKickLeft: case PlayMode::DirectFreeKickLeft:
    case PlayMode::GoalLeft: case PlayMode::OffsideLeft: case PlayMode::PassLeft:
      return true;
    default: return false;
  }
}

bool is_set_piece(PlayMode m) {
  switch (m) {
    case PlayMode::KickInLeft: case PlayMode::KickInRight:
    case PlayMode::CornerKickLeft: case PlayMode::CornerKickRight:
    case PlayMode::GoalKickLeft: case PlayMode::GoalKickRight:
    case PlayMode::FreeKickLeft: case PlayMode::FreeKickRight:
    case PlayMode::DirectFreeKickLeft: case PlayMode::DirectFreeKickRight:
      return true;
    default: return false;
  }
}

bool is_goal_kick(PlayMode m) { return m == PlayMode::GoalKickLeft || m == PlayMode::GoalKickRight; }

}  // namespace

const char* team_side_name(TeamSide side) {
  switch (side) {
    case TeamSide::Left: return "left";
    case TeamSide::Right: return "right";
    default: return "none";
  }
}

TeamSide goal_containing_ball(double x, double y, double z, const RuleParameters& rules) {
  const double half_length = rules.field_length / 2;
  if (std::fabs(y) >= rules.goal_width / 2 || z >= rules.goal_height + rules.ball_radius) return TeamSide::None;
  if (x > half_length && x < half_length + rules.goal_depth) return TeamSide::Right;
  if (x < -half_length && x > -half_length - rules.goal_depth) return TeamSide::Left;
  return TeamSide::None;
}

Referee::Referee(const RuleParameters& rules, uint32_t seed) : rules_(rules), rng_(seed) {}

double Referee::uniform(double lo, double hi) {
  std::uniform_real_distribution<double> dist(lo, hi);
  return dist(rng_);
}

bool beam_allowed(PlayMode mode) {
  return mode == PlayMode::BeforeKickOff || mode == PlayMode::GoalLeft || mode == PlayMode::GoalRight;
}

bool Referee::beam_allowed() const { return sim::beam_allowed(state_.play_mode); }

void Referee::set_mode(PlayMode mode) {
  state_.play_mode = mode;
  state_.mode_start_time = state_.game_time;
  set_piece_repelled_ = false;
  ball_touched_in_mode_ = false;
  goal_kick_touched_ = false;
  state_.kick_taker_team = TeamSide::None;
  state_.kick_taker_unum = 0;
}

void Referee::set_play_mode(PlayMode mode) {
  if (mode == PlayMode::Unknown) return;
  if (is_set_piece(mode)) {
    set_piece_x_ = last_in_field_x_;
    set_piece_y_ = last_in_field_y_;
  }
  set_mode(mode);
}

void Referee::kick_off(TeamSide team) {
  if (team == TeamSide::None) team = state_.half == 1 ? TeamSide::Left : TeamSide::Right;
  set_mode(team == TeamSide::Left ? PlayMode::KickOffLeft : PlayMode::KickOffRight);
}

void Referee::add_move(const RefereeRobot& r, double x, double y, double z, RefereeCommands* out) {
  if (out->move_count >= static_cast<int>(sizeof out->moves / sizeof out->moves[0])) return;
  RobotMove& m = out->moves[out->move_count++];
  m.team = r.team;
  m.unum = r.unum;
  m.x = x;
  m.y = y;
  m.z = z;
}

bool Referee::any_touch(const RefereeInput& input) const {
  for (int i = 0; i < input.robot_count; ++i)
    if (input.robots[i].touched_ball) return true;
  return false;
}

void Referee::record_touches(const RefereeInput& input) {
  for (int i = 0; i < input.robot_count; ++i) {
    const RefereeRobot& r = input.robots[i];
    if (!r.touched_ball || r.team == TeamSide::None) continue;
    state_.last_touch_team = r.team;
    state_.last_touch_unum = r.unum;
    state_.last_touch_time = state_.game_time;
  }
}

// The kick that ended a kick-off or set piece was the last touch (for a goal
// kick possibly some cycles ago, inside the penalty area).
void Referee::set_kick_taker() {
  state_.kick_taker_team = state_.last_touch_team;
  state_.kick_taker_unum = state_.last_touch_unum;
  state_.kick_taken_time = state_.last_touch_time;
}

// Double touch (facts §7.5): the taker's next touch after its kick, before
// anybody else's, gives the opponents an indirect free kick where the ball
// last was in the field. When the taker and another robot touch in the same
// cycle, the other's touch counts (the server keeps one of them, in no
// documented order).
bool Referee::check_double_touch(const RefereeInput& input) {
  if (state_.kick_taker_team == TeamSide::None) return false;
  bool by_taker = false, by_other = false;
  for (int i = 0; i < input.robot_count; ++i) {
    const RefereeRobot& r = input.robots[i];
    if (!r.touched_ball || r.team == TeamSide::None) continue;
    if (r.team == state_.kick_taker_team && r.unum == state_.kick_taker_unum) by_taker = true;
    else by_other = true;
  }
  if (by_other) {
    state_.kick_taker_team = TeamSide::None;
    state_.kick_taker_unum = 0;
    return false;
  }
  if (!by_taker || state_.game_time - state_.kick_taken_time < kSameKickTime - 1e-6) return false;
  const double half_length = rules_.field_length / 2;
  double x = last_in_field_x_, y = last_in_field_y_;
  // Not inside a penalty area: its front corner instead (facts §7.4).
  if (std::fabs(x) >= half_length - rules_.penalty_length && std::fabs(y) <= rules_.penalty_width / 2) {
    x = std::copysign(half_length - rules_.penalty_length, x);
    y = y < 0 ? -rules_.penalty_width / 2 : rules_.penalty_width / 2;
  }
  set_piece_x_ = x;
  set_piece_y_ = y;
  const TeamSide to = other(state_.kick_taker_team);
  set_mode(to == TeamSide::Left ? PlayMode::FreeKickLeft : PlayMode::FreeKickRight);
  return true;
}

// The team that takes the current set piece or kick-off.
TeamSide Referee::set_piece_team() const {
  return is_left_mode(state_.play_mode) ? TeamSide::Left : TeamSide::Right;
}

bool Referee::check_goal(const RefereeInput& input) {
  TeamSide scorer = TeamSide::None;
  if (input.ball_in_right_goal) scorer = TeamSide::Left;
  if (input.ball_in_left_goal) scorer = TeamSide::Right;
  if (scorer == TeamSide::None) return false;
  if (in_pass_mode_score_wait(scorer)) {
    award_goal_kick(other(scorer));  // no goal; the defenders kick off from their goal area (facts §7.10)
    return true;
  }
  if (scorer == TeamSide::Left) ++state_.score_left; else ++state_.score_right;
  if (goal_count_ < static_cast<int>(sizeof goals_ / sizeof goals_[0]))
    goals_[goal_count_++] = GoalRecord{scorer, state_.game_time};
  next_kick_off_ = other(scorer);  // the team that conceded kicks off
  set_mode(scorer == TeamSide::Left ? PlayMode::GoalLeft : PlayMode::GoalRight);
  return true;
}

bool Referee::check_out_of_field(const RefereeInput& input) {
  const double half_length = rules_.field_length / 2, half_width = rules_.field_width / 2;
  const double r = rules_.ball_radius;
  const double bx = input.ball_x, by = input.ball_y;
  if (std::fabs(by) >= half_width + r + kBallOutMargin) {
    // Kick-in for the opponents of the last toucher.
    TeamSide to = other(state_.last_touch_team);
    if (to == TeamSide::None) to = by > 0 ? TeamSide::Left : TeamSide::Right;
    set_piece_x_ = std::clamp(last_in_field_x_, -half_length, half_length);
    set_piece_y_ = std::copysign(half_width - r, by);
    set_mode(to == TeamSide::Left ? PlayMode::KickInLeft : PlayMode::KickInRight);
    return true;
  }
  if (std::fabs(bx) >= half_length + r + kBallOutMargin) {
    // Over the goal line of the team defending that end.
    TeamSide defender = bx > 0 ? TeamSide::Right : TeamSide::Left;
    TeamSide attacker = other(defender);
    if (state_.last_touch_team == defender) {
      set_piece_x_ = std::copysign(half_length - r, bx);
      set_piece_y_ = std::copysign((rules_.field_width + rules_.goal_width) / 4 - r, by);
      set_mode(attacker == TeamSide::Left ? PlayMode::CornerKickLeft : PlayMode::CornerKickRight);
    } else {
      award_goal_kick(defender);
    }
    return true;
  }
  last_in_field_x_ = bx;
  last_in_field_y_ = by;
  return false;
}

// Goal kick for the team defending that goal, at (±14, 0) (facts §7.4).
void Referee::award_goal_kick(TeamSide defender) {
  const double goal_x = defender == TeamSide::Left ? -rules_.field_length / 2 : rules_.field_length / 2;
  set_piece_x_ = goal_x - std::copysign(rules_.goal_kick_distance, goal_x);
  set_piece_y_ = 0;
  set_mode(defender == TeamSide::Left ? PlayMode::GoalKickLeft : PlayMode::GoalKickRight);
}

void Referee::apply_before_kick_off(const RefereeInput& input, RefereeCommands* out) {
  out->place_ball = true;
  out->ball_x = 0;
  out->ball_y = 0;
  out->ball_z = rules_.ball_radius;
  for (int i = 0; i < input.robot_count; ++i) {
    const RefereeRobot& r = input.robots[i];
    if (r.team == TeamSide::None) continue;
    // Any body part in the opponent half sends the robot back into its own.
    bool over = r.team == TeamSide::Left ? r.max_x > 0 : r.min_x < 0;
    if (over) add_move(r, -attack_sign(r.team) * uniform(2.2, 4.4), r.y, r.z, out);
  }
}

void Referee::apply_kick_off(const RefereeInput& input, RefereeCommands* out) {
  forget_pass_modes();
  const TeamSide kicking = set_piece_team();
  const double circle = rules_.free_kick_distance;
  for (int i = 0; i < input.robot_count; ++i) {
    const RefereeRobot& r = input.robots[i];
    if (r.team == TeamSide::None) continue;
    const double own_dir = -attack_sign(r.team);  // towards the robot's own goal
    if (r.team != kicking) {
      bool in_kicking_half = r.team == TeamSide::Left ? r.max_x > 0 : r.min_x < 0;
      bool in_circle = std::hypot(r.x, r.y) < circle;
      if (in_kicking_half) add_move(r, own_dir * uniform(2.2, 4.4), r.y, r.z, out);
      else if (in_circle) add_move(r, own_dir * uniform(2.2, 4.2), r.y, r.z, out);
    } else {
      bool over = r.team == TeamSide::Left ? r.max_x > 0 : r.min_x < 0;
      auto inside = [&](double x, double y) { return std::hypot(x, y) < circle; };
      bool all_inside = inside(r.min_x, r.min_y) && inside(r.min_x, r.max_y) &&
                        inside(r.max_x, r.min_y) && inside(r.max_x, r.max_y);
      if (over && !all_inside) add_move(r, own_dir * uniform(2.2, 4.4), r.y, r.z, out);
    }
  }
  if (any_touch(input)) {
    set_mode(PlayMode::PlayOn);
    // Only an indirect kick-off has a taker, and it is indirect only with
    // more than 2 agents connected (facts §7.3).
    if (input.robot_count > 2) set_kick_taker();
  } else if (state_.game_time - state_.mode_start_time >= rules_.drop_ball_time) {
    drop_ball(input.ball_x, input.ball_y, input, out);
  }
}

void Referee::clear_opponents_around(double bx, double by, TeamSide kicking, const RefereeInput& input,
                                     RefereeCommands* out) {
  const double half_length = rules_.field_length / 2;
  const double radius = rules_.free_kick_distance;
  for (int i = 0; i < input.robot_count; ++i) {
    const RefereeRobot& r = input.robots[i];
    if (r.team == TeamSide::None || r.team == kicking) continue;
    // Bounding rectangle against the circle around the ball.
    double cx = std::clamp(bx, r.min_x, r.max_x), cy = std::clamp(by, r.min_y, r.max_y);
    if (std::hypot(cx - bx, cy - by) >= radius) continue;
    double own_dir = -attack_sign(r.team);
    double x = bx + own_dir * uniform(2.2, 4.2);
    if (std::fabs(x) > half_length) {
      double y = by + (by > 0 ? -1.0 : 1.0) * uniform(2.2, 4.2);
      add_move(r, r.x, y, r.z, out);
    } else {
      add_move(r, x, r.y, r.z, out);
    }
  }
}

void Referee::apply_set_piece(const RefereeInput& input, RefereeCommands* out) {
  const double elapsed = state_.game_time - state_.mode_start_time;
  if (elapsed < rules_.kick_in_pause_time) return;  // the referee waits before placing anything
  forget_pass_modes();
  const TeamSide kicking = set_piece_team();
  const bool goal_kick = is_goal_kick(state_.play_mode);

  bool touched = any_touch(input) && elapsed > rules_.kick_in_pause_time + 0.03;
  if (touched) ball_touched_in_mode_ = true;

  if (!ball_touched_in_mode_) {
    out->place_ball = true;
    out->ball_x = set_piece_x_;
    out->ball_y = set_piece_y_;
    out->ball_z = rules_.ball_radius;
  }
  if (!set_piece_repelled_) {
    set_piece_repelled_ = true;
    for (int i = 0; i < input.robot_count; ++i) {
      const RefereeRobot& r = input.robots[i];
      if (r.team != kicking) continue;
      double dx = r.x - set_piece_x_, dy = r.y - set_piece_y_;
      double d = std::hypot(dx, dy);
      if (d >= rules_.kick_repel_distance) continue;
      if (d < 1e-6) { dx = -attack_sign(kicking); dy = 0; d = 1; }
      double k = rules_.kick_repel_distance / d;
      add_move(r, set_piece_x_ + dx * k, set_piece_y_ + dy * k, r.z, out);
    }
  }
  if (goal_kick) {
    // Opponents leave the penalty area; the mode ends when the touched ball has left it.
    const double half_length = rules_.field_length / 2;
    for (int i = 0; i < input.robot_count; ++i) {
      const RefereeRobot& r = input.robots[i];
      if (r.team == TeamSide::None || r.team == kicking) continue;
      double goal_x = kicking == TeamSide::Left ? -half_length : half_length;
      double front = goal_x + attack_sign(kicking) * rules_.penalty_length;
      bool inside = std::fabs(r.x - goal_x) <= rules_.penalty_length && std::fabs(r.y) <= rules_.penalty_width / 2;
      if (inside) add_move(r, front + attack_sign(kicking) * uniform(2.2, 4.4), r.y, r.z, out);
    }
    if (ball_touched_in_mode_) {
      double goal_x = kicking == TeamSide::Left ? -half_length : half_length;
      bool ball_inside = std::fabs(input.ball_x - goal_x) <= rules_.penalty_length &&
                         std::fabs(input.ball_y) <= rules_.penalty_width / 2;
      if (!ball_inside) {
        set_mode(PlayMode::PlayOn);
        set_kick_taker();
      }
    }
  } else {
    clear_opponents_around(set_piece_x_, set_piece_y_, kicking, input, out);
    if (ball_touched_in_mode_) {
      set_mode(PlayMode::PlayOn);
      set_kick_taker();
    }
  }
  if (state_.play_mode != PlayMode::PlayOn && !ball_touched_in_mode_ &&
      elapsed >= rules_.drop_ball_time + rules_.kick_in_pause_time) {
    drop_ball(set_piece_x_, set_piece_y_, input, out);
  }
}

void Referee::drop_ball(double x, double y, const RefereeInput& input, RefereeCommands* out) {
  const double half_length = rules_.field_length / 2, half_width = rules_.field_width / 2;
  // Inside a penalty area the ball goes to the area's front corner.
  if (std::fabs(x) >= half_length - rules_.penalty_length && std::fabs(y) <= rules_.penalty_width / 2) {
    x = std::copysign(half_length - rules_.penalty_length, x);
    y = std::copysign(rules_.penalty_width / 2, y == 0 ? 1.0 : y);
  }
  y = std::clamp(y, -(half_width - rules_.ball_radius), half_width - rules_.ball_radius);
  out->place_ball = true;
  out->ball_x = x;
  out->ball_y = y;
  out->ball_z = rules_.ball_radius;
  clear_opponents_around(x, y, TeamSide::Left, input, out);
  clear_opponents_around(x, y, TeamSide::Right, input, out);
  forget_pass_modes();
  set_mode(PlayMode::PlayOn);
}

// --- pass mode (facts §7.10; SoccerRuleAspect::CanActivatePassMode,
// UpdatePassMode, CheckGoal, ResetKickChecks) -------------------------------

bool Referee::request_pass_mode(TeamSide team, int unum, const RefereeInput& world) {
  // A teamless robot has no side to give the mode to (the reference's
  // PassEffector would index no team).
  if (team == TeamSide::None) return false;
  if (state_.play_mode != PlayMode::PlayOn) return false;
  const double since_last = state_.game_time - last_pass_mode_time_[team_index(team)];
  if (since_last < rules_.pass_mode_retry_wait_time - kTimeTolerance) return false;
  // The ball's full 3-D speed, as the reference measures it.
  const double ball_speed = std::sqrt(world.ball_vx * world.ball_vx + world.ball_vy * world.ball_vy +
                                      world.ball_vz * world.ball_vz);
  if (ball_speed > rules_.pass_mode_max_ball_speed) return false;
  bool requester_near_ball = false;
  for (int i = 0; i < world.robot_count; ++i) {
    const RefereeRobot& r = world.robots[i];
    const double to_ball = std::hypot(r.x - world.ball_x, r.y - world.ball_y);  // torso, xy
    if (r.team == team && r.unum == unum) requester_near_ball = to_ball <= rules_.pass_mode_max_ball_distance;
    if (r.team == other(team) && to_ball < rules_.pass_mode_min_opponent_distance) return false;
  }
  if (!requester_near_ball) return false;
  set_mode(team == TeamSide::Left ? PlayMode::PassLeft : PlayMode::PassRight);
  return true;
}

// Each cycle of pass mode: it ends (PlayOn) after PassModeDuration or at any
// touch of the ball; otherwise the opponents are kept away from the ball
// and the cycle counts as the team's latest in pass mode. The ending cycle
// does not count, and there is no goal or ball-out check in this mode.
void Referee::apply_pass_mode(const RefereeInput& input, RefereeCommands* out) {
  const TeamSide passing = set_piece_team();
  const double elapsed = state_.game_time - state_.mode_start_time;
  if (elapsed >= rules_.pass_mode_duration - kTimeTolerance || any_touch(input)) {
    set_mode(PlayMode::PlayOn);
    return;
  }
  repel_opponents_of(passing, input, out);
  last_pass_mode_time_[team_index(passing)] = state_.game_time;
}

// Opponents whose torso (xy) is closer to the ball than
// PassModeMinOppBallDist go straight away from the ball to that distance
// plus 0.1 m, torso height kept, then through the safe reposition (facts
// §7.7). The reference visits them in random order, which decides who
// keeps clear of whom.
void Referee::repel_opponents_of(TeamSide passing, const RefereeInput& input, RefereeCommands* out) {
  const double radius = rules_.pass_mode_min_opponent_distance;
  int order[kMaxRefereeRobots];
  int n = 0;
  for (int i = 0; i < input.robot_count; ++i)
    if (input.robots[i].team == other(passing)) order[n++] = i;
  std::shuffle(order, order + n, rng_);
  SafeRepositioner repositioner(input, rules_);
  for (int k = 0; k < n; ++k) {
    const RefereeRobot& r = input.robots[order[k]];
    double dx = r.x - input.ball_x, dy = r.y - input.ball_y;
    const double d = std::hypot(dx, dy);
    if (d >= radius) continue;
    // Straight above the ball there is no direction (the reference would
    // compute NaN): send it towards its own goal.
    if (d < 1e-9) {
      dx = -attack_sign(r.team);
      dy = 0;
    } else {
      dx /= d;
      dy /= d;
    }
    const double reach = radius + kPassModeRepelPad;
    const Spot spot = repositioner.place(r, Spot{input.ball_x + dx * reach, input.ball_y + dy * reach});
    add_move(r, spot.x, spot.y, r.z, out);
  }
}

// A goal credited to `scorer` less than PassModeScoreWaitTime after its
// last cycle in pass mode does not count.
bool Referee::in_pass_mode_score_wait(TeamSide scorer) const {
  const double since_last = state_.game_time - last_pass_mode_time_[team_index(scorer)];
  return since_last < rules_.pass_mode_score_wait_time - kTimeTolerance;
}

// The reference's ResetKickChecks: every cycle of a kick-off, of a set piece
// after its pause, and at a drop ball, both teams' pass-mode history is
// forgotten (no retry or score wait carries over a restart).
void Referee::forget_pass_modes() {
  last_pass_mode_time_[0] = last_pass_mode_time_[1] = kNoPassMode;
}

void Referee::apply_fouls(const RefereeInput& input, double dt, RefereeCommands* out) {
  const double half_length = rules_.field_length / 2;
  int inside_area[2] = {0, 0};
  for (int i = 0; i < input.robot_count; ++i) {
    const RefereeRobot& r = input.robots[i];
    if (r.team == TeamSide::None || r.unum < 1 || r.unum > 11) continue;
    const int t = team_index(r.team), u = r.unum - 1;
    const bool goalie = r.unum == 1;
    // Incapable: on the ground or not standing for too long (counters run only on the field).
    if (std::fabs(r.y) < rules_.field_width / 2 + 0.1) {
      if (r.z < rules_.ground_height) ground_time_[t][u] += dt;
      if (r.z < rules_.standing_height) not_standing_time_[t][u] += dt;
    }
    if (r.z >= rules_.standing_height) {
      ground_time_[t][u] = 0;
      standing_streak_[t][u] += dt;
      if (standing_streak_[t][u] > 0.5) not_standing_time_[t][u] = 0;
    } else {
      standing_streak_[t][u] = 0;
    }
    double ground_limit = goalie ? rules_.goalie_ground_max_time : rules_.ground_max_time;
    double standing_limit = goalie ? rules_.goalie_not_standing_max_time : rules_.not_standing_max_time;
    bool incapable = ground_time_[t][u] > ground_limit || not_standing_time_[t][u] > standing_limit;
    double own_goal_x = r.team == TeamSide::Left ? -half_length : half_length;
    bool in_area = std::fabs(r.x - own_goal_x) <= rules_.penalty_length && std::fabs(r.y) <= rules_.penalty_width / 2;
    if (in_area) ++inside_area[t];
    bool illegal_defence = in_area && !goalie && inside_area[t] > rules_.max_players_inside_own_area;
    if (incapable || illegal_defence) {
      // Moved to the side line, on the side away from the ball (facts §7.7).
      double x = (r.team == TeamSide::Left ? -0.6 : 0.6) * (7 - r.unum);
      double y = input.ball_y < 0 ? 10.5 : -10.5;
      add_move(r, x, y, 0.4, out);
      ground_time_[t][u] = not_standing_time_[t][u] = 0;
    }
  }
}

void Referee::step(const RefereeInput& input, double dt, RefereeCommands* out) {
  out->clear();
  const PlayMode mode = state_.play_mode;
  if (mode == PlayMode::GameOver) return;

  if (mode == PlayMode::BeforeKickOff) {
    if (input.robot_count > 0) state_.before_kick_off_time += dt;
    apply_before_kick_off(input, out);
    if (rules_.automatic_kick_off && state_.before_kick_off_time >= rules_.wait_before_kick_off) {
      state_.before_kick_off_time = 0;
      kick_off(TeamSide::None);
    }
    return;
  }

  state_.game_time += dt;
  record_touches(input);

  if (mode == PlayMode::GoalLeft || mode == PlayMode::GoalRight) {
    if (state_.game_time - state_.mode_start_time >= rules_.goal_pause_time) {
      out->place_ball = true;
      out->ball_x = out->ball_y = 0;
      out->ball_z = rules_.ball_radius;
      kick_off(next_kick_off_);
    }
  } else {
    // Goals and balls out of play are judged only in open play: during a
    // kick-off or set piece the ball is still being placed (and a touch
    // turns the mode into PlayOn first).
    bool stopped = false;
    if (mode == PlayMode::PlayOn) {
      stopped = check_double_touch(input) || check_goal(input) || check_out_of_field(input);
    } else if (mode == PlayMode::KickOffLeft || mode == PlayMode::KickOffRight) {
      apply_kick_off(input, out);
    } else if (is_set_piece(mode)) {
      apply_set_piece(input, out);
    } else if (mode == PlayMode::PassLeft || mode == PlayMode::PassRight) {
      apply_pass_mode(input, out);
    }
    if (!stopped) apply_fouls(input, dt, out);
  }

  // Halves end on the clock whatever the mode.
  const double end = rules_.half_time * (state_.half == 1 ? 1 : 2);
  if (state_.game_time >= end) {
    if (state_.half == 1 && !rules_.single_half) {
      state_.half = 2;
      state_.game_time = end;
      next_kick_off_ = TeamSide::Right;
      set_mode(PlayMode::BeforeKickOff);
      state_.before_kick_off_time = 0;
    } else {
      state_.game_time = end;
      set_mode(PlayMode::GameOver);
    }
  }
}

}  // namespace libero::sim
