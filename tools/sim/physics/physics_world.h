// The simulator's physics world: field, goals, outer walls, ball and up to
// kMaxRobots NAOs in one MuJoCo model, stepped in 20 ms cycles with
// SimSpark-like velocity motors. It knows no soccer rules: the server and the
// referee read its state through this API and move things with teleports.
//
// Frames and units (all SI, radians):
// * World frame = SimSpark's: origin at the centre spot, +x towards the right
//   goal (x = +15), +y towards the F1L/F1R touch line, +z up.
// * Robot frames (torso, feet, head) follow engine/robot/description.h:
//   x forward, y left, z up. SimSpark's percepts use the RSG frame (x right,
//   y forward); convert with robot_to_rsg() below at the protocol boundary.
// * Heading ("yaw") = the angle of the robot's forward axis in the world
//   frame, counter-clockwise from +x. SimSpark's model yaw (trainer `move`,
//   beam internals: 0 faces +y) is heading - 90 deg.
//
// Threading: one PhysicsWorld is used from one thread. Per-cycle calls
// (set_joint_velocity, step, readings, queries) do not allocate; add_robot
// and remove_robot rebuild the MuJoCo model and do.
#pragma once

#include <cstdint>
#include <memory>

#include "core/math.h"
#include "core/nao_joints.h"
#include "core/result.h"
#include "physics_params.h"
#include "robot/description.h"

