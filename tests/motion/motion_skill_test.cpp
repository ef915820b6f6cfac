// Skill tests on the in-process MuJoCo world (tools/bench/motion harness):
// the robot gets somewhere, stands up, moves the ball. No timing assertions.
#include <doctest/doctest.h>
#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/math.h"
#include "motion/motion_library.h"
#include "motion_harness.h"
#include "physics_params.h"
#include "robot/description.h"

using namespace libero;
using namespace libero::bench;

namespace {
std::unique_ptr<MotionHarness> make(int type = 0, int substeps = 0, double slip = 0) {
  HarnessOptions o;
  o.robots_dir = std::string(LIBERO_SOURCE_DIR) + "/robots";
  o.robot_type = type;
  o.physics_substeps = substeps;
  o.robot_slip = slip;
  auto h = MotionHarness::create(o);
  REQUIRE_MESSAGE(h.ok(), (h.ok() ? "" : h.error().describe()));
  return std::move(h.value());
}
// A robot data file's whole text (empty if unreadable: the caller's anchor
// check then fails).
std::string read_text(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}
}  // namespace

// Scratch copies go under $TMPDIR when it is set (a search or a test can give
// each run its own folder and check what is left in it), else under /tmp.
TEST_CASE("scratch robot copies honour TMPDIR") {
  const char* before = ::getenv("TMPDIR");
  const std::string saved = before ? before : "";
  char pattern[] = "/tmp/libero-scratch-tmpdir-test-XXXXXX";
  REQUIRE(::mkdtemp(pattern) != nullptr);
  const std::string dir = pattern;
  ::setenv("TMPDIR", dir.c_str(), 1);
  const std::string copy = MotionHarness::scratch_robots_copy("tmpdir_test");
  ::unsetenv("TMPDIR");
  const std::string plain = MotionHarness::scratch_robots_copy("tmpdir_test_plain");
  if (before) ::setenv("TMPDIR", saved.c_str(), 1);
  const bool has_walk = std::filesystem::exists(copy + "/nao/walk.lua");
  std::filesystem::remove_all(dir);
  std::filesystem::remove_all(plain);
  CHECK(copy.rfind(dir + "/libero_tmpdir_test_", 0) == 0);
  CHECK(has_walk);
  CHECK(plain.rfind("/tmp/libero_tmpdir_test_plain_", 0) == 0);
}

TEST_CASE("the robot stands still without falling") {
  auto h = make();
  h->requests().body = motion::kBodyStand;
  h->run(4.0);
  CHECK_FALSE(h->fallen());
  CHECK(h->torso_position().z() > 0.3);
  CHECK(h->status().state == motion::kSkillDone);
}

TEST_CASE("in the stand pose the feet carry the robot, pushing down and not sideways") {
  // The harness' world once kept the ball at the centre spot, between the
  // feet of the robot it placed there: every skill was measured and tuned
  // with the foot pushing on the ball.
  auto h = make();
  h->requests().body = motion::kBodyStand;
  h->run(2.0);
  auto nao = robot::load_robot_description(std::string(LIBERO_SOURCE_DIR) + "/robots", "nao", 0);
  REQUIRE(nao.ok());
  // Each foot carries about half the weight, pushing down, not sideways
  // (with the ball between the feet the left one read 15 N sideways and
  // 5 N up). Read as a mean over 1 s: the stand's pitch feedback rocks the
  // robot, and one cycle's reading swings with it on both servers. Libero's
  // agent standing on rcssserver3d read 22.55 N per foot, sd 7.45 N, down to
  // 5.5 N, under 0.35 x the weight in 35 of 200 cycles; the shipped physics
  // here 22.5 N, sd 10.6 N (docs/simulator.md, "Ground contact in motion").
  const double weight = nao->total_mass * 9.81;
  const int cycles = 50;
  Vec3 sum[2] = {Vec3::Zero(), Vec3::Zero()};
  int in_contact[2] = {0, 0};
  for (int i = 0; i < cycles; ++i) {
    h->step();
    for (int foot : {sim::kSensorLeftFoot, sim::kSensorRightFoot}) {
      const sim::FootReading& f = h->readings().foot[foot];
      sum[foot] += f.force;
      in_contact[foot] += f.contact ? 1 : 0;
    }
  }
  for (int foot : {sim::kSensorLeftFoot, sim::kSensorRightFoot}) {
    CAPTURE(foot);
    CHECK(in_contact[foot] > cycles * 3 / 4);
    const Vec3 mean = sum[foot] / cycles;
    CHECK(mean.z() > 0.35 * weight);
    CHECK(std::abs(mean.y()) < 0.1 * weight);
  }
  CHECK(h->world().ball_position().head<2>().norm() > 3.0);
}

