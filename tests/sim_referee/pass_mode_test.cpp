// Pass mode (facts §7.10; rcssserver3d's SoccerRuleAspect::CanActivatePassMode,
// UpdatePassMode, CheckGoal, ResetKickChecks, GetSafeReposition).
#include <doctest/doctest.h>

#include <cmath>

#include "referee_test_robot.h"
#include "tools/sim/referee/referee.h"

using namespace libero::sim;
using libero::protocol::PlayMode;

namespace {
constexpr double kDt = 0.02;

using libero::sim::test::robot;

// PlayOn with the ball at rest at (0, 0): left #9 (index 0) stands 0.3 m
// behind it, right #5 (index 1) 3 m away. The clock has run 10 s.
struct Game {
  Referee ref;
  RefereeInput input;
  RefereeCommands out;

  Game() {
    ref.set_play_mode(PlayMode::PlayOn);
    add(robot(TeamSide::Left, 9, -0.3, 0.0));
    add(robot(TeamSide::Right, 5, 3.0, 0.0));
    run(10.0);
  }
  void add(const RefereeRobot& r) { input.robots[input.robot_count++] = r; }
  RefereeRobot& at(int i) { return input.robots[i]; }
  void put(int i, double x, double y) { at(i) = robot(at(i).team, at(i).unum, x, y, at(i).z); }
  void step() {
    ref.step(input, kDt, &out);
    for (int i = 0; i < input.robot_count; ++i) input.robots[i].touched_ball = false;
  }
  void run(double seconds) {
    const int cycles = static_cast<int>(std::lround(seconds / kDt));
    for (int i = 0; i < cycles; ++i) step();
  }
  bool request(TeamSide team, int unum) { return ref.request_pass_mode(team, unum, input); }
  PlayMode mode() const { return ref.state().play_mode; }
  const RobotMove* move_of(TeamSide team, int unum) const {
    for (int i = 0; i < out.move_count; ++i)
      if (out.moves[i].team == team && out.moves[i].unum == unum) return &out.moves[i];
    return nullptr;
  }
  // Left #9 requests pass mode; one cycle later somebody touches the ball,
  // which ends it. Returns the game time of the mode's last cycle.
  double left_pass_then_kick() {
    REQUIRE(request(TeamSide::Left, 9));
    step();
    REQUIRE(mode() == PlayMode::PassLeft);
    const double last_cycle = ref.state().game_time;
    at(0).touched_ball = true;
    step();
    REQUIRE(mode() == PlayMode::PlayOn);
    return last_cycle;
  }
  void ball_into_right_goal() {
    input.ball_x = 15.2;
    input.ball_y = 0.3;
    input.ball_in_right_goal = true;
    step();
    input.ball_in_right_goal = false;
  }
};

// Steps until `seconds` have passed since game time `since`.
void run_until(Game& g, double since, double seconds) {
  while (g.ref.state().game_time - since < seconds - 1e-6) g.step();
}
}  // namespace

TEST_CASE("pass mode: granted with every condition met, for the requester's side") {
  SUBCASE("left") {
    Game g;
    CHECK(g.request(TeamSide::Left, 9));
    CHECK(g.mode() == PlayMode::PassLeft);
  }
  SUBCASE("right") {
    Game g;
    g.put(0, -3.0, 0.0);   // left #9 away
    g.put(1, 0.45, 0.0);   // right #5 0.45 m from the ball
    CHECK(g.request(TeamSide::Right, 5));
    CHECK(g.mode() == PlayMode::PassRight);
  }
}