namespace libero::sim {

constexpr int kMaxRobots = 22;
constexpr double kCycleSeconds = 0.02;       // one SimSpark physics step / agent cycle
constexpr double kGravity = 9.81;
constexpr double kBallRadius = 0.042;         // simspark-facts §3.5 (the issue text's 0.04 is wrong)
constexpr double kBallMass = 0.026;
constexpr double kFieldLength = 30.0, kFieldWidth = 20.0;
constexpr double kGoalWidth = 2.1, kGoalDepth = 0.6, kGoalHeight = 0.8;
constexpr double kStandingTorsoHeight = 0.25; // referee thresholds (torso centre z), facts §7.1
constexpr double kGroundTorsoHeight = 0.15;

using RobotId = int;  // >= 0; stable for the robot's lifetime, never reused by one world
constexpr RobotId kNoRobot = -1;

// Converts a vector from the robot frame (x fwd, y left) to SimSpark's RSG
// frame (x right, y fwd) in which GYR, ACC and FRP are reported.
inline Vec3 robot_to_rsg(const Vec3& v) { return Vec3(-v.y(), v.x(), v.z()); }

struct PhysicsOptions {
  uint64_t seed = 1;        // reserved for physics-side randomness; the world itself is deterministic
  int substeps = 0;         // MuJoCo steps per 20 ms cycle, 1..40; 0 = the tuned default (4, docs/simulator.md)
  bool drag = true;         // SimSpark's drag on robot parts and the ball
  // Force-dependent slip of robot contacts (ground, robots, walls), m/s of
  // sliding per N of tangential force; 0 = off (grip up to
  // params.robot_friction), negative = params.robot_slip (the physics file's).
  // SimSpark's value is params::kSimSparkRobotSlip (facts §3.6); see
  // docs/simulator.md "Force-dependent slip".
  double robot_slip = 0;
  // The tuned parameters (robots/simulator.lua, load_physics_params); the
  // defaults are the shipped file's values.
  PhysicsParams params;
};

// A pose of the whole robot: torso centre position and heading; the body is
// made upright (roll = pitch = 0).
struct RobotPlacement {
  Vec3 torso_position = Vec3(0, 0, 0.4);
  double heading = 0;       // rad, see "Heading" above
  double roll = 0;          // rad about the robot's forward axis (tests and benches lay robots on a side)
};

// Foot sensors in SimSpark's FRP order-independent naming.
enum FootSensorIndex : uint8_t { kSensorLeftFoot = 0, kSensorRightFoot, kSensorLeftToe, kSensorRightToe, kFootSensors };

// FRP: contact force acting ON the foot (or toe) body, averaged over the
// substeps of the last cycle (SimSpark: its one 20 ms step), expressed in that
// body's frame (robot convention), and the force-magnitude-weighted centre of
// the contact points relative to the body centre. contact == false (no
// contact in any substep) means SimSpark would omit the FRP expression (§5.6).
struct FootReading {
  bool contact = false;
  Vec3 center = Vec3::Zero();   // m, foot frame, relative to the foot box centre (standing: z ~ -0.01)
  Vec3 force = Vec3::Zero();    // N, foot frame (standing on both feet: z ~ +22.6 each)
};

// Vision markers of one robot, facts §1.2, in the order of
// protocol::BodyMarker: head, rlowerarm, llowerarm, rfoot, lfoot.
enum MarkerIndex : uint8_t { kMarkerHeadPos = 0, kMarkerRLowerArmPos, kMarkerLLowerArmPos, kMarkerRFootPos, kMarkerLFootPos, kMarkers };

// Everything a robot's own sensors report, ground truth (no noise).
struct RobotReadings {
  int joint_count = 0;                 // 22, or 24 for type 4
  double joint_angle[kJointCount] = {};  // rad, SimSpark sign convention (child rel. parent)
  double joint_rate[kJointCount] = {};   // rad/s
  Vec3 torso_position = Vec3::Zero();    // world
  Mat3 torso_rotation = Mat3::Identity();  // world <- torso (robot frame)
  Vec3 torso_velocity = Vec3::Zero();    // world, m/s
  Vec3 gyro = Vec3::Zero();              // torso angular velocity, torso frame (robot convention), rad/s
  Vec3 accelerometer = Vec3::Zero();     // torso frame (robot convention), m/s^2; one cycle lag like SimSpark (§5.5)
  FootReading foot[kFootSensors];        // toes only meaningful for type 4
  Vec3 marker[kMarkers];                 // world positions of the vision markers
  Vec3 camera_position = Vec3::Zero();   // world; head centre (vision reference point)
  Mat3 camera_rotation = Mat3::Identity();  // world <- head frame (robot convention: x = view direction)
};

// Contacts gathered over every substep of the last cycle, for the referee.
// Body indices are RobotDescription::bodies indices of that robot.
struct BallTouch {
  RobotId robot = kNoRobot;
  int body = -1;
};
struct RobotTouch {
  RobotId robot_a = kNoRobot, robot_b = kNoRobot;  // robot_a < robot_b
  int body_a = -1, body_b = -1;
  Vec3 position = Vec3::Zero();       // a contact point, world
};
constexpr int kMaxBallTouches = 64;
constexpr int kMaxRobotTouches = 256;

struct CycleContacts {
  int ball_touch_count = 0;
  BallTouch ball_touches[kMaxBallTouches];     // unique (robot, body) pairs
  int robot_touch_count = 0;
  RobotTouch robot_touches[kMaxRobotTouches];  // unique (robot_a, body_a, robot_b, body_b)
  bool overflow = false;                       // more than the capacity; extra entries dropped
};

// Ground truth of the whole world, for tools, logs and benchmarks.
struct RobotSnapshot {
  RobotId id = kNoRobot;
  int team = 0, unum = 0, type = 0;    // labels given to add_robot; physics does not interpret them
  Vec3 torso_position = Vec3::Zero();
  Quat torso_orientation = Quat::Identity();  // world <- torso
  Vec3 torso_velocity = Vec3::Zero();
  double joint_angle[kJointCount] = {};
  Vec3 marker[kMarkers];
};
struct WorldSnapshot {
  double time = 0;                      // simulated seconds since creation
  int64_t cycle = 0;
  Vec3 ball_position = Vec3::Zero(), ball_velocity = Vec3::Zero(), ball_angular_velocity = Vec3::Zero();
  int robot_count = 0;
  RobotSnapshot robots[kMaxRobots];
};

enum class GoalSide : uint8_t { None = 0, Left, Right };  // Left = the goal at x = -15

class PhysicsWorld {
 public:
  // Builds the field, goals, walls and the ball at (0, 0, 0.042), at rest.
  static Result<std::unique_ptr<PhysicsWorld>> create(const PhysicsOptions& options);
  ~PhysicsWorld();
  PhysicsWorld(const PhysicsWorld&) = delete;
  PhysicsWorld& operator=(const PhysicsWorld&) = delete;

