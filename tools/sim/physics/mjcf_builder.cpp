#include "mjcf_builder.h"

#include <cmath>
#include <cstdarg>
#include <cstdio>

#include "physics_world.h"

namespace libero::sim {
namespace {

// Collision filtering with contype/conaffinity bits: robot slot s owns bit s
// and accepts every bit but its own, so one robot's parts never collide with
// each other (SimSpark's disableInnerCollision) while different robots, the
// ball and the static geometry all collide.
constexpr unsigned kBallBit = 1u << 23;
constexpr unsigned kStaticBit = 1u << 24;
constexpr unsigned kAllBits = (1u << 25) - 1;

void append(std::string* out, const char* format, ...) __attribute__((format(printf, 2, 3)));
void append(std::string* out, const char* format, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, format);
  int n = std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  if (n > 0) out->append(buffer, static_cast<size_t>(n) < sizeof buffer ? n : sizeof buffer - 1);
}

void append_static_box(std::string* out, const char* name, double cx, double cy, double cz, double sx,
                       double sy, double sz) {
  append(out,
         "    <geom name=\"%s\" type=\"box\" pos=\"%.17g %.17g %.17g\" size=\"%.17g %.17g %.17g\""
         " class=\"static\"/>\n",
         name, cx, cy, cz, sx / 2, sy / 2, sz / 2);
}

void append_goal(std::string* out, const char* side, double sign) {
  // facts §3.4: side walls, back wall, roof; the trigger box is analytic (ball_in_goal).
  char name[64];
  const double depth_centre = sign * (kFieldLength / 2 + kGoalDepth / 2);  // 15.3
  for (int wall = 0; wall < 2; ++wall) {
    std::snprintf(name, sizeof name, "goal_%s_side%d", side, wall);
    append_static_box(out, name, depth_centre, (wall == 0 ? 1 : -1) * 1.07, 0.4, 0.6, 0.04, 0.8);
  }
  std::snprintf(name, sizeof name, "goal_%s_back", side);
  append_static_box(out, name, sign * 15.58, 0, 0.4, 0.04, 2.1, 0.8);
  std::snprintf(name, sizeof name, "goal_%s_roof", side);
  append_static_box(out, name, depth_centre, 0, 0.82, 0.6, 2.18, 0.04);
}

void append_shape_geom(std::string* out, const robot::Shape& shape, unsigned contype, unsigned conaffinity) {
  switch (shape.kind) {
    case robot::ShapeKind::Box:
      append(out, "type=\"box\" size=\"%.17g %.17g %.17g\"", shape.size.x() / 2, shape.size.y() / 2,
             shape.size.z() / 2);
      break;
    case robot::ShapeKind::Sphere:
      append(out, "type=\"sphere\" size=\"%.17g\"", shape.size.x());
      break;
    case robot::ShapeKind::Capsule:
      append(out, "type=\"capsule\" size=\"%.17g %.17g\"", shape.size.x(), shape.size.y() / 2);
      break;
  }
  append(out, " contype=\"%u\" conaffinity=\"%u\"", contype, conaffinity);
}

void append_robot_body(std::string* out, const MjcfRobot& robot, int body_index, int depth) {
  const robot::RobotDescription& desc = *robot.description;
  const robot::BodyDesc& body = desc.bodies[body_index];
  std::string indent(4 + 2 * depth, ' ');
  const std::string name = robot_body_name(robot.id, body_index);
  if (body.parent < 0) {
    const double half = robot.heading / 2;
    append(out, "%s<body name=\"%s\" pos=\"%.17g %.17g %.17g\" quat=\"%.17g 0 0 %.17g\">\n", indent.c_str(),
           name.c_str(), robot.torso_position.x(), robot.torso_position.y(), robot.torso_position.z(),
           std::cos(half), std::sin(half));
    append(out, "%s  <freejoint name=\"%s\"/>\n", indent.c_str(), robot_root_joint_name(robot.id).c_str());
  } else {
    // Zero pose: every body frame is parallel to the torso frame (SimSpark
    // creates all bodies with identity orientation), centred on the body's CoM.
    const Vec3 offset = body.position - desc.bodies[body.parent].position;
    append(out, "%s<body name=\"%s\" pos=\"%.17g %.17g %.17g\">\n", indent.c_str(), name.c_str(), offset.x(),
           offset.y(), offset.z());
    const robot::JointDesc& joint = desc.joints[body.joint];
    const Vec3 anchor = joint.anchor - body.position;
    append(out,
           "%s  <joint name=\"%s\" type=\"hinge\" pos=\"%.17g %.17g %.17g\" axis=\"%.17g %.17g %.17g\""
           " range=\"%.17g %.17g\" class=\"motor\"/>\n",
           indent.c_str(), robot_joint_name(robot.id, body.joint).c_str(), anchor.x(), anchor.y(), anchor.z(),
           joint.axis.x(), joint.axis.y(), joint.axis.z(), joint.min_angle, joint.max_angle);
  }
  const Vec3 inertia = shape_inertia(body.inertia_shape, body.mass);
  append(out, "%s  <inertial pos=\"0 0 0\" mass=\"%.17g\" diaginertia=\"%.17g %.17g %.17g\"/>\n", indent.c_str(),
         body.mass, inertia.x(), inertia.y(), inertia.z());
  if (body.has_collider) {
    const unsigned bit = 1u << robot.slot;
    append(out, "%s  <geom class=\"robot\" ", indent.c_str());
    append_shape_geom(out, body.inertia_shape, bit, kAllBits & ~bit);
    append(out, "/>\n");
  }
  for (int child = 0; child < static_cast<int>(desc.bodies.size()); ++child)
    if (desc.bodies[child].parent == body_index) append_robot_body(out, robot, child, depth + 1);
  append(out, "%s</body>\n", indent.c_str());
}

}  // namespace

