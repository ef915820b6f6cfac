// The monitor's scene graph and game-state text: the reference's layout
// (meshes, materials, the RSG frame of body transforms), full states against
// updates, the 0.005 rule measured against what the monitor last got, layout
// rebuilds on join / leave / team, and the game-state predicates.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <string>
#include <string_view>

#include "robot/description.h"
#include "tools/sim/server/monitor_predicates.h"
#include "tools/sim/server/scene_graph.h"
#include "tools/sim/server/scene_writer.h"
#include "tools/sim/server/text_writer.h"

using namespace libero;
using namespace libero::sim;

namespace {

int count(std::string_view text, std::string_view what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

bool balanced(std::string_view text) {
  int depth = 0;
  for (char c : text) {
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth == 0;
}

struct Fixture {
  robot::RobotDescription descriptions[kRobotTypeCount];
  std::unique_ptr<SceneGraph> scene;
  std::unique_ptr<SceneMemory> memory = std::make_unique<SceneMemory>();
  WorldSnapshot world;
  std::unique_ptr<char[]> buffer = std::make_unique<char[]>(1 << 20);

  Fixture() {
    const robot::RobotDescription* served[kRobotTypeCount] = {};
    for (int type : {0, 4}) {
      auto loaded = robot::load_robot_description(LIBERO_SOURCE_DIR "/robots", "nao", type);
      REQUIRE(loaded.ok());
      descriptions[type] = loaded.value();
      served[type] = &descriptions[type];
    }
    auto created = SceneGraph::create(served);
    REQUIRE(created.ok());
    scene = std::move(created.value());
    world.ball_position = Vec3(0, 0, 0.042);
  }

  // A robot standing at (x, y) facing `heading` (rad), all joints at 0.
  void place(int slot, RobotId id, double x, double y, double heading) {
    RobotSnapshot& r = world.robots[slot];
    r.id = id;
    r.torso_position = Vec3(x, y, 0.385);
    r.torso_orientation = Quat(Eigen::AngleAxisd(heading, Vec3::UnitZ()));
    world.robot_count = std::max(world.robot_count, slot + 1);
  }

  std::string full() {
    TextWriter w(buffer.get(), 1 << 20);
    scene->update_poses(world);
    write_full_scene(*scene, memory.get(), &w);
    REQUIRE_FALSE(w.overflowed());
    return std::string(w.view());
  }
  std::string update() {
    TextWriter w(buffer.get(), 1 << 20);
    scene->update_poses(world);
    write_scene_update(*scene, memory.get(), &w);
    REQUIRE_FALSE(w.overflowed());
    return std::string(w.view());
  }
  // The node of the first mesh whose attributes contain `what`.
  int mesh(std::string_view what) const {
    for (int i = 0; i < scene->node_count(); ++i)
      if (scene->attributes(i).find(what) != std::string_view::npos) return i;
    return -1;
  }
};

SceneRobot robot_of(RobotId id, int type, Team team, int unum) {
  SceneRobot r;
  r.id = id;
  r.type = type;
  r.team = team;
  r.unum = unum;
  return r;
}

}  // namespace

TEST_CASE("scene: a full state has the reference's static scene, ball and robots with team materials") {
  Fixture f;
  SceneRobot robots[2] = {robot_of(0, 0, Team::Left, 3), robot_of(5, 4, Team::Right, 7)};
  CHECK(f.scene->set_robots(robots, 2));
  f.place(0, 0, -3, 1, 0);
  f.place(1, 5, 4, -2, kPi);
  const std::string text = f.full();
  CHECK(text.rfind("(RSG 0 1)((nd TRF (SLT 1 0 0 0 0 1 0 0 0 0 1 0 -10 10 10 1)(nd Light (setDiffuse 1 1 1 1)", 0) == 0);
  CHECK(balanced(text));
  CHECK(count(text, "(nd TRF") == count(text, "(SLT"));
  CHECK(count(text, "(nd Light") == 2);
  CHECK(text.find("(load models/naosoccerfield.obj)") != std::string::npos);
  CHECK(text.find("(load models/leftsoccergoal.obj)") != std::string::npos);
  CHECK(text.find("(nd TRF (SLT 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0.042 1)(nd StaticMesh (setVisible 1) "
                  "(load models/soccerball.obj) (sSc 0.042 0.042 0.042)(resetMaterials soccerball_rcs-soccerball.png)))") !=
        std::string::npos);
  // Type 0 on the left with number 3, type 4 on the right with number 7.
  CHECK(text.find("(nd StaticMesh (setVisible 1) (load models/naobody0.obj) (sSc 0.1 0.1 0.1)"
                  "(resetMaterials matNum3 matLeft matType0 naowhite))") != std::string::npos);
  CHECK(text.find("(load models/naobody4.obj) (sSc 0.1 0.1 0.1)(resetMaterials matNum7 matRight naowhite)") !=
        std::string::npos);
  CHECK(text.find("(load models/rthigh.obj) (sSc 0.07 0.07 0.07)(resetMaterials matNum3 matLeft naowhite)") !=
        std::string::npos);
  CHECK(text.find("(load models/naohead.obj) (sSc 0.1 0.1 0.1)(resetMaterials matRight naoblack naogrey naowhite)") !=
        std::string::npos);
  CHECK(text.find("(load models/rfoot.obj) (sSc 0.08 0.0228259 0.04)") != std::string::npos);  // type 4's toe
  CHECK(count(text, "(load models/naobody") == 2);
  // Type 0 shows 23 parts, type 4 25 (toes): one transform each plus the
  // holders (robot, torso mesh, selection marker, head mesh).
  CHECK(count(text, "(sMat matSelect)") == 2);
  CHECK(f.memory->layout == f.scene->layout());
}

TEST_CASE("scene: a robot without a team shows the model's own materials") {
  Fixture f;
  SceneRobot robot = robot_of(2, 0, Team::None, 0);
  f.scene->set_robots(&robot, 1);
  f.place(0, 2, 0, -1, kPi / 2);
  const std::string text = f.full();
  CHECK(text.find("(resetMaterials matNum matTeam matType0 naowhite)") != std::string::npos);
}

TEST_CASE("scene: a body transform is its world pose in SimSpark's RSG frame (x right, y forward)") {
  Fixture f;
  SceneRobot robot = robot_of(1, 0, Team::Left, 1);
  f.scene->set_robots(&robot, 1);
  f.place(0, 1, 1.0, 2.0, kPi / 2);  // facing +y: forward +y, right +x
  f.scene->update_poses(f.world);
  const int body_mesh = f.mesh("naobody0");
  REQUIRE(body_mesh >= 2);
  const float* torso = f.scene->matrix(body_mesh - 2);  // torso transform > mesh holder > mesh
  CHECK(torso[12] == doctest::Approx(1.0));
  CHECK(torso[13] == doctest::Approx(2.0));
  CHECK(torso[14] == doctest::Approx(0.385));
  CHECK(torso[0] == doctest::Approx(1.0));   // x axis (right) along world +x
  CHECK(torso[5] == doctest::Approx(1.0));   // y axis (forward) along world +y
  CHECK(torso[10] == doctest::Approx(1.0));
  CHECK(std::atan2(torso[5], torso[4]) == doctest::Approx(kPi / 2));
  // The head sits 0.155 m above the torso centre in the zero pose.
  const float* head = f.scene->matrix(f.mesh("naohead") - 2);
  CHECK(head[14] == doctest::Approx(0.385 + 0.155).epsilon(1e-4));
  CHECK(head[12] == doctest::Approx(1.0));
}

TEST_CASE("scene: an update keeps the tree and sends a transform only when it moved by more than 0.005") {
  Fixture f;
  SceneRobot robot = robot_of(0, 0, Team::Left, 1);
  f.scene->set_robots(&robot, 1);
  f.place(0, 0, -3, 1, 0);
  const std::string full = f.full();

  // The first update gives every mesh's visibility once, as the reference's does.
  std::string u = f.update();
  CHECK(u.rfind("(RDS 0 1)((nd(nd))(nd(nd))(nd(nd StaticMesh (setVisible 1)))", 0) == 0);
  CHECK(count(u, "(setVisible 1)") == count(full, "(setVisible 1)"));
  CHECK(count(u, "(nd SMN (setVisible 0))") == 1);  // the selection marker
  u = f.update();
  CHECK(u.rfind("(RDS 0 1)((nd(nd))(nd(nd))(nd(nd StaticMesh))", 0) == 0);
  CHECK(count(u, "setVisible") == 0);
  CHECK(balanced(u));
  CHECK(count(u, "(nd") == count(full, "(nd"));
  CHECK(count(u, "(SLT") == 0);

  // 0.004 is below the threshold; another 0.004 is 0.008 from what the
  // monitor got, so it is sent; the next 0.004 is not.
  f.world.ball_position.x() += 0.004;
  CHECK(count(f.update(), "(SLT") == 0);
  f.world.ball_position.x() += 0.004;
  u = f.update();
  CHECK(count(u, "(SLT") == 1);
  CHECK(u.find("(nd (SLT 1 0 0 0 0 1 0 0 0 0 1 0 0.008 0 0.042 1)(nd StaticMesh))") != std::string::npos);
  f.world.ball_position.x() += 0.004;
  CHECK(count(f.update(), "(SLT") == 0);

  // The whole robot moved: each of its 23 part transforms, nothing else.
  f.world.robots[0].torso_position.y() += 0.1;
  u = f.update();
  CHECK(count(u, "(SLT") == 23);
  CHECK(count(f.update(), "(SLT") == 0);
  // A turn by 0.2 degrees moves matrix elements by about 0.0035: not sent.
  f.world.robots[0].torso_orientation = Quat(Eigen::AngleAxisd(0.2 * kPi / 180, Vec3::UnitZ()));
  CHECK(count(f.update(), "(SLT") == 0);
}

TEST_CASE("scene: joining, leaving and getting a team rebuild the layout; the same robots do not") {
  Fixture f;
  const uint64_t empty = f.scene->layout();
  SceneRobot robots[2] = {robot_of(0, 0, Team::None, 0), robot_of(1, 0, Team::Left, 2)};
  CHECK_FALSE(f.scene->set_robots(robots, 0));
  CHECK(f.scene->layout() == empty);
  const int static_nodes = f.scene->node_count();
  CHECK(f.scene->set_robots(robots, 1));
  const uint64_t one = f.scene->layout();
  CHECK(one != empty);
  CHECK(f.scene->node_count() == static_nodes + 51);  // holder + 23 parts + their meshes + 4 holders
  CHECK_FALSE(f.scene->set_robots(robots, 1));
  robots[0].team = Team::Left;
  robots[0].unum = 1;
  CHECK(f.scene->set_robots(robots, 1));  // init: new materials
  CHECK(f.scene->set_robots(robots, 2));  // join
  CHECK(f.scene->set_robots(robots + 1, 1));  // leave
  CHECK(f.scene->robot_count() == 1);
  CHECK(f.scene->set_robots(robots, 0));
  CHECK(f.scene->node_count() == static_nodes);
  CHECK_FALSE(f.scene->overflowed());
}

TEST_CASE("scene: 22 robots fit, and a full state stays well inside the monitor buffer") {
  Fixture f;
  SceneRobot robots[22];
  for (int i = 0; i < 22; ++i) {
    robots[i] = robot_of(i, i % 5 == 4 ? 4 : 0, i < 11 ? Team::Left : Team::Right, i % 11 + 1);
    f.place(i, i, -10 + i, (i % 3) - 1.0, 0.1 * i);
  }
  f.scene->set_robots(robots, 22);
  CHECK_FALSE(f.scene->overflowed());
  const std::string text = f.full();
  CHECK(count(text, "(load models/naobody") == 22);
  CHECK(text.size() < 400 * 1024);
  MESSAGE("full state with 22 robots: " << text.size() << " bytes, " << f.scene->node_count() << " nodes");
}

TEST_CASE("monitor predicates: full state, then only what changed") {
  std::string_view left = "Alpha";
  MonitorGameView game;
  game.time = 0;
  PredicateMemory memory;
  char buffer[4096];
  TextWriter w(buffer, sizeof buffer);
  write_full_predicates(game, &memory, &w);
  const std::string full(w.view());
  CHECK(full.rfind("((FieldLength 30)(FieldWidth 20)(FieldHeight 40)(GoalWidth 2.1)", 0) == 0);
  CHECK(full.find("(play_modes BeforeKickOff KickOff_Left KickOff_Right PlayOn KickIn_Left") != std::string::npos);
  CHECK(full.find("pass_left pass_right)(time 0)(half 1)(score_left 0)(score_right 0)(play_mode 0))") !=
        std::string::npos);

  w.clear();
  game.time = 12.34;
  write_predicate_update(game, &memory, &w);
  CHECK(w.view() == "((time 12.34))");

  w.clear();
  game.team_left = left;
  game.play_mode = protocol::PlayMode::PlayOn;
  game.score_right = 1;
  write_predicate_update(game, &memory, &w);
  CHECK(w.view() == "((time 12.34)(team_left Alpha)(score_right 1)(play_mode 3))");
  w.clear();
  write_predicate_update(game, &memory, &w);
  CHECK(w.view() == "((time 12.34))");

  // A new full state repeats everything.
  w.clear();
  write_full_predicates(game, &memory, &w);
  CHECK(std::string(w.view()).find("(time 12.34)(team_left Alpha)(half 1)(score_left 0)(score_right 1)(play_mode 3))") !=
        std::string::npos);
}

TEST_CASE("monitor numbers: C++ stream default format, 6 significant digits") {
  char buffer[256];
  TextWriter w(buffer, sizeof buffer);
  for (double v : {1.0, -0.0, 0.042, -4.37114e-08, 0.000462058, 1234567.0, 300.0, static_cast<double>(0.1f)}) {
    w.general6(v);
    w.ch(' ');
  }
  CHECK(w.view() == "1 -0 0.042 -4.37114e-08 0.000462058 1.23457e+06 300 0.1 ");
}

TEST_CASE("scene: the ball turns with its angular velocity, so monitors show it rolling") {
  Fixture f;
  f.scene->update_poses(f.world);
  const int ball = f.mesh("soccerball") - 1;
  REQUIRE(ball >= 0);
  f.world.ball_angular_velocity = Vec3(0, 0, 2.0);  // rad/s about z
  for (int i = 1; i <= 5; ++i) {
    f.world.time = 0.04 * i;
    f.scene->update_poses(f.world);
  }
  const float* m = f.scene->matrix(ball);
  // The first call (time 0) set the clock; then 0.2 s at 2 rad/s: 0.4 rad.
  CHECK(std::atan2(m[1], m[0]) == doctest::Approx(0.4).epsilon(1e-4));
  CHECK(m[10] == doctest::Approx(1.0));
  CHECK(m[14] == doctest::Approx(0.042));
}
