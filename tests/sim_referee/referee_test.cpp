#include <doctest/doctest.h>

#include <cmath>

#include "referee_test_robot.h"
#include "tools/sim/referee/referee.h"

using namespace libero::sim;
using libero::protocol::PlayMode;

namespace {
constexpr double kDt = 0.02;

using libero::sim::test::robot;

struct Scene {
  RefereeInput input;
  RefereeCommands out;
  void add(const RefereeRobot& r) { input.robots[input.robot_count++] = r; }
  void ball(double x, double y, double z = 0.042) {
    input.ball_x = x;
    input.ball_y = y;
    input.ball_z = z;
  }
  const RobotMove* move_of(TeamSide team, int unum) const {
    for (int i = 0; i < out.move_count; ++i)
      if (out.moves[i].team == team && out.moves[i].unum == unum) return &out.moves[i];
    return nullptr;
  }
  void clear_touches() {
    for (int i = 0; i < input.robot_count; ++i) input.robots[i].touched_ball = false;
  }
};

// Steps the referee and applies its placements as the server would.
void run(Referee& ref, Scene& s, double seconds) {
  int cycles = static_cast<int>(std::lround(seconds / kDt));
  for (int i = 0; i < cycles; ++i) {
    ref.step(s.input, kDt, &s.out);
    if (s.out.place_ball) s.ball(s.out.ball_x, s.out.ball_y, s.out.ball_z);
  }
}
}  // namespace

TEST_CASE("before kick-off: ball held at the centre, clock stopped, intruders sent home") {
  Referee ref;
  Scene s;
  s.add(robot(TeamSide::Left, 2, 1.0, 0.0));    // in the opponent half
  s.add(robot(TeamSide::Right, 2, 5.0, 1.0));   // legal
  s.ball(3, 3);
  ref.step(s.input, kDt, &s.out);
  CHECK(ref.state().play_mode == PlayMode::BeforeKickOff);
  CHECK(ref.state().game_time == 0.0);
  REQUIRE(s.out.place_ball);
  CHECK(s.out.ball_x == 0.0);
  CHECK(s.out.ball_y == 0.0);
  const RobotMove* m = s.move_of(TeamSide::Left, 2);
  REQUIRE(m != nullptr);
  CHECK(m->x <= -2.2);
  CHECK(m->x >= -4.4);
  CHECK(s.move_of(TeamSide::Right, 2) == nullptr);
  CHECK(ref.beam_allowed());
}

TEST_CASE("kick-off: opponents cleared from the circle, first touch starts play") {
  Referee ref;
  ref.kick_off(TeamSide::Left);
  CHECK(ref.state().play_mode == PlayMode::KickOffLeft);
  CHECK_FALSE(ref.beam_allowed());
  Scene s;
  s.add(robot(TeamSide::Left, 9, -0.3, 0.0));
  s.add(robot(TeamSide::Right, 9, 1.0, 0.5));   // inside the centre circle
  s.add(robot(TeamSide::Right, 3, -1.0, 5.0));  // inside the kicking team's half
  ref.step(s.input, kDt, &s.out);
  const RobotMove* circle = s.move_of(TeamSide::Right, 9);
  REQUIRE(circle != nullptr);
  CHECK(circle->x >= 2.2);
  const RobotMove* half = s.move_of(TeamSide::Right, 3);
  REQUIRE(half != nullptr);
  CHECK(half->x >= 2.2);
  CHECK(s.move_of(TeamSide::Left, 9) == nullptr);  // kicker inside the circle may stay
  CHECK(ref.state().game_time == doctest::Approx(kDt));

  s.input.robots[0].touched_ball = true;
  ref.step(s.input, kDt, &s.out);
  CHECK(ref.state().play_mode == PlayMode::PlayOn);
  CHECK(ref.state().last_touch_team == TeamSide::Left);
}

TEST_CASE("kick-off without a touch for 15 s becomes a drop ball") {
  Referee ref;
  ref.kick_off(TeamSide::Right);
  Scene s;
  s.add(robot(TeamSide::Left, 2, -5, 0));
  run(ref, s, 14.9);
  CHECK(ref.state().play_mode == PlayMode::KickOffRight);
  run(ref, s, 0.2);
  CHECK(ref.state().play_mode == PlayMode::PlayOn);
}

