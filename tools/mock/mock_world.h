// MockWorld: robots as bodies with walk limits, a kick model and a rolling
// ball, plus the referee. Each cycle it reads one SkillRequests per robot and
// writes one WorldState and MotionStatus per robot (side-normalised, perfect
// perception), the same structs the engine hands to and takes from scripts.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "core/result.h"
#include "core/skill_requests.h"
#include "tools/sim/referee/referee.h"
#include "world/world_state.h"

namespace libero::mock {

using sim::TeamSide;

struct KickModel {
  double duration = 1.0, distance = 9.0, distance_sigma = 1.0;
  double direction_sigma = 6.0;  // deg
  double reach = 0.25, max_angle = 40;  // m beyond the body radius, deg
  // Where behaviours line up for this kick (ball this far ahead of the robot
  // centre, m), reported in MotionStatus; the kick itself starts whenever the
  // ball is within reach and angle.
  double ball_x = 0.22;
  // Where the kicked ball flies over the robots and the crossbar (m from the
  // kick spot; 0, 0: never): it passes no robot and scores no goal there.
  double over_bar_from = 0, over_bar_to = 0;
  // s the body's approach and settle at the ball take before the swing
  // (0: none). The robot stands at the ball meanwhile, interruptible, as
  // with the engine's kick approach, which in games on the real server
  // often stood seconds at the ball; the swing starts only if the ball is
  // still within reach then (else the kick fails).
  double approach = 0;
};

// The robot model of the mock world, loaded from robots/nao/mock.lua.
struct MockModel {
  double body_radius = 0.15;
  double max_forward = 0.6, max_backward = 0.3, max_side = 0.3, max_turn = 1.6;
  double acceleration = 1.0, turn_acceleration = 6.0;
  double walk_to_gain = 1.5, walk_to_turn_gain = 2.5;
  double walk_to_tolerance = 0.05, walk_to_heading_tolerance = 0.1;
  KickModel kicks[motion::kKickTypeCount];
  double get_up_duration = 2.0, motion_duration = 1.0;
  double fall_speed = 0.6, fall_probability = 0.3;
  double ball_deceleration = 0.6, ball_push_gain = 1.3;
};

Result<MockModel> load_mock_model(const std::string& path);

struct MockOptions {
  uint32_t seed = 1;
  sim::RuleParameters rules;
  MockModel model;
};

constexpr int kMaxMockRobots = 22;

// Ground truth of one robot (world frame: left team defends x = -15).
struct MockRobot {
  bool active = false;
  TeamSide team = TeamSide::Left;
  int unum = 0;
  int type = 0;
  double x = 0, y = 0, heading = 0;
  double vx = 0, vy = 0, turn = 0;          // robot frame, current
  bool fallen = false;
  double fall_time = 0;                     // s since it fell
  int32_t active_body = motion::kBodyStand;
  int32_t skill_state = motion::kSkillIdle;
  double skill_time = 0;                    // s in the current body skill
  bool kick_released = false;
  int kick_type = 0;                        // of the kick running (KickModel index)
  char last_say[motion::kSayLength + 1] = {};
  double gone_since = -1;                   // s of game time it left (a crashed agent), -1 = playing
  double silent_since = -1;                 // s: its radio went quiet (still playing, still seen), -1 = talking
  // Until this game time its world model reads number 0, as an agent's does
  // before the server's first GameState names it (a robot joining mid-game).
  double number_known_time = 0;
  bool ball_hidden = false;                 // it does not see the ball (hide_ball)
  double ball_hidden_since = 0;             // s: when it last saw the ball (may be before the start)
  double hidden_ball_x = 0, hidden_ball_y = 0;  // world frame: where it last saw the ball
  // Its localisation is lost (lose_pose): `localised` 0 until it has turned
  // kRelocaliseTurn rad since, looking round for landmarks.
  bool pose_lost = false;
  double pose_lost_turned = 0;              // rad turned since it was lost
  // The scripts' radio payload (SkillRequests.radio_payload): the last one
  // they set, when they set it, and when teammates last heard it (its radio
  // carries it like the world model's message: at once, unless silenced).
  uint32_t radio_payload = 0;
  double radio_payload_set_time = -1;       // s, -1 = never set
  double radio_payload_heard_time = -1;     // s, -1 = never heard by teammates
};

class MockWorld {
 public:
  explicit MockWorld(const MockOptions& options);

