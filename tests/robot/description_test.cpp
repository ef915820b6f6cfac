// The NAO description against the reference sheet
// (/work/shared/reference/simspark-facts.md §1-2), after the loader's frame
// change (x_std = y_rsg, y_std = -x_rsg) and degree -> radian conversion;
// plus the loader's error paths on edited copies of the real file.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "robot/description.h"

using namespace libero;
using namespace libero::robot;

namespace {

const std::string kRobotsDir = std::string(LIBERO_SOURCE_DIR) + "/robots";

RobotDescription load_nao(int type) {
  Result<RobotDescription> robot = load_robot_description(kRobotsDir, "nao", type);
  REQUIRE_MESSAGE(robot.ok(), robot.error().message);
  return std::move(robot).value();
}

// An RSG-frame vector in the engine frame.
Vec3 rsg(double x, double y, double z) { return Vec3(y, -x, z); }

void check_vec(const Vec3& actual, const Vec3& expected, double tolerance = 1e-9) {
  INFO("actual ", actual.transpose(), " expected ", expected.transpose());
  CHECK((actual - expected).norm() < tolerance);
}

const BodyDesc& body(const RobotDescription& robot, const std::string& name) {
  int index = robot.body_index(name);
  REQUIRE_MESSAGE(index >= 0, name);
  return robot.bodies[index];
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Writes an edited copy of robots/nao/nao.lua into a temp robots dir.
std::string edited_robots_dir(const std::string& tag, const std::string& from, const std::string& to) {
  std::string text = read_text(kRobotsDir + "/nao/nao.lua");
  size_t at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, from);
  text.replace(at, from.size(), to);
  std::filesystem::path dir = std::filesystem::path(LIBERO_BINARY_DIR) / "test_tmp" / "robots" / tag;
  std::filesystem::create_directories(dir / "nao");
  std::ofstream(dir / "nao" / "nao.lua", std::ios::trunc) << text;
  return dir.string();
}

int line_containing(const std::string& path, const std::string& needle) {
  std::ifstream in(path);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number)
    if (line.find(needle) != std::string::npos) return number;
  return 0;
}

}  // namespace

TEST_CASE("every type loads with the total mass 4.6071 kg and its sole height") {
  const double sole_heights[5] = {0.385, 0.42164, 0.385, 0.440736848, 0.385};
  for (int type = 0; type <= 4; ++type) {
    INFO("type ", type);
    RobotDescription robot = load_nao(type);
    CHECK(robot.model == "nao");
    CHECK(robot.type == type);
    CHECK(robot.total_mass == doctest::Approx(4.6071).epsilon(1e-9));
    double sum = 0;
    for (const BodyDesc& b : robot.bodies) sum += b.mass;
    CHECK(sum == doctest::Approx(robot.total_mass));
    CHECK(robot.sole_height == doctest::Approx(sole_heights[type]).epsilon(1e-9));
    CHECK(robot.bodies[0].name == "torso");
    CHECK(robot.bodies[0].parent == -1);
    CHECK(robot.bodies[0].joint == -1);
    CHECK(robot.bodies.size() == (type == 4 ? 25u : 23u));

    int joints = 0;
    for (const JointDesc& joint : robot.joints) joints += joint.exists ? 1 : 0;
    CHECK(joints == (type == 4 ? 24 : 22));
    CHECK(robot.joints[kRToePitch].exists == (type == 4));
    CHECK(robot.joints[kLToePitch].exists == (type == 4));

    // The tree is consistent: parents come first, one joint per body.
    for (size_t b = 1; b < robot.bodies.size(); ++b) {
      const BodyDesc& child = robot.bodies[b];
      CHECK(child.parent >= 0);
      CHECK(child.parent < static_cast<int>(b));
      REQUIRE(child.joint >= 0);
      const JointDesc& joint = robot.joints[child.joint];
      CHECK(joint.exists);
      CHECK(joint.id == child.joint);
      CHECK(joint.child_body == static_cast<int>(b));
      CHECK(joint.parent_body == child.parent);
      CHECK(joint.axis.norm() == doctest::Approx(1.0));
      CHECK(joint.max_torque == 10);
    }
    CHECK(robot.camera_body == robot.body_index("head"));
    check_vec(robot.camera_offset, Vec3::Zero());
  }
}

