// Kinematics: sign conventions from facts §1.3, FK consistency, and the
// property FK(IK(FK(q))) == FK(q) over random in-limit leg angles for every
// hetero type and both legs; unreachable targets; look-at; no allocation.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <random>

#include "robot/description.h"
#include "robot/kinematics.h"

using namespace libero;
using namespace libero::robot;

// Counts heap allocations while g_counting is set (the cycle must not allocate).
static std::atomic<bool> g_counting{false};
static std::atomic<long> g_allocations{0};

// GCC 12 pairs the replaced operators with std::allocator and warns about
// malloc/free; they are a matched pair here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t size) {
  if (g_counting) ++g_allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace {

const std::string kRobotsDir = std::string(LIBERO_SOURCE_DIR) + "/robots";

struct Robot {
  RobotDescription description;
  KinematicModel model;
};

Robot load(int type) {
  Result<RobotDescription> description = load_robot_description(kRobotsDir, "nao", type);
  REQUIRE_MESSAGE(description.ok(), description.error().message);
  Result<KinematicModel> model = build_kinematic_model(*description);
  REQUIRE_MESSAGE(model.ok(), model.error().message);
  return Robot{std::move(description).value(), *model};
}

double angle_between(const Mat3& a, const Mat3& b) { return Eigen::AngleAxisd(a * b.transpose()).angle(); }

void random_leg_angles(const KinematicModel& model, Side side, std::mt19937& rng, double* q) {
  int first = first_leg_joint(side);
  for (int k = 0; k < kLegJointCount; ++k) {
    std::uniform_real_distribution<double> in_limits(model.min_angle[first + k], model.max_angle[first + k]);
    q[k] = in_limits(rng);
  }
}

}  // namespace

TEST_CASE("zero pose: bodies at their description positions, soles at -sole_height") {
  for (int type = 0; type <= 4; ++type) {
    INFO("type ", type);
    Robot robot = load(type);
    double angles[kJointCount] = {};
    BodyPoses poses;
    forward_kinematics(robot.model, angles, &poses);
    REQUIRE(poses.count == static_cast<int>(robot.description.bodies.size()));
    Vec3 weighted = Vec3::Zero();
    for (int i = 0; i < poses.count; ++i) {
      CHECK((poses.pose[i].translation() - robot.description.bodies[i].position).norm() < 1e-12);
      CHECK(poses.pose[i].linear().isIdentity(1e-12));
      weighted += robot.description.bodies[i].mass * robot.description.bodies[i].position;
    }
    CHECK((center_of_mass(robot.model, poses) - weighted / 4.6071).norm() < 1e-9);
    for (Side side : {Side::Right, Side::Left}) {
      Iso3 sole = sole_pose(robot.model, poses, side);
      CHECK(sole.translation().z() == doctest::Approx(-robot.description.sole_height));
      const JointDesc& ankle = robot.description.joints[first_leg_joint(side) + 4];
      CHECK(sole.translation().x() == doctest::Approx(ankle.anchor.x()));
      CHECK(sole.translation().y() == doctest::Approx(ankle.anchor.y()));
      double zero[kLegJointCount] = {};
      CHECK((leg_sole_pose(robot.model, side, zero).matrix() - sole.matrix()).norm() < 1e-12);
    }
    Iso3 camera = camera_pose(robot.model, poses);
    CHECK((camera.translation() - Vec3(0, 0, 0.155)).norm() < 1e-12);
  }
}