namespace {
// Type 0 walks 2 s at 0.5 m/s, then stands; the torso's pitch range (rad)
// and how far it creeps (m) over the 2 s after 3 s of standing.
struct StandSway {
  double pitch_range, crept;
};
StandSway stand_after_walk(const std::string& robots_dir) {
  HarnessOptions o;
  o.robots_dir = robots_dir;
  auto created = MotionHarness::create(o);
  REQUIRE_MESSAGE(created.ok(), (created.ok() ? "" : created.error().describe()));
  MotionHarness& h = *created.value();
  h.run(1.0);
  h.requests().body = motion::kBodyWalkVelocity;
  h.requests().walk_vx = 0.5;
  h.run(2.0);
  h.requests().body = motion::kBodyStand;
  h.run(3.0);
  const Vec3 start = h.torso_position();
  double lo = 1e9, hi = -1e9;
  for (int i = 0; i < 100; ++i) {
    h.step();
    lo = std::min(lo, h.world_state().self.pitch);
    hi = std::max(hi, h.world_state().self.pitch);
  }
  CHECK_FALSE(h.fallen());
  return {hi - lo, (h.torso_position() - start).head<2>().norm()};
}
}  // namespace

TEST_CASE("stand_gyro_deadband: the stand comes to rest after a walk; fed the whole rate it chatters and creeps") {
  // The whole pitch rate, one cycle late, keeps the shipped stand chattering
  // (and creeping forward); with the band it comes to rest. Not shipped: the
  // full-speed walk started from that rest fell (docs/benchmarks.md, "A
  // stand that comes to rest"), but a team may choose it. Without the
  // contact's surface layer (robots/simulator.lua) the whole rate crept more
  // than 5 mm in these 2 s; with it 1.6 mm, the band 0.007 mm.
  const std::string shipped = std::string(LIBERO_SOURCE_DIR) + "/robots";
  StandSway whole = stand_after_walk(shipped);
  CAPTURE(whole.crept);
  CHECK(rad2deg(whole.pitch_range) > 0.5);
  CHECK(whole.crept > 0.001);

  const std::string banded = MotionHarness::scratch_robots_copy("stand_band_test");
  const std::string walk_file = banded + "/nao/walk.lua";
  std::string text = read_text(walk_file);
  const std::string type0 = "type0 = {";
  const size_t at = text.find(type0);
  if (at == std::string::npos) std::filesystem::remove_all(banded);
  REQUIRE(at != std::string::npos);
  text.insert(at + type0.size(), " stand_gyro_deadband = 0.4,");
  std::ofstream(walk_file) << text;
  StandSway band = stand_after_walk(banded);
  std::filesystem::remove_all(banded);
  CHECK(rad2deg(band.pitch_range) < 0.3);
  CHECK(band.crept < 0.002);
  CHECK(band.crept < 0.1 * whole.crept);
}

TEST_CASE("type 0 sets off at full speed from a stand it has held for seconds, and stays up") {
  // With the earlier stand that came to rest (stand_gyro_deadband 0.4) the
  // walk at its limit started 2 or 3 s after the robot was made fell 20 and
  // 47 times in 10 runs each.
  for (double start : {2.0, 3.0}) {
    CAPTURE(start);
    auto h = make();
    h->requests().body = motion::kBodyStand;
    h->run(start);
    h->requests().body = motion::kBodyWalkVelocity;
    h->requests().walk_vx = 1.0;
    const Vec3 from = h->torso_position();
    bool fell = false;
    for (int i = 0; i < 400; ++i) {
      h->step();
      fell = fell || h->fallen();
    }
    CHECK_FALSE(fell);
    CHECK(h->torso_position().x() - from.x() > 3.0);
  }
}

TEST_CASE("every type is created on its feet and stands") {
  // Type 3's straight legs reach 0.44 m: created at SimSpark's 0.4 m with its
  // feet in the ground, it was thrown over before its first step.
  for (int type = 0; type <= 4; ++type) {
    CAPTURE(type);
    auto h = make(type);
    h->requests().body = motion::kBodyStand;
    h->run(2.0);
    CHECK_FALSE(h->fallen());
    CHECK(h->tilt() < deg2rad(15));
  }
}

TEST_CASE("walking forward gets the robot somewhere") {
  auto h = make();
  h->run(0.5);
  h->requests().body = motion::kBodyWalkVelocity;
  h->requests().walk_vx = 0.3;
  h->run(6.0);
  CHECK(h->torso_position().x() > 0.5);
  CHECK_FALSE(h->fallen());
}

// The simulator's foot sensors reach the walk through the percept: type 0's
// slow gait holds steps for a swing foot not yet down, a kick's approach
// never does (its spots were searched with the plan's timing).
TEST_CASE("type 0's walk holds steps on the foot sensors, but not in a kick's approach") {
  auto h = make();
  h->run(0.5);
  h->requests().body = motion::kBodyWalkVelocity;
  h->requests().walk_vx = 0.3;
  h->run(4.0);
  CHECK_FALSE(h->fallen());
  const int walking_holds = h->motion().walk_touchdown_held_cycles();
  CHECK(walking_holds > 0);
  auto k = make();
  k->world().set_ball_position(Vec3(0.6, 0.05, 0.042));
  k->run(0.5);
  k->requests().body = motion::kBodyKick;
  k->requests().kick_type = motion::kKickShort;
  k->requests().kick_target_x = 10;
  k->requests().kick_target_y = 0;
  int cycles = 0;
  for (; cycles < 400 && k->status().state == motion::kSkillRunning; ++cycles) k->step();
  CHECK(cycles > 50);  // it walked up to the ball
  CHECK(k->motion().walk_touchdown_held_cycles() == 0);
}

