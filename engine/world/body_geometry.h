// The few pieces of own-body geometry the world model needs: where the camera
// sits relative to the torso for given neck angles, how high the torso is
// above the ground for given leg angles, and a coarse centre of mass.
// Numbers are the rcssserver3d NAO (simspark-facts.md sections 1-2) in the
// standard torso frame (x forward, y left, z up).
//
// This is a small internal interface on purpose: the robot part's forward
// kinematics (engine/robot/kinematics.h) computes the same chain from the
// robot description; body_geometry.cpp is the only file that needs to change
// to switch over.
#pragma once

#include "core/math.h"
#include "core/nao_joints.h"

namespace libero::world {

struct CameraInTorso {
  Mat3 rotation;  // camera (head) frame axes expressed in the torso frame
  Vec3 position;  // camera (head-sphere centre) in the torso frame, m
};

class BodyGeometry {
 public:
  explicit BodyGeometry(int robot_type = 0);

  // Head chain: torso -> hj1 (yaw about z at (0, 0, 0.09)) -> hj2 (pitch,
  // positive looks up, at (0, 0, 0.15)) -> head centre 0.005 above hj2.
  CameraInTorso camera_in_torso(const double joint_angles[kJointCount]) const;

  // Height of the torso centre above the lower sole when upright, from the
  // sagittal leg angles (hip pitch, knee, ankle) of the longer leg.
  double standing_torso_height(const double joint_angles[kJointCount]) const;

  // Torso centre above the soles in the zero pose for this hetero type.
  double zero_pose_height() const { return hip_drop_ + thigh_ + shank_ + ankle_to_sole_; }

  // Centre of mass in the torso frame (point masses of the main parts).
  Vec3 centre_of_mass(const double joint_angles[kJointCount]) const;

 private:
  double hip_drop_ = 0.115;      // torso centre to hip joints (vertical)
  double hip_half_width_ = 0.055;
  double thigh_ = 0.12;          // hip pitch to knee
  double shank_ = 0.10;          // knee to ankle
  double ankle_to_sole_ = 0.05;
};

}  // namespace libero::world
