#include "world/body_geometry.h"

#include <cmath>

#include "robot/description.h"
#include "robot/kinematics.h"

namespace libero::world {

struct BodyGeometry::Kinematics {
  robot::KinematicModel model;
  robot::BodyPoses poses;
  double zero_pose_height = 0;
};

BodyGeometry::BodyGeometry(int robot_type) {
  // simspark-facts.md section 2, "resulting geometry".
  switch (robot_type) {
    case 1: thigh_ = 0.13832; shank_ = 0.11832; break;
    case 3: thigh_ = 0.147868424; shank_ = 0.127868424; hip_half_width_ = 0.072954143; break;
    default: break;
  }
}

BodyGeometry::BodyGeometry(const std::string& robots_dir, const std::string& model, int robot_type)
    : BodyGeometry(robot_type) {
  if (robots_dir.empty()) return;
  Result<robot::RobotDescription> description = robot::load_robot_description(robots_dir, model, robot_type);
  if (!description.ok()) return;
  Result<robot::KinematicModel> kinematic = robot::build_kinematic_model(*description);
  if (!kinematic.ok() || kinematic->camera_body < 0) return;
  kinematics_ = std::make_unique<Kinematics>();
  kinematics_->model = std::move(*kinematic);
  kinematics_->zero_pose_height = description->sole_height;
  set_joint_angles(joints_);
}

BodyGeometry::~BodyGeometry() = default;

void BodyGeometry::set_joint_angles(const double q[kJointCount]) {
  for (int j = 0; j < kJointCount; ++j) joints_[j] = q[j];
  if (kinematics_) robot::forward_kinematics(kinematics_->model, joints_, &kinematics_->poses);
}

CameraInTorso BodyGeometry::camera_in_torso() const {
  CameraInTorso camera;
  if (kinematics_) {
    Iso3 pose = robot::camera_pose(kinematics_->model, kinematics_->poses);
    camera.rotation = pose.linear();
    camera.position = pose.translation();
    return camera;
  }
  // hj1 (yaw about z at (0, 0, 0.09)) -> hj2 (pitch at (0, 0, 0.15); its
  // RSG axis +x_rsg is -y here, so positive pitch looks up) -> head centre
  // 0.005 above hj2.
  Mat3 yaw = rot_z(joints_[kNeckYaw]);
  Mat3 pitch = rot_y(-joints_[kNeckPitch]);
  camera.rotation = yaw * pitch;
  camera.position = Vec3(0, 0, 0.09) + yaw * (Vec3(0, 0, 0.06) + pitch * Vec3(0, 0, 0.005));
  return camera;
}

double BodyGeometry::torso_height(const Mat3& tilt) const {
  if (kinematics_) {
    double lowest = 0;
    for (robot::Side side : {robot::Side::Right, robot::Side::Left}) {
      Vec3 sole = tilt * robot::sole_pose(kinematics_->model, kinematics_->poses, side).translation();
      if (sole.z() < lowest) lowest = sole.z();
    }
    return -lowest;
  }
  // Planar legs in the sagittal plane, the longer one on the ground.
  auto leg = [&](Joint hip_pitch, Joint knee, Joint hip_roll) {
    double a_thigh = joints_[hip_pitch];
    double a_shank = a_thigh + joints_[knee];
    double height = thigh_ * std::cos(a_thigh) + shank_ * std::cos(a_shank);
    return hip_drop_ + height * std::cos(joints_[hip_roll]) + ankle_to_sole_;
  };
  double right = leg(kRHipPitch, kRKneePitch, kRHipRoll);
  double left = leg(kLHipPitch, kLKneePitch, kLHipRoll);
  double tilt_cosine = tilt(2, 2);  // cos(roll) cos(pitch)
  return (right > left ? right : left) * tilt_cosine;
}

double BodyGeometry::zero_pose_height() const {
  if (kinematics_) return kinematics_->zero_pose_height;
  return hip_drop_ + thigh_ + shank_ + ankle_to_sole_;
}

Vec3 BodyGeometry::centre_of_mass() const {
  if (kinematics_) return robot::center_of_mass(kinematics_->model, kinematics_->poses);
  // Point masses of torso, head and legs, arms near the shoulders: good to a
  // centimetre or two.
  double mass = 1.2171 + 0.05 + 0.35;
  Vec3 sum = Vec3(0, 0, 0.09) * 0.05 + Vec3(0, 0, 0.155) * 0.35;
  for (int side = 0; side < 2; ++side) {
    double y = side == 0 ? -hip_half_width_ : hip_half_width_;
    Joint hip = side == 0 ? kRHipPitch : kLHipPitch;
    Joint knee = side == 0 ? kRKneePitch : kLKneePitch;
    double a_thigh = joints_[hip], a_shank = a_thigh + joints_[knee];
    Vec3 hip_point(0, y, -hip_drop_);
    // Positive hip pitch swings the leg forward.
    Vec3 knee_point = hip_point + thigh_ * Vec3(std::sin(a_thigh), 0, -std::cos(a_thigh));
    Vec3 ankle_point = knee_point + shank_ * Vec3(std::sin(a_shank), 0, -std::cos(a_shank));
    sum += 0.215 * hip_point + 0.275 * (hip_point + knee_point) / 2 + 0.225 * (knee_point + ankle_point) / 2 +
           0.325 * (ankle_point + Vec3(0.03, 0, -0.04));
    mass += 0.215 + 0.275 + 0.225 + 0.325;
    Joint shoulder = side == 0 ? kRShoulderPitch : kLShoulderPitch;
    double a = joints_[shoulder];
    Vec3 arm(0.08 * std::cos(a), y * 1.8, 0.075 + 0.08 * std::sin(a));
    sum += 0.455 * arm;
    mass += 0.455;
  }
  return sum / mass;
}

}  // namespace libero::world
