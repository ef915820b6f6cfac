// Physics world: a NAO stands, its motors behave like SimSpark's velocity
// motors, the ball bounces and rolls, sensors read what SimSpark reports.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "physics_params.h"
#include "physics_world.h"
#include "core/log.h"
#include "robot/description.h"

using namespace libero;
using namespace libero::sim;

namespace {

robot::RobotDescription load_nao(int type) {
  auto loaded = robot::load_robot_description(LIBERO_SOURCE_DIR "/robots", "nao", type);
  if (!loaded) FAIL("cannot load the NAO description: " << loaded.error().describe());
  return loaded.value();
}

std::unique_ptr<PhysicsWorld> make_world(const PhysicsOptions& options) {
  auto world = PhysicsWorld::create(options);
  if (!world) FAIL("cannot create the world: " << world.error().describe());
  return std::move(world.value());
}

std::unique_ptr<PhysicsWorld> make_world(int substeps = 0) {
  PhysicsOptions options;
  options.substeps = substeps;
  return make_world(options);
}

RobotPlacement upright_at(double x, double y, double z, double heading = 0) {
  RobotPlacement p;
  p.torso_position = Vec3(x, y, z);
  p.heading = heading;
  return p;
}

// Torso z axis dot world z: 1 when upright.
double uprightness(const RobotReadings& r) { return r.torso_rotation(2, 2); }

}  // namespace

TEST_CASE("a type-0 NAO placed like init stands for 5 s with all joints held") {
  auto world = make_world();
  const robot::RobotDescription nao = load_nao(0);
  auto id = world->add_robot(nao, 1, 1, upright_at(-3, 2, 0.4));
  REQUIRE(id.ok());
  RobotReadings r;
  double min_z = 1, max_z = 0;
  for (int cycle = 0; cycle < 250; ++cycle) {
    world->step();
    REQUIRE(world->read_robot(id.value(), &r));
    if (cycle > 25) {
      min_z = std::min(min_z, r.torso_position.z());
      max_z = std::max(max_z, r.torso_position.z());
    }
  }
  MESSAGE("standing torso z range after settling: " << min_z << " .. " << max_z);
  CHECK(min_z > nao.sole_height - 0.005);
  CHECK(max_z < nao.sole_height + 0.005);
  CHECK(uprightness(r) > 0.999);
  CHECK(std::abs(r.torso_position.x() + 3) < 0.01);
  CHECK(std::abs(r.torso_position.y() - 2) < 0.01);
  for (int j = 0; j < r.joint_count; ++j) CHECK(std::abs(r.joint_angle[j]) < 0.02);
  CHECK_FALSE(world->is_fallen(id.value()));
  // Accelerometer at rest reads +g up, in the torso frame.
  CHECK(r.accelerometer.z() == doctest::Approx(kGravity).epsilon(0.01));
  CHECK(std::abs(r.accelerometer.x()) < 0.05);
  CHECK(r.gyro.norm() < 0.01);
  // Both feet carry the weight.
  REQUIRE(r.foot[kSensorLeftFoot].contact);
  REQUIRE(r.foot[kSensorRightFoot].contact);
  const double weight = nao.total_mass * kGravity;
  const double total = r.foot[kSensorLeftFoot].force.z() + r.foot[kSensorRightFoot].force.z();
  MESSAGE("foot forces: left " << r.foot[kSensorLeftFoot].force.transpose() << " right "
                               << r.foot[kSensorRightFoot].force.transpose() << " centre left "
                               << r.foot[kSensorLeftFoot].center.transpose());
  CHECK(total == doctest::Approx(weight).epsilon(0.03));
  CHECK(r.foot[kSensorLeftFoot].center.z() == doctest::Approx(-0.01).epsilon(0.2));
  CHECK_FALSE(r.foot[kSensorLeftToe].contact);
}

namespace {

// Angle change per cycle of one joint over `cycles` cycles after `settle` cycles.
double degrees_per_cycle(PhysicsWorld* world, RobotId id, Joint joint, double command, int settle, int cycles) {
  world->set_joint_velocity(id, joint, command);
  RobotReadings r;
  for (int i = 0; i < settle; ++i) world->step();
  world->read_robot(id, &r);
  const double start = r.joint_angle[joint];
  for (int i = 0; i < cycles; ++i) world->step();
  world->read_robot(id, &r);
  return rad2deg(r.joint_angle[joint] - start) / cycles;
}

}  // namespace