TEST_CASE("type 0 bodies match facts §1.2 after the frame change") {
  RobotDescription robot = load_nao(0);
  check_vec(body(robot, "head").position, rsg(0, 0, 0.155));
  check_vec(body(robot, "rupperarm").position, rsg(0.108, 0.02, 0.075));
  check_vec(body(robot, "lelbow").position, rsg(-0.098, 0.09, 0.084));
  check_vec(body(robot, "rlowerarm").position, rsg(0.098, 0.14, 0.084));
  check_vec(body(robot, "lthigh").position, rsg(-0.055, 0, -0.155));
  check_vec(body(robot, "rshank").position, rsg(0.055, 0.005, -0.28));
  check_vec(body(robot, "rankle").position, rsg(0.055, -0.005, -0.335));
  check_vec(body(robot, "lfoot").position, rsg(-0.055, 0.025, -0.375));
  CHECK(body(robot, "torso").mass == 1.2171);
  CHECK(body(robot, "head").inertia_shape.kind == ShapeKind::Sphere);
  CHECK(body(robot, "head").inertia_shape.size.x() == 0.065);
  CHECK(body(robot, "neck").inertia_shape.kind == ShapeKind::Capsule);
  check_vec(body(robot, "neck").inertia_shape.size, Vec3(0.015, 0.08, 0));
  // Box sizes swap x and y (no sign): the foot is 0.16 long (x) and 0.08 wide (y).
  check_vec(body(robot, "rfoot").inertia_shape.size, Vec3(0.16, 0.08, 0.02));
  check_vec(body(robot, "torso").inertia_shape.size, Vec3(0.1, 0.1, 0.18));

  // Colliders only where facts §1.2 lists them; markers as seen by others.
  for (const char* name : {"rshoulder", "lelbow", "rhip1", "lhip2", "rankle"}) {
    INFO(name);
    CHECK_FALSE(body(robot, name).has_collider);
  }
  for (const char* name : {"torso", "neck", "head", "rupperarm", "llowerarm", "rthigh", "lshank", "rfoot"}) {
    INFO(name);
    CHECK(body(robot, name).has_collider);
  }
  int markers = 0;
  for (const BodyDesc& b : robot.bodies) {
    if (b.marker.empty()) continue;
    ++markers;
    CHECK(b.marker == b.name);
  }
  CHECK(markers == 5);
  CHECK(body(robot, "head").marker == "head");
  CHECK(body(robot, "lfoot").marker == "lfoot");
}

TEST_CASE("joint anchors, axes, limits and speeds match facts §1.3-1.4 and §2") {
  RobotDescription robot = load_nao(0);
  const double s = std::sqrt(0.5);
  check_vec(robot.joints[kNeckPitch].anchor, rsg(0, 0, 0.15));
  check_vec(robot.joints[kNeckPitch].axis, Vec3(0, -1, 0));  // RSG x (right) -> engine -y
  check_vec(robot.joints[kNeckYaw].axis, Vec3(0, 0, 1));
  check_vec(robot.joints[kRShoulderYaw].anchor, rsg(0.098, 0, 0.075));
  check_vec(robot.joints[kRArmRoll].anchor, rsg(0.098, 0.09, 0.084));
  check_vec(robot.joints[kLArmYaw].anchor, rsg(-0.098, 0.09, 0.084));
  check_vec(robot.joints[kRArmRoll].axis, Vec3(1, 0, 0));
  check_vec(robot.joints[kRHipYawPitch].axis, Vec3(0, s, s));
  check_vec(robot.joints[kLHipYawPitch].axis, Vec3(0, s, -s));
  check_vec(robot.joints[kRHipRoll].axis, Vec3(1, 0, 0));
  check_vec(robot.joints[kRHipPitch].axis, Vec3(0, -1, 0));
  check_vec(robot.joints[kLFootRoll].axis, Vec3(1, 0, 0));
  check_vec(robot.joints[kRHipYawPitch].anchor, rsg(0.055, -0.01, -0.115));
  check_vec(robot.joints[kRHipPitch].anchor, rsg(0.055, -0.01, -0.115));
  check_vec(robot.joints[kLKneePitch].anchor, rsg(-0.055, -0.005, -0.235));
  check_vec(robot.joints[kRFootPitch].anchor, rsg(0.055, -0.005, -0.335));
  check_vec(robot.joints[kRFootRoll].anchor, rsg(0.055, -0.005, -0.34));

  CHECK(robot.joints[kRHipPitch].min_angle == doctest::Approx(deg2rad(-25)));
  CHECK(robot.joints[kRHipPitch].max_angle == doctest::Approx(deg2rad(100)));
  CHECK(robot.joints[kRHipRoll].min_angle == doctest::Approx(deg2rad(-45)));
  CHECK(robot.joints[kLHipRoll].max_angle == doctest::Approx(deg2rad(45)));
  CHECK(robot.joints[kRShoulderYaw].min_angle == doctest::Approx(deg2rad(-95)));
  CHECK(robot.joints[kLArmYaw].min_angle == doctest::Approx(deg2rad(-90)));
  CHECK(robot.joints[kRKneePitch].min_angle == doctest::Approx(deg2rad(-130)));
  CHECK(robot.joints[kLFootRoll].min_angle == doctest::Approx(deg2rad(-45)));
  CHECK(robot.joints[kNeckYaw].max_speed == doctest::Approx(6.13954470));
  CHECK(robot.joints[kRFootPitch].max_speed == doctest::Approx(6.1395));

  RobotDescription type2 = load_nao(2);
  CHECK(type2.joints[kRFootPitch].max_speed == doctest::Approx(8.80667));
  CHECK(type2.joints[kLFootRoll].max_speed == doctest::Approx(3.47234));
  CHECK(type2.joints[kLKneePitch].max_speed == doctest::Approx(6.13954470));
}