// WalkParams::imu_foot_gain: the loaded sole's up pulls the IMU filter's
// tilt estimate, which walking on the gyro and a shaken accelerometer alone
// drifts degrees off.
TEST_CASE("the walk's foot reference keeps the IMU's tilt estimate nearer the truth") {
  auto pitch_error = [](const std::string& walk_file) {
    HarnessOptions o;
    o.robots_dir = std::string(LIBERO_SOURCE_DIR) + "/robots";
    o.walk_file = walk_file;
    auto made = MotionHarness::create(o);
    REQUIRE_MESSAGE(made.ok(), (made.ok() ? "" : made.error().describe()));
    MotionHarness& h = *made.value();
    h.run(0.5);
    h.requests().body = motion::kBodyWalkVelocity;
    h.requests().walk_vx = 0.5;
    h.run(2.0);
    std::vector<double> errors;
    for (int i = 0; i < 300; ++i) {
      h.step();
      errors.push_back(std::abs(h.motion().estimated_pitch() - h.world_state().self.pitch));
    }
    CHECK_FALSE(h.fallen());
    std::sort(errors.begin(), errors.end());
    return errors[errors.size() / 2];
  };
  const std::string shipped = std::string(LIBERO_SOURCE_DIR) + "/robots/nao/walk.lua";
  std::string text = read_text(shipped);
  const std::string type0 = "type0 = {";
  const size_t at = text.find(type0);
  REQUIRE(at != std::string::npos);
  text.insert(at + type0.size(), " imu_foot_gain = 0.05,");
  const std::string pulled = (std::filesystem::temp_directory_path() / "libero_imu_foot_gain_walk.lua").string();
  std::ofstream(pulled) << text;
  const double without = pitch_error(shipped), with = pitch_error(pulled);
  std::filesystem::remove(pulled);
  CAPTURE(rad2deg(without));
  CAPTURE(rad2deg(with));
  CHECK(with < 0.7 * without);
}

TEST_CASE("every type walks forward, sideways and turning, stops, and stays up") {
  // The "all five hetero types walk": each leg of the trip must
  // move the robot the commanded way (before type 3's own gait
  // fell in 24 of 60 random-command runs of a minute).
  for (int type = 0; type <= 4; ++type) {
    CAPTURE(type);
    auto h = make(type);
    h->run(0.5);
    h->requests().body = motion::kBodyWalkVelocity;
    Vec3 start = h->torso_position();
    h->requests().walk_vx = 0.4;
    h->run(4.0);
    CHECK(h->torso_position().x() - start.x() > 0.6);
    Vec3 before_side = h->torso_position();
    h->requests().walk_vx = 0;
    h->requests().walk_vy = 0.2;
    h->run(4.0);
    CHECK(h->torso_position().y() - before_side.y() > 0.3);
    double heading_before = h->heading();
    h->requests().walk_vy = 0;
    h->requests().walk_turn = 1.0;
    h->run(2.0);
    CHECK(normalize_angle(h->heading() - heading_before) > deg2rad(45));
    h->requests().walk_turn = 0;
    h->run(2.0);
    CHECK_FALSE(h->fallen());
    CHECK(h->tilt() < deg2rad(15));
  }
}

TEST_CASE("walk-to gets closer to a target pose") {
  auto h = make();
  h->run(0.5);
  h->requests().body = motion::kBodyWalkTo;
  h->requests().target_x = 1.0;
  h->requests().target_y = 0.3;
  h->requests().target_heading = 0.5;
  for (int i = 0; i < 1500 && h->status().state != motion::kSkillDone; ++i) h->step();
  // Gets closer (the walk is slow and drifts; accuracy is in docs/benchmarks.md).
  Vec3 p = h->torso_position();
  CHECK(std::hypot(p.x() - 1.0, p.y() - 0.3) < std::hypot(1.0, 0.3) - 0.2);
}

void check_get_up(bool front) {
  {
    auto h = make();
    h->run(0.5);
    h->lay_down(front);
    CHECK(h->fallen());
    h->requests().body = motion::kBodyStand;
    bool saw_getting_up = false;
    for (int i = 0; i < 400; ++i) {
      h->step();
      saw_getting_up = saw_getting_up || h->status().getting_up;
    }
    CHECK(saw_getting_up);
    CHECK_FALSE(h->fallen());
    CHECK(h->torso_position().z() > 0.3);
  }
}

TEST_CASE("fall detection starts the get-up and the robot stands up from its belly") { check_get_up(true); }