TEST_CASE("velocity motors move like SimSpark's: 1 rad/s = 1.146 deg/cycle, 100 rad/s clamps to 7.035") {
  auto world = make_world();
  auto id = world->add_robot(load_nao(0), 1, 1, upright_at(-2, 0, 0.4));
  REQUIRE(id.ok());
  for (int i = 0; i < 25; ++i) world->step();
  // facts §6: (he1 1.0) moved hj1 by 1.14-1.15 deg per cycle, (he1 100) by 7.02-7.03.
  const double slow = degrees_per_cycle(world.get(), id.value(), kNeckYaw, 1.0, 2, 10);
  MESSAGE("hj1 at 1 rad/s: " << slow << " deg/cycle");
  CHECK(slow == doctest::Approx(1.146).epsilon(0.01));
  world->set_joint_velocity(id.value(), kNeckYaw, 0);
  for (int i = 0; i < 5; ++i) world->step();
  const double fast = degrees_per_cycle(world.get(), id.value(), kNeckYaw, -100.0, 1, 8);
  MESSAGE("hj1 at -100 rad/s: " << fast << " deg/cycle");
  CHECK(fast == doctest::Approx(-7.035).epsilon(0.01));
  CHECK(world->joint_velocity_command(id.value(), kNeckYaw) == doctest::Approx(-6.13954470).epsilon(1e-6));
  // A command persists until changed: the head keeps turning until the stop.
  RobotReadings r;
  for (int i = 0; i < 100; ++i) world->step();
  world->read_robot(id.value(), &r);
  MESSAGE("hj1 against its stop: " << rad2deg(r.joint_angle[kNeckYaw]) << " deg");
  CHECK(rad2deg(r.joint_angle[kNeckYaw]) == doctest::Approx(-120).epsilon(0.01));
  // Type 2's fast ankle pitch (lj5 8.80667 rad/s) and slow roll (lj6 3.47234 rad/s).
  auto world2 = make_world();
  auto id2 = world2->add_robot(load_nao(2), 1, 2, upright_at(0, 0, 1.0));
  REQUIRE(id2.ok());
  world2->set_joint_velocity(id2.value(), kLFootPitch, 100);
  world2->set_joint_velocity(id2.value(), kLFootRoll, 100);
  CHECK(world2->joint_velocity_command(id2.value(), kLFootPitch) == doctest::Approx(8.80667).epsilon(1e-6));
  CHECK(world2->joint_velocity_command(id2.value(), kLFootRoll) == doctest::Approx(3.47234).epsilon(1e-6));
}

TEST_CASE("joint limits hold for every joint driven beyond them") {
  // Also with the per-cycle motor impulse (off in the shipped physics): a
  // joint driven into its stop keeps the per-substep bound there, or the
  // cycle's impulse pressed joints up to 17 deg into their soft stops.
  for (double impulse_per_cycle : {0.0, 1.0}) {
    PhysicsOptions options;
    options.params.motor_impulse_per_cycle = impulse_per_cycle;
    auto world = make_world(options);
    const robot::RobotDescription nao = load_nao(0);
    auto id = world->add_robot(nao, 1, 1, upright_at(0, 0, 0.6));
    REQUIRE(id.ok());
    RobotReadings r;
    for (int direction = -1; direction <= 1; direction += 2) {
      for (int j = 0; j < kJointCountWithoutToes; ++j)
        world->set_joint_velocity(id.value(), static_cast<Joint>(j), direction * 6.0);
      for (int i = 0; i < 100; ++i) world->step();
      world->read_robot(id.value(), &r);
      for (int j = 0; j < kJointCountWithoutToes; ++j) {
        const double limit = direction < 0 ? nao.joints[j].min_angle : nao.joints[j].max_angle;
        INFO("joint " << kJointPerceptorNames[j] << " direction " << direction << " impulse per cycle "
                      << impulse_per_cycle);
        CHECK(std::abs(r.joint_angle[j] - limit) < deg2rad(1.5));
      }
    }
  }
}

TEST_CASE("all five types load and stand") {
  for (int type = 0; type <= 4; ++type) {
    auto world = make_world();
    const robot::RobotDescription nao = load_nao(type);
    // init places every type's torso at 0.4 (facts §1.1): types 1 and 3 start
    // with their soles below the ground; lift them so they start just above.
    const double z = std::max(0.4, nao.sole_height + 0.005);
    // Any heading: FRP, gyro and accelerometer are in the robot's own frames.
    auto id = world->add_robot(nao, 1, 1, upright_at(1, 1, z, 1.1 * type - 2.0));
    REQUIRE(id.ok());
    RobotReadings r;
    for (int i = 0; i < 150; ++i) world->step();
    world->read_robot(id.value(), &r);
    INFO("type " << type << " torso z " << r.torso_position.z());
    CHECK(r.joint_count == joint_count_for_type(type));
    CHECK(r.torso_position.z() == doctest::Approx(nao.sole_height).epsilon(0.02));
    CHECK(uprightness(r) > 0.999);
    const double weight = nao.total_mass * kGravity;
    double total = 0;
    for (int s = 0; s < kFootSensors; ++s)
      if (r.foot[s].contact) total += r.foot[s].force.z();
    CHECK(total == doctest::Approx(weight).epsilon(0.03));
    CHECK(std::abs(r.foot[kSensorLeftFoot].force.x()) < 0.5);
    CHECK(std::abs(r.foot[kSensorLeftFoot].force.y()) < 0.5);
    CHECK(r.accelerometer.isApprox(Vec3(0, 0, kGravity), 0.01));
    CHECK(std::abs(r.torso_rotation(1, 0) - std::sin(1.1 * type - 2.0)) < 0.01);
    if (type == 4) {
      CHECK(r.foot[kSensorLeftToe].contact);
      CHECK(r.foot[kSensorRightToe].contact);
    } else {
      CHECK_FALSE(r.foot[kSensorLeftToe].contact);
    }
  }
}