TEST_CASE("joint signs follow facts §1.3") {
  Robot robot = load(0);
  const KinematicModel& model = robot.model;
  auto pose_of = [&](Joint joint, double angle, const char* body) {
    double angles[kJointCount] = {};
    angles[joint] = angle;
    BodyPoses poses;
    forward_kinematics(model, angles, &poses);
    return poses.pose[robot.description.body_index(body)];
  };
  // hj1 > 0 turns the head left; hj2 > 0 tilts it up.
  CHECK((pose_of(kNeckYaw, kPi / 2, "head").linear() * Vec3::UnitX() - Vec3::UnitY()).norm() < 1e-12);
  CHECK((pose_of(kNeckPitch, 0.3, "head").linear() * Vec3::UnitX()).z() > 0.29);
  // aj1 > 0 raises the (forward-stretched) arm.
  CHECK(pose_of(kRShoulderPitch, 0.5, "rlowerarm").translation().z() > 0.084 + 0.02);
  CHECK(pose_of(kLShoulderPitch, 0.5, "llowerarm").translation().z() > 0.084 + 0.02);
  // lj3 > 0 swings the leg forward; lj4 < 0 bends the knee (ankle goes back).
  CHECK(pose_of(kRHipPitch, 0.5, "rankle").translation().x() > 0.09);
  CHECK(pose_of(kLKneePitch, -0.5, "lankle").translation().x() < -0.03);
  // lj5 > 0 lifts the toes.
  CHECK((pose_of(kRFootPitch, 0.3, "rfoot").linear() * Vec3::UnitX()).z() > 0.29);
  // Hip roll: rlj2 > 0 and llj2 > 0 move the foot to the left (rotation about +x).
  CHECK(pose_of(kRHipRoll, 0.3, "rfoot").translation().y() > -0.055 + 0.05);
  // hip yaw-pitch at -90 deg about (0, 1, 1)/sqrt 2 turns the right leg outwards and up.
  Vec3 foot = pose_of(kRHipYawPitch, -0.5, "rfoot").translation();
  CHECK(foot.y() < -0.06);
}

TEST_CASE("FK from a known body: head pose in, same torso-relative geometry out") {
  Robot robot = load(1);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1, 1);
  double angles[kJointCount] = {};
  for (int j = 0; j < kJointCount; ++j)
    angles[j] = 0.5 * (robot.model.min_angle[j] + robot.model.max_angle[j]) +
                0.4 * unit(rng) * (robot.model.max_angle[j] - robot.model.min_angle[j]);
  BodyPoses from_torso;
  forward_kinematics(robot.model, angles, &from_torso);
  Iso3 world_torso = Iso3::Identity();
  world_torso.linear() = Eigen::AngleAxisd(0.7, Vec3(0.2, -0.3, 1).normalized()).toRotationMatrix();
  world_torso.translation() = Vec3(3, -2, 0.4);

  int head = robot.description.body_index("head");
  BodyPoses from_head;
  forward_kinematics_from(robot.model, angles, head, world_torso * from_torso.pose[head], &from_head);
  for (int i = 0; i < from_head.count; ++i)
    CHECK(((world_torso * from_torso.pose[i]).matrix() - from_head.pose[i].matrix()).norm() < 1e-12);

  // Standing on the right sole: the sole is where we said, the CoM follows.
  Iso3 ground = Iso3::Identity();
  int rfoot = robot.description.body_index("rfoot");
  Iso3 foot_on_ground = ground * sole_pose(robot.model, from_torso, Side::Right).inverse() * from_torso.pose[rfoot];
  BodyPoses from_foot;
  forward_kinematics_from(robot.model, angles, rfoot, foot_on_ground, &from_foot);
  CHECK(sole_pose(robot.model, from_foot, Side::Right).isApprox(ground, 1e-12));
  Iso3 torso_on_ground = from_foot.pose[0];
  CHECK((center_of_mass(robot.model, from_foot) - torso_on_ground * center_of_mass(robot.model, from_torso)).norm() <
        1e-12);
}

