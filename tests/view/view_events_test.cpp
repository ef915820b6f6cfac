// What the viewer sends browsers (frames) and builds from their trainer
// requests (trainer commands, facts §8.2).
#include <doctest/doctest.h>

#include <string>

#include "tools/view/view_events.h"

using namespace libero;
using namespace libero::view;

namespace {

std::string command(std::map<std::string, std::string> form) {
  Result<std::string> c = trainer_command(form);
  return c.ok() ? *c : "error: " + c.error().message;
}

}  // namespace

TEST_CASE("trainer: each page action becomes its command") {
  CHECK(command({{"action", "kick_off"}, {"team", "left"}}) == "(kickOff Left)");
  CHECK(command({{"action", "kick_off"}, {"team", "none"}}) == "(kickOff None)");
  CHECK(command({{"action", "pause"}}) == "(playMode BeforeKickOff)");
  CHECK(command({{"action", "play_on"}}) == "(playMode PlayOn)");
  CHECK(command({{"action", "drop_ball"}}) == "(dropBall)");
  CHECK(command({{"action", "free_kick"}, {"team", "right"}}) == "(playMode free_kick_right)");
  CHECK(command({{"action", "ball"}, {"x", "3"}, {"y", "-2.5"}}) == "(ball (pos 3.000 -2.500 0.042) (vel 0 0 0))");
  CHECK(command({{"action", "robot"}, {"team", "right"}, {"unum", "7"}, {"x", "1"}, {"y", "2"}}) ==
        "(agent (unum 7) (team Right) (pos 1.000 2.000 0.400))");
  // Field heading 0 (+x) is the trainer's -90 (facts §8.2: yaw 0 faces +y).
  CHECK(command({{"action", "robot"}, {"team", "left"}, {"unum", "1"}, {"x", "0"}, {"y", "0"}, {"yaw", "0"}}) ==
        "(agent (unum 1) (team Left) (move 0.000 0.000 0.400 -90.0))");
}

TEST_CASE("trainer: bad requests are refused with the reason") {
  CHECK(command({}).find("missing 'action'") != std::string::npos);
  CHECK(command({{"action", "killsim"}}).find("unknown action 'killsim'") != std::string::npos);
  CHECK(command({{"action", "kick_off"}}).find("missing 'team'") != std::string::npos);
  CHECK(command({{"action", "kick_off"}, {"team", "Left)(killsim"}}).find("'team' must be") != std::string::npos);
  CHECK(command({{"action", "free_kick"}, {"team", "none"}}).find("'team' must be left or right") != std::string::npos);
  CHECK(command({{"action", "ball"}, {"x", "1"}}).find("missing 'y'") != std::string::npos);
  CHECK(command({{"action", "ball"}, {"x", "1)"}, {"y", "0"}}).find("not a number") != std::string::npos);
  CHECK(command({{"action", "ball"}, {"x", "nan"}, {"y", "0"}}).find("not a number") != std::string::npos);
  CHECK(command({{"action", "ball"}, {"x", "100"}, {"y", "0"}}).find("outside") != std::string::npos);
  CHECK(command({{"action", "robot"}, {"team", "left"}, {"unum", "12"}, {"x", "0"}, {"y", "0"}}).find("outside") !=
        std::string::npos);
  CHECK(command({{"action", "robot"}, {"team", "left"}, {"unum", "2.5"}, {"x", "0"}, {"y", "0"}}).find("whole") !=
        std::string::npos);
}

TEST_CASE("frame: a scene becomes the page's JSON") {
  monitor::SceneState scene;
  scene.time = 12.345;
  scene.half = 2;
  scene.score_left = 1;
  scene.play_mode = protocol::PlayMode::PlayOn;
  scene.team_left = "Li\"bero";
  scene.ball_known = true;
  scene.ball = Vec3(1, -2, 0.042);
  scene.robot_count = 3;
  scene.robots[0].team = 0;
  scene.robots[0].unum = 4;
  scene.robots[0].type = 2;
  scene.robots[0].torso = Vec3(-3, 1, 0.35);
  scene.robots[0].yaw = 1.5;
  scene.robots[1].team = -1;  // not placed yet: left out
  scene.robots[2].team = 1;
  scene.robots[2].unum = 9;
  scene.robots[2].torso = Vec3(5, 0, 0.1);  // lying
  scene.robots[2].up_z = 0.05;
  std::string json;
  append_scene_json(scene, 7, 1000.5, &json);
  CHECK(json.find("\"seq\":7,\"recv\":1000.5,\"t\":12.35,\"half\":2,\"mode\":\"PlayOn\"") != std::string::npos);
  CHECK(json.find("\"sl\":1,\"sr\":0,\"tl\":\"Li\\\"bero\",\"tr\":\"\"") != std::string::npos);
  CHECK(json.find("\"fl\":30,\"fw\":20") != std::string::npos);
  CHECK(json.find("\"ball\":[1.000,-2.000,0.042]") != std::string::npos);
  CHECK(json.find("\"robots\":[[0,4,2,-3.000,1.000,0.350,1.500,0,1.00],[1,9,0,5.000,0.000,0.100,0.000,1,0.05]]") !=
        std::string::npos);
  scene.ball_known = false;
  json.clear();
  append_scene_json(scene, 8, 0, &json);
  CHECK(json.find("\"ball\":null") != std::string::npos);
}