std::string robot_body_name(int robot_id, int body_index) {
  char name[32];
  std::snprintf(name, sizeof name, "r%d_b%d", robot_id, body_index);
  return name;
}

std::string robot_joint_name(int robot_id, int joint) {
  char name[32];
  std::snprintf(name, sizeof name, "r%d_j%d", robot_id, joint);
  return name;
}

std::string robot_root_joint_name(int robot_id) {
  char name[32];
  std::snprintf(name, sizeof name, "r%d_root", robot_id);
  return name;
}

Vec3 shape_inertia(const robot::Shape& shape, double mass) {
  switch (shape.kind) {
    case robot::ShapeKind::Box: {
      const double x2 = shape.size.x() * shape.size.x(), y2 = shape.size.y() * shape.size.y(),
                   z2 = shape.size.z() * shape.size.z();
      return Vec3(y2 + z2, x2 + z2, x2 + y2) * (mass / 12.0);
    }
    case robot::ShapeKind::Sphere: {
      const double r = shape.size.x();
      const double i = 0.4 * mass * r * r;
      return Vec3(i, i, i);
    }
    case robot::ShapeKind::Capsule: {
      // Cylinder of length l plus two hemispheres, axis z (ODE dMassSetCapsuleTotal).
      const double r = shape.size.x(), l = shape.size.y();
      const double cylinder_volume = kPi * r * r * l, sphere_volume = 4.0 / 3.0 * kPi * r * r * r;
      const double density = mass / (cylinder_volume + sphere_volume);
      const double m1 = cylinder_volume * density, m2 = sphere_volume * density;
      const double ia = m1 * (0.25 * r * r + l * l / 12.0) + m2 * (0.4 * r * r + 0.375 * r * l + 0.25 * l * l);
      const double ic = (0.5 * m1 + 0.4 * m2) * r * r;
      return Vec3(ia, ia, ic);
    }
  }
  return Vec3::Zero();
}

