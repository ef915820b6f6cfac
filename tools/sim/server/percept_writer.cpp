#include "tools/sim/server/percept_writer.h"

#include "world/field.h"

namespace libero::sim {
namespace {

constexpr std::string_view kMarkerNames[kMarkers] = {"head", "rlowerarm", "llowerarm", "rfoot", "lfoot"};

void vec3(TextWriter* w, const Vec3& v) {
  w->fixed2(v.x());
  w->ch(' ');
  w->fixed2(v.y());
  w->ch(' ');
  w->fixed2(v.z());
}

void pol(TextWriter* w, PolarDeg p, const VisionRequest& vision) {
  if (vision.noise && vision.rng) add_vision_noise(*vision.noise, *vision.rng, &p);
  w->text("(pol ");
  w->fixed2(p.distance);
  w->ch(' ');
  w->fixed2(p.horizontal);
  w->ch(' ');
  w->fixed2(p.vertical);
  w->ch(')');
}

void joint(TextWriter* w, const RobotReadings& r, Joint j) {
  w->text("(HJ (n ");
  w->text(kJointPerceptorNames[j]);
  w->text(") (ax ");
  w->fixed2(rad2deg(r.joint_angle[j]));
  w->text("))");
}

void force(TextWriter* w, const RobotReadings& r, FootSensorIndex sensor, std::string_view name) {
  const FootReading& f = r.foot[sensor];
  if (!f.contact) return;  // the reference server omits FRP without contact
  w->text("(FRP (n ");
  w->text(name);
  w->text(") (c ");
  vec3(w, robot_to_rsg(f.center));
  w->text(") (f ");
  vec3(w, robot_to_rsg(f.force));
  w->text("))");
}

}  // namespace

void write_see(TextWriter* w, const CameraPose& camera, const VisionRequest& vision) {
  const VisionScene& scene = *vision.scene;
  const Vec3& calibration = vision.calibration;
  w->text("(See");
  PolarDeg p;
  // Landmarks and lines come from the world model's field table, so the
  // simulator and the agent cannot disagree about the field.
  for (int l = 0; l < protocol::kLandmarkCount; ++l) {
    const world::FieldPoint3 landmark = world::landmark_position(static_cast<protocol::Landmark>(l), true);
    if (!see_point(camera, calibration, Vec3(landmark.x, landmark.y, landmark.z), &p)) continue;
    w->text(" (");
    w->text(protocol::kLandmarkNames[l]);
    w->ch(' ');
    pol(w, p, vision);
    w->ch(')');
  }
  if (see_point(camera, calibration, scene.ball, &p)) {
    w->text(" (B ");
    pol(w, p, vision);
    w->ch(')');
  }
  for (int i = 0; i < scene.robot_count; ++i) {
    const VisibleRobot& robot = scene.robots[i];
    if (!robot.has_team) continue;
    bool opened = false;
    for (int m = 0; m < kMarkers; ++m) {
      if (!see_point(camera, calibration, robot.marker[m], &p)) continue;
      if (!opened) {
        w->text(" (P (team ");
        w->text(robot.team_name);
        w->text(") (id ");
        w->integer(robot.unum);
        w->ch(')');
        opened = true;
      }
      w->text(" (");
      w->text(kMarkerNames[m]);
      w->ch(' ');
      pol(w, p, vision);
      w->ch(')');
    }
    if (opened) w->ch(')');
  }
  PolarDeg a, b;
  const world::FieldSegment* lines = world::field_lines();
  for (int l = 0; l < world::kFieldLineCount; ++l) {
    const world::FieldSegment& line = lines[l];
    if (!see_line(camera, calibration, Vec3(line.ax, line.ay, 0), Vec3(line.bx, line.by, 0), &a, &b))
      continue;
    w->text(" (L ");
    pol(w, a, vision);
    w->ch(' ');
    pol(w, b, vision);
    w->ch(')');
  }
  w->ch(')');
}

void write_percept(TextWriter* w, const PerceptHeader& h, const HeardEntry* heard, int heard_count,
                   const RobotReadings& r, int robot_type, const VisionRequest& vision) {
  w->text("(time (now ");
  w->fixed2(h.server_time);
  w->text("))(GS ");
  if (h.announce) {
    w->text("(unum ");
    w->integer(h.unum);
    w->text(") (team ");
    w->text(team_side_text(h.team));
    w->text(") ");
  }
  w->text("(sl ");
  w->integer(h.score_left);
  w->text(") (sr ");
  w->integer(h.score_right);
  w->text(") (t ");
  w->fixed2(h.game_time);
  w->text(") (pm ");
  w->text(h.play_mode);
  w->text("))");

  for (int i = 0; i < heard_count; ++i) {
    const HeardEntry& e = heard[i];
    w->text("(hear ");
    if (!e.utterance->team_name.empty()) {
      w->text(e.utterance->team_name);
      w->ch(' ');
    }
    w->fixed2(h.game_time);
    w->ch(' ');
    if (e.self) {
      w->text("self");
    } else {
      w->fixed2(e.direction_deg);
    }
    w->ch(' ');
    w->text(e.utterance->view());
    w->ch(')');
  }

  Vec3 gyro_deg = robot_to_rsg(r.gyro) * (180.0 / kPi);
  w->text("(GYR (n torso) (rt ");
  vec3(w, gyro_deg);
  w->text("))(ACC (n torso) (a ");
  vec3(w, robot_to_rsg(r.accelerometer));
  w->text("))");

  joint(w, r, kNeckYaw);
  joint(w, r, kNeckPitch);
  if (vision.due && vision.scene) {
    CameraPose camera;
    camera.position = r.camera_position;
    camera.rotation = r.camera_rotation;
    write_see(w, camera, vision);
  }
  for (int j = kRShoulderPitch; j <= kLArmYaw; ++j) joint(w, r, static_cast<Joint>(j));
  for (int j = kRHipYawPitch; j <= kRFootPitch; ++j) joint(w, r, static_cast<Joint>(j));
  force(w, r, kSensorRightFoot, "rf");
  joint(w, r, kRFootRoll);
  if (robot_type == 4) {
    force(w, r, kSensorRightToe, "rf1");
    joint(w, r, kRToePitch);
  }
  for (int j = kLHipYawPitch; j <= kLFootPitch; ++j) joint(w, r, static_cast<Joint>(j));
  force(w, r, kSensorLeftFoot, "lf");
  joint(w, r, kLFootRoll);
  if (robot_type == 4) {
    force(w, r, kSensorLeftToe, "lf1");
    joint(w, r, kLToePitch);
  }
}

}  // namespace libero::sim