  // Robots join while the world runs: the model is rebuilt and the state of
  // every existing body carried over. All joints start at 0 with velocity
  // command 0. Fails (error value) when kMaxRobots are present or the
  // description is unusable. team/unum are stored labels only.
  Result<RobotId> add_robot(const robot::RobotDescription& description, int team, int unum,
                            const RobotPlacement& placement);
  Status remove_robot(RobotId robot);
  int robot_count() const;
  bool has_robot(RobotId robot) const;
  // The ids present, ascending; returns the count (<= capacity written).
  int robot_ids(RobotId* out, int capacity) const;
  const robot::RobotDescription* description(RobotId robot) const;  // nullptr if absent

  // Velocity motor command (SimSpark hinge effector): kept until changed,
  // clamped to the joint's max speed; the motor uses at most 10 N*m.
  // Unknown robot or joint (e.g. toes on a non-type-4) is ignored, returns false.
  bool set_joint_velocity(RobotId robot, Joint joint, double rad_per_s);
  double joint_velocity_command(RobotId robot, Joint joint) const;

  // Advances one 20 ms cycle (drag, accelerometer bookkeeping, substeps).
  void step();
  double time() const;
  int64_t cycle() const;
  // Cycles that blew up (logged as "unstable at cycle N"): MuJoCo found a
  // non-finite or huge acceleration, or a dof moved faster than 1000 m/s or
  // rad/s. The world went back to that cycle's start with the robot (or ball)
  // that blew up stopped. Whatever ran across one measured nothing: tools
  // count such a trial as failed.
  int64_t unstable_steps() const;

  // Moves the whole robot rigidly: torso to the placement, upright, joint
  // angles kept, all velocities zeroed (init, beam, referee, trainer).
  bool teleport_robot(RobotId robot, const RobotPlacement& placement);
  // Trainer `(agent (pos ...))`: torso position only, orientation kept, velocities zeroed.
  bool move_robot_keep_orientation(RobotId robot, const Vec3& torso_position);

  // Applies `force` (N, world) at the torso centre during the next step()
  // only (tests, robustness experiments). False if absent or not finite.
  bool push_robot(RobotId robot, const Vec3& force);

  // True while the robot stands frozen, not simulated: every body of it was
  // at rest for PhysicsParams::rest_idle_steps cycles (SimSpark's ODE
  // auto-disable; docs/simulator.md, "Robots at rest"). A non-zero joint
  // command, a push or a touch by an awake robot wakes it. False if absent.
  bool robot_frozen(RobotId robot) const;

  void set_ball_position(const Vec3& position);   // velocity untouched
  void set_ball_velocity(const Vec3& velocity);   // linear velocity; spin zeroed (trainer semantics)
  Vec3 ball_position() const;
  Vec3 ball_velocity() const;

  // Sensor readings of one robot after the last step; false if absent.
  bool read_robot(RobotId robot, RobotReadings* out) const;
  Vec3 torso_position(RobotId robot) const;  // zero if absent
  // Torso centre below kStandingTorsoHeight (referee's "not standing").
  bool is_fallen(RobotId robot) const;
  // Axis-aligned world bounding box of all of a robot's colliders (referee placement checks).
  bool robot_bounds(RobotId robot, Vec3* min_corner, Vec3* max_corner) const;

  // Contacts of the last cycle (all substeps).
  const CycleContacts& last_contacts() const;
  // Which goal's trigger box (facts §3.4, §7.6) the ball sphere overlaps, if
  // any: centre past the goal line, |y| < 1.05, z < 0.842.
  GoalSide ball_in_goal() const;

  void snapshot(WorldSnapshot* out) const;

  // MuJoCo bookkeeping of the last substep, for benchmarks and diagnostics.
  struct Stats {
    int contacts = 0, constraints = 0;        // ncon, nefc
    int contact_capacity = 0, constraint_capacity = 0;
    int solver_iterations = 0;
    int substeps = 0;
    double timestep = 0;                      // s per substep
    long memory_bytes = 0;                    // mjData buffer + stack
    bool overflowed = false;                  // capacity ever exceeded
  };
  Stats stats() const;

  struct Impl;  // MuJoCo model/data and per-robot bookkeeping (physics_world.cpp)

 private:
  explicit PhysicsWorld(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace libero::sim