TEST_CASE("leg IK: FK(IK(FK(q))) reproduces the pose for every type and both legs") {
  std::mt19937 rng(12345);
  for (int type = 0; type <= 4; ++type) {
    Robot robot = load(type);
    for (Side side : {Side::Right, Side::Left}) {
      CAPTURE(type);
      CAPTURE(static_cast<int>(side));
      REQUIRE(robot.model.legs[static_cast<int>(side)].analytic);
      double worst_position = 0, worst_orientation = 0;
      int misses = 0;
      for (int sample = 0; sample < 2000; ++sample) {
        double q[kLegJointCount];
        random_leg_angles(robot.model, side, rng, q);
        Iso3 target = leg_sole_pose(robot.model, side, q);

        // The leg-only FK agrees with the whole-body FK.
        if (sample < 20) {
          double angles[kJointCount] = {};
          for (int k = 0; k < kLegJointCount; ++k) angles[first_leg_joint(side) + k] = q[k];
          BodyPoses poses;
          forward_kinematics(robot.model, angles, &poses);
          CHECK(sole_pose(robot.model, poses, side).isApprox(target, 1e-12));
        }

        LegIkResult ik = solve_leg_ik(robot.model, side, target);
        Iso3 achieved = leg_sole_pose(robot.model, side, ik.angles);
        double position = (achieved.translation() - target.translation()).norm();
        double orientation = angle_between(achieved.linear(), target.linear());
        worst_position = std::max(worst_position, position);
        worst_orientation = std::max(worst_orientation, orientation);
        if (!ik.reached || position > 1e-6 || orientation > 1e-6) {
          ++misses;
          if (misses < 4) {
            INFO("q = ", q[0], " ", q[1], " ", q[2], " ", q[3], " ", q[4], " ", q[5]);
            INFO("ik = ", ik.angles[0], " ", ik.angles[1], " ", ik.angles[2], " ", ik.angles[3], " ", ik.angles[4],
                 " ", ik.angles[5]);
            CHECK(ik.reached);
            CHECK(position < 1e-6);
            CHECK(orientation < 1e-6);
          }
        }
        CHECK(ik.position_error == doctest::Approx(position).epsilon(1e-6).scale(1e-9));
        int first = first_leg_joint(side);
        for (int k = 0; k < kLegJointCount; ++k) {
          CHECK(ik.angles[k] >= robot.model.min_angle[first + k]);
          CHECK(ik.angles[k] <= robot.model.max_angle[first + k]);
        }
      }
      CHECK(misses == 0);
      MESSAGE("type ", type, " side ", static_cast<int>(side), ": worst position ", worst_position,
              " m, orientation ", worst_orientation, " rad");
    }
  }
}

TEST_CASE("leg IK relative to the hip, sole parallel to the ground") {
  Robot robot = load(0);
  for (Side side : {Side::Right, Side::Left}) {
    for (double height : {0.2, 0.22, 0.24}) {
      for (double forward : {-0.04, 0.0, 0.05}) {
        Iso3 target = Iso3::Identity();
        target.translation() = Vec3(forward, side == Side::Right ? -0.01 : 0.01, -height);
        LegIkResult ik = solve_leg_ik_from_hip(robot.model, side, target);
        INFO("side ", static_cast<int>(side), " height ", height, " forward ", forward, " errors ", ik.position_error,
             " ", ik.orientation_error, " angles ", ik.angles[0], " ", ik.angles[1], " ", ik.angles[2], " ",
             ik.angles[3], " ", ik.angles[4], " ", ik.angles[5]);
        CHECK(ik.reached);
        Iso3 achieved = hip_frame(robot.model, side).inverse() * leg_sole_pose(robot.model, side, ik.angles);
        CHECK(achieved.isApprox(target, 1e-9));
        // A parallel sole in a plain stance needs no hip yaw-pitch.
        CHECK(std::abs(ik.angles[0]) < 1e-9);
      }
    }
    double angles[kJointCount] = {};
    Iso3 target = Iso3::Identity();
    target.translation() = Vec3(0.02, 0, -0.2);
    set_leg_angles(solve_leg_ik_from_hip(robot.model, side, target), side, angles);
    BodyPoses poses;
    forward_kinematics(robot.model, angles, &poses);
    CHECK((hip_frame(robot.model, side).inverse() * sole_pose(robot.model, poses, side)).isApprox(target, 1e-9));
  }
}

TEST_CASE("leg IK: unreachable targets give the nearest pose and say so") {
  Robot robot = load(0);
  const KinematicModel& model = robot.model;
  for (Side side : {Side::Right, Side::Left}) {
    // Too far below the hip: the leg stretches towards it.
    Iso3 far = hip_frame(model, side);
    far.translation().z() -= 0.5;
    LegIkResult stretched = solve_leg_ik(model, side, far);
    CHECK_FALSE(stretched.reached);
    Iso3 achieved = leg_sole_pose(model, side, stretched.angles);
    CHECK(stretched.position_error == doctest::Approx((achieved.translation() - far.translation()).norm()));
    // Full reach is about 0.27 m (thigh 0.12 + shank 0.10 + ankle to sole 0.05).
    CHECK(stretched.position_error == doctest::Approx(0.5 - 0.27).epsilon(0.02));
    CHECK(achieved.translation().z() < hip_frame(model, side).translation().z() - 0.265);

    // Inside reach, but a sole roll of 80 degrees is beyond the joints.
    Iso3 rolled = hip_frame(model, side);
    rolled.translation().z() -= 0.2;
    rolled.linear() = Eigen::AngleAxisd(deg2rad(80), Vec3::UnitX()).toRotationMatrix();
    LegIkResult tilted = solve_leg_ik(model, side, rolled);
    CHECK_FALSE(tilted.reached);
    CHECK(tilted.orientation_error > 0.1);

    // Inside the thigh: closer than the bent knee allows.
    Iso3 near = hip_frame(model, side);
    near.translation().z() -= 0.03;
    LegIkResult folded = solve_leg_ik(model, side, near);
    CHECK_FALSE(folded.reached);
    CHECK(folded.position_error > 0.001);

    int first = first_leg_joint(side);
    for (const LegIkResult* r : {&stretched, &tilted, &folded})
      for (int k = 0; k < kLegJointCount; ++k) {
        CHECK(r->angles[k] >= model.min_angle[first + k]);
        CHECK(r->angles[k] <= model.max_angle[first + k]);
      }
  }
}