TEST_CASE("a goal scores, pauses 3 s, then the conceding team kicks off") {
  Referee ref;
  ref.set_play_mode(PlayMode::PlayOn);
  Scene s;
  s.add(robot(TeamSide::Left, 9, 14, 0));
  s.ball(15.2, 0.3, 0.042);
  s.input.ball_in_right_goal = goal_containing_ball(15.2, 0.3, 0.042, ref.rules()) == TeamSide::Right;
  REQUIRE(s.input.ball_in_right_goal);
  ref.step(s.input, kDt, &s.out);
  CHECK(ref.state().play_mode == PlayMode::GoalLeft);
  CHECK(ref.state().score_left == 1);
  CHECK(ref.state().score_right == 0);
  REQUIRE(ref.goal_count() == 1);
  CHECK(ref.goal(0).team == TeamSide::Left);
  CHECK(ref.beam_allowed());
  s.input.ball_in_right_goal = false;
  run(ref, s, 2.9);
  CHECK(ref.state().play_mode == PlayMode::GoalLeft);
  run(ref, s, 0.2);
  CHECK(ref.state().play_mode == PlayMode::KickOffRight);
  CHECK(ref.state().score_left == 1);
}

TEST_CASE("goal trigger geometry") {
  RuleParameters rules;
  CHECK(goal_containing_ball(15.01, 0, 0.042, rules) == TeamSide::Right);
  CHECK(goal_containing_ball(-15.01, 1.0, 0.042, rules) == TeamSide::Left);
  CHECK(goal_containing_ball(14.99, 0, 0.042, rules) == TeamSide::None);  // on the line is no goal
  CHECK(goal_containing_ball(15.2, 1.06, 0.042, rules) == TeamSide::None);  // wide
  CHECK(goal_containing_ball(15.2, 0, 0.9, rules) == TeamSide::None);       // over the bar
}

TEST_CASE("ball over the touch line: kick-in for the other team at the crossing point") {
  Referee ref;
  ref.set_play_mode(PlayMode::PlayOn);
  Scene s;
  s.add(robot(TeamSide::Left, 5, 3, 9.5));
  s.add(robot(TeamSide::Right, 6, 3.5, 9.2));
  s.input.robots[0].touched_ball = true;
  s.ball(3.0, 9.8);
  ref.step(s.input, kDt, &s.out);
  s.clear_touches();
  s.ball(3.1, 10.05);
  ref.step(s.input, kDt, &s.out);
  REQUIRE(ref.state().play_mode == PlayMode::KickInRight);
  // Nothing happens during the first second.
  run(ref, s, 0.5);
  CHECK_FALSE(s.out.place_ball);
  CHECK(ref.state().play_mode == PlayMode::KickInRight);
  run(ref, s, 0.6);
  REQUIRE(s.out.place_ball);
  CHECK(s.out.ball_x == doctest::Approx(3.0));
  CHECK(s.out.ball_y == doctest::Approx(10 - 0.042));
  // The left robot (an opponent of the kicking team) is near the ball: it was cleared.
  s.out.clear();
  s.input.robots[1].touched_ball = true;
  ref.step(s.input, kDt, &s.out);
  CHECK(ref.state().play_mode == PlayMode::PlayOn);
}

TEST_CASE("set piece clears opponents within 2 m of the ball") {
  Referee ref;
  ref.set_play_mode(PlayMode::PlayOn);
  Scene s;
  s.add(robot(TeamSide::Left, 5, 3, 8.9));  // 1.1 m from the kick-in spot
  s.add(robot(TeamSide::Right, 6, 0, 0));
  s.input.robots[0].touched_ball = true;
  s.ball(3.0, 9.8);
  ref.step(s.input, kDt, &s.out);
  s.clear_touches();
  s.ball(3.0, 10.1);
  ref.step(s.input, kDt, &s.out);
  REQUIRE(ref.state().play_mode == PlayMode::KickInRight);
  bool cleared = false;
  for (int i = 0; i < 60 && !cleared; ++i) {
    ref.step(s.input, kDt, &s.out);
    cleared = s.move_of(TeamSide::Left, 5) != nullptr;
  }
  REQUIRE(cleared);
  const RobotMove* m = s.move_of(TeamSide::Left, 5);
  CHECK(m->x <= 3.0 - 2.2);  // towards its own goal
}

