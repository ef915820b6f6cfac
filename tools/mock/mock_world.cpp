#include "tools/mock/mock_world.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/datafile.h"
#include "core/math.h"
#include "world/game_phase.h"
#include "world/heard_messages.h"

namespace libero::mock {
namespace {

using protocol::PlayMode;

constexpr double kStandingTorso = 0.38, kFallenTorso = 0.1;

double clamp_abs(double v, double limit) { return std::clamp(v, -limit, limit); }

double approach(double current, double target, double max_change) {
  return current + std::clamp(target - current, -max_change, max_change);
}

}  // namespace

Result<MockModel> load_mock_model(const std::string& path) {
  auto file = data::load_data_file(path);
  if (!file.ok()) return file.error();
  MockModel m;
  data::FieldReader top(*file, file->root, "mock model");
  m.body_radius = top.number("body_radius");
  const data::Value* walk = top.map("walk");
  const data::Value* kicks = top.map("kicks");
  const data::Value* get_up = top.map("get_up");
  const data::Value* motion_table = top.map("motion");
  const data::Value* collisions = top.map("collisions");
  const data::Value* ball = top.map("ball");
  if (!top.ok()) return top.error();
  if (auto s = top.finish(); !s.ok()) return s.error();

  data::FieldReader w(*file, *walk, "walk");
  m.max_forward = w.number("max_forward");
  m.max_backward = w.number("max_backward");
  m.max_side = w.number("max_side");
  m.max_turn = w.number("max_turn");
  m.acceleration = w.number("acceleration");
  m.turn_acceleration = w.number("turn_acceleration");
  m.walk_to_gain = w.number("walk_to_gain");
  m.walk_to_turn_gain = w.number("walk_to_turn_gain");
  m.walk_to_tolerance = w.number("walk_to_tolerance");
  m.walk_to_heading_tolerance = w.number("walk_to_heading_tolerance");
  if (auto s = w.finish(); !s.ok()) return s.error();

  data::FieldReader k(*file, *kicks, "kicks");
  const data::Value* kick_tables[motion::kKickTypeCount] = {};
  for (int i = 0; i < motion::kKickTypeCount; ++i) kick_tables[i] = k.map(motion::kKickTypeNames[i]);
  if (auto s = k.finish(); !s.ok()) return s.error();
  for (int i = 0; i < motion::kKickTypeCount; ++i) {
    data::FieldReader kr(*file, *kick_tables[i], std::string("kicks.") + motion::kKickTypeNames[i]);
    KickModel& km = m.kicks[i];
    km.duration = kr.number("duration");
    km.distance = kr.number("distance");
    km.distance_sigma = kr.number("distance_sigma");
    km.direction_sigma = kr.number("direction_sigma");
    km.reach = kr.number("reach");
    km.max_angle = kr.number("max_angle");
    km.ball_x = kr.number("ball_x");
    km.over_bar_from = kr.number_or("over_bar_from", 0.0);
    km.over_bar_to = kr.number_or("over_bar_to", 0.0);
    km.approach = kr.number_or("approach", 0.0);
    if (kr.ok() && !(km.approach >= 0)) kr.fail("'approach' must be at least 0");
    if (kr.ok() && !(km.over_bar_from >= 0 && km.over_bar_from <= km.over_bar_to))
      kr.fail("'over_bar_from' must be in [0, over_bar_to]");
    if (auto s = kr.finish(); !s.ok()) return s.error();
  }
  data::FieldReader g(*file, *get_up, "get_up");
  m.get_up_duration = g.number("duration");
  if (auto s = g.finish(); !s.ok()) return s.error();
  data::FieldReader mo(*file, *motion_table, "motion");
  m.motion_duration = mo.number("duration");
  if (auto s = mo.finish(); !s.ok()) return s.error();
  data::FieldReader c(*file, *collisions, "collisions");
  m.fall_speed = c.number("fall_speed");
  m.fall_probability = c.number("fall_probability");
  if (auto s = c.finish(); !s.ok()) return s.error();
  data::FieldReader b(*file, *ball, "ball");
  m.ball_deceleration = b.number("rolling_deceleration");
  m.ball_push_gain = b.number("push_gain");
  if (auto s = b.finish(); !s.ok()) return s.error();
  if (m.ball_deceleration <= 0 || m.max_forward <= 0 || m.body_radius <= 0)
    return make_error(path + ": rolling_deceleration, max_forward and body_radius must be positive");
  return m;
}

MockWorld::MockWorld(const MockOptions& options)
    : options_(options), referee_(options.rules, options.seed), rng_(options.seed) {
  ball_x_ = ball_y_ = 0;
}

double MockWorld::gaussian(double sigma) {
  if (sigma <= 0) return 0;
  std::normal_distribution<double> dist(0.0, sigma);
  return dist(rng_);
}

int MockWorld::add_robot(TeamSide team, int unum, int type) {
  if (robot_count_ >= kMaxMockRobots || unum < 1 || unum > world::kMaxTeamSize) return -1;
  if (find_robot(team, unum) >= 0) return -1;
  int i = robot_count_++;
  MockRobot& r = robots_[i];
  r = MockRobot{};
  r.active = true;
  r.team = team;
  r.unum = unum;
  r.type = type;
  const double side = team == TeamSide::Left ? -1.0 : 1.0;
  r.x = side * (1.0 + 1.2 * unum);
  r.y = 0;
  r.heading = team == TeamSide::Left ? 0.0 : kPi;
  said_[i] = false;
  hear_budget_[i] = 2;
  heard_id_[i] = 0;
  std::memset(heard_[i], 0, sizeof heard_[i]);
  fill_views();
  return i;
}

void MockWorld::remove_robot(int index) {
  MockRobot& r = robots_[index];
  if (!r.active) return;
  r.active = false;
  r.gone_since = time();
  r.vx = r.vy = r.turn = 0;
  fill_views();
}

void MockWorld::silence_robot(int index) {
  MockRobot& r = robots_[index];
  if (r.silent_since < 0) r.silent_since = time();
  fill_views();
}

void MockWorld::hide_ball(int index, double unseen_for) {
  MockRobot& r = robots_[index];
  r.ball_hidden = true;
  r.ball_hidden_since = time() - unseen_for;
  r.hidden_ball_x = ball_x_;
  r.hidden_ball_y = ball_y_;
  fill_views();
}

void MockWorld::lose_pose(int index) {
  MockRobot& r = robots_[index];
  r.pose_lost = true;
  r.pose_lost_turned = 0;
  fill_views();
}

void MockWorld::show_ball(int index) {
  robots_[index].ball_hidden = false;
  fill_views();
}

int MockWorld::find_robot(TeamSide team, int unum) const {
  for (int i = 0; i < robot_count_; ++i)
    if (robots_[i].team == team && robots_[i].unum == unum) return i;
  return -1;
}

void MockWorld::place_robot(int index, double x, double y, double heading) {
  MockRobot& r = robots_[index];
  r.x = x;
  r.y = y;
  r.heading = normalize_angle(heading);
  r.vx = r.vy = r.turn = 0;
  fill_views();
}

bool MockWorld::ball_airborne() const {
  if (flight_to_ <= 0) return false;
  const double travelled = std::hypot(ball_x_ - kick_spot_x_, ball_y_ - kick_spot_y_);
  return travelled >= flight_from_ && travelled <= flight_to_;
}

void MockWorld::set_ball(double x, double y, double vx, double vy) {
  flight_to_ = 0;
  ball_x_ = x;
  ball_y_ = y;
  ball_vx_ = vx;
  ball_vy_ = vy;
  fill_views();
}

void MockWorld::knock_over(int index) {
  MockRobot& r = robots_[index];
  r.fallen = true;
  r.fall_time = 0;
  r.vx = r.vy = r.turn = 0;
  r.active_body = motion::kBodyGetUp;
  r.skill_state = motion::kSkillRunning;
}

void MockWorld::move_robot(int index, double target_vx, double target_vy, double target_turn) {
  MockRobot& r = robots_[index];
  const MockModel& m = options_.model;
  target_vx = std::clamp(target_vx, -m.max_backward, m.max_forward);
  target_vy = clamp_abs(target_vy, m.max_side);
  target_turn = clamp_abs(target_turn, m.max_turn);
  // Combined limit: the walk cannot reach every axis' maximum at once.
  double fx = target_vx >= 0 ? target_vx / m.max_forward : -target_vx / m.max_backward;
  double load = std::hypot(fx, target_vy / m.max_side) + std::fabs(target_turn) / m.max_turn * 0.5;
  if (load > 1.0) {
    target_vx /= load;
    target_vy /= load;
    target_turn /= load;
  }
  const double dt = kCycleSeconds;
  r.vx = approach(r.vx, target_vx, m.acceleration * dt);
  r.vy = approach(r.vy, target_vy, m.acceleration * dt);
  r.turn = approach(r.turn, target_turn, m.turn_acceleration * dt);
  const double c = std::cos(r.heading), s = std::sin(r.heading);
  r.x += (c * r.vx - s * r.vy) * dt;
  r.y += (s * r.vx + c * r.vy) * dt;
  r.heading = normalize_angle(r.heading + r.turn * dt);
  if (r.pose_lost) {
    r.pose_lost_turned += std::fabs(r.turn) * dt;
    if (r.pose_lost_turned >= kRelocaliseTurn) r.pose_lost = false;
  }
}

void MockWorld::start_kick_if_possible(int index, const motion::SkillRequests& request) {
  MockRobot& r = robots_[index];
  const int type = std::clamp(request.kick_type, 0, motion::kKickTypeCount - 1);
  const KickModel& k = options_.model.kicks[type];
  const double dx = ball_x_ - r.x, dy = ball_y_ - r.y;
  const double c = std::cos(r.heading), s = std::sin(r.heading);
  const double forward = c * dx + s * dy, left = -s * dx + c * dy;
  const double distance = std::hypot(forward, left);
  const double angle = std::fabs(rad2deg(std::atan2(left, forward)));
  const bool reachable = distance <= options_.model.body_radius + k.reach && angle <= k.max_angle;
  r.skill_state = reachable ? motion::kSkillRunning : motion::kSkillFailed;
}

bool MockWorld::swinging(const MockRobot& r) const {
  return r.active_body == motion::kBodyKick && r.skill_state == motion::kSkillRunning &&
         r.skill_time >= options_.model.kicks[r.kick_type].approach;
}

void MockWorld::release_kick(int index, const motion::SkillRequests& request) {
  MockRobot& r = robots_[index];
  const int type = std::clamp(request.kick_type, 0, motion::kKickTypeCount - 1);
  const KickModel& k = options_.model.kicks[type];
  // Kick target in the world frame.
  double tx = request.kick_target_x, ty = request.kick_target_y;
  if (r.team == TeamSide::Right) {
    tx = -tx;
    ty = -ty;
  }
  const double direction = std::atan2(ty - ball_y_, tx - ball_x_) + deg2rad(gaussian(k.direction_sigma));
  double distance = k.distance;
  if (type == motion::kKickShort) distance = std::min(distance, std::hypot(tx - ball_x_, ty - ball_y_));
  distance = std::max(0.3, distance + gaussian(k.distance_sigma));
  const double speed = std::sqrt(2.0 * options_.model.ball_deceleration * distance);
  kick_spot_x_ = ball_x_;
  kick_spot_y_ = ball_y_;
  flight_from_ = k.over_bar_from;
  flight_to_ = k.over_bar_to;
  ball_vx_ = speed * std::cos(direction);
  ball_vy_ = speed * std::sin(direction);
  touched_[index] = true;
  last_touch_ = index;
  r.kick_released = true;
}

void MockWorld::apply_request(int index, const motion::SkillRequests& request) {
  MockRobot& r = robots_[index];
  if (!r.active) return;
  const MockModel& m = options_.model;
  const double dt = kCycleSeconds;

  if (request.say) {
    std::memcpy(r.last_say, request.say_text, sizeof r.last_say);
    r.last_say[sizeof r.last_say - 1] = '\0';
    said_[index] = true;
  }
  // Judged on the referee's last snapshot, as rcssserver3d and libero serve do.
  if (request.pass_mode) referee_.request_pass_mode(r.team, r.unum, referee_input_);
  if (request.beam && referee_.beam_allowed()) {
    double x = std::clamp(request.beam_x, -15.0, 0.0), y = std::clamp(request.beam_y, -10.0, 10.0);
    double heading = request.beam_heading;
    if (r.team == TeamSide::Right) {
      x = -x;
      y = -y;
      heading += kPi;
    }
    place_robot(index, x, y, heading);
  }
  if (r.fallen) {
    r.fall_time += dt;
    r.vx = r.vy = r.turn = 0;
    if (r.fall_time >= m.get_up_duration) {
      r.fallen = false;
      r.active_body = motion::kBodyStand;
      r.skill_state = motion::kSkillDone;
      r.skill_time = 0;
    }
    return;
  }
  // A kick, once started, finishes before anything else; other skills switch at once.
  const bool kicking = swinging(r);
  if (!kicking && request.body != r.active_body) {
    r.active_body = request.body;
    r.kick_type = std::clamp(request.kick_type, 0, motion::kKickTypeCount - 1);
    r.skill_time = 0;
    r.skill_state = motion::kSkillRunning;
    r.kick_released = false;
  }
  const bool first_cycle = r.skill_time == 0;
  r.skill_time += dt;

  switch (r.active_body) {
    case motion::kBodyWalkVelocity:
      move_robot(index, request.walk_vx, request.walk_vy, request.walk_turn);
      r.skill_state = motion::kSkillRunning;
      break;
    case motion::kBodyWalkTo: {
      double tx = request.target_x, ty = request.target_y, th = request.target_heading;
      if (r.team == TeamSide::Right) {
        tx = -tx;
        ty = -ty;
        th += kPi;
      }
      const double dx = tx - r.x, dy = ty - r.y;
      const double c = std::cos(r.heading), s = std::sin(r.heading);
      const double forward = c * dx + s * dy, left = -s * dx + c * dy;
      const double distance = std::hypot(dx, dy);
      const double heading_error = normalize_angle(th - r.heading);
      if (distance < m.walk_to_tolerance && std::fabs(heading_error) < m.walk_to_heading_tolerance) {
        move_robot(index, 0, 0, 0);
        r.skill_state = motion::kSkillDone;
        break;
      }
      r.skill_state = motion::kSkillRunning;
      if (distance > 0.5) {
        // Far: face the target and walk forwards (the walk is fastest that way).
        const double bearing = std::atan2(left, forward);
        move_robot(index, m.walk_to_gain * forward, m.walk_to_gain * left * 0.3, m.walk_to_turn_gain * bearing);
      } else {
        move_robot(index, m.walk_to_gain * forward, m.walk_to_gain * left, m.walk_to_turn_gain * heading_error);
      }
      break;
    }
    case motion::kBodyKick: {
      move_robot(index, 0, 0, 0);
      if (first_cycle) start_kick_if_possible(index, request);
      if (r.skill_state != motion::kSkillRunning) break;
      const KickModel& k = options_.model.kicks[r.kick_type];
      if (r.skill_time < k.approach) break;  // still approaching
      // The swing's first cycle: the ball may have gone meanwhile.
      if (k.approach > 0 && r.skill_time - kCycleSeconds < k.approach) start_kick_if_possible(index, request);
      if (r.skill_state != motion::kSkillRunning) break;
      const double swing = r.skill_time - k.approach;
      if (!r.kick_released && swing >= k.duration / 2) release_kick(index, request);
      if (swing >= k.duration) r.skill_state = motion::kSkillDone;
      break;
    }
    case motion::kBodyMotion:
      move_robot(index, 0, 0, 0);
      r.skill_state = r.skill_time >= m.motion_duration ? motion::kSkillDone : motion::kSkillRunning;
      break;
    case motion::kBodyGetUp:
      move_robot(index, 0, 0, 0);
      r.skill_state = motion::kSkillDone;  // standing already
      break;
    case motion::kBodyStand:
    default:
      move_robot(index, 0, 0, 0);
      r.skill_state = motion::kSkillDone;
      break;
  }
}

void MockWorld::roll_ball() {
  const double dt = kCycleSeconds;
  const double speed = std::hypot(ball_vx_, ball_vy_);
  if (speed <= 0) return;
  const double new_speed = std::max(0.0, speed - options_.model.ball_deceleration * dt);
  const double mean = 0.5 * (speed + new_speed) / speed;
  ball_x_ += ball_vx_ * mean * dt;
  ball_y_ += ball_vy_ * mean * dt;
  ball_vx_ *= new_speed / speed;
  ball_vy_ *= new_speed / speed;
}

void MockWorld::resolve_contacts() {
  const MockModel& m = options_.model;
  const double ball_radius = options_.rules.ball_radius;
  const bool airborne = ball_airborne();  // a lofted ball passes over every robot
  for (int i = 0; i < robot_count_; ++i) {
    MockRobot& r = robots_[i];
    if (!r.active || airborne) continue;
    const double dx = ball_x_ - r.x, dy = ball_y_ - r.y;
    const double d = std::hypot(dx, dy);
    const double contact = m.body_radius + ball_radius;
    if (d >= contact) continue;
    const double nx = d > 1e-9 ? dx / d : std::cos(r.heading), ny = d > 1e-9 ? dy / d : std::sin(r.heading);
    ball_x_ = r.x + nx * contact;
    ball_y_ = r.y + ny * contact;
    // The robot's own velocity along the contact normal, in the world frame.
    const double c = std::cos(r.heading), s = std::sin(r.heading);
    const double wvx = c * r.vx - s * r.vy, wvy = s * r.vx + c * r.vy;
    const double push = std::max(0.0, wvx * nx + wvy * ny) * m.ball_push_gain;
    const double along = ball_vx_ * nx + ball_vy_ * ny;
    if (along < push) {
      ball_vx_ += (push - along) * nx;
      ball_vy_ += (push - along) * ny;
    }
    touched_[i] = true;
    last_touch_ = i;
  }
  for (int i = 0; i < robot_count_; ++i) {
    for (int j = i + 1; j < robot_count_; ++j) {
      MockRobot& a = robots_[i];
      MockRobot& b = robots_[j];
      if (!a.active || !b.active) continue;
      const double dx = b.x - a.x, dy = b.y - a.y;
      const double d = std::hypot(dx, dy);
      const double min_d = 2 * m.body_radius;
      if (d >= min_d) continue;
      const double nx = d > 1e-9 ? dx / d : 1.0, ny = d > 1e-9 ? dy / d : 0.0;
      const double overlap = (min_d - d) / 2;
      a.x -= nx * overlap;
      a.y -= ny * overlap;
      b.x += nx * overlap;
      b.y += ny * overlap;
      auto world_velocity = [](const MockRobot& r, double* vx, double* vy) {
        const double c = std::cos(r.heading), s = std::sin(r.heading);
        *vx = c * r.vx - s * r.vy;
        *vy = s * r.vx + c * r.vy;
      };
      double avx, avy, bvx, bvy;
      world_velocity(a, &avx, &avy);
      world_velocity(b, &bvx, &bvy);
      const double closing = (avx - bvx) * nx + (avy - bvy) * ny;
      if (closing > m.fall_speed) {
        std::uniform_real_distribution<double> u(0.0, 1.0);
        if (!a.fallen && u(rng_) < m.fall_probability) knock_over(i);
        if (!b.fallen && u(rng_) < m.fall_probability) knock_over(j);
      }
    }
  }
}

void MockWorld::run_referee() {
  sim::RefereeInput& in = referee_input_;
  in = sim::RefereeInput{};
  in.ball_x = ball_x_;
  in.ball_y = ball_y_;
  // Over the crossbar: no goal, and over the line it is out (a goal kick).
  in.ball_z = ball_airborne() ? options_.rules.goal_height + 0.2 : options_.rules.ball_radius;
  in.ball_vx = ball_vx_;
  in.ball_vy = ball_vy_;
  const TeamSide goal = sim::goal_containing_ball(ball_x_, ball_y_, in.ball_z, options_.rules);
  in.ball_in_left_goal = goal == TeamSide::Left;
  in.ball_in_right_goal = goal == TeamSide::Right;
  const double radius = options_.model.body_radius;
  for (int i = 0; i < robot_count_; ++i) {
    const MockRobot& r = robots_[i];
    if (!r.active) continue;
    sim::RefereeRobot& rr = in.robots[in.robot_count++];
    rr.team = r.team;
    rr.unum = r.unum;
    rr.x = r.x;
    rr.y = r.y;
    rr.z = r.fallen ? kFallenTorso : kStandingTorso;
    rr.min_x = r.x - radius;
    rr.max_x = r.x + radius;
    rr.min_y = r.y - radius;
    rr.max_y = r.y + radius;
    // Pass mode's safe reposition tests 3-D boxes (facts §7.7): from the
    // ground to the head, about 0.2 m above the torso.
    rr.min_z = 0;
    rr.max_z = rr.z + 0.2;
    rr.touched_ball = touched_[i];
  }
  sim::RefereeCommands out;
  referee_.step(in, kCycleSeconds, &out);
  if (out.place_ball) {
    ball_x_ = out.ball_x;
    ball_y_ = out.ball_y;
    ball_vx_ = ball_vy_ = 0;
    flight_to_ = 0;
  }
  for (int k = 0; k < out.move_count; ++k) {
    const int i = find_robot(out.moves[k].team, out.moves[k].unum);
    if (i < 0) continue;
    robots_[i].x = out.moves[k].x;
    robots_[i].y = out.moves[k].y;
    robots_[i].vx = robots_[i].vy = robots_[i].turn = 0;
  }
}

void MockWorld::deliver_messages() {
  for (int j = 0; j < robot_count_; ++j) {
    hear_budget_[j] = std::min(2, hear_budget_[j] + 1);
    world::age_heard(heard_[j], kCycleSeconds);
  }
  // Speakers in robot order: when several speak in one cycle the first one
  // processed wins each listener's budget, as on the server.
  for (int i = 0; i < robot_count_; ++i) {
    if (!said_[i]) continue;
    said_[i] = false;
    const MockRobot& speaker = robots_[i];
    if (!speaker.active) continue;
    for (int j = 0; j < robot_count_; ++j) {
      const MockRobot& listener = robots_[j];
      // Opponents' messages would reach the listener's world model, which
      // drops them: only our team's messages are ever kept for behaviours.
      if (!listener.active || listener.team != speaker.team) continue;
      const bool self = j == i;
      double direction = 0;  // our own echo costs no budget and has no bearing
      if (!self) {
        if (hear_budget_[j] < 2) continue;
        hear_budget_[j] -= 2;
        // Field bearing from listener to speaker in the listener's team frame.
        const double flip = listener.team == TeamSide::Left ? 1.0 : -1.0;
        direction = rad2deg(std::atan2(flip * (speaker.y - listener.y), flip * (speaker.x - listener.x)));
      }
      world::push_heard(heard_[j], ++heard_id_[j], self, direction, speaker.last_say);
    }
  }
}

void MockWorld::fill_views() {
  const sim::GameState& game = referee_.state();
  const double decel = options_.model.ball_deceleration;
  for (int i = 0; i < robot_count_; ++i) {
    const MockRobot& me = robots_[i];
    const bool left = me.team == TeamSide::Left;
    const double flip = left ? 1.0 : -1.0;  // world -> team frame for positions
    world::WorldState& ws = world_[i];
    std::memset(&ws, 0, sizeof ws);
    ws.version = world::kWorldStateVersion;
    ws.game.time = game.game_time;
    ws.game.server_time = time();
    ws.game.phase = world::game_phase_for(game.play_mode, left);
    ws.game.raw_play_mode = static_cast<int32_t>(game.play_mode);
    ws.game.our_score = left ? game.score_left : game.score_right;
    ws.game.their_score = left ? game.score_right : game.score_left;
    ws.game.side = left ? 1 : 2;
    ws.game.unum = time() >= me.number_known_time ? me.unum : 0;
    ws.game.robot_type = me.type;
    ws.game.cycle = cycle_;

    ws.self.x = flip * me.x;
    ws.self.y = flip * me.y;
    ws.self.heading = normalize_angle(me.heading + (left ? 0.0 : kPi));
    ws.self.z = me.fallen ? kFallenTorso : kStandingTorso;
    ws.self.pitch = me.fallen ? kPi / 2 : 0.0;
    ws.self.position_sigma = me.pose_lost ? 10.0 : 0.0;
    ws.self.heading_sigma = me.pose_lost ? kPi : 0.0;
    ws.self.localised = me.pose_lost ? 0 : 1;
    ws.self.fall = me.fallen ? world::kFallFront : world::kFallNone;
    ws.self.left_foot_contact = ws.self.right_foot_contact = me.fallen ? 0 : 1;

    ws.ball.x = flip * ball_x_;
    ws.ball.y = flip * ball_y_;
    ws.ball.vx = flip * ball_vx_;
    ws.ball.vy = flip * ball_vy_;
    const double speed = std::hypot(ball_vx_, ball_vy_);
    const double roll = speed > 0 ? speed / (2 * decel) : 0.0;  // distance to rest divided by speed
    ws.ball.stop_x = ws.ball.x + ws.ball.vx * roll;
    ws.ball.stop_y = ws.ball.y + ws.ball.vy * roll;
    ws.ball.valid = 1;
    ws.ball.last_seen_age = 0;
    ws.ball.last_known_age = 0;
    ws.ball.moving_towards_me =
        speed > 0.2 && ((ws.self.x - ws.ball.x) * ws.ball.vx + (ws.self.y - ws.ball.y) * ws.ball.vy) > 0;
    if (me.ball_hidden) {
      // Out of view: the last sighting, at rest, ageing.
      ws.ball.x = ws.ball.stop_x = flip * me.hidden_ball_x;
      ws.ball.y = ws.ball.stop_y = flip * me.hidden_ball_y;
      ws.ball.vx = ws.ball.vy = 0;
      ws.ball.last_seen_age = ws.ball.last_known_age = time() - me.ball_hidden_since;
      ws.ball.moving_towards_me = 0;
    }

    for (int j = 0; j < robot_count_; ++j) {
      const MockRobot& other = robots_[j];
      // A robot that left: opponents lose it; teammates keep its last
      // track (as the world model does), heard ever longer ago.
      if (!other.active && other.team != me.team) continue;
      world::WsPlayer& p = (other.team == me.team ? ws.teammates : ws.opponents)[other.unum - 1];
      p.valid = 1;
      p.unum = other.unum;
      p.x = flip * other.x;
      p.y = flip * other.y;
      p.heading = normalize_angle(other.heading + (left ? 0.0 : kPi));
      p.fall = other.fallen ? world::kFallFront : world::kFallNone;
      p.last_seen_age = other.active ? 0.0 : time() - other.gone_since;
      // Opponents never talk to us; a teammate talks until it leaves or is silenced.
      double quiet_since = other.silent_since;
      if (!other.active && (quiet_since < 0 || other.gone_since < quiet_since)) quiet_since = other.gone_since;
      if (other.team != me.team) p.last_heard_age = 1e9;
      else p.last_heard_age = quiet_since < 0 ? 0.0 : time() - quiet_since;
      // The scripts' payload: teammates get what they last heard; my own
      // slot holds what my scripts last set (as the world model does).
      const double payload_time = j == i ? other.radio_payload_set_time : other.radio_payload_heard_time;
      p.radio_payload = other.team == me.team && payload_time >= 0 ? other.radio_payload : 0;
      p.radio_payload_age = other.team == me.team && payload_time >= 0 ? time() - payload_time : 1e9;
    }

    std::memcpy(ws.heard, heard_[i], sizeof ws.heard);

    motion::MotionStatus& st = status_[i];
    st.active_body = me.active_body;
    st.state = me.skill_state;
    st.interruptible = !(me.fallen || swinging(me));
    st.getting_up = me.fallen ? 1 : 0;
    st.kick_distance_estimate = options_.model.kicks[motion::kKickLong].distance;
    for (int k = 0; k < motion::kKickTypeCount; ++k) {
      st.kick_distance[k] = options_.model.kicks[k].distance;
      st.kick_ball_x[k] = options_.model.kicks[k].ball_x;
      st.kick_ball_y[k] = 0;  // the mock's kicks take the ball straight ahead
      st.kick_duration[k] = options_.model.kicks[k].duration;
      st.kick_over_bar_from[k] = options_.model.kicks[k].over_bar_from;
      st.kick_over_bar_to[k] = options_.model.kicks[k].over_bar_to;
    }
    st.max_walk_forward = options_.model.max_forward;
    st.max_walk_side = options_.model.max_side;
    st.max_walk_turn = options_.model.max_turn;
    st.walk_speed_x = me.vx;
    st.walk_speed_y = me.vy;
    st.walk_speed_turn = me.turn;
  }
}

void MockWorld::step(const motion::SkillRequests* const* requests) {
  std::fill(std::begin(touched_), std::end(touched_), false);
  static const motion::SkillRequests kStand{};
  for (int i = 0; i < robot_count_; ++i) {
    const motion::SkillRequests* request = requests ? requests[i] : nullptr;
    apply_request(i, request ? *request : kStand);
  }
  deliver_messages();
  roll_ball();
  resolve_contacts();
  run_referee();
  ++cycle_;
  // Payloads set this cycle are heard by the next views (age 0), the way
  // today's radio reaches teammates at once in the mock world.
  for (int i = 0; i < robot_count_; ++i) {
    const motion::SkillRequests* request = requests ? requests[i] : nullptr;
    MockRobot& r = robots_[i];
    if (!request || !request->radio_payload_set || !r.active) continue;
    r.radio_payload = request->radio_payload & ((uint32_t{1} << motion::kRadioPayloadBits) - 1);
    r.radio_payload_set_time = time();
    if (r.silent_since < 0) r.radio_payload_heard_time = time();
  }
  fill_views();
}

}  // namespace libero::mock