TEST_CASE("a robot pushed hard falls, and a lifted robot reports no foot contact") {
  auto world = make_world();
  const robot::RobotDescription nao = load_nao(0);
  auto id = world->add_robot(nao, 1, 1, upright_at(-2, 0, 0.4));  // not on the ball at the centre spot
  auto other = world->add_robot(nao, 2, 1, upright_at(5, 0, 1.5));
  REQUIRE(id.ok());
  REQUIRE(other.ok());
  RobotReadings r;
  world->step();
  world->read_robot(other.value(), &r);
  for (int s = 0; s < kFootSensors; ++s) CHECK_FALSE(r.foot[s].contact);  // FRP omitted in the air
  for (int i = 0; i < 50; ++i) world->step();
  CHECK_FALSE(world->is_fallen(id.value()));
  // A gentle push is absorbed...
  REQUIRE(world->push_robot(id.value(), Vec3(0, 5, 0)));
  for (int i = 0; i < 100; ++i) world->step();
  CHECK_FALSE(world->is_fallen(id.value()));
  // ...a hard one backwards (200 N on the torso for one cycle = 4 N*s) knocks it over.
  REQUIRE(world->push_robot(id.value(), Vec3(-200, 0, 0)));
  double min_z = 1;
  for (int i = 0; i < 150; ++i) {
    world->step();
    min_z = std::min(min_z, world->torso_position(id.value()).z());
  }
  MESSAGE("pushed robot: lowest torso z " << min_z);
  CHECK(min_z < kStandingTorsoHeight);
  CHECK(world->is_fallen(id.value()));
  CHECK_FALSE(world->push_robot(999, Vec3(1, 0, 0)));
}

TEST_CASE("the ball dropped from 1 m bounces and comes to rest on the ground") {
  auto world = make_world();
  world->set_ball_position(Vec3(2, 3, 1.0));
  double first_bounce_peak = 0;
  bool falling = true, bounced = false;
  double previous_z = 1.0;
  for (int i = 0; i < 500; ++i) {  // bouncing above 0.8 m/s lasts ~4 s, like SimSpark's
    world->step();
    const double z = world->ball_position().z();
    if (falling && z > previous_z) {
      falling = false;
      bounced = true;
    }
    if (bounced && !falling && z < previous_z && first_bounce_peak == 0) first_bounce_peak = previous_z;
    previous_z = z;
  }
  MESSAGE("ball: first bounce peak " << first_bounce_peak << " m, rest z " << world->ball_position().z());
  CHECK(bounced);
  // Restitution 0.8 in SimSpark: without drag the peak would be 0.64 * 0.958
  // above the ground; the ball's drag takes a little off.
  CHECK(first_bounce_peak > 0.45);
  CHECK(first_bounce_peak < 0.66);
  CHECK(world->ball_position().z() == doctest::Approx(kBallRadius).epsilon(0.03));
  CHECK(world->ball_velocity().norm() < 0.01);
  CHECK(std::abs(world->ball_position().x() - 2) < 1e-6);
}

TEST_CASE("a kicked ball rolls and stops") {
  auto world = make_world();
  world->set_ball_position(Vec3(0, 0, kBallRadius));
  world->step();
  world->set_ball_velocity(Vec3(3, 0, 0));
  int cycles = 0;
  while (world->ball_velocity().norm() > 0.01 && cycles < 2000) {
    world->step();
    ++cycles;
  }
  MESSAGE("ball kicked at 3 m/s rolled " << world->ball_position().x() << " m in " << cycles * kCycleSeconds << " s");
  CHECK(cycles < 2000);
  CHECK(world->ball_position().x() > 1.0);
  CHECK(world->ball_position().x() < 10.0);
  CHECK(std::abs(world->ball_position().y()) < 1e-6);
  CHECK(world->ball_position().z() == doctest::Approx(kBallRadius).epsilon(0.03));
}

// A foot swung into the ball in free fall (robot and ball fall together, no
// drag): nothing touches the ground, so the robot moves alike at every
// substep count, and so must the ball it hits. The kick case, where the
// substep count did change the launch, is in tests/motion (motion skills).
struct Swing {
  double foot_speed = 0;  // m/s, horizontal, the ankle just before the impact
  double ball_speed = 0;  // m/s, horizontal, just after
};

// The ball is put where the ankle will be `ahead` cycles later (a first run
// without the ball records the path; the world is deterministic).
Swing swing_into_ball(int substeps, int ahead) {
  constexpr int kPlaceAt = 2, kCycles = 25;
  Vec3 path[kCycles];
  Swing swing;
  for (int pass = 0; pass < 2; ++pass) {
    PhysicsOptions options;
    options.substeps = substeps;
    options.drag = false;
    auto world = make_world(options);
    auto id = world->add_robot(load_nao(0), 1, 1, upright_at(0, 0, 4.0));
    REQUIRE(id.ok());
    world->set_ball_position(Vec3(5, 5, kBallRadius));
    // Knee bent and the leg drawn back first, then hip and knee swing forward together.
    world->set_joint_velocity(id.value(), kRHipPitch, -100);
    world->set_joint_velocity(id.value(), kRKneePitch, -100);
    RobotReadings r;
    for (int i = 0; i < kCycles; ++i) {
      if (i == 6) {
        world->set_joint_velocity(id.value(), kRHipPitch, 100);  // clamps to the motor's 6.14 rad/s
        world->set_joint_velocity(id.value(), kRKneePitch, 100);
      }
      if (pass == 1 && i == kPlaceAt + 6) {
        // Released with the robot's fall velocity, it falls with it: where
        // the ankle will be, less the free fall over those cycles.
        const double t = (i + 1) * kCycleSeconds, dt = ahead * kCycleSeconds;
        const Vec3 fall(0, 0, -kGravity * t * dt - 0.5 * kGravity * dt * dt);
        world->set_ball_position(path[i + ahead] - fall);
        world->set_ball_velocity(Vec3(0, 0, -kGravity * t));
      }
      world->step();
      world->read_robot(id.value(), &r);
      if (pass == 0) {
        path[i] = r.marker[kMarkerRFootPos];
      } else if (i > kPlaceAt + 6 && world->ball_velocity().head<2>().norm() > 0.3) {
        swing.foot_speed = (path[i - 1] - path[i - 2]).head<2>().norm() / kCycleSeconds;
        world->step();  // the contact may span a cycle boundary
        swing.ball_speed = world->ball_velocity().head<2>().norm();
        break;
      }
    }
  }
  return swing;
}