TEST_CASE("ball over the goal line: goal kick or corner by last touch") {
  SUBCASE("attacker touched last: goal kick for the defenders") {
    Referee ref;
    ref.set_play_mode(PlayMode::PlayOn);
    Scene s;
    s.add(robot(TeamSide::Left, 9, 14, 3));
    s.input.robots[0].touched_ball = true;
    s.ball(14.5, 3);
    ref.step(s.input, kDt, &s.out);
    s.clear_touches();
    s.ball(15.1, 3);
    ref.step(s.input, kDt, &s.out);
    CHECK(ref.state().play_mode == PlayMode::GoalKickRight);
    run(ref, s, 1.1);
    REQUIRE(s.out.place_ball);
    CHECK(s.out.ball_x == doctest::Approx(14.0));
    CHECK(s.out.ball_y == doctest::Approx(0.0));
  }
  SUBCASE("defender touched last: corner for the attackers") {
    Referee ref;
    ref.set_play_mode(PlayMode::PlayOn);
    Scene s;
    s.add(robot(TeamSide::Right, 2, 14, -3));
    s.input.robots[0].touched_ball = true;
    s.ball(14.5, -3);
    ref.step(s.input, kDt, &s.out);
    s.clear_touches();
    s.ball(15.1, -3);
    ref.step(s.input, kDt, &s.out);
    CHECK(ref.state().play_mode == PlayMode::CornerKickLeft);
    run(ref, s, 1.1);
    REQUIRE(s.out.place_ball);
    CHECK(s.out.ball_x == doctest::Approx(15 - 0.042));
    CHECK(s.out.ball_y == doctest::Approx(-(22.1 / 4 - 0.042)));
  }
}

TEST_CASE("halves: first half ends at 300 s, right kicks off the second, game over at 600 s") {
  Referee ref;
  ref.kick_off(TeamSide::None);
  CHECK(ref.state().play_mode == PlayMode::KickOffLeft);
  ref.set_play_mode(PlayMode::PlayOn);
  ref.set_time(299.99);
  Scene s;
  ref.step(s.input, kDt, &s.out);
  CHECK(ref.state().play_mode == PlayMode::BeforeKickOff);
  CHECK(ref.state().half == 2);
  double t = ref.state().game_time;
  run(ref, s, 1.0);
  CHECK(ref.state().game_time == t);  // clock stopped before kick-off
  ref.kick_off(TeamSide::None);
  CHECK(ref.state().play_mode == PlayMode::KickOffRight);
  ref.set_play_mode(PlayMode::PlayOn);
  ref.set_time(599.99);
  ref.step(s.input, kDt, &s.out);
  CHECK(ref.state().play_mode == PlayMode::GameOver);
  run(ref, s, 1.0);
  CHECK(ref.state().game_time == doctest::Approx(600.0));
}

TEST_CASE("automatic kick-off after the wait, with agents present") {
  RuleParameters rules;
  rules.automatic_kick_off = true;
  rules.wait_before_kick_off = 1.0;
  Referee ref(rules);
  Scene s;
  run(ref, s, 2.0);  // nobody connected: keep waiting
  CHECK(ref.state().play_mode == PlayMode::BeforeKickOff);
  s.add(robot(TeamSide::Left, 1, -14, 0));
  run(ref, s, 1.1);
  CHECK(ref.state().play_mode == PlayMode::KickOffLeft);
}

