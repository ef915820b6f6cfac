#include "motion/leg_ik.h"

#include <algorithm>
#include <cmath>

namespace libero::motion {

namespace {

// The pitch joints turn about -y (positive hip pitch swings the leg forward).
Mat3 pitch(double a) { return rot_y(-a); }

// Hip yaw-pitch axes: right (0, s, s), left (0, s, -s) with s = 1/sqrt(2),
// i.e. the z axis turned about x by -45 degrees (right) or the negated z axis
// turned by +45 degrees (left). So R(axis, q) = Rx(-+45) Rz(+-q) Rx(+-45).
constexpr double kQuarter = kPi / 4;
double sign_of(Side side) { return side == kRight ? 1.0 : -1.0; }

Mat3 hip_rotation(Side side, double yaw_pitch, double roll) {
  double s = sign_of(side);
  return rot_x(-s * kQuarter) * rot_z(s * yaw_pitch) * rot_x(s * kQuarter + roll);
}

// Solves a*cos(t) + b*sin(t) = c for t, choosing the root with the given
// sign preference; clamps when |c| exceeds the amplitude.
double solve_trig(double a, double b, double c, bool prefer_negative, bool* clamped) {
  double r = std::hypot(a, b);
  double ratio = r > 1e-12 ? c / r : 0;
  if (ratio > 1) { ratio = 1; *clamped = true; }
  if (ratio < -1) { ratio = -1; *clamped = true; }
  double base = std::atan2(b, a);
  double delta = std::acos(ratio);
  double t1 = normalize_angle(base + delta), t2 = normalize_angle(base - delta);
  if (prefer_negative) return std::min(t1, t2);
  return std::abs(t1) < std::abs(t2) ? t1 : t2;
}

}  // namespace

Joint leg_joint(Side side, int k) {
  return static_cast<Joint>((side == kLeft ? kLHipYawPitch : kRHipYawPitch) + k);
}

LegGeometry default_leg_geometry() {
  LegGeometry g;
  g.hip[kLeft] = Vec3(-0.01, 0.055, -0.115);
  g.hip[kRight] = Vec3(-0.01, -0.055, -0.115);
  g.thigh = Vec3(0.005, 0, -0.12);
  g.shank = Vec3(0, 0, -0.10);
  g.ankle_to_sole = 0.05;
  g.foot_center_x = 0.03;
  return g;
}

LegGeometry leg_geometry_from(const robot::RobotDescription& d) {
  LegGeometry g = default_leg_geometry();
  const robot::JointDesc& lhip = d.joints[kLHipPitch];
  const robot::JointDesc& rhip = d.joints[kRHipPitch];
  const robot::JointDesc& knee = d.joints[kLKneePitch];
  const robot::JointDesc& ankle = d.joints[kLFootPitch];
  if (lhip.exists && rhip.exists && knee.exists && ankle.exists) {
    g.hip[kLeft] = lhip.anchor;
    g.hip[kRight] = rhip.anchor;
    g.thigh = knee.anchor - lhip.anchor;
    g.shank = ankle.anchor - knee.anchor;
    if (d.sole_height > 0) g.ankle_to_sole = d.sole_height + ankle.anchor.z();
    int foot = d.body_index("lfoot");
    if (foot >= 0) g.foot_center_x = d.bodies[foot].position.x() - ankle.anchor.x();
  }
  return g;
}

void leg_forward(const LegGeometry& g, Side side, const LegAngles& a, Vec3* ankle, Mat3* foot) {
  Mat3 hip = hip_rotation(side, a.q[0], a.q[1]) * pitch(a.q[2]);
  Mat3 shank = hip * pitch(a.q[3]);
  *ankle = g.hip[side] + hip * g.thigh + shank * g.shank;
  *foot = shank * pitch(a.q[4]) * rot_x(a.q[5]);
}

bool solve_leg(const LegGeometry& g, Side side, const Vec3& ankle, const Mat3& foot,
               LegAngles* out) {
  bool clamped = false;
  Vec3 p = ankle - g.hip[side];
  // Knee from the hip-ankle distance: |t + P(q4) s|^2 = |p|^2, with
  // P(q4) s = (sx c - sz s, ., sx s + sz c) for a rotation about -y.
  const Vec3& t = g.thigh;
  const Vec3& s = g.shank;
  double dot_c = t.x() * s.x() + t.z() * s.z();
  double dot_s = -t.x() * s.z() + t.z() * s.x();
  double want = 0.5 * (p.squaredNorm() - t.squaredNorm() - s.squaredNorm());
  double knee = solve_trig(dot_c, dot_s, want, true, &clamped);
  if (knee > 0) knee = 0;  // the knee only bends backwards

  // w = hip -> ankle in the thigh frame, ankle -> hip seen from the foot.
  Vec3 w = t + pitch(knee) * s;
  Vec3 h = foot.transpose() * (-p);
  double roll = std::atan2(h.y(), h.z());
  double down = -std::hypot(h.y(), h.z());
  // Rotating w about +y by alpha turns atan2(x, z) by alpha.
  double alpha = std::atan2(-h.x(), down) - std::atan2(w.x(), w.z());
  alpha = normalize_angle(alpha);
  double ankle_pitch = alpha - knee;  // P(-(q4 + q5)) = Ry(q4 + q5), so alpha = q4 + q5

  // Hip: M = H(q1, q2) * P(q3) with H = Rx(-+45) Rz(+-q1) Rx(+-45 + q2).
  Mat3 m = foot * rot_x(-roll) * pitch(-(knee + ankle_pitch));
  double sg = sign_of(side);
  Mat3 n = rot_x(sg * kQuarter) * m;  // = Rz(a) Rx(b) Ry(c)
  double b = std::asin(std::clamp(n(2, 1), -1.0, 1.0));
  double c = std::atan2(-n(2, 0), n(2, 2));
  double a = std::atan2(-n(0, 1), n(1, 1));
  out->q[0] = sg * a;
  out->q[1] = b - sg * kQuarter;
  out->q[2] = -c;
  out->q[3] = knee;
  out->q[4] = ankle_pitch;
  out->q[5] = roll;
  return !clamped;
}

}  // namespace libero::motion