TEST_CASE("a foot swung into the ball in free fall launches it alike at 4, 8 and 20 substeps") {
  // The ball put 3-5 cycles ahead of the ankle (2 would overlap the foot).
  for (int ahead : {3, 4, 5}) {
    Swing coarse = swing_into_ball(4, ahead), middle = swing_into_ball(8, ahead), fine = swing_into_ball(20, ahead);
    MESSAGE("ball " << ahead << " cycles ahead of the ankle: ankle " << fine.foot_speed << " m/s; ball " << coarse.ball_speed
                    << " / " << middle.ball_speed << " / " << fine.ball_speed << " m/s at 4 / 8 / 20 substeps");
    CHECK(fine.foot_speed > 0.8);  // fast enough to bounce
    // The toe is faster than the ankle, and the ball bounces off it (0.8).
    CHECK(fine.ball_speed > 1.5 * fine.foot_speed);
    CHECK(coarse.ball_speed == doctest::Approx(fine.ball_speed).epsilon(0.1));
    CHECK(middle.ball_speed == doctest::Approx(fine.ball_speed).epsilon(0.1));
  }
}

// A standing robot with all joints held, pushed sideways at the torso by a
// steady force too weak to tip it: how fast its feet slide (m/s) once the
// slide is steady.
double steady_slide_speed(double slip, int substeps, double force) {
  PhysicsOptions options;
  options.substeps = substeps;
  options.robot_slip = slip;
  auto world = make_world(options);
  auto id = world->add_robot(load_nao(0), 1, 1, upright_at(-2, 0, 0.4));
  REQUIRE(id.ok());
  for (int i = 0; i < 50; ++i) world->step();
  double y0 = 0;
  for (int i = 0; i < 150; ++i) {
    REQUIRE(world->push_robot(id.value(), Vec3(0, force, 0)));
    world->step();
    if (i == 49) y0 = world->torso_position(id.value()).y();
  }
  CHECK_FALSE(world->is_fallen(id.value()));
  return (world->torso_position(id.value()).y() - y0) / (100 * kCycleSeconds);
}

TEST_CASE("force-dependent slip: feet slide in proportion to the force, alike at every substep count") {
  const double k = params::kSimSparkRobotSlip;
  const double grip = steady_slide_speed(0, 4, 6), half = steady_slide_speed(k, 4, 3), full = steady_slide_speed(k, 4, 6),
               fine = steady_slide_speed(k, 20, 6);
  MESSAGE("6 N on a standing robot: " << grip * 1000 << " mm/s with grip; with slip " << half * 1000 << " mm/s at 3 N, "
                                      << full * 1000 << " / " << fine * 1000 << " mm/s at 6 N and 4 / 20 substeps");
  // Without it, only the soft contact's own creep (0.7 mm/s).
  CHECK(std::abs(grip) < 0.25 * full);
  // 6 N shared by the two feet's 8 contact points: 0.005 * 6 / 8 = 3.75 mm/s
  // if every point carried the same share.
  CHECK(full > 0.002);
  CHECK(full < 0.006);
  CHECK(full == doctest::Approx(2 * half).epsilon(0.15));
  CHECK(fine == doctest::Approx(full).epsilon(0.15));
  PhysicsOptions bad;
  bad.robot_slip = 2;
  CHECK_FALSE(PhysicsWorld::create(bad).ok());
}

TEST_CASE("the ball in a goal's trigger box is reported, walls and goals are solid") {
  auto world = make_world();
  CHECK(world->ball_in_goal() == GoalSide::None);
  world->set_ball_position(Vec3(15.1, 0.5, kBallRadius));
  CHECK(world->ball_in_goal() == GoalSide::Right);
  world->set_ball_position(Vec3(-15.3, -0.9, 0.3));
  CHECK(world->ball_in_goal() == GoalSide::Left);
  world->set_ball_position(Vec3(-14.95, 0, kBallRadius));  // centre not past the line
  CHECK(world->ball_in_goal() == GoalSide::None);
  world->set_ball_position(Vec3(15.3, 1.5, kBallRadius));  // beside the goal
  CHECK(world->ball_in_goal() == GoalSide::None);
  // Rolled fast into the right goal, the ball bounces off the back wall
  // (x = 15.56); slower than 1.4 m/s at the wall it would just stop there.
  world->set_ball_position(Vec3(14, 0, kBallRadius));
  world->set_ball_velocity(Vec3(8, 0, 0));
  double max_x = 0;
  bool scored = false;
  for (int i = 0; i < 150; ++i) {
    world->step();
    max_x = std::max(max_x, world->ball_position().x());
    scored = scored || world->ball_in_goal() == GoalSide::Right;
  }
  CHECK(max_x < 15.56 - kBallRadius + 0.02);
  CHECK(scored);
  CHECK(world->ball_position().x() < max_x - 0.1);
  // The outer wall at y = 25 (inner face 24.5) stops the ball too.
  world->set_ball_position(Vec3(0, 23, kBallRadius));
  world->set_ball_velocity(Vec3(0, 5, 0));
  double max_y = 0;
  for (int i = 0; i < 100; ++i) {
    world->step();
    max_y = std::max(max_y, world->ball_position().y());
  }
  CHECK(max_y < 24.5 - kBallRadius + 0.02);
}