TEST_CASE("hetero types move joints as facts §2 says") {
  RobotDescription type1 = load_nao(1);
  check_vec(type1.joints[kRKneePitch].anchor, rsg(0.055, -0.005, -0.115 - 0.13832));
  check_vec(type1.joints[kRFootPitch].anchor, rsg(0.055, -0.005, -0.37164));
  check_vec(body(type1, "rlowerarm").position, rsg(0.098, 0.17664, 0.084));
  check_vec(type1.joints[kRHipPitch].anchor, rsg(0.055, -0.01, -0.115));

  RobotDescription type3 = load_nao(3);
  check_vec(type3.joints[kLHipPitch].anchor, rsg(-0.072954143, -0.01, -0.115));
  check_vec(type3.joints[kLFootPitch].anchor, rsg(-0.072954143, -0.005, -0.390736848));
  check_vec(body(type3, "llowerarm").position, rsg(-0.098, 0.195736848, 0.084));

  RobotDescription type4 = load_nao(4);
  check_vec(body(type4, "rfoot").position, rsg(0.055, 0.007241172, -0.375));
  check_vec(body(type4, "rfoot").inertia_shape.size, Vec3(0.124482344, 0.08, 0.02));
  CHECK(body(type4, "rfoot").mass == doctest::Approx(0.177801465).epsilon(1e-8));
  check_vec(body(type4, "ltoe").position, rsg(-0.055, 0.087241172, -0.38));
  check_vec(body(type4, "ltoe").inertia_shape.size, Vec3(0.035517656, 0.08, 0.01));
  CHECK(body(type4, "ltoe").mass == doctest::Approx(0.022198535).epsilon(1e-8));
  CHECK(body(type4, "rtoe").has_collider);
  check_vec(type4.joints[kRToePitch].anchor, rsg(0.055, 0.069482344, -0.385));
  check_vec(type4.joints[kRToePitch].axis, Vec3(0, -1, 0));
  CHECK(type4.joints[kLToePitch].max_angle == doctest::Approx(deg2rad(70)));
  CHECK(type4.joints[kLToePitch].min_angle == doctest::Approx(deg2rad(-1)));
  // lj6 anchor slides along its own axis only (facts §2): same line as type 0.
  Vec3 anchor = type4.joints[kRFootRoll].anchor;
  CHECK(anchor.y() == doctest::Approx(-0.055));
  CHECK(anchor.z() == doctest::Approx(-0.34));
}

