// SceneReader on monitor messages written in rcssserver3d's format (facts
// §8.1): a full scene with the ball and two robots, updates matched by
// position, game-state predicates, and the errors that ask for a resync.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <string>

#include "tools/monitor/scene_reader.h"

using namespace libero;
using namespace libero::monitor;

namespace {

// A column-major 4x4 transform: rotation about z by `yaw` and a translation.
std::string slt(double yaw, double x, double y, double z) {
  const double c = std::cos(yaw), s = std::sin(yaw);
  char text[256];
  std::snprintf(text, sizeof text, "(SLT %g %g 0 0 %g %g 0 0 0 0 1 0 %g %g %g 1)", c, s, -s, c, x, y, z);
  return text;
}

// The torso body, then the fixed mesh rotation (-90 0 180 in the RSG; its
// exact value does not matter to the reader), then the body mesh with the
// team and number materials.
std::string robot(double yaw, double x, double y, double z, const char* materials, int type = 0) {
  return "(nd TRF " + slt(yaw, x, y, z) + " (nd TRF (SLT 1 0 0 0 0 0 1 0 0 -1 0 0 0 0 0 1) (nd StaticMesh (setVisible 1) (load models/naobody" +
         std::to_string(type) + ".obj) (sSc 0.1 0.1 0.1)(resetMaterials " + materials +
         "))) (nd TRF " + slt(0, 0.0, 0.0, 0.09) + " (nd StaticMesh (setVisible 1) (load models/naohead.obj) (sSc 1 1 1))))";
}

const std::string kPredicates =
    "((FieldLength 30)(FieldWidth 20)(FieldHeight 40)(GoalWidth 2.1)(RuleHalfTime 300)"
    "(play_modes BeforeKickOff KickOff_Left KickOff_Right PlayOn KickIn_Left KickIn_Right corner_kick_left "
    "corner_kick_right goal_kick_left goal_kick_right offside_left offside_right GameOver Goal_Left Goal_Right "
    "free_kick_left free_kick_right direct_free_kick_left direct_free_kick_right pass_left pass_right)"
    "(time 12.5)(team_left Libero)(team_right Villa)(half 1)(score_left 1)(score_right 0)(play_mode 3))";

// The ball rotates as it rolls: use a non-trivial rotation to check that only
// the translation is read for it.
std::string full_scene(double robot_x) {
  return kPredicates + "(RSG 0 1)((nd Light (setDiffuse 1 1 1 1) (setAmbient 0 0 0 1) (setSpecular 0.1 0.1 0.1 1))" +
         "(nd TRF (SLT 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1) (nd StaticMesh (setVisible 1) (load models/naofield.obj) (sSc 2.5 1 2.5)))" +
         "(nd TRF " + slt(0.7, 1.25, -2.5, 0.042) +
         " (nd StaticMesh (setVisible 1) (load models/soccerball.obj) (sSc 0.042 0.042 0.042)(resetMaterials soccerball_rcs-soccerball.png)))" +
         robot(0, robot_x, 1.0, 0.36, "matLeft naowhite matNum7", 2) +
         robot(-M_PI / 2 + 0.3, 4.0, -1.0, 0.1, "matRight naowhite matNum11") + ")";
}

}  // namespace