TEST_CASE("teleport keeps joint angles, zeroes velocities and makes the body upright") {
  auto world = make_world();
  auto id = world->add_robot(load_nao(0), 1, 1, upright_at(-2, 0, 0.4));
  REQUIRE(id.ok());
  world->set_joint_velocity(id.value(), kRShoulderPitch, -2.0);
  world->set_joint_velocity(id.value(), kNeckYaw, 1.0);
  for (int i = 0; i < 20; ++i) world->step();
  RobotReadings before, after;
  world->read_robot(id.value(), &before);
  CHECK(std::abs(before.joint_rate[kNeckYaw] - 1.0) < 0.01);
  REQUIRE(world->teleport_robot(id.value(), upright_at(-5, 4, 0.4, kPi / 2)));
  world->read_robot(id.value(), &after);
  for (int j = 0; j < kJointCount; ++j) {
    CHECK(after.joint_angle[j] == doctest::Approx(before.joint_angle[j]));
    CHECK(after.joint_rate[j] == 0.0);
  }
  CHECK(after.torso_position.isApprox(Vec3(-5, 4, 0.4)));
  CHECK(after.torso_velocity.norm() == 0.0);
  CHECK(after.gyro.norm() == 0.0);
  // Heading 90 deg: the robot's forward axis (torso x) points along world +y.
  CHECK(after.torso_rotation.col(0).isApprox(Vec3(0, 1, 0), 1e-12));
  CHECK(after.torso_rotation.col(2).isApprox(Vec3(0, 0, 1), 1e-12));
  // The commands stay in force after the teleport (SimSpark keeps dParamVel).
  world->step();
  world->read_robot(id.value(), &after);
  CHECK(after.joint_rate[kNeckYaw] == doctest::Approx(1.0).epsilon(0.02));
  // Markers: the head marker sits above the torso, the camera on the head.
  CHECK(after.marker[kMarkerHeadPos].z() > after.torso_position.z() + 0.1);
  CHECK((after.camera_position - after.marker[kMarkerHeadPos]).norm() < 0.1);
  // Trainer (agent (pos ...)): position only, orientation kept.
  REQUIRE(world->move_robot_keep_orientation(id.value(), Vec3(1, 1, 0.5)));
  world->read_robot(id.value(), &after);
  CHECK(after.torso_position.isApprox(Vec3(1, 1, 0.5)));
  CHECK_FALSE(world->teleport_robot(12345, upright_at(0, 0, 0.4)));
  CHECK_FALSE(world->teleport_robot(id.value(), upright_at(NAN, 0, 0.4)));
  // A roll turns the robot about its own forward axis after the heading:
  // heading 90 deg and roll -90 deg put its left side down.
  RobotPlacement on_side = upright_at(-5, 4, 0.2, kPi / 2);
  on_side.roll = -kPi / 2;
  REQUIRE(world->teleport_robot(id.value(), on_side));
  world->read_robot(id.value(), &after);
  CHECK(after.torso_rotation.col(0).isApprox(Vec3(0, 1, 0), 1e-12));
  CHECK(after.torso_rotation.col(1).isApprox(Vec3(0, 0, -1), 1e-12));
  on_side.roll = NAN;
  CHECK_FALSE(world->teleport_robot(id.value(), on_side));
}

TEST_CASE("the accelerometer lags one cycle and spikes on a teleport, like SimSpark's") {
  auto world = make_world();
  auto id = world->add_robot(load_nao(0), 1, 1, upright_at(0, 0, 1.0));
  REQUIRE(id.ok());
  RobotReadings r;
  world->step();
  world->read_robot(id.value(), &r);
  // First cycle: computed before the step from two zero velocities.
  CHECK(r.accelerometer.isApprox(Vec3(0, 0, kGravity)));
  world->step();
  world->read_robot(id.value(), &r);
  // Second cycle: the free fall of the first step shows up (~0 g).
  CHECK(std::abs(r.accelerometer.z()) < 0.5);
}

