#include "world/body_geometry.h"

#include <cmath>

namespace libero::world {

namespace {
Mat3 rot_z(double a) { return Eigen::AngleAxisd(a, Vec3::UnitZ()).toRotationMatrix(); }
Mat3 rot_y(double a) { return Eigen::AngleAxisd(a, Vec3::UnitY()).toRotationMatrix(); }
}  // namespace

BodyGeometry::BodyGeometry(int robot_type) {
  // simspark-facts.md section 2, "resulting geometry".
  switch (robot_type) {
    case 1: thigh_ = 0.13832; shank_ = 0.11832; break;
    case 3: thigh_ = 0.147868424; shank_ = 0.127868424; hip_half_width_ = 0.072954143; break;
    default: break;
  }
}

CameraInTorso BodyGeometry::camera_in_torso(const double q[kJointCount]) const {
  // hj2's RSG axis is +x_rsg = -y in the standard frame: positive pitch
  // rotates the forward axis up.
  Mat3 yaw = rot_z(q[kNeckYaw]);
  Mat3 pitch = rot_y(-q[kNeckPitch]);
  CameraInTorso camera;
  camera.rotation = yaw * pitch;
  camera.position = Vec3(0, 0, 0.09) + yaw * (Vec3(0, 0, 0.06) + pitch * Vec3(0, 0, 0.005));
  return camera;
}

double BodyGeometry::standing_torso_height(const double q[kJointCount]) const {
  // Planar leg in the sagittal plane; the hip roll/ankle roll of a normal
  // stance are small, their cosine is folded in.
  auto leg = [&](Joint hip_pitch, Joint knee, Joint hip_roll) {
    double a_thigh = q[hip_pitch];
    double a_shank = a_thigh + q[knee];
    double height = thigh_ * std::cos(a_thigh) + shank_ * std::cos(a_shank);
    return (hip_drop_ + height * std::cos(q[hip_roll]) + ankle_to_sole_);
  };
  double right = leg(kRHipPitch, kRKneePitch, kRHipRoll);
  double left = leg(kLHipPitch, kLKneePitch, kLHipRoll);
  return right > left ? right : left;
}

Vec3 BodyGeometry::centre_of_mass(const double q[kJointCount]) const {
  // Torso, head and the two legs (thigh, shank, foot), arms at the shoulder
  // line: good to a centimetre or two, which is all the behaviours need.
  double mass = 1.2171 + 0.05 + 0.35;  // torso, neck, head (on the z axis)
  Vec3 sum = Vec3(0, 0, 0.09) * 0.05 + Vec3(0, 0, 0.155) * 0.35;
  for (int side = 0; side < 2; ++side) {
    double y = side == 0 ? -hip_half_width_ : hip_half_width_;
    Joint hip = side == 0 ? kRHipPitch : kLHipPitch;
    Joint knee = side == 0 ? kRKneePitch : kLKneePitch;
    double a_thigh = q[hip], a_shank = a_thigh + q[knee];
    Vec3 hip_point(0, y, -hip_drop_);
    // Positive hip pitch swings the leg forward.
    Vec3 knee_point = hip_point + thigh_ * Vec3(std::sin(a_thigh), 0, -std::cos(a_thigh));
    Vec3 ankle_point = knee_point + shank_ * Vec3(std::sin(a_shank), 0, -std::cos(a_shank));
    sum += 0.215 * hip_point + 0.275 * (hip_point + knee_point) / 2 + 0.225 * (knee_point + ankle_point) / 2 +
           0.325 * (ankle_point + Vec3(0.03, 0, -0.04));
    mass += 0.215 + 0.275 + 0.225 + 0.325;
    // Arms: shoulder + upper arm + elbow + lower arm, ~0.455 kg, roughly at the shoulder.
    Joint shoulder = side == 0 ? kRShoulderPitch : kLShoulderPitch;
    double a = q[shoulder];
    Vec3 arm(0.08 * std::cos(a), y * 1.8, 0.075 + 0.08 * std::sin(a));
    sum += 0.455 * arm;
    mass += 0.455;
  }
  return sum / mass;
}

}  // namespace libero::world