TEST_CASE("a full scene gives the ball, each robot's team, number, type and torso pose, and the game state") {
  SceneReader reader;
  REQUIRE(reader.apply(full_scene(-3.0)).ok());
  const SceneState& s = reader.state();
  CHECK(s.full_states == 1);
  CHECK(s.time == doctest::Approx(12.5));
  CHECK(s.half == 1);
  CHECK(s.score_left == 1);
  CHECK(s.score_right == 0);
  CHECK(s.team_left == "Libero");
  CHECK(s.team_right == "Villa");
  CHECK(s.play_mode == protocol::PlayMode::PlayOn);
  CHECK(s.field_length == doctest::Approx(30));
  REQUIRE(s.ball_known);
  CHECK(s.ball.x() == doctest::Approx(1.25));
  CHECK(s.ball.y() == doctest::Approx(-2.5));
  CHECK(s.ball.z() == doctest::Approx(0.042));
  REQUIRE(s.robot_count == 2);
  const SceneRobot* seven = s.find(0, 7);
  REQUIRE(seven != nullptr);
  CHECK(seven->type == 2);
  CHECK(seven->torso.x() == doctest::Approx(-3.0));
  CHECK(seven->torso.y() == doctest::Approx(1.0));
  CHECK(seven->torso.z() == doctest::Approx(0.36));
  // A torso body with no rotation faces the field's +y (SimSpark's model
  // convention), which is a heading of +90 degrees.
  CHECK(seven->yaw == doctest::Approx(M_PI / 2));
  CHECK(seven->up_z == doctest::Approx(1));
  const SceneRobot* eleven = s.find(1, 11);
  REQUIRE(eleven != nullptr);
  CHECK(eleven->type == 0);
  CHECK(eleven->yaw == doctest::Approx(0.3));
  CHECK(s.find(0, 11) == nullptr);
}

TEST_CASE("updates are matched to the scene by position and move only what they carry") {
  SceneReader reader;
  REQUIRE(reader.apply(full_scene(-3.0)).ok());
  // Every node again, in order: the light, the field (transform, mesh), the
  // ball (transform, mesh), each robot (torso, mesh rotation, body mesh,
  // head transform, head mesh); bare "(nd" plus an SLT where something moved.
  const std::string update = "((time 12.54)(play_mode 3))(RDS 0 1)((nd)(nd (nd))(nd " + slt(0, 2.0, -2.0, 0.042) +
                             " (nd))(nd " + slt(0, -2.5, 1.0, 0.35) +
                             " (nd (nd)) (nd (nd)))(nd (nd (nd)) (nd (nd))))";
  REQUIRE(reader.apply(update).ok());
  const SceneState& s = reader.state();
  CHECK(s.updates == 1);
  CHECK(s.time == doctest::Approx(12.54));
  CHECK(s.score_left == 1);  // not in the update: kept
  CHECK(s.ball.x() == doctest::Approx(2.0));
  CHECK(s.find(0, 7)->torso.x() == doctest::Approx(-2.5));
  CHECK(s.find(0, 7)->yaw == doctest::Approx(M_PI / 2));
  CHECK(s.find(1, 11)->torso.x() == doctest::Approx(4.0));
}

TEST_CASE("a robot before its init has no team or number; its full scene after init names them") {
  SceneReader reader;
  std::string before = full_scene(-3.0);
  const size_t at = before.find("matLeft naowhite matNum7");
  before.replace(at, std::string("matLeft naowhite matNum7").size(), "matTeam naowhite matNum");
  REQUIRE(reader.apply(before).ok());
  CHECK(reader.state().robot_count == 2);
  CHECK(reader.state().robots[0].team == -1);
  CHECK(reader.state().find(0, 7) == nullptr);
  REQUIRE(reader.apply(full_scene(-3.0)).ok());
  CHECK(reader.state().find(0, 7) != nullptr);
}

