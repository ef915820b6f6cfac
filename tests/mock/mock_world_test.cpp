#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <unistd.h>

#include "core/math.h"
#include "tools/mock/mock_world.h"

using namespace libero;
using namespace libero::mock;
using libero::protocol::PlayMode;

namespace {
MockOptions default_options(uint32_t seed = 1) {
  MockOptions options;
  options.seed = seed;
  auto model = load_mock_model(std::string(LIBERO_SOURCE_DIR) + "/robots/nao/mock.lua");
  REQUIRE_MESSAGE(model.ok(), model.error().describe());
  options.model = *model;
  return options;
}

motion::SkillRequests stand() {
  motion::SkillRequests r;
  std::memset(&r, 0, sizeof r);
  r.body = motion::kBodyStand;
  return r;
}

// Runs `cycles` with the same request for robot 0 and standing for the rest.
void run(MockWorld& world, const motion::SkillRequests& request, int cycles) {
  static const motion::SkillRequests standing = stand();
  const motion::SkillRequests* requests[kMaxMockRobots];
  for (int i = 0; i < kMaxMockRobots; ++i) requests[i] = &standing;
  requests[0] = &request;
  for (int c = 0; c < cycles; ++c) world.step(requests);
}
}  // namespace

TEST_CASE("mock model loads from data and rejects a broken file") {
  auto options = default_options();
  CHECK(options.model.max_forward == doctest::Approx(0.6));
  CHECK(options.model.kicks[motion::kKickLong].distance == doctest::Approx(9.0));
  std::string path = "/tmp/libero_mock_bad_" + std::to_string(getpid()) + ".lua";
  std::ofstream(path) << "return { body_radius = 0.15, walk = { max_forward = 'fast' } }";
  auto bad = load_mock_model(path);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message.find(path) != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("walking forward reaches the speed limit and no more") {
  MockWorld world(default_options());
  world.referee().set_play_mode(PlayMode::PlayOn);  // before kick-off the referee would send it back
  int me = world.add_robot(TeamSide::Left, 2);
  world.place_robot(me, -5, 0, 0);
  auto walk = stand();
  walk.body = motion::kBodyWalkVelocity;
  walk.walk_vx = 5.0;  // far above the limit
  run(world, walk, 500);  // 10 s
  const double travelled = world.robot(me).x + 5;
  CHECK(travelled > 5.5);
  CHECK(travelled < 6.0);  // 0.6 m/s for 10 s, less the acceleration phase
  CHECK(world.world_state(me).self.x == doctest::Approx(world.robot(me).x));
  CHECK(world.motion_status(me).walk_speed_x == doctest::Approx(0.6));
}

TEST_CASE("walk-to reaches the pose and reports done; the right team walks in its own frame") {
  MockWorld world(default_options());
  int right = world.add_robot(TeamSide::Right, 3);
  auto go = stand();
  go.body = motion::kBodyWalkTo;
  go.target_x = -2;   // team frame: towards the own goal of the right team = world +x
  go.target_y = 1;
  go.target_heading = kPi / 2;
  run(world, go, 1500);
  const auto& ws = world.world_state(right);
  CHECK(ws.self.x == doctest::Approx(-2).epsilon(0.05));
  CHECK(ws.self.y == doctest::Approx(1).epsilon(0.05));
  CHECK(world.robot(right).x == doctest::Approx(2).epsilon(0.05));  // world frame is mirrored
  CHECK(world.robot(right).y == doctest::Approx(-1).epsilon(0.05));
  CHECK(world.motion_status(right).state == motion::kSkillDone);
  CHECK(ws.game.side == 2);
}

TEST_CASE("a long kick sends the ball about 9 m towards the target; out of reach it fails") {
  MockWorld world(default_options(5));
  world.referee().set_play_mode(PlayMode::PlayOn);
  int me = world.add_robot(TeamSide::Left, 9);
  world.place_robot(me, 0, 0, 0);
  world.set_ball(0.25, 0);
  auto kick = stand();
  kick.body = motion::kBodyKick;
  kick.kick_type = motion::kKickLong;
  kick.kick_target_x = 10;
  kick.kick_target_y = 0;
  run(world, kick, 60);
  CHECK(world.motion_status(me).state == motion::kSkillDone);
  run(world, stand(), 600);
  CHECK(world.ball_x() > 6.0);
  CHECK(world.ball_x() < 12.5);
  CHECK(std::fabs(std::atan2(world.ball_y(), world.ball_x())) < deg2rad(20));
  CHECK(world.world_state(me).ball.x == doctest::Approx(world.ball_x()));

  MockWorld far(default_options());
  far.referee().set_play_mode(PlayMode::PlayOn);
  int other = far.add_robot(TeamSide::Left, 9);
  far.place_robot(other, 0, 0, 0);
  far.set_ball(2.0, 0);
  run(far, kick, 5);
  CHECK(far.motion_status(other).state == motion::kSkillFailed);
  CHECK(far.ball_x() == doctest::Approx(2.0));
}

TEST_CASE("a kick with an approach stands at the ball, interruptible, then swings; a ball gone meanwhile fails it") {
  MockOptions options = default_options(5);
  options.model.kicks[motion::kKickLong].approach = 1.0;
  auto kick = stand();
  kick.body = motion::kBodyKick;
  kick.kick_type = motion::kKickLong;
  kick.kick_target_x = 10;
  kick.kick_target_y = 0;

  MockWorld world(options);
  world.referee().set_play_mode(PlayMode::PlayOn);
  int me = world.add_robot(TeamSide::Left, 9);
  world.place_robot(me, 0, 0, 0);
  world.set_ball(0.25, 0);
  run(world, kick, 40);  // 0.8 s: approaching
  CHECK(world.motion_status(me).state == motion::kSkillRunning);
  CHECK(world.motion_status(me).interruptible == 1);
  CHECK(world.ball_x() == doctest::Approx(0.25));
  run(world, kick, 20);  // into the swing
  CHECK(world.motion_status(me).interruptible == 0);
  run(world, kick, 60);
  CHECK(world.motion_status(me).state == motion::kSkillDone);
  CHECK(world.ball_x() > 1.0);

  MockWorld gone(options);
  gone.referee().set_play_mode(PlayMode::PlayOn);
  int other = gone.add_robot(TeamSide::Left, 9);
  gone.place_robot(other, 0, 0, 0);
  gone.set_ball(0.25, 0);
  run(gone, kick, 20);
  gone.set_ball(3.0, 0);  // taken away during the approach
  run(gone, kick, 60);
  CHECK(gone.motion_status(other).state == motion::kSkillFailed);
  CHECK(gone.ball_x() == doctest::Approx(3.0));
}

TEST_CASE("a lofted kick flies over robots and over the crossbar, and lands beyond them") {
  auto options = default_options(3);
  for (KickModel& k : options.model.kicks) k.distance_sigma = k.direction_sigma = 0;  // every kick as modelled
  const KickModel& lofted = options.model.kicks[motion::kKickLofted];
  REQUIRE(lofted.over_bar_to > 2.0);
  auto kick = stand();
  kick.body = motion::kBodyKick;
  kick.kick_type = motion::kKickLofted;
  kick.kick_target_x = 14;
  kick.kick_target_y = 0;
  // An opponent 2 m ahead: the lofted ball passes over it; the long kick's ball hits it.
  for (int type : {motion::kKickLofted, motion::kKickLong}) {
    MockWorld world(options);
    world.referee().set_play_mode(PlayMode::PlayOn);
    int me = world.add_robot(TeamSide::Left, 9);
    int them = world.add_robot(TeamSide::Right, 5);
    world.place_robot(me, 0, 0, 0);
    world.place_robot(them, 2.0, 0, kPi);
    world.set_ball(0.22, 0);
    kick.kick_type = type;
    run(world, kick, 100);
    run(world, stand(), 600);
    if (type == motion::kKickLofted) {
      CHECK(world.ball_x() > 5.0);
      CHECK(world.last_touch_index() == me);
    } else {
      CHECK(world.ball_x() < 2.0);
      CHECK(world.last_touch_index() == them);
    }
  }
  // Kicked at goal from inside its high stretch it sails over the bar: a goal kick, no goal.
  MockWorld over(options);
  over.referee().set_play_mode(PlayMode::PlayOn);
  int shooter = over.add_robot(TeamSide::Left, 9);
  const double spot = 15.0 - (lofted.over_bar_from + lofted.over_bar_to) / 2;
  over.place_robot(shooter, spot - 0.22, 0, 0);
  over.set_ball(spot, 0);
  kick.kick_type = motion::kKickLofted;
  kick.kick_target_x = 16;
  run(over, kick, 100);
  run(over, stand(), 400);
  CHECK(over.referee().state().score_left == 0);
  CHECK(over.world_state(shooter).game.phase == world::kGameTheirGoalKick);
  // From beyond the stretch the ball comes down in front of the goal and rolls in.
  MockWorld under(options);
  under.referee().set_play_mode(PlayMode::PlayOn);
  shooter = under.add_robot(TeamSide::Left, 9);
  const double far_spot = 15.0 - lofted.over_bar_to - 1.0;
  under.place_robot(shooter, far_spot - 0.22, 0, 0);
  under.set_ball(far_spot, 0);
  run(under, kick, 100);
  run(under, stand(), 600);
  CHECK(under.referee().state().score_left == 1);
}

TEST_CASE("walking into the ball dribbles it") {
  MockWorld world(default_options());
  world.referee().set_play_mode(PlayMode::PlayOn);
  int me = world.add_robot(TeamSide::Left, 9);
  world.place_robot(me, 0, 0, 0);
  world.set_ball(0.5, 0);
  auto walk = stand();
  walk.body = motion::kBodyWalkVelocity;
  walk.walk_vx = 0.5;
  run(world, walk, 250);
  CHECK(world.ball_x() > world.robot(me).x + 0.15);
  CHECK(world.ball_x() > 2.0);
}

TEST_CASE("a goal in the mock world goes through the referee, seen from both sides") {
  MockWorld world(default_options());
  world.referee().set_play_mode(PlayMode::PlayOn);
  int left = world.add_robot(TeamSide::Left, 9);
  int right = world.add_robot(TeamSide::Right, 1);
  world.place_robot(left, 10, 5, 0);
  world.place_robot(right, 14, 5, kPi);
  world.set_ball(14.0, 0.0, 3.0, 0.0);
  run(world, stand(), 50);
  CHECK(world.referee().state().score_left == 1);
  CHECK(world.world_state(left).game.our_score == 1);
  CHECK(world.world_state(right).game.their_score == 1);
  CHECK(world.world_state(left).game.phase == world::kGameOurGoal);
  CHECK(world.world_state(right).game.phase == world::kGameTheirGoal);
}

TEST_CASE("a knocked-over robot gets up after the get-up time") {
  MockWorld world(default_options());
  int me = world.add_robot(TeamSide::Left, 4);
  world.knock_over(me);
  run(world, stand(), 10);
  CHECK(world.motion_status(me).getting_up == 1);
  CHECK(world.world_state(me).self.fall == world::kFallFront);
  run(world, stand(), 100);
  CHECK(world.motion_status(me).getting_up == 0);
  CHECK(world.world_state(me).self.fall == world::kFallNone);
}

TEST_CASE("same seed and requests give the same match") {
  auto play = [](uint32_t seed) {
    MockWorld world(default_options(seed));
    world.referee().set_play_mode(PlayMode::PlayOn);
    int me = world.add_robot(TeamSide::Left, 9);
    world.place_robot(me, 0, 0, 0);
    world.set_ball(0.25, 0);
    auto kick = stand();
    kick.body = motion::kBodyKick;
    kick.kick_target_x = 10;
    run(world, kick, 300);
    return world.ball_y();
  };
  CHECK(play(3) == play(3));
  CHECK(play(3) != play(4));
}

TEST_CASE("team messages: one teammate message per listener every two cycles, own echo, opponents never") {
  MockWorld world(default_options());
  int a = world.add_robot(TeamSide::Left, 2);
  int b = world.add_robot(TeamSide::Left, 3);
  int c = world.add_robot(TeamSide::Left, 4);
  int them = world.add_robot(TeamSide::Right, 2);
  world.place_robot(a, -2, 0, 0);
  world.place_robot(b, -2, 3, 0);
  world.place_robot(c, -6, 0, 0);
  world.place_robot(them, 3, 0, kPi);
  motion::SkillRequests quiet = stand(), say_a = stand(), say_b = stand();
  say_a.say = 1;
  std::strcpy(say_a.say_text, "from2");
  say_b.say = 1;
  std::strcpy(say_b.say_text, "from3");
  const motion::SkillRequests* requests[kMaxMockRobots];
  for (auto& r : requests) r = &quiet;

  // Both speak in the same cycle: the first processed wins each listener.
  requests[a] = &say_a;
  requests[b] = &say_b;
  world.step(requests);
  const world::WsHeard& c0 = world.world_state(c).heard[0];
  CHECK(c0.valid == 1);
  CHECK(std::string(c0.text) == "from2");
  CHECK(world.world_state(c).heard[1].valid == 0);
  // Each speaker hears its own echo, which costs no budget, so each also
  // heard the other (newest first); #3 hears #2 at a bearing of -90 deg.
  CHECK(std::string(world.world_state(a).heard[1].text) == "from2");
  CHECK(world.world_state(a).heard[1].from_self == 1);
  CHECK(std::string(world.world_state(a).heard[0].text) == "from3");
  CHECK(world.world_state(a).heard[0].from_self == 0);
  CHECK(std::string(world.world_state(b).heard[0].text) == "from3");
  CHECK(world.world_state(b).heard[0].from_self == 1);
  CHECK(std::string(world.world_state(b).heard[1].text) == "from2");
  CHECK(std::fabs(world.world_state(b).heard[1].direction - (-90.0)) < 1e-6);
  // The opponent hears nothing of ours.
  CHECK(world.world_state(them).heard[0].valid == 0);

  // Next cycle #3 speaks again: #4's budget has not refilled.
  requests[a] = &quiet;
  world.step(requests);
  CHECK(std::string(world.world_state(c).heard[0].text) == "from2");
  // The cycle after, it is heard, newer and with a higher id.
  world.step(requests);
  CHECK(std::string(world.world_state(c).heard[0].text) == "from3");
  CHECK(world.world_state(c).heard[0].id > world.world_state(c).heard[1].id);
  CHECK(world.world_state(c).heard[1].age > world.world_state(c).heard[0].age);

  // Forgotten after 10 s.
  for (auto& r : requests) r = &quiet;
  for (int i = 0; i < 510; ++i) world.step(requests);
  for (const world::WsHeard& h : world.world_state(c).heard) CHECK(h.valid == 0);
}

TEST_CASE("scripts' radio payload: teammates get it in the next view, opponents never; silence or removal ages it") {
  MockWorld world(default_options());
  int a = world.add_robot(TeamSide::Left, 2);
  int b = world.add_robot(TeamSide::Left, 5);
  int them = world.add_robot(TeamSide::Right, 2);
  motion::SkillRequests quiet = stand(), sets = stand();
  sets.radio_payload_set = 1;
  sets.radio_payload = 0xFF00ABCDu;  // only 24 bits travel
  const motion::SkillRequests* requests[kMaxMockRobots];
  for (auto& r : requests) r = &quiet;
  CHECK(world.world_state(b).teammates[1].radio_payload_age > 1e8);  // never heard
  requests[a] = &sets;
  world.step(requests);
  const world::WsPlayer& heard = world.world_state(b).teammates[1];
  CHECK(heard.radio_payload == 0xABCDu);
  CHECK(heard.radio_payload_age == 0.0);
  CHECK(world.world_state(a).teammates[1].radio_payload == 0xABCDu);  // my own slot: what I set
  CHECK(world.world_state(them).opponents[1].radio_payload == 0u);
  CHECK(world.world_state(them).opponents[1].radio_payload_age > 1e8);
  // Scripts that stop setting it: the last payload stays, ageing.
  requests[a] = &quiet;
  for (int i = 0; i < 10; ++i) world.step(requests);
  CHECK(world.world_state(b).teammates[1].radio_payload == 0xABCDu);
  CHECK(std::fabs(world.world_state(b).teammates[1].radio_payload_age - 0.2) < 1e-9);
  // Silenced: teammates' copy ages although the scripts set it; its own slot does not.
  requests[a] = &sets;
  world.step(requests);
  world.silence_robot(a);
  for (int i = 0; i < 25; ++i) world.step(requests);
  CHECK(std::fabs(world.world_state(b).teammates[1].radio_payload_age - 0.5) < 1e-9);
  CHECK(world.world_state(a).teammates[1].radio_payload_age == 0.0);
  // Removed: ages for the teammates too.
  requests[b] = &sets;
  world.step(requests);
  world.remove_robot(b);
  for (int i = 0; i < 50; ++i) world.step(requests);
  CHECK(std::fabs(world.world_state(a).teammates[4].radio_payload_age - 1.0) < 1e-9);
}