std::string build_world_mjcf(const MjcfRobot* robots, int robot_count, int substeps, const PhysicsParams& params) {
  const double timestep = kCycleSeconds / substeps;
  std::string xml;
  xml.reserve(16384 + 8192 * static_cast<size_t>(robot_count));
  append(&xml, "<mujoco model=\"libero_field\">\n");
  append(&xml, "  <compiler angle=\"radian\" inertiafromgeom=\"false\" boundmass=\"0\" boundinertia=\"0\"/>\n");
  append(&xml,
         "  <option timestep=\"%.17g\" gravity=\"0 0 %.17g\" integrator=\"Euler\" solver=\"Newton\""
         " cone=\"elliptic\" jacobian=\"sparse\" iterations=\"50\" tolerance=\"1e-8\"/>\n",
         timestep, -kGravity);
  // A standing NAO needs ~46 rows (8 foot contacts x 3 + 22 motors), a lying one
  // ~90; beyond the capacity MuJoCo drops contacts and the world logs a warning.
  append(&xml, "  <size nconmax=\"%d\" njmax=\"%d\"/>\n", 100 + 40 * robot_count, 300 + 130 * robot_count);

  append(&xml, "  <default>\n");
  append(&xml,
         "    <default class=\"motor\"><joint limited=\"true\" frictionloss=\"%.17g\" damping=\"0\" armature=\"0\""
         " solreffriction=\"%.17g 1\" solimpfriction=\"%.17g %.17g 0.001\""
         " solreflimit=\"%.17g 1\" solimplimit=\"%.17g %.17g 0.001\"/></default>\n",
         params.motor_max_torque, params.motor_time_constant_substeps * timestep, params.motor_impedance,
         params.motor_impedance, params.limit_time_constant_substeps * timestep, params.limit_impedance,
         params.limit_impedance);
  append(&xml,
         "    <default class=\"robot\"><geom condim=\"3\" friction=\"%.17g 0.005 0.0001\" solref=\"%.17g %.17g\""
         " solimp=\"%.17g %.17g %.17g\" solmix=\"1\"/></default>\n",
         params.robot_friction, params.robot_contact_time_constant, params.robot_contact_damp_ratio,
         params.robot_contact_impedance_min, params.robot_contact_impedance_max, params.robot_contact_impedance_width);
  append(&xml,
         "    <default class=\"static\"><geom condim=\"3\" friction=\"%.17g 0.005 0.0001\" solref=\"%.17g %.17g\""
         " solimp=\"%.17g %.17g %.17g\" solmix=\"0.001\" contype=\"%u\" conaffinity=\"%u\"/></default>\n",
         params.robot_friction, params.robot_contact_time_constant, params.robot_contact_damp_ratio,
         params.robot_contact_impedance_min, params.robot_contact_impedance_max, params.robot_contact_impedance_width,
         kStaticBit, kAllBits);
  append(&xml, "  </default>\n");

  append(&xml, "  <worldbody>\n");
  append(&xml, "    <geom name=\"ground\" type=\"plane\" size=\"0 0 1\" class=\"static\"/>\n");
  append_goal(&xml, "left", -1);
  append_goal(&xml, "right", 1);
  // facts §3.5: 1 m thick walls centred on z = 0.
  append_static_box(&xml, "wall_x_pos", 24.99, 0, 0, 1, 51, 1);
  append_static_box(&xml, "wall_x_neg", -24.99, 0, 0, 1, 51, 1);
  append_static_box(&xml, "wall_y_pos", 0, 25, 0, 50.98, 1, 1);
  append_static_box(&xml, "wall_y_neg", 0, -25, 0, 50.98, 1, 1);

  const double ball_inertia = 0.4 * kBallMass * kBallRadius * kBallRadius;
  append(&xml, "    <body name=\"ball\" pos=\"0 0 %.17g\">\n", kBallRadius);
  append(&xml, "      <freejoint name=\"ball\"/>\n");
  append(&xml, "      <inertial pos=\"0 0 0\" mass=\"%.17g\" diaginertia=\"%.17g %.17g %.17g\"/>\n", kBallMass,
         ball_inertia, ball_inertia, ball_inertia);
  append(&xml,
         "      <geom name=\"ball\" type=\"sphere\" size=\"%.17g\" condim=\"3\" friction=\"%.17g 0.005 0.0001\""
         " solref=\"%.17g %.17g\" solimp=\"%.17g %.17g %.17g\" solmix=\"%.17g\" contype=\"%u\" conaffinity=\"%u\"/>\n",
         kBallRadius, params.ball_friction, params.ball_contact_time_constant_substeps * timestep,
         params.ball_contact_damp_ratio, params.ball_contact_impedance_min, params.ball_contact_impedance_max,
         params.ball_contact_impedance_width, params.ball_solmix, kBallBit, kAllBits);
  append(&xml, "    </body>\n");

  for (int i = 0; i < robot_count; ++i) append_robot_body(&xml, robots[i], 0, 0);
  append(&xml, "  </worldbody>\n</mujoco>\n");
  return xml;
}

}  // namespace libero::sim