TEST_CASE("pass mode: refused when a condition fails") {
  Game g;
  SUBCASE("ball moving faster than 0.05 m/s") {
    g.input.ball_vx = 0.03;
    g.input.ball_vz = 0.045;  // 0.054 m/s in 3-D
    CHECK_FALSE(g.request(TeamSide::Left, 9));
    g.input.ball_vz = 0.035;  // 0.046 m/s
    CHECK(g.request(TeamSide::Left, 9));
  }
  SUBCASE("requester 0.6 m from the ball") {
    g.put(0, -0.6, 0.0);
    CHECK_FALSE(g.request(TeamSide::Left, 9));
    g.put(0, -0.45, 0.0);
    CHECK(g.request(TeamSide::Left, 9));
  }
  SUBCASE("the requester's torso counts in xy only") {
    g.at(0).z = 0.1;  // lying next to the ball: 0.3 m in xy
    CHECK(g.request(TeamSide::Left, 9));
  }
  SUBCASE("an opponent 0.9 m from the ball") {
    g.put(1, 0.0, 0.9);
    CHECK_FALSE(g.request(TeamSide::Left, 9));
    g.put(1, 0.0, 1.1);
    CHECK(g.request(TeamSide::Left, 9));
  }
  SUBCASE("a teammate near the ball does not matter") {
    g.add(robot(TeamSide::Left, 7, 0.2, 0.2));
    CHECK(g.request(TeamSide::Left, 9));
  }
  SUBCASE("a requester the referee does not know") {
    CHECK_FALSE(g.request(TeamSide::Left, 8));
    CHECK_FALSE(g.request(TeamSide::None, 9));
  }
  SUBCASE("not PlayOn") {
    g.ref.set_last_in_field(0.0, 0.0);
    g.ref.set_play_mode(PlayMode::KickInLeft);
    CHECK_FALSE(g.request(TeamSide::Left, 9));
    CHECK(g.mode() == PlayMode::KickInLeft);
    g.ref.set_play_mode(PlayMode::PassRight);
    CHECK_FALSE(g.request(TeamSide::Left, 9));
    CHECK(g.mode() == PlayMode::PassRight);
  }
}

TEST_CASE("pass mode: a team waits 3 s after its last pass mode; the other team need not") {
  Game g;
  const double last_cycle = g.left_pass_then_kick();
  // The other team may ask at once.
  g.put(0, -3.0, 0.0);
  g.put(1, 0.3, 0.0);
  CHECK(g.request(TeamSide::Right, 5));
  g.at(1).touched_ball = true;
  g.step();
  REQUIRE(g.mode() == PlayMode::PlayOn);
  g.put(0, -0.3, 0.0);
  g.put(1, 3.0, 0.0);
  run_until(g, last_cycle, 3.0 - kDt);
  CHECK_FALSE(g.request(TeamSide::Left, 9));
  CHECK(g.mode() == PlayMode::PlayOn);
  g.step();  // 3.0 s after the last cycle in pass mode
  CHECK(g.request(TeamSide::Left, 9));
  CHECK(g.mode() == PlayMode::PassLeft);
}

TEST_CASE("pass mode: one ended by a touch in its first cycle leaves no wait (the reference's order)") {
  Game g;
  REQUIRE(g.request(TeamSide::Left, 9));
  g.at(0).touched_ball = true;
  g.step();
  REQUIRE(g.mode() == PlayMode::PlayOn);
  CHECK(g.request(TeamSide::Left, 9));
}

TEST_CASE("pass mode: opponents within 1 m of the ball go to 1.1 m every cycle, teammates stay") {
  Game g;
  REQUIRE(g.request(TeamSide::Left, 9));
  g.add(robot(TeamSide::Left, 7, 0.8, 0.0));           // teammate 0.8 m from the ball
  g.put(1, 0.0, 0.8);                                  // opponent walked in to 0.8 m
  g.add(robot(TeamSide::Right, 6, -0.7, -0.75, 0.2));  // 1.03 m: stays
  for (int cycle = 0; cycle < 2; ++cycle) {
    CAPTURE(cycle);
    g.step();
    REQUIRE(g.mode() == PlayMode::PassLeft);
    const RobotMove* m = g.move_of(TeamSide::Right, 5);
    REQUIRE(m != nullptr);
    CHECK(m->x == doctest::Approx(0.0));
    CHECK(m->y == doctest::Approx(1.1));  // straight away from the ball
    CHECK(m->z == doctest::Approx(0.38));  // torso height kept
    CHECK(g.move_of(TeamSide::Left, 7) == nullptr);
    CHECK(g.move_of(TeamSide::Left, 9) == nullptr);
    CHECK(g.move_of(TeamSide::Right, 6) == nullptr);
  }
}

