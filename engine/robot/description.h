// Robot description: everything about a robot type that does not change
// during a match, loaded from robots/<model>/ data files. Both the engine
// (kinematics) and the simulator (MuJoCo model) are built from it, so they
// cannot disagree.
//
// Frame: the standard robotics torso frame, x forward, y left, z up, origin
// at the torso centre, in the zero pose (all joints 0, arms forward). The
// SimSpark RSG files use x right, y forward; the loader converts
// (x_std = y_rsg, y_std = -x_rsg). Units: m, kg, rad, rad/s, N*m.
#pragma once

#include <string>
#include <vector>

#include "core/math.h"
#include "core/nao_joints.h"
#include "core/result.h"

namespace libero::robot {

enum class ShapeKind { Sphere, Box, Capsule };

struct Shape {
  ShapeKind kind = ShapeKind::Box;
  Vec3 size = Vec3::Zero();  // box: full edge lengths; sphere: (r,0,0); capsule: (r, cylinder length, 0) along z
};

struct BodyDesc {
  std::string name;            // "torso", "head", "rthigh", ...
  int parent = -1;             // index into bodies, -1 for the torso
  int joint = -1;              // Joint connecting it to the parent (a Joint value), -1 for the torso
  double mass = 0;
  Vec3 position = Vec3::Zero();  // body centre (= CoM) relative to the torso centre, zero pose
  Shape inertia_shape;         // shape the inertia is computed from (uniform density)
  bool has_collider = false;   // collision geometry equals inertia_shape when true
  std::string marker;          // vision marker name seen by others ("head", "rfoot", ...) or empty
};

struct JointDesc {
  bool exists = false;         // toes exist only on type 4
  Joint id = kJointCount;
  int parent_body = -1, child_body = -1;
  Vec3 anchor = Vec3::Zero();  // relative to the torso centre, zero pose
  Vec3 axis = Vec3::UnitX();   // unit vector, torso frame, zero pose; positive angle = right-handed
  double min_angle = 0, max_angle = 0;  // rad
  double max_speed = 0;        // rad/s
  double max_torque = 0;       // N*m
};

struct RobotDescription {
  std::string model;           // "nao"
  int type = 0;                // hetero type 0-4
  std::vector<BodyDesc> bodies;          // bodies[0] is the torso
  JointDesc joints[kJointCount];         // indexed by Joint
  double total_mass = 0;
  double sole_height = 0;      // torso centre above the soles in the zero pose
  int camera_body = -1;        // the body carrying the camera (head)
  Vec3 camera_offset = Vec3::Zero();  // camera relative to that body's centre

  int body_index(const std::string& name) const;  // -1 if absent
};

// Loads robots/<model>/ for the given hetero type from `robots_dir`.
Result<RobotDescription> load_robot_description(const std::string& robots_dir,
                                                const std::string& model, int type);

}  // namespace libero::robot
