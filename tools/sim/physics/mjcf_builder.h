// Writes the MJCF (MuJoCo XML) of the whole world: field, goals, outer walls,
// ball and every robot built from its RobotDescription. The world is rebuilt
// from scratch whenever a robot joins or leaves; names tie the old state to
// the new model (see physics_world.cpp).
#pragma once

#include <string>

#include "core/math.h"
#include "physics_params.h"
#include "robot/description.h"

namespace libero::sim {

struct MjcfRobot {
  int id = 0;        // RobotId, used in element names
  int slot = 0;      // 0..kMaxRobots-1, selects the collision bit
  const robot::RobotDescription* description = nullptr;
  Vec3 torso_position = Vec3(0, 0, 0.4);  // initial pose in the XML (state is carried over for old robots)
  double heading = 0;
};

// Element names. Body i of robot r is "r<r>_b<i>", its hinge "r<r>_j<Joint>",
// the torso's free joint "r<r>_root"; the ball is body/joint "ball".
std::string robot_body_name(int robot_id, int body_index);
std::string robot_joint_name(int robot_id, int joint);
std::string robot_root_joint_name(int robot_id);

// substeps: MuJoCo steps per 20 ms cycle (sets the timestep and the motor
// and limit time constants, which are expressed in substeps); params: the
// contact, friction and motor parameters written into the model.
std::string build_world_mjcf(const MjcfRobot* robots, int robot_count, int substeps, const PhysicsParams& params);

// Principal moments of a uniform-density shape of the given mass, about its
// centre, in its own frame: what ODE's dMassSet*Total compute.
Vec3 shape_inertia(const robot::Shape& shape, double mass);

}  // namespace libero::sim