TEST_CASE("22 robots step together, collide with each other, and join or leave while running") {
  auto world = make_world();
  const robot::RobotDescription types[5] = {load_nao(0), load_nao(1), load_nao(2), load_nao(3), load_nao(4)};
  RobotId ids[kMaxRobots];
  for (int i = 0; i < kMaxRobots; ++i) {
    const int team = i < 11 ? 1 : 2;
    const double x = (team == 1 ? -1 : 1) * (2.0 + (i % 11) * 1.0);
    auto id = world->add_robot(types[i % 5], team, i % 11 + 1, upright_at(x, (i % 3) - 1.0, 0.45, team == 1 ? 0 : kPi));
    REQUIRE(id.ok());
    ids[i] = id.value();
    if (i == 5) {
      for (int c = 0; c < 10; ++c) world->step();  // joins happen while running
    }
  }
  CHECK(world->robot_count() == kMaxRobots);
  auto extra = world->add_robot(types[0], 1, 12, upright_at(0, 5, 0.4));
  CHECK_FALSE(extra.ok());
  for (int c = 0; c < 100; ++c) world->step();
  for (int i = 0; i < kMaxRobots; ++i) {
    INFO("robot " << i);
    CHECK_FALSE(world->is_fallen(ids[i]));
  }
  // Remove one: everybody else keeps its state exactly.
  WorldSnapshot before, after;
  world->snapshot(&before);
  REQUIRE(world->remove_robot(ids[3]).ok());
  world->snapshot(&after);
  CHECK(after.robot_count == kMaxRobots - 1);
  CHECK_FALSE(world->has_robot(ids[3]));
  CHECK_FALSE(world->remove_robot(ids[3]).ok());
  int matched = 0;
  for (int a = 0; a < after.robot_count; ++a)
    for (int b = 0; b < before.robot_count; ++b)
      if (after.robots[a].id == before.robots[b].id) {
        CHECK(after.robots[a].torso_position == before.robots[b].torso_position);
        for (int j = 0; j < kJointCount; ++j) CHECK(after.robots[a].joint_angle[j] == before.robots[b].joint_angle[j]);
        ++matched;
      }
  CHECK(matched == kMaxRobots - 1);
  // A new robot gets a fresh id.
  auto again = world->add_robot(types[0], 1, 4, upright_at(-4, 6, 0.4));
  REQUIRE(again.ok());
  CHECK(again.value() != ids[3]);

  // Two robots walked into each other: a robot-robot touch is reported, a
  // robot touching the ball too.
  REQUIRE(world->teleport_robot(ids[0], upright_at(0, 8, 0.4)));
  REQUIRE(world->teleport_robot(ids[1], upright_at(0.12, 8, 0.4, kPi)));  // arms overlap
  world->set_ball_position(Vec3(ids[0] >= 0 ? -0.12 : 0, 8, kBallRadius));
  world->set_ball_velocity(Vec3(1, 0, 0));
  bool robots_touched = false, ball_touched = false;
  for (int c = 0; c < 25; ++c) {
    world->step();
    const CycleContacts& contacts = world->last_contacts();
    for (int i = 0; i < contacts.robot_touch_count; ++i) {
      const RobotTouch& t = contacts.robot_touches[i];
      if (t.robot_a == std::min(ids[0], ids[1]) && t.robot_b == std::max(ids[0], ids[1])) robots_touched = true;
    }
    for (int i = 0; i < contacts.ball_touch_count; ++i)
      if (contacts.ball_touches[i].robot == ids[0]) ball_touched = true;
  }
  CHECK(robots_touched);
  CHECK(ball_touched);
  Vec3 lo, hi;
  REQUIRE(world->robot_bounds(ids[5], &lo, &hi));
  CHECK((hi - lo).z() > 0.4);
  CHECK(lo.z() > -0.01);
}

TEST_CASE("same commands give bit-identical states") {
  auto run = [](WorldSnapshot* out) {
    auto world = make_world();
    const robot::RobotDescription nao = load_nao(0);
    auto a = world->add_robot(nao, 1, 1, upright_at(0, 0, 0.4));
    auto b = world->add_robot(nao, 2, 1, upright_at(0.3, 0, 0.4, kPi));
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    world->set_ball_position(Vec3(0.15, 0.05, 0.5));
    for (int c = 0; c < 200; ++c) {
      for (int j = 0; j < kJointCountWithoutToes; ++j) {
        world->set_joint_velocity(a.value(), static_cast<Joint>(j), 3 * std::sin(0.05 * c + j));
        world->set_joint_velocity(b.value(), static_cast<Joint>(j), 3 * std::cos(0.07 * c + j));
      }
      world->step();
    }
    world->snapshot(out);
  };
  static WorldSnapshot first, second;
  run(&first);
  run(&second);
  CHECK(first.ball_position == second.ball_position);
  REQUIRE(first.robot_count == 2);
  for (int i = 0; i < 2; ++i) {
    CHECK(first.robots[i].torso_position == second.robots[i].torso_position);
    CHECK(first.robots[i].torso_orientation.coeffs() == second.robots[i].torso_orientation.coeffs());
    for (int j = 0; j < kJointCount; ++j) CHECK(first.robots[i].joint_angle[j] == second.robots[i].joint_angle[j]);
  }
}