  // Adds a robot standing at its own-half place; returns its index or -1.
  int add_robot(TeamSide team, int unum, int type = 0);
  int robot_count() const { return robot_count_; }
  int find_robot(TeamSide team, int unum) const;  // -1 if absent
  MockRobot& robot(int index) { return robots_[index]; }
  const MockRobot& robot(int index) const { return robots_[index]; }

  // Scene set-up (tests, trainer-like). World frame.
  void place_robot(int index, double x, double y, double heading);
  void set_ball(double x, double y, double vx = 0, double vy = 0);
  void knock_over(int index);
  // The robot's agent stops (crashes or disconnects): the server takes the
  // body off the field; teammates keep its last track, heard ever longer ago.
  void remove_robot(int index);
  // The robot plays on and teammates still see it, but its team messages
  // stop: their last_heard_age of it grows (last_seen_age stays 0).
  void silence_robot(int index);
  // The robot stops seeing the ball (out of view): it keeps the position it
  // last saw, `unseen_for` seconds ago, and its ball ages grow from there.
  // Teammates' reports are not modelled, so hide it from each robot.
  void hide_ball(int index, double unseen_for);
  void show_ball(int index);
  // Its world model loses its pose (the referee moved it onto the sideline
  // facing out, say): `localised` reads 0 (the pose still reads true:
  // scripts must not lean on it) until the robot has turned kRelocaliseTurn
  // rad, which stands for looking round and seeing landmarks again.
  static constexpr double kRelocaliseTurn = 1.0;
  void lose_pose(int index);
  sim::Referee& referee() { return referee_; }
  const sim::Referee& referee() const { return referee_; }

  // One 20 ms cycle: requests[i] belongs to robot i (nullptr: keep standing).
  void step(const motion::SkillRequests* const* requests);

  // What robot i's scripts see after the last step.
  const world::WorldState& world_state(int index) const { return world_[index]; }
  const motion::MotionStatus& motion_status(int index) const { return status_[index]; }

  double ball_x() const { return ball_x_; }
  double ball_y() const { return ball_y_; }
  double ball_vx() const { return ball_vx_; }
  double ball_vy() const { return ball_vy_; }
  // True while a lofted kick's ball is in the air (above the crossbar).
  bool ball_airborne() const;
  uint32_t cycle() const { return cycle_; }
  double time() const { return cycle_ * kCycleSeconds; }
  int last_touch_index() const { return last_touch_; }

  static constexpr double kCycleSeconds = 0.02;

 private:
  void apply_request(int index, const motion::SkillRequests& request);
  void move_robot(int index, double target_vx, double target_vy, double target_turn);
  void start_kick_if_possible(int index, const motion::SkillRequests& request);
  // A kick past its approach: it finishes before anything else.
  bool swinging(const MockRobot& r) const;
  void release_kick(int index, const motion::SkillRequests& request);
  void roll_ball();
  void resolve_contacts();
  void run_referee();
  void deliver_messages();
  void fill_views();
  double gaussian(double sigma);

  MockOptions options_;
  sim::Referee referee_;
  sim::RefereeInput referee_input_;  // the referee's last snapshot: (pass) is judged on it
  std::mt19937 rng_;
  int robot_count_ = 0;
  MockRobot robots_[kMaxMockRobots];
  world::WorldState world_[kMaxMockRobots] = {};
  motion::MotionStatus status_[kMaxMockRobots] = {};
  bool touched_[kMaxMockRobots] = {};
  // Team messages as the server hears them (simspark-facts 5.8): what each
  // robot said this cycle, each listener's teammate budget (an accepted
  // message costs 2, every cycle refills 1 up to 2) and what it has heard.
  bool said_[kMaxMockRobots] = {};
  int hear_budget_[kMaxMockRobots] = {};
  int32_t heard_id_[kMaxMockRobots] = {};
  world::WsHeard heard_[kMaxMockRobots][world::kMaxHeardMessages] = {};
  double ball_x_ = 0, ball_y_ = 0, ball_vx_ = 0, ball_vy_ = 0;
  // The last kick's spot and the stretch of its flight above the crossbar
  // (flight_to_ 0: the ball is on the ground).
  double kick_spot_x_ = 0, kick_spot_y_ = 0, flight_from_ = 0, flight_to_ = 0;
  uint32_t cycle_ = 0;
  int last_touch_ = -1;
};

}  // namespace libero::mock