// A back fall caught with the torso tilted less than getup_back_sitting's
// start_tilt_max_deg plays that motion instead of getup_back; lying flat
// beyond it, getup_back. The stand-in sitting motion swings both arms to +60
// degrees in 0.4 s and holds them there; getup_back's first two frames (0.8
// s) take them to -101 and -120.
TEST_CASE("a back fall tilted less than getup_back_sitting's limit plays that motion, else getup_back") {
  for (int limit : {180, 45}) {
    CAPTURE(limit);
    const std::string robots = MotionHarness::scratch_robots_copy("getup_sitting_test");
    std::ofstream(robots + "/nao/motions/getup_back_sitting.lua")
        << "return { name = 'getup_back_sitting', start_tilt_max_deg = " << limit
        << ", frames = { { duration = 0.4, symmetric = true, angles = { LShoulderPitch = 60 } },"
           " { duration = 3, symmetric = true, angles = { LShoulderPitch = 60 } } } }\n";
    HarnessOptions o;
    o.robots_dir = robots;
    struct RemoveCopy {
      const std::string& path;
      ~RemoveCopy() { std::filesystem::remove_all(path); }
    } remove_copy{robots};
    auto made = MotionHarness::create(o);
    REQUIRE_MESSAGE(made.ok(), (made.ok() ? "" : made.error().describe()));
    auto& h = *made.value();
    h.run(0.5);
    h.lay_down(false);
    REQUIRE(h.fallen());
    h.requests().body = motion::kBodyStand;
    h.run(0.7);
    CHECK(h.status().getting_up);
    const double shoulder = rad2deg(h.readings().joint_angle[kLShoulderPitch]);
    if (limit == 180) {
      CHECK(shoulder > 40);
    } else {
      // Lying flat (tilt near 90 degrees) is beyond 45: the ordinary get-up.
      CHECK(shoulder < -60);
      h.run(6.0);
      CHECK_FALSE(h.fallen());
    }
  }
}

TEST_CASE("a type-0 robot lying on its back gets up") { check_get_up(false); }

// SimSpark's limbs barely slide (mu = infinity with a slip of 5e-3 m/s per N):
// a get-up that drags the knees under the body stalls there, as the front
// get-up searched with grip did (docs/benchmarks.md history).
TEST_CASE("with SimSpark's slip every type gets up from its belly and its back, from several fall poses") {
  for (bool front : {true, false})
  for (int type = 0; type <= 4; ++type)
  for (int variant : {0, 1, 4, 7}) {
    CAPTURE(front);
    CAPTURE(type);
    CAPTURE(variant);
    auto h = make(type, 0, sim::params::kSimSparkRobotSlip);
    h->run(0.5);
    h->lay_down(front, variant);
    REQUIRE(h->fallen());
    h->requests().body = motion::kBodyStand;
    // Up and still up a second later, a second try included.
    CHECK(h->time_to_stand(8.0, 1.0, deg2rad(20)) >= 0);
  }
}

// The get-ups were searched and tuned before the contact had ODE's surface
// layer (robot_contact_surface_layer), which rcssserver3d has and the shipped
// physics now too; they must not come to depend on the one contact model. With
// the layer off every type still gets up from its belly and its back with the
// slip (the skill tests above run with it on). Before the layer's impedance
// was read beyond it, the layer failed 7 of the 20 back poses; without the
// layer none failed. The side roll searched on rcssserver3d (3.9 -> 2.4 s
// there from side falls) stands 37: type 0's back pose 7 takes four tries
// with rolls between and stands at 7.0 s, past the limit (38 with the roll
// before). This physics is neither server's, so the real server decides.
TEST_CASE("without the surface layer: with SimSpark's slip every type gets up from its belly and its back") {
  const std::string robots = MotionHarness::scratch_robots_copy("surface_layer_test");
  const std::string file = robots + "/simulator.lua";
  std::string text = read_text(file);
  const std::string on = "robot_contact_surface_layer = 0.001,";
  const size_t at = text.find(on);
  if (at == std::string::npos) std::filesystem::remove_all(robots);
  REQUIRE(at != std::string::npos);
  text.replace(at, on.size(), "robot_contact_surface_layer = 0,");
  {
    std::ofstream out(file);
    out << text;
  }
  int stood = 0, tried = 0;
  for (bool front : {true, false})
  for (int type = 0; type <= 4; ++type)
  for (int variant : {0, 1, 4, 7}) {
    HarnessOptions o;
    o.robots_dir = robots;
    o.robot_type = type;
    o.robot_slip = sim::params::kSimSparkRobotSlip;
    auto h = MotionHarness::create(o);
    REQUIRE_MESSAGE(h.ok(), (h.ok() ? "" : h.error().describe()));
    h.value()->run(0.5);
    h.value()->lay_down(front, variant);
    REQUIRE(h.value()->fallen());
    h.value()->requests().body = motion::kBodyStand;
    ++tried;
    if (h.value()->time_to_stand(8.0, 1.0, deg2rad(20)) >= 0) ++stood;
  }
  MESSAGE("without the layer " << stood << " of " << tried << " stood");
  CHECK(tried == 40);
  CHECK(stood >= 37);
}

// The side roll leaves the robot on its belly or back with its limbs where
// no lay_down pose puts them; type 3's front get-up failed from there with
// the slip (the bench's side falls: 23 of 50 before), type 2's
// shared roll took 4 s and failed 7 of 100 (its own roll now).
// Type 0 failed pose 5 before: it stood after the roll and toppled
// a second later, its soles kept level while the torso tipped (the get-ups'
// last frame now turns them against the lean: level_feet_lean).
TEST_CASE("with SimSpark's slip every type gets up from either side, from every side pose") {
  for (int type = 0; type <= 4; ++type)
  for (int pose = 0; pose < 8; ++pose) {
    CAPTURE(type);
    CAPTURE(pose);
    auto h = make(type, 0, sim::params::kSimSparkRobotSlip);
    h->run(0.5);
    h->lay_on_side(pose % 2 == 0, pose / 2);
    REQUIRE(h->fallen());
    h->requests().body = motion::kBodyStand;
    CHECK(h->time_to_stand(10.0, 1.0, deg2rad(20)) >= 0);
  }
}

