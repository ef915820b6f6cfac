#include <doctest/doctest.h>

#include "tools/match/match_stats.h"

using namespace libero::match;
using libero::protocol::PlayMode;

namespace {
MatchFrame frame(uint32_t cycle, double ball_x, double ball_y) {
  MatchFrame f;
  f.cycle = cycle;
  f.time = cycle * 0.02;
  f.play_mode = PlayMode::PlayOn;
  f.ball_x = ball_x;
  f.ball_y = ball_y;
  f.robot_count = 2;
  f.robots[0] = FrameRobot{0, 9, 0, false, -1.0, 0.0, 0.38, 0.0};
  f.robots[1] = FrameRobot{1, 9, 0, false, 5.0, 0.0, 0.38, 3.14};
  return f;
}
}  // namespace

TEST_CASE("possession goes to the team with the robot nearest the ball") {
  MatchStats stats;
  for (uint32_t c = 0; c < 30; ++c) stats.add(frame(c, 0.0, 0.0));   // left robot nearer
  for (uint32_t c = 30; c < 40; ++c) stats.add(frame(c, 4.5, 0.0));  // right robot nearer
  auto s = stats.summary();
  CHECK(s.possession_left == doctest::Approx(0.75));
  CHECK(s.possession_right == doctest::Approx(0.25));
}

TEST_CASE("goals are recorded with time and scorer; shots counted once per attempt") {
  MatchStats stats;
  MatchFrame f = frame(0, 10, 0);
  f.last_touch_team = 0;
  f.last_touch_unum = 9;
  f.ball_vx = 4.0;  // fast towards the right goal, on target
  stats.add(f);
  f.cycle = 1;
  f.ball_x = 10.1;
  stats.add(f);  // same shot continues
  f.cycle = 2;
  f.ball_vx = 0;
  stats.add(f);
  f.cycle = 3;
  f.ball_vx = 4.0;
  f.ball_vy = 4.0;  // wide: not on target
  stats.add(f);
  f.cycle = 4;
  f.score_left = 1;
  f.time = 12.5;
  f.play_mode = PlayMode::GoalLeft;
  stats.add(f);
  auto s = stats.summary();
  CHECK(s.shots_left == 1);
  CHECK(s.shots_right == 0);
  REQUIRE(s.goals.size() == 1);
  CHECK(s.goals[0].team == 0);
  CHECK(s.goals[0].scorer == 9);
  CHECK(s.goals[0].time == doctest::Approx(12.5));
  CHECK(s.score_left == 1);
  std::string json = s.to_json();
  CHECK(json.find("\"score\":[1,0]") != std::string::npos);
  CHECK(json.find("\"goals\":[{\"team\":0,\"scorer\":9,\"time\":12.50}]") != std::string::npos);
  CHECK(s.to_text().find("goal") != std::string::npos);
}

TEST_CASE("a shot rolling near the shot speed counts once; slowed right down, the next is another") {
  MatchStats stats;
  MatchFrame f = frame(0, 8, 0);
  f.last_touch_team = 0;
  f.last_touch_unum = 9;
  const double speeds[] = {1.6, 1.45, 1.55, 1.2, 1.5,  // one attempt: never below 1.0 m/s
                           0.8,                        // it ends
                           1.7, 1.7,                   // the next push
                           0.0};
  uint32_t c = 0;
  for (double v : speeds) {
    f.cycle = c++;
    f.ball_vx = v;
    f.ball_x += v * 0.02;
    stats.add(f);
  }
  f.ball_vx = 2.0;
  f.ball_vy = 2.0;  // fast but wide: no shot, and it ends the attempt
  stats.add(f);
  auto s = stats.summary();
  CHECK(s.shots_left == 2);
  CHECK(s.shots_right == 0);
}

TEST_CASE("falls are counted per robot, once per fall") {
  MatchStats stats;
  uint32_t c = 0;
  auto add = [&](bool fallen, int cycles) {
    for (int i = 0; i < cycles; ++i) {
      MatchFrame f = frame(c++, 0, 0);
      f.robots[1].fallen = fallen;
      stats.add(f);
    }
  };
  add(false, 50);
  add(true, 100);   // fall 1
  add(false, 100);
  add(true, 10);    // fall 2
  add(false, 5);    // stands up briefly...
  add(true, 10);    // ...and falls again within 0.5 s: still one fall
  auto s = stats.summary();
  AgentReport* right9 = nullptr;
  for (auto& a : s.agents)
    if (a.team == 1 && a.unum == 9) right9 = &a;
  REQUIRE(right9 != nullptr);
  CHECK(right9->falls == 2);
}

TEST_CASE("agent problems appear in the summary") {
  MatchStats stats;
  stats.set_teams("A", "B");
  AgentReport* a = stats.agent(1, 3);
  a->crashed = true;
  a->problem = "exited with signal 11 at 12.3 s";
  stats.set_interrupted(true);
  auto s = stats.summary();
  CHECK(s.to_text().find("CRASHED") != std::string::npos);
  CHECK(s.to_text().find("interrupted") != std::string::npos);
  CHECK(s.to_json().find("\"crashed\":true") != std::string::npos);
}

TEST_CASE("a fall is put down to a robot or the ball the faller touched shortly before") {
  MatchStats stats;
  uint32_t c = 0;
  // Frames for right #9: standing `cycles` cycles, touching what is given on
  // the last of them, then lying 50 cycles and standing up again.
  auto fall_after = [&](bool robot, bool ball, int quiet_cycles) {
    for (int i = 0; i < 100; ++i) {
      MatchFrame f = frame(c++, 0, 0);
      f.robots[1].touching_robot = robot && i == 99 - quiet_cycles;
      f.robots[1].touching_ball = ball && i == 99 - quiet_cycles;
      stats.add(f);
    }
    for (int i = 0; i < 50; ++i) {
      MatchFrame f = frame(c++, 0, 0);
      f.robots[1].fallen = true;
      f.robots[1].touching_robot = true;  // lying against someone: not a cause
      stats.add(f);
    }
  };
  fall_after(true, true, 10);    // robot and ball 0.2 s before: the robot
  fall_after(false, true, 10);   // the ball
  fall_after(false, false, 0);   // nothing
  fall_after(true, false, 90);   // a robot 1.8 s before: too long ago
  auto s = stats.summary();
  const AgentReport* right9 = nullptr;
  for (auto& a : s.agents)
    if (a.team == 1 && a.unum == 9) right9 = &a;
  REQUIRE(right9 != nullptr);
  CHECK(right9->falls == 4);
  CHECK(right9->falls_after_robot_contact == 1);
  CHECK(right9->falls_after_ball_contact == 1);
  CHECK(s.to_text().find("4 falls (1 after touching a robot, 1 after touching the ball)") != std::string::npos);
  CHECK(s.to_json().find("\"falls\":4,\"falls_after_robot_contact\":1,\"falls_after_ball_contact\":1") !=
        std::string::npos);
}