TEST_CASE("errors: updates that do not fit the scene, bad numbers, garbage") {
  SceneReader reader;
  Status early = reader.apply("((time 1))(RDS 0 1)((nd))");
  REQUIRE_FALSE(early.ok());
  CHECK(early.error().message.find("before any full scene") != std::string::npos);

  REQUIRE(reader.apply(full_scene(-3.0)).ok());
  Status short_update = reader.apply("((time 1))(RDS 0 1)((nd)(nd (nd)))");
  REQUIRE_FALSE(short_update.ok());
  CHECK(short_update.error().message.find("nodes") != std::string::npos);

  Status bad_matrix = reader.apply("((time 1))(RDS 0 1)((nd (SLT 1 2 3)))");
  REQUIRE_FALSE(bad_matrix.ok());
  CHECK(bad_matrix.error().message.find("16 numbers") != std::string::npos);

  Status nan_matrix = reader.apply("((time 1))(RDS 0 1)((nd (SLT 1 0 0 0 0 1 0 0 0 0 1 0 nan 0 0 1)))");
  REQUIRE_FALSE(nan_matrix.ok());
  CHECK(nan_matrix.error().message.find("bad number") != std::string::npos);

  CHECK_FALSE(reader.apply("((time 1)").ok());                 // truncated
  CHECK_FALSE(reader.apply("time 1").ok());                    // not a list
  CHECK_FALSE(reader.apply("((time 1))(XYZ 0 1)(()))").ok());  // unknown scene kind
  CHECK_FALSE(reader.apply("((time 1))(RSG 0 1)((nd Camera))").ok());
  // After all that the reader still holds the last good scene.
  CHECK(reader.state().find(0, 7) != nullptr);
}

TEST_CASE("a state without a scene updates the game state only") {
  SceneReader reader;
  REQUIRE(reader.apply("((time 3.5)(half 2)(score_left 2)(score_right 3)(play_mode 12))").ok());
  CHECK(reader.state().time == doctest::Approx(3.5));
  CHECK(reader.state().half == 2);
  CHECK(reader.state().score_right == 3);
  CHECK(reader.state().play_mode == protocol::PlayMode::GameOver);
  CHECK_FALSE(reader.has_scene());
}

// A real rcssserver3d 0.7.2 stream (tests/data/monitor): a full scene and 15
// updates of a game in PlayOn. The expected values are what the independent
// Python client (tests/sim_server/monitor_client.py) reads from the same file.
TEST_CASE("the real server's stream: the same ball, robots and state as an independent client reads") {
  std::ifstream in(std::string(LIBERO_SOURCE_DIR) + "/tests/data/monitor/rcssserver3d-0.7.2-monitor.txt");
  REQUIRE(in.good());
  SceneReader reader;
  std::string line;
  int messages = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    Status applied = reader.apply(line);
    REQUIRE_MESSAGE(applied.ok(), applied.error().describe());
    ++messages;
  }
  CHECK(messages == 16);
  const SceneState& s = reader.state();
  CHECK(s.full_states == 1);
  CHECK(s.updates == 15);
  CHECK(s.time == doctest::Approx(16.2802));
  CHECK(s.half == 1);
  CHECK(s.play_mode == protocol::PlayMode::PlayOn);
  CHECK(s.team_left == "Villa");
  CHECK(s.team_right == "Other");
  CHECK(s.ball.x() == doctest::Approx(0.693529).epsilon(1e-5));
  CHECK(s.ball.y() == doctest::Approx(-1.55931).epsilon(1e-5));
  CHECK(s.ball.z() == doctest::Approx(0.0397773).epsilon(1e-5));
  REQUIRE(s.robot_count == 2);
  const SceneRobot* villa = s.find(0, 2);
  REQUIRE(villa != nullptr);
  CHECK(villa->type == 1);
  CHECK(villa->torso.x() == doctest::Approx(0.323244).epsilon(1e-5));
  CHECK(villa->torso.y() == doctest::Approx(-1.93336).epsilon(1e-5));
  CHECK(villa->torso.z() == doctest::Approx(0.152208).epsilon(1e-5));
  CHECK(villa->yaw * 180 / M_PI == doctest::Approx(-20.849).epsilon(1e-4));
  const SceneRobot* other = s.find(1, 9);
  REQUIRE(other != nullptr);
  CHECK(other->type == 4);
  CHECK(other->torso.x() == doctest::Approx(1.03455).epsilon(1e-5));
  CHECK(other->torso.y() == doctest::Approx(-1.57976).epsilon(1e-5));
  CHECK(other->yaw * 180 / M_PI == doctest::Approx(172.458).epsilon(1e-4));
}