// A bump in a game drops the robot moving, in whatever pose the fall left
// it, which the lay_down poses at rest never are: type 0's front get-up stood
// from every one of those and, from pushed falls with grip, toppled back in
// the hand-over to the stand in more than half (then got up from the back,
// after 3.8 s); type 2 was not up within 10 s in 4 of 40, variant 0 among
// them. Its pitch, read from single accelerometer readings, was 10-20 deg
// off as it stood; those get-ups now read a running mean
// (imu_accel_smoothing, docs/benchmarks.md history).
TEST_CASE("every type gets up after being pushed over onto its belly or its back, with grip and with the slip") {
  for (double slip : {0.0, sim::params::kSimSparkRobotSlip})
  for (bool front : {true, false})
  for (int type = 0; type <= 4; ++type)
  for (int variant : {0, 2}) {
    CAPTURE(slip);
    CAPTURE(front);
    CAPTURE(type);
    CAPTURE(variant);
    auto h = make(type, 0, slip);
    h->requests().body = motion::kBodyStand;
    REQUIRE(h->push_down(front, variant));
    // It fell the way it was pushed.
    CHECK((h->readings().torso_rotation(2, 0) < 0) == front);
    CHECK(h->time_to_stand(10.0, 1.0, deg2rad(20)) >= 0);
  }
}

// What the get-up benches and searches count: a stand held for the hold
// time, from when it began; not a robot up at the end of the window.
TEST_CASE("time_to_stand counts a stand once it has been held, and not across an instability") {
  auto h = make();
  h->run(0.5);
  CHECK(h->time_to_stand(1.0, 2.0, deg2rad(20)) == -1);  // up all along, but not held long enough yet
  CHECK(h->time_to_stand(3.0, 2.0, deg2rad(20)) == 0);
  int cycles = 0;
  h->time_to_stand(3.0, 2.0, deg2rad(20), [&](double) { ++cycles; });
  CHECK(cycles == 101);  // returns the cycle the hold is reached
  h->lay_down(true);
  double stood = h->time_to_stand(7.0, 2.0, deg2rad(20));
  CHECK(stood > 0.5);  // a get-up takes time
  CHECK(stood < 5.0);
  REQUIRE(h->world().push_robot(h->robot(), Vec3(1e20, 0, 0)));
  CHECK(h->time_to_stand(3.0, 0.5, deg2rad(20)) == -1);
}

// After a MuJoCo blow-up the physics puts the robot back a cycle and stops
// it, standing if it stood: the trial must not pass for a get-up or a walk
// that stayed up.
TEST_CASE("a harness whose world went unstable counts as fallen") {
  auto h = make();
  h->run(0.5);
  REQUIRE_FALSE(h->fallen());
  REQUIRE(h->world().push_robot(h->robot(), Vec3(1e20, 0, 0)));
  h->run(1.0);
  CHECK(h->went_unstable());
  CHECK(h->fallen());
  CHECK(MotionHarness::unstable_count() >= 1);
}

TEST_CASE("a robot lying on either side gets up") {
  for (bool left : {true, false}) {
    CAPTURE(left);
    auto h = make();
    h->run(0.5);
    h->lay_on_side(left, 0);
    REQUIRE(h->fallen());
    // On the side, not tipped onto the belly or the back: the torso's
    // left-right axis is close to vertical.
    CHECK(std::abs(h->readings().torso_rotation(2, 1)) > 0.8);
    h->requests().body = motion::kBodyStand;
    h->run(10.0);
    CHECK_FALSE(h->fallen());
    CHECK(h->torso_position().z() > 0.3);
  }
}