TEST_CASE("bad input gets clear errors and changes nothing") {
  PhysicsOptions options;
  options.substeps = -1;
  CHECK_FALSE(PhysicsWorld::create(options).ok());
  options.substeps = 1000;
  CHECK_FALSE(PhysicsWorld::create(options).ok());
  auto world = make_world();
  robot::RobotDescription empty;
  auto rejected = world->add_robot(empty, 1, 1, upright_at(0, 0, 0.4));
  REQUIRE_FALSE(rejected.ok());
  CHECK(rejected.error().message.find("torso") != std::string::npos);
  robot::RobotDescription broken = load_nao(0);
  broken.bodies[3].mass = 0;
  CHECK_FALSE(world->add_robot(broken, 1, 1, upright_at(0, 0, 0.4)).ok());
  broken = load_nao(0);
  broken.bodies[2].parent = 7;
  CHECK_FALSE(world->add_robot(broken, 1, 1, upright_at(0, 0, 0.4)).ok());
  CHECK_FALSE(world->add_robot(load_nao(0), 1, 1, upright_at(0, INFINITY, 0.4)).ok());
  CHECK(world->robot_count() == 0);
  auto id = world->add_robot(load_nao(0), 1, 1, upright_at(0, 0, 0.4));
  REQUIRE(id.ok());
  CHECK_FALSE(world->set_joint_velocity(id.value(), kLToePitch, 1.0));  // no toes on type 0
  CHECK_FALSE(world->set_joint_velocity(id.value() + 1, kNeckYaw, 1.0));
  CHECK(world->set_joint_velocity(id.value(), kNeckYaw, NAN));
  CHECK(world->joint_velocity_command(id.value(), kNeckYaw) == 0.0);
  RobotReadings r;
  CHECK_FALSE(world->read_robot(id.value() + 1, &r));
  world->set_ball_position(Vec3(NAN, 0, 0));
  CHECK(world->ball_position().allFinite());
  CHECK(world->remove_robot(id.value()).ok());
  CHECK_FALSE(world->remove_robot(id.value()).ok());
}

namespace {
// What the physics logs while `steps` runs (the log goes to a temporary file).
std::string log_of(const std::function<void()>& steps) {
  char path[] = "/tmp/libero_physics_log_XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  log::set_fd(fd);
  steps();
  log::set_fd(-1);
  std::string text;
  if (FILE* f = std::fopen(path, "r")) {
    char buf[512];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    std::fclose(f);
  }
  close(fd);
  std::remove(path);
  return text;
}
}  // namespace

TEST_CASE("an unstable step is reported with the robot that caused it; the world goes back a cycle, the rest unmoved") {
  auto world = make_world();
  const robot::RobotDescription nao = load_nao(0);
  auto quiet = world->add_robot(nao, 1, 1, upright_at(-2, 0, 0.4));
  auto wild = world->add_robot(nao, 2, 1, upright_at(3, 1, 0.4));
  REQUIRE(quiet.ok());
  REQUIRE(wild.ok());
  world->set_ball_position(Vec3(1, 2, 0.042));
  world->set_ball_velocity(Vec3(1, 0, 0));
  for (int i = 0; i < 10; ++i) world->step();
  CHECK(world->unstable_steps() == 0);
  RobotReadings quiet_before, wild_before, r;
  REQUIRE(world->read_robot(quiet.value(), &quiet_before));
  REQUIRE(world->read_robot(wild.value(), &wild_before));
  const Vec3 ball_before = world->ball_position();
  // Finite but far beyond anything physical: MuJoCo's acceleration check
  // trips (and resets its world to the initial state).
  std::string text = log_of([&] {
    REQUIRE(world->push_robot(wild.value(), Vec3(1e20, 0, 0)));
    world->step();
  });
  MESSAGE("log: " << text);
  CHECK(text.find("unstable at cycle 11") != std::string::npos);
  CHECK(world->unstable_steps() == 1);
  CHECK(text.find("robot " + std::to_string(wild.value()) + ")") != std::string::npos);
  // Back where the cycle began, not where the robots were made (-2,0 and 3,1
  // at 0.4 m, 10 cycles ago), the culprit stopped.
  REQUIRE(world->read_robot(wild.value(), &r));
  CHECK((r.torso_position - wild_before.torso_position).norm() < 1e-9);
  CHECK(r.torso_velocity.norm() < 1e-9);
  for (int j = 0; j < r.joint_count; ++j) CHECK(r.joint_rate[j] == 0);
  REQUIRE(world->read_robot(quiet.value(), &r));
  CHECK((r.torso_position - quiet_before.torso_position).norm() < 1e-9);
  CHECK((world->ball_position() - ball_before).norm() < 1e-9);
  // The world goes on: the ball rolls on, the robots stand.
  for (int i = 0; i < 50; ++i) world->step();
  CHECK(world->unstable_steps() == 1);
  CHECK(world->ball_position().x() > ball_before.x() + 0.1);
  for (RobotId id : {quiet.value(), wild.value()}) {
    REQUIRE(world->read_robot(id, &r));
    CHECK(r.torso_position.allFinite());
    CHECK(r.torso_position.z() > 0.3);
  }
  // A robot that blows up every cycle is held where it was, and the log
  // tells the first ten, then every hundredth (not 50 lines a second).
  REQUIRE(world->read_robot(wild.value(), &wild_before));
  text = log_of([&] {
    for (int i = 0; i < 120; ++i) {
      REQUIRE(world->push_robot(wild.value(), Vec3(1e20, 0, 0)));
      world->step();
    }
  });
  CHECK(world->unstable_steps() == 121);
  int lines = 0;
  for (size_t at = text.find("unstable at"); at != std::string::npos; at = text.find("unstable at", at + 1)) ++lines;
  CHECK(lines == 10);  // steps 2-10, then the 100th
  CHECK(text.find("(100 so far)") != std::string::npos);
  REQUIRE(world->read_robot(wild.value(), &r));
  CHECK((r.torso_position - wild_before.torso_position).norm() < 1e-9);
}