TEST_CASE("pass mode: a repelled opponent is safely repositioned") {
  SUBCASE("its 1.1 m spot is taken: the nearest clear spot of the 0.4 m search grid") {
    Game g;
    REQUIRE(g.request(TeamSide::Left, 9));
    g.put(1, 0.8, 0.0);
    g.add(robot(TeamSide::Left, 4, 1.1, 0.0));  // standing on the target
    g.step();
    const RobotMove* m = g.move_of(TeamSide::Right, 5);
    REQUIRE(m != nullptr);
    // Tried from the opponent's position (0.8, 0) outwards: (1.1, ±0.4) and
    // (1.5, 0) still touch #4's box with the 0.4 m sphere, (1.5, -0.4) is clear.
    CHECK(m->x == doctest::Approx(1.5));
    CHECK(m->y == doctest::Approx(-0.4));
  }
  SUBCASE("two opponents are not put on top of each other") {
    Game g;
    REQUIRE(g.request(TeamSide::Left, 9));
    // 0.5 m from the ball, 20 degrees apart: their 1.1 m spots are 0.38 m
    // apart, and neither's box blocks the other's spot.
    g.put(1, 0.0, 0.5);
    g.add(robot(TeamSide::Right, 6, 0.5 * std::cos(1.2217), 0.5 * std::sin(1.2217)));
    g.step();
    const RobotMove* a = g.move_of(TeamSide::Right, 5);
    const RobotMove* b = g.move_of(TeamSide::Right, 6);
    REQUIRE(a != nullptr);
    REQUIRE(b != nullptr);
    CHECK(std::hypot(a->x - b->x, a->y - b->y) >= 0.8 - 1e-9);
    CHECK(std::hypot(a->x, a->y) >= 1.1 - 1e-9);
    CHECK(std::hypot(b->x, b->y) >= 1.1 - 1e-9);
  }
  SUBCASE("kept out of its own penalty area while that holds 3 of its players") {
    for (int in_area : {2, 3}) {
      CAPTURE(in_area);
      Referee ref;
      ref.set_play_mode(PlayMode::PlayOn);
      RefereeInput input;
      input.ball_x = 12.5;
      input.robots[input.robot_count++] = robot(TeamSide::Left, 9, 12.2, 0.0);
      input.robots[input.robot_count++] = robot(TeamSide::Right, 5, 11.0, 0.0);
      input.robots[input.robot_count++] = robot(TeamSide::Right, 1, 14.5, 0.0);
      input.robots[input.robot_count++] = robot(TeamSide::Right, 2, 14.0, 1.0);
      if (in_area == 3) input.robots[input.robot_count++] = robot(TeamSide::Right, 3, 14.0, -1.0);
      RefereeCommands out;
      ref.step(input, kDt, &out);
      REQUIRE(ref.request_pass_mode(TeamSide::Left, 9, input));
      input.robots[1] = robot(TeamSide::Right, 5, 13.0, 0.0);  // 0.5 m from the ball, outside the area
      ref.step(input, kDt, &out);
      REQUIRE(out.move_count == 1);
      const RobotMove& m = out.moves[0];
      if (in_area == 2) {
        CHECK(m.x == doctest::Approx(13.6));  // straight back, into the area
        CHECK(m.y == doctest::Approx(0.0));
      } else {
        // The grid's neighbours of (13.6, 0), each moved beside the area
        // (|y| = 3 + 0.4); the nearest to (13, 0) wins.
        CHECK(m.x == doctest::Approx(13.6));
        CHECK(m.y == doctest::Approx(-3.4));
      }
    }
  }
}