TEST_CASE("incapable robots are moved to the side line; goalies get longer") {
  Referee ref;
  ref.set_play_mode(PlayMode::PlayOn);
  Scene s;
  s.add(robot(TeamSide::Left, 4, -5, 2, 0.1));   // lying on the ground
  s.add(robot(TeamSide::Left, 1, -14, 0, 0.1));  // fallen goalie
  s.ball(0, -3);
  bool moved = false;
  double t = 0;
  while (!moved && t < 20) {
    ref.step(s.input, kDt, &s.out);
    t += kDt;
    moved = s.move_of(TeamSide::Left, 4) != nullptr;
  }
  REQUIRE(moved);
  CHECK(t == doctest::Approx(15.0).epsilon(0.01));
  const RobotMove* m = s.move_of(TeamSide::Left, 4);
  CHECK(m->x == doctest::Approx(-0.6 * 3));
  CHECK(m->y == doctest::Approx(10.5));  // away from the ball (ball y < 0)
  CHECK(s.move_of(TeamSide::Left, 1) == nullptr);
}

TEST_CASE("illegal defence: a fourth field player in the own penalty area is removed") {
  Referee ref;
  ref.set_play_mode(PlayMode::PlayOn);
  Scene s;
  s.add(robot(TeamSide::Right, 1, 14.5, 0));
  s.add(robot(TeamSide::Right, 2, 14, 1));
  s.add(robot(TeamSide::Right, 3, 14, -1));
  ref.step(s.input, kDt, &s.out);
  CHECK(s.out.move_count == 0);
  s.add(robot(TeamSide::Right, 4, 13.5, 2));
  ref.step(s.input, kDt, &s.out);
  REQUIRE(s.out.move_count == 1);
  CHECK(s.out.moves[0].unum == 4);
}

TEST_CASE("same seed, same placements") {
  auto play = [](uint32_t seed) {
    Referee ref(RuleParameters{}, seed);
    Scene s;
    s.add(robot(TeamSide::Left, 2, 1.0, 0.0));
    ref.step(s.input, kDt, &s.out);
    return s.out.moves[0].x;
  };
  CHECK(play(7) == play(7));
  CHECK(play(7) != play(8));
}

namespace {
// A kick-in for the right team at (3, 9.958), taken by right #6 after the
// 1 s pause: the referee is in PlayOn with #6 as the kick taker.
void kick_in_taken(Referee& ref, Scene& s) {
  ref.set_play_mode(PlayMode::PlayOn);
  s.add(robot(TeamSide::Left, 5, -3, 5));
  s.add(robot(TeamSide::Right, 6, 3.2, 9.7));
  s.add(robot(TeamSide::Right, 7, 6, 5));
  s.input.robots[0].touched_ball = true;  // left #5 kicked it out
  s.ball(3.0, 9.8);
  ref.step(s.input, kDt, &s.out);
  s.clear_touches();
  s.ball(3.0, 10.1);
  ref.step(s.input, kDt, &s.out);
  REQUIRE(ref.state().play_mode == PlayMode::KickInRight);
  run(ref, s, 1.1);
  s.input.robots[1].touched_ball = true;
  ref.step(s.input, kDt, &s.out);
  s.clear_touches();
  REQUIRE(ref.state().play_mode == PlayMode::PlayOn);
  CHECK(ref.state().kick_taker_team == TeamSide::Right);
  CHECK(ref.state().kick_taker_unum == 6);
}
}  // namespace

TEST_CASE("double touch: the taker's second touch gives the opponents a free kick where the ball was") {
  Referee ref;
  Scene s;
  kick_in_taken(ref, s);
  // Contact within 0.1 s of the kick is the same kick.
  s.ball(3.1, 9.6);
  for (int i = 0; i < 4; ++i) {
    s.input.robots[1].touched_ball = true;
    ref.step(s.input, kDt, &s.out);
    CHECK(ref.state().play_mode == PlayMode::PlayOn);
  }
  s.clear_touches();
  s.ball(3.5, 8.0);
  run(ref, s, 1.0);
  CHECK(ref.state().play_mode == PlayMode::PlayOn);
  s.input.robots[1].touched_ball = true;  // the taker again, before anybody else
  ref.step(s.input, kDt, &s.out);
  s.clear_touches();
  REQUIRE(ref.state().play_mode == PlayMode::FreeKickLeft);
  CHECK(ref.state().kick_taker_team == TeamSide::None);
  run(ref, s, 1.1);
  REQUIRE(s.out.place_ball);
  CHECK(s.out.ball_x == doctest::Approx(3.5));
  CHECK(s.out.ball_y == doctest::Approx(8.0));
}