namespace {

// Per-cycle change of `joint` (deg) over `cycles` cycles while `command`
// is sent every cycle, beaming the robot to its spot every cycle when
// `beam_every_cycle` (SimSpark's beam zeroes every velocity).
std::vector<double> joint_steps(PhysicsWorld* world, RobotId id, Joint joint, double command, int cycles,
                                bool beam_every_cycle) {
  std::vector<double> steps;
  RobotReadings r;
  world->read_robot(id, &r);
  double previous = r.joint_angle[joint];
  for (int i = 0; i < cycles; ++i) {
    world->set_joint_velocity(id, joint, command);
    if (beam_every_cycle) world->teleport_robot(id, upright_at(-5, 0, 0.385));
    world->step();
    world->read_robot(id, &r);
    steps.push_back(rad2deg(r.joint_angle[joint] - previous));
    previous = r.joint_angle[joint];
  }
  return steps;
}

// SimSpark's rest settings (ODE's auto-disable defaults), off in the shipped
// physics (docs/simulator.md, "Robots at rest and the motor impulse: off").
PhysicsOptions resting() {
  PhysicsOptions options;
  options.params.rest_idle_steps = 10;
  return options;
}

}  // namespace

TEST_CASE("robots at rest freeze like SimSpark's (ODE auto-disable): a beamed robot loses every 10th step") {
  auto world = make_world(resting());
  auto id = world->add_robot(load_nao(0), 1, 1, upright_at(-5, 0, 0.385));
  REQUIRE(id.ok());
  // Standing still with every command 0: after settling the robot freezes
  // and stays exactly where it is.
  for (int i = 0; i < 100; ++i) world->step();
  CHECK(world->robot_frozen(id.value()));
  const Vec3 rest = world->torso_position(id.value());
  for (int i = 0; i < 50; ++i) world->step();
  CHECK(world->torso_position(id.value()) == rest);

  // Measured on rcssserver3d 0.7.2 (shoulder pitch at -1 rad/s in
  // BeforeKickOff, a beam with every message): 9 cycles of 1.146 deg, one
  // of 0, and so on; the same without the beam: every cycle 1.146 deg.
  const std::vector<double> beamed = joint_steps(world.get(), id.value(), kRShoulderPitch, -1.0, 40, true);
  int lost = 0;
  for (size_t i = 0; i < beamed.size(); ++i) {
    const bool moved = std::abs(beamed[i] + 1.146) < 0.02;
    const bool stood = std::abs(beamed[i]) < 1e-9;
    CHECK_MESSAGE((moved || stood), "cycle " << i << ": " << beamed[i] << " deg");
    if (stood) {
      ++lost;
      CHECK_MESSAGE(i % 10 == 9, "a lost step at cycle " << i);
    }
  }
  CHECK(lost == 4);
  world->set_joint_velocity(id.value(), kRShoulderPitch, 0);
  for (int i = 0; i < 30; ++i) world->step();
  const std::vector<double> free_steps = joint_steps(world.get(), id.value(), kRShoulderPitch, 1.0, 40, false);
  for (size_t i = 0; i < free_steps.size(); ++i)
    CHECK_MESSAGE(std::abs(free_steps[i] - 1.146) < 0.02, "cycle " << i << ": " << free_steps[i] << " deg");
  CHECK_FALSE(world->robot_frozen(id.value()));

  // Off (rest_idle_steps = 0, the shipped default): a beamed robot moves
  // every cycle.
  auto world_off = make_world();
  auto id_off = world_off->add_robot(load_nao(0), 1, 1, upright_at(-5, 0, 0.385));
  REQUIRE(id_off.ok());
  for (int i = 0; i < 100; ++i) world_off->step();
  CHECK_FALSE(world_off->robot_frozen(id_off.value()));
  for (double step : joint_steps(world_off.get(), id_off.value(), kRShoulderPitch, -1.0, 30, true))
    CHECK(std::abs(step + 1.146) < 0.02);
}

TEST_CASE("a frozen robot wakes when a moving robot touches it or it is pushed") {
  auto world = make_world(resting());
  const robot::RobotDescription nao = load_nao(0);
  auto still = world->add_robot(nao, 1, 1, upright_at(-5, 0, 0.385));
  REQUIRE(still.ok());
  for (int i = 0; i < 60; ++i) world->step();
  REQUIRE(world->robot_frozen(still.value()));
  // A robot dropped onto its shoulders from above wakes it: it is knocked
  // over instead of holding the falling robot up like a statue.
  auto falling = world->add_robot(nao, 2, 1, upright_at(-5, 0.05, 1.2));
  REQUIRE(falling.ok());
  bool woke = false;
  for (int i = 0; i < 60; ++i) {
    world->step();
    if (!world->robot_frozen(still.value())) woke = true;
  }
  CHECK(woke);
  // A push wakes a frozen robot (a test tool: ODE's forces would not).
  auto alone = world->add_robot(nao, 1, 2, upright_at(3, 3, 0.385));
  REQUIRE(alone.ok());
  for (int i = 0; i < 60; ++i) world->step();
  REQUIRE(world->robot_frozen(alone.value()));
  REQUIRE(world->push_robot(alone.value(), Vec3(-200, 0, 0)));
  for (int i = 0; i < 150; ++i) world->step();
  CHECK(world->is_fallen(alone.value()));
  CHECK_FALSE(world->robot_frozen(12345));
}
