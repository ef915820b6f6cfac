// rcssserver3d's self-collision rule (tools/sim/referee/self_collision.h):
// the box test, the boxes and pairs read from the robot data, the freeze and
// thaw timing, and the data files' errors.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "core/math.h"
#include "robot/description.h"
#include "tools/sim/referee/self_collision.h"
#include "tools/sim/referee/self_collision_data.h"

using namespace libero;
using namespace libero::sim;

namespace {

const std::string kRobots = std::string(LIBERO_SOURCE_DIR) + "/robots";

SelfCollisionModel model_of(int type, const std::string& robots = kRobots) {
  auto d = robot::load_robot_description(robots, "nao", type);
  REQUIRE_MESSAGE(d.ok(), d.error().describe());
  auto m = load_self_collision_model(robots, d.value());
  REQUIRE_MESSAGE(m.ok(), m.error().describe());
  return m.value();
}

int box(const SelfCollisionModel& m, const std::string& name) {
  for (int i = 0; i < m.box_count; ++i)
    if (name == m.name[i]) return i;
  return -1;
}

// The colliding pose of the scripted tests (tests/motion/self_collision_script.h):
// right thigh raised, right arm along the body rolled in; the left leg folded.
void colliding_pose(double* a, double right_shoulder_yaw_deg = -4) {
  for (int j = 0; j < kJointCount; ++j) a[j] = 0;
  a[kRShoulderPitch] = deg2rad(-89);
  a[kRShoulderYaw] = deg2rad(right_shoulder_yaw_deg);
  a[kRArmRoll] = deg2rad(-5);
  a[kRArmYaw] = deg2rad(23);
  a[kRHipYawPitch] = deg2rad(-29);
  a[kRHipRoll] = deg2rad(-8);
  a[kRHipPitch] = deg2rad(95);
  a[kRKneePitch] = deg2rad(-31);
  a[kLShoulderPitch] = deg2rad(-90);
  a[kLHipPitch] = deg2rad(-20);
  a[kLKneePitch] = deg2rad(-110);
}

constexpr JointMask kRightArm =
    joint_bit(kRShoulderPitch) | joint_bit(kRShoulderYaw) | joint_bit(kRArmRoll) | joint_bit(kRArmYaw);
constexpr JointMask kRightLeg = joint_bit(kRHipYawPitch) | joint_bit(kRHipRoll) | joint_bit(kRHipPitch) |
                                joint_bit(kRKneePitch) | joint_bit(kRFootPitch) | joint_bit(kRFootRoll);

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A copy of robots/ whose nao.lua has `from` replaced by `to`.
struct EditedRobots {
  std::string dir;
  EditedRobots(const std::string& from, const std::string& to) {
    dir = std::filesystem::temp_directory_path() / ("libero_self_collision_test_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir + "/nao");
    std::string text = read_text(kRobots + "/nao/nao.lua");
    REQUIRE(text.find(from) != std::string::npos);
    text.replace(text.find(from), from.size(), to);
    std::ofstream(dir + "/nao/nao.lua") << text;
  }
  ~EditedRobots() { std::filesystem::remove_all(dir); }
};

std::string model_error(const EditedRobots& robots) {
  auto d = robot::load_robot_description(kRobots, "nao", 0);
  REQUIRE(d.ok());
  auto m = load_self_collision_model(robots.dir, d.value());
  REQUIRE_FALSE(m.ok());
  return m.error().describe();
}

}  // namespace

TEST_CASE("the box test: overlap beyond the tolerance on every axis, and rcssserver3d's parallel-edge blind spot") {
  const Vec3 half(0.05, 0.05, 0.05);
  Iso3 a = Iso3::Identity(), b = Iso3::Identity();
  b.linear() = (Eigen::AngleAxisd(0.5, Vec3::UnitZ()) * Eigen::AngleAxisd(0.4, Vec3::UnitX())).toRotationMatrix();
  CHECK(boxes_collide(a, half, b, half, 0.04));  // same centre
  b.translation() = Vec3(0.3, 0, 0);
  CHECK_FALSE(boxes_collide(a, half, b, half, 0.0));  // apart
  // Touching a little: found without a tolerance, not with 0.04 m.
  b.translation() = Vec3(0.1, 0, 0);
  CHECK(boxes_collide(a, half, b, half, 0.0));
  CHECK_FALSE(boxes_collide(a, half, b, half, 0.04));
  // Two unrotated boxes one inside the other: their parallel edges give zero
  // cross-product axes, which rcssserver3d's test counts as separating.
  Iso3 c = Iso3::Identity();
  CHECK_FALSE(boxes_collide(a, half, c, half, 0.04));
  // Without a tolerance a zero axis separates nothing.
  CHECK(boxes_collide(a, half, c, half, 0.0));
}

TEST_CASE("the boxes and pairs come from the robot data: 11 boxes and 49 pairs, 13 and 70 with toes") {
  const SelfCollisionModel m0 = model_of(0);
  CHECK(m0.box_count == 11);
  CHECK(m0.pair_count == 11 * 10 / 2 - 6);
  CHECK(std::string(m0.name[0]) == "torso");
  const int lowerarm = box(m0, "rlowerarm"), thigh = box(m0, "rthigh");
  REQUIRE(lowerarm >= 0);
  REQUIRE(thigh >= 0);
  CHECK(m0.freezes[lowerarm] == kRightArm);
  CHECK(m0.freezes[thigh] == kRightLeg);
  CHECK(m0.freezes[box(m0, "torso")] == 0);
  // Sizes and places are the bodies' own (nao.lua): the thigh 0.07 x 0.07 x 0.14.
  CHECK(m0.half_extent[thigh].z() == doctest::Approx(0.07));
  for (int p = 0; p < m0.pair_count; ++p) {
    const std::string a = m0.name[m0.pair[p][0]], b = m0.name[m0.pair[p][1]];
    CHECK_FALSE((a == "torso" && b == "rthigh"));
    CHECK_FALSE((a == "rthigh" && b == "rshank"));
    CHECK_FALSE((a == "rshank" && b == "rfoot"));
  }
  const SelfCollisionModel m4 = model_of(4);
  CHECK(m4.box_count == 13);
  CHECK(m4.pair_count == 13 * 12 / 2 - 8);
  CHECK(m4.freezes[box(m4, "rtoe")] == (kRightLeg | joint_bit(kRToePitch)));
}

TEST_CASE("a pose that overlaps the right lower arm and thigh hits exactly that pair; apart poses hit nothing") {
  for (int type = 0; type < 5; ++type) {
    CAPTURE(type);
    const SelfCollisionModel m = model_of(type);
    SelfCollisionParams params;
    SelfCollisionCheck out;
    double a[kJointCount];
    colliding_pose(a);
    SelfCollisionState state;
    state.check(m, params, a, 100, &out);
    REQUIRE(out.hit_count == 1);
    CHECK(std::string(m.name[out.hits[0].box_a]) == "rlowerarm");
    CHECK(std::string(m.name[out.hits[0].box_b]) == "rthigh");
    CHECK(out.newly_frozen == (kRightArm | kRightLeg | (type == 4 ? joint_bit(kRToePitch) : 0)));
    // The same with the arm rolled out, the zero pose and a standing pose.
    SelfCollisionState apart;
    colliding_pose(a, -60);
    apart.check(m, params, a, 100, &out);
    CHECK(out.hit_count == 0);
    double zero[kJointCount] = {};
    apart.check(m, params, zero, 101, &out);
    CHECK(out.hit_count == 0);
    double stand[kJointCount] = {};
    stand[kLShoulderPitch] = stand[kRShoulderPitch] = deg2rad(-90);
    stand[kLHipPitch] = stand[kRHipPitch] = deg2rad(-25);
    stand[kLKneePitch] = stand[kRKneePitch] = deg2rad(-50);
    stand[kLFootPitch] = stand[kRFootPitch] = deg2rad(25);
    apart.check(m, params, stand, 102, &out);
    CHECK(out.hit_count == 0);
    CHECK(apart.frozen_mask() == 0);
  }
}

TEST_CASE("a freeze lasts 50 cycles; the joints cannot freeze again until 150 cycles after") {
  const SelfCollisionModel m = model_of(0);
  SelfCollisionParams params;
  SelfCollisionState state;
  SelfCollisionCheck out;
  double a[kJointCount];
  colliding_pose(a);
  // Colliding every cycle from cycle 10 on.
  int freezes_at[4] = {}, freeze_count = 0;
  int frozen_cycles = 0;
  for (int64_t cycle = 10; cycle < 400; ++cycle) {
    state.check(m, params, a, cycle, &out);
    CHECK(out.hit_count == 1);
    if (out.newly_frozen != 0 && freeze_count < 4) freezes_at[freeze_count++] = static_cast<int>(cycle);
    if (cycle < 10 + 150) frozen_cycles += state.frozen(kRHipPitch) ? 1 : 0;
    // Commands while frozen are replaced by 0; the left arm is never frozen.
    CHECK(state.filter(kLShoulderPitch, 1.5) == 1.5);
    if (cycle == 10) CHECK(state.filter(kRHipPitch, 1.5) == 0.0);
  }
  REQUIRE(freeze_count >= 3);
  CHECK(freezes_at[0] == 10);
  CHECK(freezes_at[1] == 160);  // frozen + thaw = 150 cycles after, as rcssserver3d did
  CHECK(freezes_at[2] == 310);
  CHECK(frozen_cycles == 50);   // after the checks of cycles 10..59: commands of cycles 11..60

  // A collision that ends: the joints thaw on time, and a new collision
  // within 3 s of the freeze does not freeze them again.
  SelfCollisionState once;
  once.check(m, params, a, 0, &out);
  CHECK(once.frozen_mask() == (kRightArm | kRightLeg));
  double apart[kJointCount];
  colliding_pose(apart, -60);
  for (int64_t cycle = 1; cycle < 50; ++cycle) once.check(m, params, apart, cycle, &out);
  CHECK(once.frozen_mask() == (kRightArm | kRightLeg));
  once.check(m, params, apart, 50, &out);
  CHECK(once.frozen_mask() == 0);
  once.check(m, params, a, 120, &out);
  CHECK(out.hit_count == 1);
  CHECK(out.newly_frozen == 0);
  CHECK(once.frozen_mask() == 0);

  // reset() (a paused game) thaws at once and forgets the freeze.
  SelfCollisionState paused;
  paused.check(m, params, a, 0, &out);
  paused.reset();
  CHECK(paused.frozen_mask() == 0);
  paused.check(m, params, a, 5, &out);
  CHECK(out.newly_frozen == (kRightArm | kRightLeg));

  // Switched off: nothing is found or frozen.
  SelfCollisionParams off;
  off.enabled = false;
  SelfCollisionState never;
  never.check(m, off, a, 0, &out);
  CHECK(out.hit_count == 0);
  CHECK(never.frozen_mask() == 0);
}

TEST_CASE("the shipped physics file sets the rule as rcssserver3d plays it") {
  auto params = load_self_collision_params(kRobots + "/simulator.lua");
  REQUIRE_MESSAGE(params.ok(), params.error().describe());
  CHECK(params.value().enabled);
  CHECK(params.value().tolerance == 0.04);
  CHECK(params.value().frozen_seconds == 1.0);
  CHECK(params.value().thaw_seconds == 2.0);
}

TEST_CASE("bad self-collision data stops the load with the file and the problem") {
  auto error_of = [](const std::string& text) {
    auto p = parse_self_collision_params(text, "sim.lua");
    REQUIRE_FALSE(p.ok());
    return p.error().describe();
  };
  CHECK(error_of("return { motor_impedance = 0.99 }").find("'self_collision' is missing") != std::string::npos);
  CHECK(error_of("return { self_collision = 1 }").find("must be a table") != std::string::npos);
  CHECK(error_of("return { self_collision = { enabled = 1, tolerance = 0.04, frozen_seconds = 1, thaw_seconds = 2 } }")
            .find("'enabled' must be true or false") != std::string::npos);
  CHECK(error_of("return { self_collision = { enabled = true, tolerance = -1, frozen_seconds = 1, thaw_seconds = 2 } }")
            .find("'tolerance' must be between 0 and 1") != std::string::npos);
  CHECK(error_of("return { self_collision = { enabled = true, tolerance = 0.04, thaw_seconds = 2 } }")
            .find("frozen_seconds") != std::string::npos);
  CHECK(error_of("return { self_collision = { enabled = true, tolerance = 0.04, frozen_seconds = 1, thaw_seconds = 2, "
                 "extra = 3 } }")
            .find("unknown field 'extra'") != std::string::npos);
  auto missing = load_self_collision_params("/nonexistent/simulator.lua");
  CHECK_FALSE(missing.ok());

  CHECK(model_error(EditedRobots("{ \"torso\", \"rthigh\" }", "{ \"torso\", \"rthighs\" }"))
            .find("no body named 'rthighs'") != std::string::npos);
  CHECK(model_error(EditedRobots("\"raj1\", \"raj2\"", "\"raj1\", \"rajx\""))
            .find("no joint named 'rajx'") != std::string::npos);
  CHECK(model_error(EditedRobots("{ \"torso\", \"rthigh\" }", "{ \"torso\", \"head\" }"))
            .find("body 'head' is not a box collider") != std::string::npos);
  CHECK(model_error(EditedRobots("boxes = { \"lupperarm\", \"llowerarm\" }", "boxes = { \"rupperarm\", \"llowerarm\" }"))
            .find("box 'rupperarm' is in two limbs") != std::string::npos);
  CHECK(model_error(EditedRobots("{ \"torso\", \"rthigh\" },", "{ \"torso\" },"))
            .find("must be two body names") != std::string::npos);
}
