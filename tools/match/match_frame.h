// One sample of a match as the replay log, the statistics and the HTML
// report see it: ground truth from the simulator, world frame (left team
// defends x = -15). Fixed-size so sampling a frame never allocates.
#pragma once

#include <cstdint>

#include "protocol/percepts.h"

namespace libero::match {

constexpr int kMaxFrameRobots = 22;

struct FrameRobot {
  int8_t team = 0;        // 0 left, 1 right
  int8_t unum = 0;
  int8_t type = 0;
  bool fallen = false;    // torso below the standing height (0.25 m)
  double x = 0, y = 0, z = 0;  // torso centre
  double yaw = 0;         // rad, 0 = facing +x
  bool touching_robot = false;  // a body of it touched another robot's this cycle
  bool touching_ball = false;   // a body of it touched the ball this cycle
};

struct MatchFrame {
  uint32_t cycle = 0;
  int cycles_covered = 1;  // server cycles this frame stands for (a monitor update every 2)
  double time = 0;        // game time
  protocol::PlayMode play_mode = protocol::PlayMode::BeforeKickOff;
  int half = 1;
  int score_left = 0, score_right = 0;
  double ball_x = 0, ball_y = 0, ball_z = 0;
  double ball_vx = 0, ball_vy = 0;
  int8_t last_touch_team = -1;  // -1 none, 0 left, 1 right
  int8_t last_touch_unum = 0;
  int robot_count = 0;
  FrameRobot robots[kMaxFrameRobots];
};

}  // namespace libero::match
