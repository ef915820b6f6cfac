// Kinematics of a RobotDescription: forward kinematics of every body,
// centre of mass, sole and camera poses, analytic leg inverse kinematics with
// a damped-least-squares refinement, and head look-at.
//
// The split follows MuJoCo's mjModel/mjData: a KinematicModel is built once
// from the description (load time, may fail), then every call works on
// fixed-size arrays and never allocates, so it is safe in the cycle.
//
// Frames: the engine torso frame (x forward, y left, z up, origin at the torso
// centre). Every body frame has its origin at the body centre and, in the zero
// pose, the torso's orientation. Joint angles are radians, indexed by Joint
// (arrays of kJointCount doubles; joints the type lacks are ignored).
//
// Sole frame: origin on the sole plane straight below the ankle-pitch axis,
// orientation of the foot body. In the zero pose it sits at
// (ankle x, ankle y, -sole_height).
#pragma once

#include <cstdint>

#include "core/math.h"
#include "core/nao_joints.h"
#include "core/result.h"
#include "robot/description.h"

namespace libero::robot {

constexpr int kMaxBodies = 32;
constexpr int kLegJointCount = 6;  // hip yaw-pitch, hip roll, hip pitch, knee, ankle pitch, ankle roll

enum class Side : uint8_t { Right = 0, Left = 1 };

// The first leg joint of a side; the six leg joints are consecutive.
inline constexpr Joint first_leg_joint(Side side) {
  return side == Side::Right ? kRHipYawPitch : kLHipYawPitch;
}

struct LegChain {
  bool analytic = false;     // the geometry fits the analytic solver (NAO-like)
  int foot_body = -1;
  Vec3 anchor[kLegJointCount];  // joint anchors, torso frame, zero pose
  Vec3 axis[kLegJointCount];    // unit axes, torso frame, zero pose
  Vec3 sole_origin = Vec3::Zero();  // sole frame origin, torso frame, zero pose
  Vec3 sole_in_foot = Vec3::Zero(); // sole origin relative to the foot body centre
  // Hip decomposition: C maps axis[0] to z and axis[1] to x; C*axis[2] = Rx(gamma)*y.
  Mat3 hip_basis = Mat3::Identity();
  double hip_gamma = 0;
};

// Everything forward and inverse kinematics need, taken from a description.
struct KinematicModel {
  int body_count = 0;
  int parent[kMaxBodies] = {};
  int joint[kMaxBodies] = {};           // Joint of the body, -1 for the torso
  Vec3 position[kMaxBodies];            // body centre, torso frame, zero pose
  Vec3 axis[kMaxBodies];                // joint axis (unit), torso frame, zero pose
  Vec3 anchor[kMaxBodies];              // joint anchor, torso frame, zero pose
  double mass[kMaxBodies] = {};
  double total_mass = 0;
  bool joint_exists[kJointCount] = {};
  double min_angle[kJointCount] = {};
  double max_angle[kJointCount] = {};
  LegChain legs[2];                     // indexed by Side
  int camera_body = -1;
  Vec3 camera_offset = Vec3::Zero();    // camera relative to its body centre
  int head_yaw_body = -1, head_pitch_body = -1;  // bodies moved by hj1 / hj2, -1 if absent
};

// Pose of every body (index as in the description) in one reference frame.
struct BodyPoses {
  Iso3 pose[kMaxBodies];
  int count = 0;
};

// Load time: checks the tree fits the fixed arrays and prepares the legs.
Result<KinematicModel> build_kinematic_model(const RobotDescription& description);

// Poses of all bodies relative to the torso.
void forward_kinematics(const KinematicModel& model, const double* angles, BodyPoses* out);

// Poses of all bodies given that `known_body` has pose `known_pose` in some
// frame (e.g. the head in the field frame from localisation, or a sole on
// the ground): the result is in that frame.
void forward_kinematics_from(const KinematicModel& model, const double* angles, int known_body,
                             const Iso3& known_pose, BodyPoses* out);

// Centre of mass, in the frame of `poses`.
Vec3 center_of_mass(const KinematicModel& model, const BodyPoses& poses);

Iso3 sole_pose(const KinematicModel& model, const BodyPoses& poses, Side side);
Iso3 camera_pose(const KinematicModel& model, const BodyPoses& poses);

// Sole pose from the leg's six angles alone (leg_angles[0] = hip yaw-pitch).
Iso3 leg_sole_pose(const KinematicModel& model, Side side, const double* leg_angles);

// The hip frame: origin at the common point of the three hip axes, torso
// orientation. Targets "relative to the hip" are hip_frame * target.
Iso3 hip_frame(const KinematicModel& model, Side side);

struct LegIkResult {
  double angles[kLegJointCount] = {};  // within the joint limits
  bool reached = false;           // the target is met within kLegIkTolerance
  double position_error = 0;      // m, |achieved - target| of the sole origin
  double orientation_error = 0;   // rad, angle of the remaining rotation
};

constexpr double kLegIkTolerance = 1e-6;  // m and rad

// Joint angles placing the sole frame at `sole_in_torso`. Analytic solution
// (all branches, best one within the limits), then damped least squares when
// the limits or reach made it inexact; an unreachable target gives the
// nearest pose found (position weighted 10x over orientation per metre/rad)
// with reached = false.
LegIkResult solve_leg_ik(const KinematicModel& model, Side side, const Iso3& sole_in_torso);

// Same target given relative to the hip frame.
LegIkResult solve_leg_ik_from_hip(const KinematicModel& model, Side side, const Iso3& sole_in_hip);

// Copies a leg solution into a full joint-angle array.
void set_leg_angles(const LegIkResult& result, Side side, double* angles);

struct LookAtResult {
  double yaw = 0, pitch = 0;  // hj1, hj2 (rad), within limits
  bool reached = false;       // false when a limit was hit or the target is too close
};

// Neck yaw/pitch that point the camera's forward axis (+x of the head) at a
// point given in the torso frame.
LookAtResult look_at(const KinematicModel& model, const Vec3& target_in_torso);

}  // namespace libero::robot