namespace {
// The robot at the origin facing +x walks up to a ball about 0.5 m ahead
// (`start` moves it sideways) and kicks it towards a point 10 m away at
// `angle_deg` (field frame). Returns how far the ball went and its
// direction error (deg).
struct KickResult {
  double distance, error_deg, estimate;
};
KickResult kick_towards(int kick_type, double angle_deg, int start, double slip, int type) {
  auto h = make(type, 0, slip);
  const Vec3 ball(0.5, -0.08 + 0.05 * start, 0.042);
  h->world().set_ball_position(ball);
  h->run(0.5);
  h->requests().body = motion::kBodyKick;
  h->requests().kick_type = kick_type;
  double aim = deg2rad(angle_deg);
  h->requests().kick_target_x = ball.x() + 10 * std::cos(aim);
  h->requests().kick_target_y = ball.y() + 10 * std::sin(aim);
  for (int i = 0; i < 1000 && h->status().state == motion::kSkillRunning; ++i) h->step();
  double estimate = h->status().kick_distance_estimate;
  h->requests().body = motion::kBodyStand;
  h->run(4.0);
  Vec3 d = h->world().ball_position() - ball;
  return {d.head<2>().norm(), rad2deg(normalize_angle(std::atan2(d.y(), d.x()) - aim)), estimate};
}

// The approach walk does not always leave the robot where the kick wants it
// (it falls, wanders off or stops off the spot; docs/motion.md, Kicks): of
// four starts, at least one kick must send the ball half a metre or more
// within 25 degrees of the target. The success rate and the distance are
// benchmarked (libero_motion_bench kick / kick_short, "good N/M").
int good_kicks(int kick_type, double angle_deg, double slip = 0, int type = 0) {
  int good = 0;
  for (int start = 0; start < 4; ++start) {
    KickResult r = kick_towards(kick_type, angle_deg, start, slip, type);
    CHECK(r.estimate > 0);
    std::printf("robot type %d, kick type %d at %.0f deg, start %d: %.2f m, %.1f deg off\n", type, kick_type, angle_deg,
                start, r.distance, r.error_deg);
    good += r.distance > 0.5 && std::abs(r.error_deg) < 25;
  }
  return good;
}
}  // namespace

// A kick whose frames follow the ball (keyframe ball_shift_y) gets the
// ball's offset from its spot as the approach left it: a copy of the short
// kick whose first frame turns the kicking side's arm roll 10 degrees per
// cm of ball to the left (wide windows, so the offsets are centimetres).
// The arm is read when the kick ends (no later frame sets it) against where
// the ball lay beside the kicking foot when the weight shift began.
TEST_CASE("a kick's ball shift follows the ball's offset from the spot as the approach left it") {
  const std::string robots = MotionHarness::scratch_robots_copy("ball_shift_test");
  const std::string file = robots + "/nao/motions/kick_short.lua";
  std::string text = read_text(file);
  // The shipped file's spot (its kick table) and first frame, whatever
  // their numbers: a shifted arm in the first frame, a wide window.
  const std::string table = "kick = { ";
  const size_t table_at = text.find(table);
  const size_t ball_y_at = table_at == std::string::npos ? std::string::npos : text.find("ball_y = ", table_at);
  const size_t frames_at = text.find("frames = {");
  const size_t angles_at = frames_at == std::string::npos ? std::string::npos : text.find("angles = {", frames_at);
  if (ball_y_at == std::string::npos || angles_at == std::string::npos) std::filesystem::remove_all(robots);
  REQUIRE(ball_y_at != std::string::npos);
  REQUIRE(angles_at != std::string::npos);
  const double spot_y = std::stod(text.substr(ball_y_at + 9, 12));
  text.replace(angles_at, 10, "ball_shift_y = { RArmRoll = 10 }, angles = { RArmRoll = 0,");
  text.replace(table_at, table.size(), table + "window_x = 0.05, window_y = 0.05, ");
  std::ofstream(file) << text;
  int checked = 0;
  for (int start = 0; start < 4; ++start) {
    CAPTURE(start);
    HarnessOptions o;
    o.robots_dir = robots;
    auto made = MotionHarness::create(o);
    REQUIRE(made.ok());
    MotionHarness& h = *made.value();
    const Vec3 ball(0.5, -0.1 + 0.07 * start, 0.042);
    h.world().set_ball_position(ball);
    h.run(0.5);
    h.requests().body = motion::kBodyKick;
    h.requests().kick_type = motion::kKickShort;
    h.requests().kick_target_x = 10;
    h.requests().kick_target_y = ball.y();
    // Ball beside each foot (to the foot's left, in the frame of the feet:
    // its y axis from the right foot to the left) in the cycle the kick
    // motion started (its ball offset set), both feet still down.
    double beside[2] = {0, 0};
    bool started = false;
    for (int i = 0; i < 1000 && h.status().state == motion::kSkillRunning; ++i) {
      h.step();
      if (started || (h.motion().kick_ball_dx() == 0 && h.motion().kick_ball_dy() == 0)) continue;
      started = true;
      const Vec3 right = h.readings().marker[sim::kMarkerRFootPos], left = h.readings().marker[sim::kMarkerLFootPos];
      const Vec3 across = Vec3(left.x() - right.x(), left.y() - right.y(), 0).normalized();
      for (int side = 0; side < 2; ++side) beside[side] = across.dot(h.world().ball_position() - (side == 0 ? right : left));
    }
    if (h.status().state != motion::kSkillDone) continue;  // the approach did not get there: nothing to check
    const double right_arm = rad2deg(h.readings().joint_angle[kRArmRoll]);
    const double left_arm = rad2deg(h.readings().joint_angle[kLArmRoll]);
    // The arm that moved tells the foot: the mirrored kick turns the left
    // arm (roll negated) for a ball as far to the right of the left foot's spot.
    const bool left_foot = std::fabs(left_arm) > std::fabs(right_arm);
    const double arm = left_foot ? -left_arm : right_arm;
    // The offset the kick used, in its own (right-foot) frame, and where the
    // ball lay: the spot is -spot_y - 0.055 m outside the foot (the right
    // foot at -0.055; mirrored for the left).
    const double outside = -spot_y - 0.055;
    const double used_cm = 100 * h.motion().kick_ball_dy();
    const double truth_cm = 100 * (left_foot ? -(beside[1] - outside) : beside[0] + outside);
    std::printf("start %d: %s foot, ball %.1f cm to the kicking foot's inside of its spot, the kick used %.1f cm, arm %.1f deg\n",
                start, left_foot ? "left" : "right", truth_cm, used_cm, arm);
    CHECK(std::fabs(arm - 10 * used_cm) < 2.5);
    CHECK(std::fabs(used_cm - std::clamp(truth_cm, -5.0, 5.0)) < 2.0);
    CHECK(std::fabs(left_foot ? right_arm : left_arm) < 1.0);
    ++checked;
  }
  std::filesystem::remove_all(robots);
  CHECK(checked >= 2);
}

