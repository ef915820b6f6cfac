// Forward kinematics uses the zero-pose form: every body frame has the torso's
// orientation in the zero pose, so a joint is "rotate by q about the zero-pose
// axis through the zero-pose anchor", and a chain is a product of such
// rotations (product of exponentials). Leg IK solves that product backwards
// with three classic subproblems (one rotation meeting a plane, one reaching a
// distance, one aligning two vectors) and a three-axis hip decomposition.
#include "robot/kinematics.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <Eigen/LU>

namespace libero::robot {

namespace {

constexpr double kGeometryEpsilon = 1e-9;
constexpr double kOrientationWeight = 0.1;  // 1 rad of orientation error counts like 0.1 m

Mat3 rotation(const Vec3& axis, double angle) { return Eigen::AngleAxisd(angle, axis).toRotationMatrix(); }

// Rotation by `angle` about the line through `anchor` along `axis`.
Iso3 rotation_about(const Vec3& axis, const Vec3& anchor, double angle) {
  Iso3 transform = Iso3::Identity();
  transform.linear() = rotation(axis, angle);
  transform.translation() = anchor - transform.linear() * anchor;
  return transform;
}

double wrap(double angle) { return normalize_angle(angle); }

double clamp(double value, double low, double high) { return std::min(std::max(value, low), high); }

// Solves a*cos(t) + b*sin(t) = c. Writes up to two solutions; when |c| > |(a,b)|
// writes the best approximation (the target cannot be met exactly).
int solve_cos_sin(double a, double b, double c, double out[2]) {
  double r = std::hypot(a, b);
  if (r < 1e-12) {
    out[0] = 0;
    return 1;
  }
  double phi = std::atan2(b, a);
  double ratio = clamp(c / r, -1.0, 1.0);
  double delta = std::acos(ratio);
  out[0] = wrap(phi + delta);
  out[1] = wrap(phi - delta);
  return delta < 1e-12 ? 1 : 2;
}

Vec3 project_out(const Vec3& v, const Vec3& axis) { return v - axis * axis.dot(v); }

// Rotation error as a rotation vector (target * current^T), in the common frame.
Vec3 rotation_error(const Mat3& target, const Mat3& current) {
  Eigen::AngleAxisd error(target * current.transpose());
  return error.axis() * error.angle();
}

Iso3 leg_product(const LegChain& leg, const double* q) {
  Iso3 product = Iso3::Identity();
  for (int k = 0; k < kLegJointCount; ++k) product = product * rotation_about(leg.axis[k], leg.anchor[k], q[k]);
  return product;
}

Iso3 sole_from_product(const LegChain& leg, const Iso3& product) {
  Iso3 sole = Iso3::Identity();
  sole.linear() = product.linear();
  sole.translation() = product * leg.sole_origin;
  return sole;
}

struct PoseError {
  double position = 0, orientation = 0;
  double weighted() const { return std::hypot(position, kOrientationWeight * orientation); }
};

PoseError pose_error(const Iso3& target, const Iso3& achieved) {
  PoseError error;
  error.position = (target.translation() - achieved.translation()).norm();
  error.orientation = rotation_error(target.linear(), achieved.linear()).norm();
  return error;
}

void clamp_leg(const KinematicModel& model, Side side, double* q) {
  int first = first_leg_joint(side);
  for (int k = 0; k < kLegJointCount; ++k)
    q[k] = clamp(wrap(q[k]), model.min_angle[first + k], model.max_angle[first + k]);
}

// Up to 8 analytic solutions for the product G (sole target composed with the
// inverse zero-pose sole offset). Returns how many were written.
int analytic_leg_solutions(const LegChain& leg, const Iso3& g, double out[8][kLegJointCount]) {
  const Vec3& hip = leg.anchor[0];
  const Vec3& pitch = leg.axis[2];  // hip pitch, knee and ankle pitch share this direction
  Vec3 h = g.inverse() * hip;       // the hip point seen from the zero-pose foot

  // Ankle roll (q5): after it the hip must lie in the pitch plane of the hip.
  Vec3 d = h - leg.anchor[5];
  const Vec3& roll = leg.axis[5];
  Vec3 d_parallel = roll * roll.dot(d);
  Vec3 d_perpendicular = d - d_parallel;
  double roll_solutions[2];
  int roll_count = solve_cos_sin(pitch.dot(d_perpendicular), pitch.dot(roll.cross(d_perpendicular)),
                                 pitch.dot(hip - leg.anchor[5]) - pitch.dot(d_parallel), roll_solutions);
  int count = 0;
  for (int r = 0; r < roll_count; ++r) {
    double q5 = roll_solutions[r];
    Vec3 w = leg.anchor[5] + rotation(roll, q5) * d;

    // Ankle pitch (q4): the knee rotation keeps the distance to the knee axis.
    Vec3 u = project_out(w - leg.anchor[4], pitch);
    Vec3 v = project_out(leg.anchor[4] - leg.anchor[3], pitch);
    double reach_squared = project_out(hip - leg.anchor[3], pitch).squaredNorm();
    double pitch_solutions[2];
    int pitch_count = solve_cos_sin(v.dot(u), v.dot(pitch.cross(u)),
                                    0.5 * (reach_squared - u.squaredNorm() - v.squaredNorm()), pitch_solutions);
    for (int p = 0; p < pitch_count; ++p) {
      double q4 = pitch_solutions[p];
      Vec3 point = leg.anchor[4] + rotation(pitch, q4) * (w - leg.anchor[4]);
      Vec3 knee_to_point = project_out(point - leg.anchor[3], pitch);
      Vec3 knee_to_hip = project_out(hip - leg.anchor[3], pitch);
      // Knee (q3): turn the point onto the hip about the knee axis.
      double q3 = std::atan2(pitch.dot(knee_to_point.cross(knee_to_hip)), knee_to_point.dot(knee_to_hip));

      // Hip: the remaining rotation, split over the three hip axes.
      Mat3 lower = rotation(leg.axis[3], q3) * rotation(leg.axis[4], q4) * rotation(roll, q5);
      Mat3 hip_rotation = g.linear() * lower.transpose();
      Mat3 n = leg.hip_basis * hip_rotation * leg.hip_basis.transpose() *
               Eigen::AngleAxisd(leg.hip_gamma, Vec3::UnitX()).toRotationMatrix();
      // n = Rz(q0) * Rx(q1 + gamma) * Ry(q2): two branches.
      double b = std::asin(clamp(n(2, 1), -1.0, 1.0));
      double branches[2][3] = {
          {std::atan2(-n(0, 1), n(1, 1)), b, std::atan2(-n(2, 0), n(2, 2))},
          {std::atan2(n(0, 1), -n(1, 1)), kPi - b, std::atan2(n(2, 0), -n(2, 2))},
      };
      for (const auto& branch : branches) {
        double* q = out[count++];
        q[0] = wrap(branch[0]);
        q[1] = wrap(branch[1] - leg.hip_gamma);
        q[2] = wrap(branch[2]);
        q[3] = q3;
        q[4] = q4;
        q[5] = q5;
      }
    }
  }
  return count;
}

// Damped least squares on the clamped leg, from `q`; keeps the best pose seen.
void refine_leg(const KinematicModel& model, Side side, const Iso3& target, double* q, PoseError* error) {
  const LegChain& leg = model.legs[static_cast<int>(side)];
  double trial[kLegJointCount];
  std::copy(q, q + kLegJointCount, trial);
  double best = error->weighted();
  // Stop when converged, or when the clamped problem stops improving (an
  // unreachable target): the cycle cannot afford hundreds of iterations.
  int stalled = 0;
  for (int iteration = 0; iteration < 100 && best > 1e-12 && stalled < 5; ++iteration) {
    // Geometric Jacobian at the sole origin: axes and anchors carried along the chain.
    Eigen::Matrix<double, 6, kLegJointCount> jacobian;
    Iso3 partial = Iso3::Identity();
    Iso3 current = leg_product(leg, trial);
    Vec3 sole_point = current * leg.sole_origin;
    for (int k = 0; k < kLegJointCount; ++k) {
      Vec3 axis = partial.linear() * leg.axis[k];
      Vec3 point = partial * leg.anchor[k];
      jacobian.block<3, 1>(0, k) = axis.cross(sole_point - point);
      jacobian.block<3, 1>(3, k) = kOrientationWeight * axis;
      partial = partial * rotation_about(leg.axis[k], leg.anchor[k], trial[k]);
    }
    Eigen::Matrix<double, 6, 1> residual;
    residual.head<3>() = target.translation() - sole_point;
    residual.tail<3>() = kOrientationWeight * rotation_error(target.linear(), current.linear());
    double damping = 1e-6 + 1e-2 * residual.squaredNorm();
    Eigen::Matrix<double, 6, 6> normal = jacobian * jacobian.transpose();
    normal.diagonal().array() += damping;
    Eigen::Matrix<double, kLegJointCount, 1> step = jacobian.transpose() * normal.partialPivLu().solve(residual);
    double largest = step.cwiseAbs().maxCoeff();
    if (largest > 0.2) step *= 0.2 / largest;
    for (int k = 0; k < kLegJointCount; ++k) trial[k] += step[k];
    clamp_leg(model, side, trial);

    PoseError trial_error = pose_error(target, sole_from_product(leg, leg_product(leg, trial)));
    if (trial_error.weighted() < best) {
      stalled = best - trial_error.weighted() < 1e-9 ? stalled + 1 : 0;
      best = trial_error.weighted();
      *error = trial_error;
      std::copy(trial, trial + kLegJointCount, q);
    } else {
      ++stalled;
    }
  }
}

bool close(const Vec3& a, const Vec3& b) { return (a - b).norm() < kGeometryEpsilon; }

Status prepare_leg(const RobotDescription& description, Side side, LegChain* leg) {
  int first = first_leg_joint(side);
  int previous_child = 0;
  for (int k = 0; k < kLegJointCount; ++k) {
    const JointDesc& joint = description.joints[first + k];
    if (!joint.exists)
      return make_error("leg joint " + std::string(kJointPerceptorNames[first + k]) + " is missing");
    if (joint.parent_body != previous_child)
      return make_error("leg joint " + std::string(kJointPerceptorNames[first + k]) + " is not a chain link");
    previous_child = joint.child_body;
    leg->anchor[k] = joint.anchor;
    leg->axis[k] = joint.axis;
  }
  leg->foot_body = previous_child;
  const BodyDesc& foot = description.bodies[leg->foot_body];
  leg->sole_origin = Vec3(leg->anchor[4].x(), leg->anchor[4].y(), -description.sole_height);
  leg->sole_in_foot = leg->sole_origin - foot.position;

  const Vec3* a = leg->axis;
  leg->analytic = close(leg->anchor[0], leg->anchor[1]) && close(leg->anchor[0], leg->anchor[2]) &&
                  std::abs(a[0].dot(a[1])) < kGeometryEpsilon && std::abs(a[1].dot(a[2])) < kGeometryEpsilon &&
                  a[2].cross(a[3]).norm() < kGeometryEpsilon && a[2].cross(a[4]).norm() < kGeometryEpsilon &&
                  a[4].cross(a[5]).norm() > 0.5;
  if (leg->analytic) {
    leg->hip_basis.row(0) = a[1].transpose();
    leg->hip_basis.row(1) = a[0].cross(a[1]).transpose();
    leg->hip_basis.row(2) = a[0].transpose();
    Vec3 mapped = leg->hip_basis * a[2];
    leg->hip_gamma = std::atan2(mapped.z(), mapped.y());
  }
  return {};
}

}  // namespace

Result<KinematicModel> build_kinematic_model(const RobotDescription& description) {
  KinematicModel model;
  int count = static_cast<int>(description.bodies.size());
  if (count < 1 || count > kMaxBodies)
    return make_error("kinematics: " + std::to_string(count) + " bodies (1.." + std::to_string(kMaxBodies) +
                      " supported)");
  model.body_count = count;
  for (int i = 0; i < count; ++i) {
    const BodyDesc& body = description.bodies[i];
    if (i > 0 && (body.parent < 0 || body.parent >= i || body.joint < 0 || body.joint >= kJointCount))
      return make_error("kinematics: body " + body.name + " must follow its parent and have a joint");
    model.parent[i] = body.parent;
    model.joint[i] = body.joint;
    model.position[i] = body.position;
    model.mass[i] = body.mass;
    model.total_mass += body.mass;
    model.axis[i] = Vec3::UnitZ();
    model.anchor[i] = body.position;
    if (i > 0) {
      const JointDesc& joint = description.joints[body.joint];
      model.axis[i] = joint.axis.normalized();
      model.anchor[i] = joint.anchor;
    }
  }
  for (int j = 0; j < kJointCount; ++j) {
    model.joint_exists[j] = description.joints[j].exists;
    model.min_angle[j] = description.joints[j].min_angle;
    model.max_angle[j] = description.joints[j].max_angle;
  }
  for (Side side : {Side::Right, Side::Left}) {
    Status status = prepare_leg(description, side, &model.legs[static_cast<int>(side)]);
    if (!status) return make_error("kinematics: " + status.error().message);
  }
  model.camera_body = description.camera_body;
  model.camera_offset = description.camera_offset;
  if (model.camera_body < 0 || model.camera_body >= count) return make_error("kinematics: no camera body");

  // Look-at needs the NAO neck: yaw about z, then pitch about y, with the
  // pitch anchor and the camera on the yaw axis.
  const JointDesc& yaw = description.joints[kNeckYaw];
  const JointDesc& pitch = description.joints[kNeckPitch];
  if (yaw.exists && pitch.exists) {
    Vec3 camera = description.bodies[model.camera_body].position + model.camera_offset;
    Vec3 pitch_to_camera = camera - pitch.anchor;
    bool fits = close(yaw.axis, Vec3::UnitZ()) && std::abs(std::abs(pitch.axis.y()) - 1) < kGeometryEpsilon &&
                std::hypot(pitch.anchor.x() - yaw.anchor.x(), pitch.anchor.y() - yaw.anchor.y()) < kGeometryEpsilon &&
                std::hypot(pitch_to_camera.x(), pitch_to_camera.y()) < kGeometryEpsilon;
    if (fits) {
      model.head_yaw_body = yaw.child_body;
      model.head_pitch_body = pitch.child_body;
    }
  }
  return model;
}

void forward_kinematics(const KinematicModel& model, const double* angles, BodyPoses* out) {
  out->count = model.body_count;
  out->pose[0] = Iso3::Identity();
  out->pose[0].translation() = model.position[0];
  for (int i = 1; i < model.body_count; ++i) {
    // In the parent's frame: rotate about the anchor, then move to the child's centre.
    const Vec3& parent_position = model.position[model.parent[i]];
    Mat3 turn = rotation(model.axis[i], angles[model.joint[i]]);
    Iso3 local = Iso3::Identity();
    local.linear() = turn;
    local.translation() = (model.anchor[i] - parent_position) + turn * (model.position[i] - model.anchor[i]);
    out->pose[i] = out->pose[model.parent[i]] * local;
  }
}

void forward_kinematics_from(const KinematicModel& model, const double* angles, int known_body,
                             const Iso3& known_pose, BodyPoses* out) {
  forward_kinematics(model, angles, out);
  if (known_body < 0 || known_body >= model.body_count) return;
  Iso3 torso = known_pose * out->pose[known_body].inverse();
  for (int i = 0; i < model.body_count; ++i) out->pose[i] = torso * out->pose[i];
}

Vec3 center_of_mass(const KinematicModel& model, const BodyPoses& poses) {
  Vec3 sum = Vec3::Zero();
  for (int i = 0; i < model.body_count; ++i) sum += model.mass[i] * poses.pose[i].translation();
  return sum / model.total_mass;
}

Iso3 sole_pose(const KinematicModel& model, const BodyPoses& poses, Side side) {
  const LegChain& leg = model.legs[static_cast<int>(side)];
  Iso3 sole = poses.pose[leg.foot_body];
  sole.translation() = poses.pose[leg.foot_body] * leg.sole_in_foot;
  return sole;
}

Iso3 camera_pose(const KinematicModel& model, const BodyPoses& poses) {
  Iso3 camera = poses.pose[model.camera_body];
  camera.translation() = poses.pose[model.camera_body] * model.camera_offset;
  return camera;
}

Iso3 leg_sole_pose(const KinematicModel& model, Side side, const double* leg_angles) {
  const LegChain& leg = model.legs[static_cast<int>(side)];
  return sole_from_product(leg, leg_product(leg, leg_angles));
}

Iso3 hip_frame(const KinematicModel& model, Side side) {
  Iso3 hip = Iso3::Identity();
  hip.translation() = model.legs[static_cast<int>(side)].anchor[0];
  return hip;
}

LegIkResult solve_leg_ik(const KinematicModel& model, Side side, const Iso3& sole_in_torso) {
  const LegChain& leg = model.legs[static_cast<int>(side)];
  LegIkResult result;
  PoseError best;
  best.position = best.orientation = 1e300;

  if (leg.analytic) {
    Iso3 product_target = Iso3::Identity();
    product_target.linear() = sole_in_torso.linear();
    product_target.translation() = sole_in_torso.translation() - sole_in_torso.linear() * leg.sole_origin;
    double candidates[8][kLegJointCount];
    int count = analytic_leg_solutions(leg, product_target, candidates);
    for (int c = 0; c < count; ++c) {
      clamp_leg(model, side, candidates[c]);
      PoseError error = pose_error(sole_in_torso, leg_sole_pose(model, side, candidates[c]));
      if (error.weighted() < best.weighted()) {
        best = error;
        std::copy(candidates[c], candidates[c] + kLegJointCount, result.angles);
      }
    }
  }
  if (!leg.analytic) {
    std::fill(result.angles, result.angles + kLegJointCount, 0.0);
    clamp_leg(model, side, result.angles);
    best = pose_error(sole_in_torso, leg_sole_pose(model, side, result.angles));
  }
  if (best.position > 1e-10 || best.orientation > 1e-10) refine_leg(model, side, sole_in_torso, result.angles, &best);

  result.position_error = best.position;
  result.orientation_error = best.orientation;
  result.reached = best.position <= kLegIkTolerance && best.orientation <= kLegIkTolerance;
  return result;
}

LegIkResult solve_leg_ik_from_hip(const KinematicModel& model, Side side, const Iso3& sole_in_hip) {
  return solve_leg_ik(model, side, hip_frame(model, side) * sole_in_hip);
}

void set_leg_angles(const LegIkResult& result, Side side, double* angles) {
  int first = first_leg_joint(side);
  for (int k = 0; k < kLegJointCount; ++k) angles[first + k] = result.angles[k];
}

LookAtResult look_at(const KinematicModel& model, const Vec3& target_in_torso) {
  LookAtResult result;
  if (model.head_yaw_body < 0) return result;
  const Vec3& yaw_anchor = model.anchor[model.head_yaw_body];
  const Vec3& pitch_anchor = model.anchor[model.head_pitch_body];
  Vec3 camera = model.position[model.camera_body] + model.camera_offset;

  Vec3 relative = target_in_torso - yaw_anchor;
  double horizontal = std::hypot(relative.x(), relative.y());
  double yaw = horizontal > 1e-12 ? std::atan2(relative.y(), relative.x()) : 0.0;

  // In the yawed head plane: the camera sits `lift` above the pitch axis and
  // looks along the head's x; find the pitch whose view ray meets the target.
  double height = target_in_torso.z() - pitch_anchor.z();
  double lift = camera.z() - pitch_anchor.z();
  double distance = std::hypot(horizontal, height);
  bool reachable = distance > std::abs(lift) + 1e-9;
  double pitch = 0;
  if (reachable) pitch = std::atan2(height, horizontal) - std::asin(lift / distance);
  if (model.axis[model.head_pitch_body].y() > 0) pitch = -pitch;  // positive about -y looks up

  result.yaw = clamp(yaw, model.min_angle[kNeckYaw], model.max_angle[kNeckYaw]);
  result.pitch = clamp(pitch, model.min_angle[kNeckPitch], model.max_angle[kNeckPitch]);
  result.reached = reachable && result.yaw == yaw && result.pitch == pitch;
  return result;
}

}  // namespace libero::robot