TEST_CASE("look_at points the camera's view axis at the target") {
  Robot robot = load(0);
  const KinematicModel& model = robot.model;
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> ahead(0.2, 5), side(-3, 3), height(-0.5, 1.0);
  for (int sample = 0; sample < 500; ++sample) {
    Vec3 target(ahead(rng), side(rng), height(rng));
    LookAtResult look = look_at(model, target);
    double angles[kJointCount] = {};
    angles[kNeckYaw] = look.yaw;
    angles[kNeckPitch] = look.pitch;
    BodyPoses poses;
    forward_kinematics(model, angles, &poses);
    Iso3 camera = camera_pose(model, poses);
    Vec3 in_camera = camera.inverse() * target;
    if (look.reached) {
      CHECK(in_camera.x() > 0);
      CHECK(std::hypot(in_camera.y(), in_camera.z()) < 1e-9 * in_camera.x());
    } else {
      CHECK((look.pitch == model.min_angle[kNeckPitch] || look.pitch == model.max_angle[kNeckPitch] ||
             look.yaw == model.min_angle[kNeckYaw] || look.yaw == model.max_angle[kNeckYaw]));
    }
  }
  // The ball at the feet is below the pitch range; straight behind is beyond the yaw range.
  LookAtResult feet = look_at(model, Vec3(0.05, 0, -0.38));
  CHECK_FALSE(feet.reached);
  CHECK(feet.pitch == doctest::Approx(model.min_angle[kNeckPitch]));
  LookAtResult behind = look_at(model, Vec3(-2, 0.1, 0.2));
  CHECK_FALSE(behind.reached);
  CHECK(behind.yaw == doctest::Approx(model.max_angle[kNeckYaw]));
}

TEST_CASE("per-cycle kinematics does not allocate") {
  Robot robot = load(4);
  double angles[kJointCount] = {};
  angles[kRKneePitch] = -0.6;
  BodyPoses poses;
  Iso3 target = hip_frame(robot.model, Side::Left);
  target.translation().z() -= 0.21;
  Iso3 unreachable = target;
  unreachable.translation().z() -= 0.3;

  g_allocations = 0;
  g_counting = true;
  forward_kinematics(robot.model, angles, &poses);
  forward_kinematics_from(robot.model, angles, 2, Iso3::Identity(), &poses);
  Vec3 com = center_of_mass(robot.model, poses);
  Iso3 sole = sole_pose(robot.model, poses, Side::Right);
  Iso3 camera = camera_pose(robot.model, poses);
  LegIkResult ik = solve_leg_ik(robot.model, Side::Left, target);
  LegIkResult far = solve_leg_ik(robot.model, Side::Left, unreachable);
  LookAtResult look = look_at(robot.model, Vec3(1, 0.5, -0.3));
  g_counting = false;

  CHECK(g_allocations == 0);
  CHECK(ik.reached);
  CHECK_FALSE(far.reached);
  CHECK(look.reached);
  CHECK(std::isfinite(com.x() + sole.translation().x() + camera.translation().x()));
}

TEST_CASE("building the model rejects descriptions it cannot handle") {
  Robot robot = load(0);
  RobotDescription broken = robot.description;
  broken.joints[kLKneePitch].exists = false;
  Result<KinematicModel> model = build_kinematic_model(broken);
  REQUIRE_FALSE(model.ok());
  CHECK(model.error().message == "kinematics: leg joint llj4 is missing");

  RobotDescription huge = robot.description;
  huge.bodies.resize(kMaxBodies + 1, huge.bodies.back());
  CHECK_FALSE(build_kinematic_model(huge).ok());
}
