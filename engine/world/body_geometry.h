// The few pieces of own-body geometry the world model needs: where the camera
// sits relative to the torso for given joint angles, how high the torso is
// above the ground, and the centre of mass. Standard torso frame (x forward,
// y left, z up).
//
// With a robot description (robots/<model>/, loaded at start-up) everything
// comes from the robot part's forward kinematics. Without one (no robots
// directory given, or it fails to load) a built-in NAO head chain and planar
// leg model with the rcssserver3d numbers (simspark-facts.md sections 1-2)
// stand in, so the world model always works.
#pragma once

#include <memory>
#include <string>

#include "core/math.h"
#include "core/nao_joints.h"

namespace libero::world {

struct CameraInTorso {
  Mat3 rotation;  // camera (head) frame axes expressed in the torso frame
  Vec3 position;  // camera (head-sphere centre) in the torso frame, m
};

class BodyGeometry {
 public:
  // Built-in NAO numbers for this hetero type.
  explicit BodyGeometry(int robot_type = 0);
  // From robots_dir/<model>/ through the robot part's kinematics; falls back
  // to the built-in numbers when loading fails (see uses_kinematics()).
  BodyGeometry(const std::string& robots_dir, const std::string& model, int robot_type);
  ~BodyGeometry();
  BodyGeometry(const BodyGeometry&) = delete;
  BodyGeometry& operator=(const BodyGeometry&) = delete;

  // Recomputes the body poses for this cycle's joint angles (call once per
  // cycle before the queries below).
  void set_joint_angles(const double joint_angles[kJointCount]);

  CameraInTorso camera_in_torso() const;
  // Torso centre above the ground when upright, given the tilt (torso ->
  // level rotation): the lower sole is taken to be on the ground.
  double torso_height(const Mat3& tilt) const;
  // Torso centre above the soles in the zero pose.
  double zero_pose_height() const;
  Vec3 centre_of_mass() const;

  bool uses_kinematics() const { return kinematics_ != nullptr; }

 private:
  struct Kinematics;
  std::unique_ptr<Kinematics> kinematics_;
  double joints_[kJointCount] = {};
  // Built-in model.
  double hip_drop_ = 0.115;      // torso centre to hip joints (vertical)
  double hip_half_width_ = 0.055;
  double thigh_ = 0.12;          // hip pitch to knee
  double shank_ = 0.10;          // knee to ankle
  double ankle_to_sole_ = 0.05;
};

}  // namespace libero::world