TEST_CASE("pass mode: ends after 4 s, or at any touch") {
  SUBCASE("4 s") {
    Game g;
    REQUIRE(g.request(TeamSide::Left, 9));
    g.run(4.0 - kDt);
    CHECK(g.mode() == PlayMode::PassLeft);
    g.step();
    CHECK(g.mode() == PlayMode::PlayOn);
  }
  SUBCASE("the passing team's touch") {
    Game g;
    REQUIRE(g.request(TeamSide::Left, 9));
    g.run(1.0);
    REQUIRE(g.mode() == PlayMode::PassLeft);
    g.at(0).touched_ball = true;
    g.step();
    CHECK(g.mode() == PlayMode::PlayOn);
    CHECK(g.ref.state().last_touch_team == TeamSide::Left);
  }
  SUBCASE("an opponent's touch") {
    Game g;
    REQUIRE(g.request(TeamSide::Left, 9));
    g.run(1.0);
    g.at(1).touched_ball = true;
    g.step();
    CHECK(g.mode() == PlayMode::PlayOn);
  }
}

TEST_CASE("pass mode: the trainer's playMode pass_left runs the same mode") {
  Game g;
  g.ref.set_play_mode(PlayMode::PassLeft);
  g.put(1, 0.0, -0.5);
  g.step();
  const RobotMove* m = g.move_of(TeamSide::Right, 5);
  REQUIRE(m != nullptr);
  CHECK(m->y == doctest::Approx(-1.1));
}

TEST_CASE("pass mode: the passing team cannot score for 10 s after the mode's last cycle") {
  SUBCASE("within 10 s: no goal, goal kick for the defenders") {
    Game g;
    REQUIRE(g.request(TeamSide::Left, 9));
    g.run(2.0);  // a 2 s pass mode: the wait counts from its end, not its start
    const double last_cycle = g.ref.state().game_time;
    g.at(0).touched_ball = true;
    g.step();
    REQUIRE(g.mode() == PlayMode::PlayOn);
    run_until(g, last_cycle, 10.0 - 2 * kDt);
    g.ball_into_right_goal();  // in the cycle 9.98 s after
    CHECK(g.mode() == PlayMode::GoalKickRight);
    CHECK(g.ref.state().score_left == 0);
    CHECK(g.ref.goal_count() == 0);
    g.run(1.1);
    REQUIRE(g.out.place_ball);
    CHECK(g.out.ball_x == doctest::Approx(14.0));
    CHECK(g.out.ball_y == doctest::Approx(0.0));
  }
  SUBCASE("10 s after: the goal counts") {
    Game g;
    const double last_cycle = g.left_pass_then_kick();
    run_until(g, last_cycle, 10.0 - kDt);
    g.ball_into_right_goal();  // in the cycle 10.0 s after
    CHECK(g.mode() == PlayMode::GoalLeft);
    CHECK(g.ref.state().score_left == 1);
  }
  SUBCASE("the other team's goal counts") {
    Game g;
    g.left_pass_then_kick();
    g.input.ball_x = -15.2;
    g.input.ball_in_left_goal = true;
    g.step();
    CHECK(g.mode() == PlayMode::GoalRight);
    CHECK(g.ref.state().score_right == 1);
  }
  SUBCASE("a restart in between forgets the pass mode") {
    Game g;
    g.left_pass_then_kick();
    g.input.ball_y = 10.1;  // out over the touch line: kick-in
    g.step();
    REQUIRE(g.mode() == PlayMode::KickInRight);
    g.run(1.1);
    g.at(1).touched_ball = true;
    g.step();
    REQUIRE(g.mode() == PlayMode::PlayOn);
    g.ball_into_right_goal();
    CHECK(g.mode() == PlayMode::GoalLeft);
    CHECK(g.ref.state().score_left == 1);
  }
}
