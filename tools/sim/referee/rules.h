// Rule parameters of the referee: the defaults shipped with rcssserver3d
// 0.7.2 (naosoccersim.rb, Soccer.*), see simspark-facts.md §7.1. Kept in one
// struct so that a competition's overrides are data, not code.
#pragma once

namespace libero::sim {

struct RuleParameters {
  // geometry
  double field_length = 30.0, field_width = 20.0;
  double goal_width = 2.1, goal_depth = 0.6, goal_height = 0.8;
  double penalty_length = 1.8, penalty_width = 6.0;  // scene width = PenaltyWidth + GoalWidth
  double ball_radius = 0.042;
  // kick distances
  double free_kick_distance = 2.0;   // opponents cleared from this radius around the ball
  double kick_repel_distance = 0.5;  // kicking team pushed to this distance at a set piece
  double goal_kick_distance = 1.0;   // goal kick spot in front of the goal line
  // game flow
  bool automatic_kick_off = false;
  double wait_before_kick_off = 30.0;
  double goal_pause_time = 3.0;
  double kick_in_pause_time = 1.0;
  double half_time = 300.0;
  double drop_ball_time = 15.0;
  bool single_half = false;
  // fouls
  double ground_max_time = 15.0, goalie_ground_max_time = 30.0;            // torso z < 0.15
  double not_standing_max_time = 30.0, goalie_not_standing_max_time = 60.0; // torso z < 0.25
  int max_players_inside_own_area = 3;
  double foul_hold_time = 0.5;
  // safe reposition (facts §7.7): a moved robot's 0.4 m sphere is kept clear of
  // the other robots, searched at most this many steps
  double agent_radius = 0.4;
  int max_safe_reposition_attempts = 100;
  // pass mode (facts §7.10)
  double pass_mode_max_ball_speed = 0.05;         // m/s, at the request
  double pass_mode_max_ball_distance = 0.5;       // requester's torso (xy) to the ball
  double pass_mode_min_opponent_distance = 1.0;   // opponents (torso xy) to the ball
  double pass_mode_duration = 4.0;
  double pass_mode_score_wait_time = 10.0;        // no goal this soon after the team's pass mode
  double pass_mode_retry_wait_time = 3.0;         // no new pass mode this soon after the last
  // standing thresholds (torso centre height)
  double standing_height = 0.25, ground_height = 0.15;
};

}  // namespace libero::sim