TEST_CASE("double touch: contact lasting 0.1 s after the kick is a second touch") {
  Referee ref;
  Scene s;
  kick_in_taken(ref, s);
  s.input.robots[1].touched_ball = true;
  run(ref, s, 0.08);
  CHECK(ref.state().play_mode == PlayMode::PlayOn);
  run(ref, s, 0.02);
  CHECK(ref.state().play_mode == PlayMode::FreeKickLeft);
}

TEST_CASE("double touch: once another player touched the ball, the taker may play it") {
  SUBCASE("a teammate") {
    Referee ref;
    Scene s;
    kick_in_taken(ref, s);
    run(ref, s, 0.5);
    s.input.robots[2].touched_ball = true;
    ref.step(s.input, kDt, &s.out);
    s.clear_touches();
    CHECK(ref.state().kick_taker_team == TeamSide::None);
    s.input.robots[1].touched_ball = true;
    run(ref, s, 0.5);
    CHECK(ref.state().play_mode == PlayMode::PlayOn);
  }
  SUBCASE("an opponent, touching in the same cycle as the taker") {
    Referee ref;
    Scene s;
    kick_in_taken(ref, s);
    run(ref, s, 0.5);
    s.input.robots[0].touched_ball = true;
    s.input.robots[1].touched_ball = true;
    run(ref, s, 0.5);
    CHECK(ref.state().play_mode == PlayMode::PlayOn);
  }
}

TEST_CASE("double touch inside a penalty area: the free kick is at the area's front corner") {
  Referee ref;
  Scene s;
  kick_in_taken(ref, s);
  s.ball(14.0, -1.0);  // inside the right team's own penalty area
  run(ref, s, 0.5);
  s.input.robots[1].touched_ball = true;
  ref.step(s.input, kDt, &s.out);
  s.clear_touches();
  REQUIRE(ref.state().play_mode == PlayMode::FreeKickLeft);
  run(ref, s, 1.1);
  REQUIRE(s.out.place_ball);
  CHECK(s.out.ball_x == doctest::Approx(13.2));
  CHECK(s.out.ball_y == doctest::Approx(-3.0));
}

TEST_CASE("double touch at a kick-off: only with more than 2 agents (indirect kick-off)") {
  for (int agents : {2, 3}) {
    CAPTURE(agents);
    Referee ref;
    ref.kick_off(TeamSide::Left);
    Scene s;
    s.add(robot(TeamSide::Left, 9, -0.3, 0.0));
    s.add(robot(TeamSide::Right, 9, 4.0, 0.0));
    if (agents == 3) s.add(robot(TeamSide::Left, 1, -14.0, 0.0));
    s.input.robots[0].touched_ball = true;
    ref.step(s.input, kDt, &s.out);
    s.clear_touches();
    REQUIRE(ref.state().play_mode == PlayMode::PlayOn);
    s.ball(1.0, 0.0);
    run(ref, s, 1.0);
    s.input.robots[0].touched_ball = true;
    ref.step(s.input, kDt, &s.out);
    CHECK(ref.state().play_mode == (agents == 3 ? PlayMode::FreeKickRight : PlayMode::PlayOn));
  }
}

TEST_CASE("a set piece started by set_play_mode is taken where the ball last was in the field") {
  Referee ref;
  ref.set_last_in_field(-3.0, 9.958);
  ref.set_play_mode(PlayMode::KickInRight);
  Scene s;
  s.add(robot(TeamSide::Left, 2, -3.0, 8.5));
  s.ball(-3.0, 9.958);
  run(ref, s, 1.1);
  REQUIRE(s.out.place_ball);
  CHECK(s.out.ball_x == doctest::Approx(-3.0));
  CHECK(s.out.ball_y == doctest::Approx(9.958));
  CHECK(s.move_of(TeamSide::Left, 2) != nullptr);  // 1.5 m from the ball: cleared
}