TEST_CASE("the kick skill moves the ball towards the target") {
  CHECK(good_kicks(motion::kKickLong, 0) >= 1);
  CHECK(good_kicks(motion::kKickShort, 0) >= 1);
}

// Most of a full team is hetero (docs/benchmarks.md, "Hetero types stand
// like type 0"): each type walks up to the ball with its own gait and kicks
// with its own body.
TEST_CASE("every hetero type walks up to the ball and kicks it towards the target") {
  for (int type = 1; type <= 4; ++type) {
    CAPTURE(type);
    CHECK(good_kicks(motion::kKickShort, 0, 0, type) >= 1);
    CHECK(good_kicks(motion::kKickLong, 0, 0, type) >= 1);
  }
}

TEST_CASE("a kick towards a target at an angle goes roughly that way") {
  CHECK(good_kicks(motion::kKickLong, 40) >= 1);
}

// SimSpark's contacts slide (5e-3 m/s per N, docs/simulator.md); the skills
// were tuned with grip. Those that hold with the slip (docs/benchmarks.md,
// "SimSpark's slip") must keep holding: sidestepping, turning, the short kick.
TEST_CASE("with SimSpark's slip the robot still sidesteps, turns and kicks") {
  const double slip = sim::params::kSimSparkRobotSlip;
  auto h = make(0, 0, slip);
  h->run(0.5);
  h->requests().body = motion::kBodyWalkVelocity;
  h->requests().walk_vy = 0.3;
  h->run(5.0);
  CHECK(h->torso_position().y() > 0.5);
  h->requests().walk_vy = 0;
  h->requests().walk_turn = 1.5;
  const double heading = h->heading();
  h->run(1.0);
  CHECK(std::abs(normalize_angle(h->heading() - heading)) > 0.5);
  CHECK_FALSE(h->fallen());
  CHECK(good_kicks(motion::kKickShort, 0, slip) >= 1);
}

TEST_CASE("head control keeps the neck inside its range") {
  auto h = make();
  h->requests().head = motion::kHeadLookAt;
  h->requests().head_target_x = -5;  // behind the robot
  h->requests().head_target_y = 0.1;
  h->run(1.5);
  double yaw = h->readings().joint_angle[kNeckYaw];
  CHECK(std::abs(yaw) <= 2.0944 + 0.02);
  CHECK(std::abs(yaw) > 1.8);  // turned as far as it can
  h->requests().head = motion::kHeadScan;
  double low = 10, high = -10;
  for (int i = 0; i < 250; ++i) {
    h->step();
    low = std::min(low, h->readings().joint_angle[kNeckYaw]);
    high = std::max(high, h->readings().joint_angle[kNeckYaw]);
  }
  CHECK(high - low > 2.0);
}

namespace {
// The fastest the ball goes while the lofted kick plays, the ball at the
// motion's kick spot, started `settle` s after the robot is made.
double lofted_launch_speed(int substeps, double settle) {
  auto file = motion::load_motion_file(std::string(LIBERO_SOURCE_DIR) + "/robots/nao/motions/kick_lofted.lua");
  REQUIRE(file.ok());
  auto h = make(0, substeps);
  h->run(settle);
  h->place_ball(file->kick.ball_x, file->kick.ball_y);
  h->requests().body = motion::kBodyMotion;
  std::snprintf(h->requests().motion_name, sizeof h->requests().motion_name, "kick_lofted");
  double fastest = 0;
  for (int i = 0; i < 100; ++i) {
    h->step();
    fastest = std::max(fastest, h->world().ball_velocity().norm());
  }
  return fastest;
}
}  // namespace

// The simulator resolves a foot's impact on the ball within one physics
// substep; before the ball took the bounce off a heavy leg, the leg gave
// way by an amount set by the substep: the same kick launched the ball at
// 6.0-7.2 m/s at 4 substeps and 3.5-3.6 m/s at 20 (docs/simulator.md, "A moving
// robot part hitting the ball").
TEST_CASE("a kick launches the ball alike at 4 and 20 physics substeps") {
  for (double settle : {1.0, 1.3}) {
    const double coarse = lofted_launch_speed(4, settle), fine = lofted_launch_speed(20, settle);
    MESSAGE("lofted kick started after " << settle << " s: launch " << coarse << " m/s at 4 substeps, " << fine
                                          << " m/s at 20");
    CHECK(fine > 5.0);
    CHECK(coarse == doctest::Approx(fine).epsilon(0.25));
  }
}