TEST_CASE("loader errors name the file, the line of the entry and the field") {
  SUBCASE("a wrongly typed joint limit") {
    std::string dir = edited_robots_dir("bad_max", "min = -25, max = 100", "min = -25, max = true");
    Result<RobotDescription> robot = load_robot_description(dir, "nao", 0);
    REQUIRE_FALSE(robot.ok());
    std::string file = dir + "/nao/nao.lua";
    int line = line_containing(file, "name = \"rlj3\"");
    CHECK(robot.error().message == file + ":" + std::to_string(line) +
                                       ": joint rlj3: 'max' must be a number or a parameter name (it is a boolean)");
  }
  SUBCASE("a missing body mass") {
    std::string dir = edited_robots_dir("no_mass", "offset = { 0, 0.01, \"thigh_rel_hip2_z\" }, mass = 0.275,",
                                        "offset = { 0, 0.01, \"thigh_rel_hip2_z\" },");
    Result<RobotDescription> robot = load_robot_description(dir, "nao", 0);
    REQUIRE_FALSE(robot.ok());
    CHECK_MESSAGE(robot.error().message.find(": body rthigh: 'mass' is missing") != std::string::npos,
                  robot.error().message);
  }
  SUBCASE("a misspelt field") {
    std::string dir = edited_robots_dir("typo", "collider = true, marker = \"head\"",
                                        "colider = true, marker = \"head\"");
    Result<RobotDescription> robot = load_robot_description(dir, "nao", 0);
    REQUIRE_FALSE(robot.ok());
    CHECK_MESSAGE(robot.error().message.find("body head: unknown field 'colider'") != std::string::npos,
                  robot.error().message);
  }
  SUBCASE("an unknown type parameter") {
    std::string dir = edited_robots_dir("param", "\"ankle_rel_shank_z\" }", "\"ankle_rel_shin_z\" }");
    Result<RobotDescription> robot = load_robot_description(dir, "nao", 2);
    REQUIRE_FALSE(robot.ok());
    CHECK_MESSAGE(robot.error().message.find("names unknown parameter 'ankle_rel_shin_z'") != std::string::npos,
                  robot.error().message);
  }
  SUBCASE("a misspelt type parameter") {
    std::string dir = edited_robots_dir("unused", "lj6_max_speed = 3.47234 }",
                                        "lj6_max_speed = 3.47234, hip_zz = -0.2 }");
    CHECK(load_robot_description(dir, "nao", 0).ok());  // type 0 does not read type 2's entry
    Result<RobotDescription> robot = load_robot_description(dir, "nao", 2);
    REQUIRE_FALSE(robot.ok());
    CHECK(robot.error().message ==
          dir + "/nao/nao.lua: type 2: parameter 'hip_zz' is not used by any body or joint");
  }
  SUBCASE("a syntax error") {
    std::string dir = edited_robots_dir("syntax", "camera = {", "camera = {{");
    Result<RobotDescription> robot = load_robot_description(dir, "nao", 0);
    REQUIRE_FALSE(robot.ok());
    std::string file = dir + "/nao/nao.lua";
    CHECK_MESSAGE(robot.error().message.rfind(file + ":", 0) == 0, robot.error().message);
    CHECK(robot.error().message.find("expected") != std::string::npos);
  }
  SUBCASE("a missing joint") {
    std::string dir = edited_robots_dir("no_joint", "{ name = \"llj4\"", "{ name = \"llj4x\"");
    Result<RobotDescription> robot = load_robot_description(dir, "nao", 0);
    REQUIRE_FALSE(robot.ok());
    CHECK_MESSAGE(robot.error().message.find("joint llj4x: unknown joint name") != std::string::npos,
                  robot.error().message);
  }
  SUBCASE("a joint whose child does not exist") {
    std::string dir = edited_robots_dir("child", "child = \"lankle\"", "child = \"lankel\"");
    Result<RobotDescription> robot = load_robot_description(dir, "nao", 0);
    REQUIRE_FALSE(robot.ok());
    CHECK_MESSAGE(robot.error().message.find("joint llj5: child 'lankel' does not exist") != std::string::npos,
                  robot.error().message);
  }
  SUBCASE("an unknown type and an unknown model") {
    Result<RobotDescription> robot = load_robot_description(kRobotsDir, "nao", 7);
    REQUIRE_FALSE(robot.ok());
    CHECK(robot.error().message == kRobotsDir + "/nao/nao.lua: no robot type 7 (types: 0, 1, 2, 3, 4)");
    Result<RobotDescription> other = load_robot_description(kRobotsDir, "asimo", 0);
    REQUIRE_FALSE(other.ok());
    CHECK(other.error().message.find("cannot open file") != std::string::npos);
  }
}