TEST_CASE("the searches' condition lists parse, and bad ones change nothing") {
  std::vector<double> values = {7};
  REQUIRE(parse_number_list("0,0.0025,0.005", 0, 1, &values));
  CHECK(values == std::vector<double>{0, 0.0025, 0.005});
  REQUIRE(parse_number_list("20", 0, 40, &values));
  CHECK(values == std::vector<double>{20});
  for (std::string bad : {"", ",", "4,", "4,,8", "4;8", "a", "4,x", "50", "-1", "nan"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_number_list(bad.c_str(), 0, 40, &values));
    CHECK(values == std::vector<double>{20});
  }
}

namespace {
// Walks type 0 to the pose (dx, dy, heading) from where it stood after 0.5 s;
// the largest commanded forward, sideways and turn speeds in the first
// `look` seconds, and whether it reached the pose (skill done) within 15 s.
struct WalkToRun {
  double first_vx = 0, first_vy = 0, first_turn = 0;
  double off_nose_vx = 0;  // the largest forward speed while the target lay over 0.4 rad off the nose
  bool done = false, fell = false;
  double distance = 1e9, heading_error = 1e9;
};
WalkToRun walk_to_pose(double dx, double dy, double heading, double look) {
  auto h = make();
  h->requests().body = motion::kBodyStand;
  h->run(0.5);
  const world::WsSelf start = h->world_state().self;
  h->requests().body = motion::kBodyWalkTo;
  h->requests().target_x = start.x + dx;
  h->requests().target_y = start.y + dy;
  h->requests().target_heading = heading;
  WalkToRun run;
  for (int i = 0; i < 750 && !run.done; ++i) {
    h->step();
    if (i * 0.02 < look) {
      run.first_vx = std::max(run.first_vx, std::abs(h->status().walk_speed_x));
      run.first_vy = std::max(run.first_vy, std::abs(h->status().walk_speed_y));
      run.first_turn = std::max(run.first_turn, std::abs(h->status().walk_speed_turn));
    }
    const world::WsSelf& now = h->world_state().self;
    const double bearing = normalize_angle(
        std::atan2(h->requests().target_y - now.y, h->requests().target_x - now.x) - now.heading);
    if (std::abs(bearing) > 0.4) run.off_nose_vx = std::max(run.off_nose_vx, h->status().walk_speed_x);
    run.fell = run.fell || h->fallen();
    run.done = h->status().state == motion::kSkillDone;
  }
  const world::WsSelf& self = h->world_state().self;
  run.distance = std::hypot(self.x - h->requests().target_x, self.y - h->requests().target_y);
  run.heading_error = std::abs(normalize_angle(self.heading - heading));
  return run;
}
}  // namespace

TEST_CASE("walk_to turns in place to a target behind, then walks there and turns to the asked heading") {
  // Before, a target behind had the robot step backwards and sideways at
  // their limits while it turned at a tenth of its speed (20 deg/s in a game
  // against FC Portugal on the real server).
  WalkToRun run = walk_to_pose(-2.5, 0.3, 0.0, 0.6);
  CHECK(run.first_vx < 0.02);
  CHECK(run.first_vy < 0.02);
  CHECK(run.first_turn > 1.5);
  CHECK(run.done);
  CHECK_FALSE(run.fell);
  CHECK(run.distance < 0.1);
  CHECK(run.heading_error < 0.15);
}

TEST_CASE("walk_to arrives facing a heading far from the way it came") {
  // 3 m at -115 deg, to face +51 deg: the bench's run whose last turn in
  // place, without the close regime's hysteresis, moved the torso back and
  // forth across the regime's edge (not there after 15 s in one of two runs
  // on the built-in simulator).
  const double bearing = deg2rad(-115);
  WalkToRun run = walk_to_pose(3 * std::cos(bearing), 3 * std::sin(bearing), deg2rad(51), 0);
  CHECK(run.done);
  CHECK_FALSE(run.fell);
  CHECK(run.distance < 0.1);
  CHECK(run.heading_error < 0.15);
}

TEST_CASE("walk_to steps a short hop to the side instead of turning to it") {
  // 0.6 m to the left, to face the way it faces: turning to it and back cost
  // more than the steps (docs/motion.md, "Walking to a pose").
  WalkToRun run = walk_to_pose(0.0, 0.6, 0.0, 0.6);
  CHECK(run.first_vy > 0.1);
  CHECK(run.first_turn < 0.3);
  CHECK(run.done);
  CHECK_FALSE(run.fell);
}

TEST_CASE("walk_to walks slowly while the target lies well off the nose") {
  // 3 m away, 0.5 rad to the left: within the turn-first angle, so it walks
  // at once, but the forward speed waits for the turn (from a turn straight
  // to the full speed the walk fell, docs/motion.md).
  WalkToRun run = walk_to_pose(3 * std::cos(0.5), 3 * std::sin(0.5), 0.5, 0);
  CHECK(run.off_nose_vx < 0.65);  // 0.50 m/s; at full speed from the start, 0.80
  CHECK(run.done);
  CHECK_FALSE(run.fell);
}
