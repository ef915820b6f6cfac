// Unit tests of the world model's parts: field tables, team messages,
// geometry conventions, orientation filter, ball filter.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "protocol/simspark_codec.h"
#include "world/ball_filter.h"
#include "world/body_geometry.h"
#include "world/field.h"
#include "world/observations.h"
#include "world/orientation_filter.h"
#include "world/team_message.h"

using namespace libero;
using namespace libero::world;

#define CHECK_NEAR(a, b, tolerance) CHECK(std::fabs(static_cast<double>(a) - static_cast<double>(b)) <= (tolerance))

TEST_CASE("landmarks are mirrored for the right team") {
  FieldPoint3 left = landmark_position(protocol::kF1L, true);
  CHECK(left.x == -15);
  CHECK(left.y == 10);
  FieldPoint3 right = landmark_position(protocol::kF1L, false);
  CHECK(right.x == 15);
  CHECK(right.y == -10);
  FieldPoint3 goal = landmark_position(protocol::kG2R, false);  // simspark-facts.md 9.3
  CHECK(goal.x == -15);
  CHECK(goal.y == doctest::Approx(1.05));
  CHECK(goal.z == doctest::Approx(0.8));
}

TEST_CASE("line distance map agrees with the exact distance") {
  LineDistanceMap map;
  for (double x = -16; x <= 16; x += 0.37) {
    for (double y = -11; y <= 11; y += 0.41) {
      double exact = 0;
      nearest_field_line(x, y, &exact);
      CHECK_NEAR(map.distance(x, y), exact, 0.04);
    }
  }
  CHECK(map.distance(0, 5) < 0.03);          // on the halfway line
  CHECK(map.distance(30, 0) > 12);           // far outside the grid: grows
}

TEST_CASE("team message round trip keeps values to their resolution") {
  TeamMessage m;
  m.unum = 7;
  m.x = -12.34;
  m.y = 8.76;
  m.heading = -2.5;
  m.localised = true;
  m.fallen = false;
  m.ball_valid = true;
  m.ball_x = 14.9;
  m.ball_y = -9.95;
  m.ball_age = 0.7;
  char text[protocol::kMaxSayLength + 1];
  int length = encode_team_message(m, "Libero", text);
  REQUIRE(length == kTeamMessageLength);
  CHECK(length <= protocol::kMaxSayLength);
  for (int i = 0; i < length; ++i) {
    CHECK(text[i] >= 0x21);
    CHECK(text[i] <= 0x7e);
    CHECK(text[i] != '(');
    CHECK(text[i] != ')');
  }
  CHECK(protocol::validate_say(std::string_view(text, length)).ok());
  TeamMessage out;
  REQUIRE(decode_team_message(std::string_view(text, length), "Libero", &out));
  CHECK(out.unum == 7);
  CHECK_NEAR(out.x, m.x, 0.021);
  CHECK_NEAR(out.y, m.y, 0.021);
  CHECK(std::fabs(normalize_angle(out.heading - m.heading)) < 0.03);
  CHECK(out.localised);
  CHECK_FALSE(out.fallen);
  CHECK(out.ball_valid);
  CHECK_NEAR(out.ball_x, 14.9, 0.021);
  CHECK_NEAR(out.ball_y, -9.95, 0.021);
  CHECK(out.ball_age > 0.4);
  CHECK(out.ball_age < 1.1);
}

TEST_CASE("team message encoding survives extreme and non-finite values") {
  const double values[] = {-1e9, -20.48, -15, 0, 15, 20.44, 1e9, NAN, INFINITY, -INFINITY};
  char text[protocol::kMaxSayLength + 1];
  for (double v : values) {
    TeamMessage m;
    m.unum = 11;
    m.x = v;
    m.y = -v;
    m.heading = v;
    m.ball_valid = true;
    m.ball_x = v;
    m.ball_y = v;
    m.ball_age = v;
    int length = encode_team_message(m, "T", text);
    CHECK(protocol::validate_say(std::string_view(text, length)).ok());
    TeamMessage out;
    REQUIRE(decode_team_message(std::string_view(text, length), "T", &out));
    CHECK(std::isfinite(out.x));
    CHECK(std::isfinite(out.heading));
    CHECK(std::fabs(out.x) <= 20.48);
    CHECK(out.ball_age > 0);
  }
}

TEST_CASE("team messages of another team or garbage are rejected") {
  TeamMessage m;
  m.unum = 3;
  m.x = 1;
  m.y = 2;
  char text[protocol::kMaxSayLength + 1];
  int length = encode_team_message(m, "Libero", text);
  std::string good(text, length);
  TeamMessage out;
  CHECK(decode_team_message(good, "Libero", &out));
  CHECK_FALSE(decode_team_message(good, "Others", &out));   // opponent's key
  CHECK_FALSE(decode_team_message(good, "libero", &out));   // names are case-sensitive
  CHECK_FALSE(decode_team_message("", "Libero", &out));
  CHECK_FALSE(decode_team_message("hello", "Libero", &out));
  CHECK_FALSE(decode_team_message(good + "A", "Libero", &out));
  CHECK_FALSE(decode_team_message(good.substr(1), "Libero", &out));
  CHECK_FALSE(decode_team_message("!!!!!!!!!!!!!", "Libero", &out));  // outside the alphabet
  // Every single-symbol change is caught by the checksum.
  const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
  int accepted = 0;
  for (size_t i = 0; i < good.size(); ++i) {
    for (int k = 0; k < 64; ++k) {
      std::string changed = good;
      if (changed[i] == alphabet[k]) continue;
      changed[i] = alphabet[k];
      if (decode_team_message(changed, "Libero", &out)) ++accepted;
    }
  }
  CHECK(accepted == 0);
  // Pseudo-random strings of the right length: none passes.
  uint64_t state = 12345;
  for (int n = 0; n < 20000; ++n) {
    std::string random(kTeamMessageLength, 'A');
    for (char& c : random) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      c = alphabet[(state >> 33) % 64];
    }
    if (decode_team_message(random, "Libero", &out)) ++accepted;
  }
  CHECK(accepted <= 1);  // 2^-19 per try (plus range checks)
}

TEST_CASE("speaker schedule gives every unum one slot per 22 cycles") {
  int spoke[12] = {};
  for (int cycle = 0; cycle < 22; ++cycle) {
    double time = 100.0 + cycle * 0.02;
    int speakers = 0;
    for (int unum = 1; unum <= 11; ++unum) {
      if (is_my_turn_to_speak(time, unum)) {
        ++speakers;
        ++spoke[unum];
      }
    }
    CHECK(speakers <= 1);
  }
  for (int unum = 1; unum <= 11; ++unum) CHECK(spoke[unum] == 1);
  CHECK_FALSE(is_my_turn_to_speak(0.0, 0));
  CHECK_FALSE(is_my_turn_to_speak(0.0, 12));
}

TEST_CASE("vision polar convention: 0 ahead, positive horizontal to the left, positive vertical up") {
  protocol::Polar p;
  p.distance = 2;
  p.horizontal = 0;
  p.vertical = 0;
  Vec3 v = polar_to_head_vector(p);
  CHECK(v.x() == doctest::Approx(2));
  p.horizontal = 90;
  v = polar_to_head_vector(p);
  CHECK(v.y() == doctest::Approx(2));
  p.horizontal = 0;
  p.vertical = 30;
  v = polar_to_head_vector(p);
  CHECK(v.z() == doctest::Approx(1));
}

TEST_CASE("camera pose follows the neck joints") {
  BodyGeometry body(0);
  CHECK_FALSE(body.uses_kinematics());
  double q[kJointCount] = {};
  body.set_joint_angles(q);
  CameraInTorso c = body.camera_in_torso();
  CHECK(c.position.z() == doctest::Approx(0.155));
  CHECK((c.rotation * Vec3::UnitX()).x() == doctest::Approx(1));
  q[kNeckYaw] = deg2rad(90);  // hj1 > 0 turns the head left
  body.set_joint_angles(q);
  c = body.camera_in_torso();
  CHECK((c.rotation * Vec3::UnitX()).y() == doctest::Approx(1));
  q[kNeckYaw] = 0;
  q[kNeckPitch] = deg2rad(30);  // hj2 > 0 tilts the head up
  body.set_joint_angles(q);
  c = body.camera_in_torso();
  CHECK((c.rotation * Vec3::UnitX()).z() == doctest::Approx(0.5));
  CHECK(body.zero_pose_height() == doctest::Approx(0.385));
  CHECK(BodyGeometry(3).zero_pose_height() == doctest::Approx(0.440736848));
}

TEST_CASE("robot kinematics and the built-in head chain agree") {
  for (int type = 0; type <= 4; ++type) {
    CAPTURE(type);
    BodyGeometry builtin(type);
    BodyGeometry kinematic(std::string(LIBERO_SOURCE_DIR) + "/robots", "nao", type);
    REQUIRE(kinematic.uses_kinematics());
    CHECK(kinematic.zero_pose_height() == doctest::Approx(builtin.zero_pose_height()));
    const double poses[][4] = {{0, 0, 0, 0}, {0.8, -0.3, 0.5, -1.0}, {-1.2, 0.4, 0.3, -0.6}};
    for (const auto& p : poses) {
      double q[kJointCount] = {};
      q[kNeckYaw] = p[0];
      q[kNeckPitch] = p[1];
      q[kRHipPitch] = q[kLHipPitch] = p[2];
      q[kRKneePitch] = q[kLKneePitch] = p[3];
      q[kRFootPitch] = q[kLFootPitch] = -(p[2] + p[3]);
      builtin.set_joint_angles(q);
      kinematic.set_joint_angles(q);
      CameraInTorso a = builtin.camera_in_torso(), b = kinematic.camera_in_torso();
      CHECK((a.position - b.position).norm() < 1e-6);
      CHECK((a.rotation - b.rotation).norm() < 1e-6);
      Mat3 tilt = Eigen::AngleAxisd(0.1, Vec3::UnitY()).toRotationMatrix();
      CHECK_NEAR(builtin.torso_height(tilt), kinematic.torso_height(tilt), 0.02);
      CHECK((builtin.centre_of_mass() - kinematic.centre_of_mass()).norm() < 0.03);
    }
  }
  // A missing robots directory falls back to the built-in model.
  BodyGeometry missing("/nonexistent", "nao", 0);
  CHECK_FALSE(missing.uses_kinematics());
  BodyGeometry wrong_model(std::string(LIBERO_SOURCE_DIR) + "/robots", "no_such_robot", 0);
  CHECK_FALSE(wrong_model.uses_kinematics());
}

TEST_CASE("orientation filter finds roll and pitch from gravity and follows the gyro") {
  OrientationFilter f;
  // Leaning forward by 20 deg: gravity's specific force tips towards -x.
  double pitch = deg2rad(20);
  Vec3 accel(-9.81 * std::sin(pitch), 0, 9.81 * std::cos(pitch));
  for (int i = 0; i < 200; ++i) f.update(Vec3::Zero(), accel, true, 0.02);
  CHECK(f.pitch() == doctest::Approx(pitch).epsilon(0.01));
  CHECK_NEAR(f.roll(), 0, 0.01);
  // Rolling right (positive roll) at 0.5 rad/s for 0.2 s, accelerometer lagging behind.
  OrientationFilter g;
  for (int i = 0; i < 10; ++i) g.update(Vec3::Zero(), Vec3(0, 0, 9.81), true, 0.02);
  for (int i = 0; i < 10; ++i) g.update(Vec3(0.5, 0, 0), Vec3(0, 0, 9.81), true, 0.02);
  CHECK(g.roll() > 0.05);
  CHECK_NEAR(g.yaw_rate(), 0, 1e-6);
  // No accelerometer (or a teleport spike): no initialisation from garbage.
  OrientationFilter h;
  h.update(Vec3(0, 0, 1), Vec3(0, 0, 500), true, 0.02);
  CHECK_FALSE(h.initialised());
  CHECK(h.yaw_rate() == doctest::Approx(1));
}

TEST_CASE("ball filter: rolling ball velocity, stop point and a kick") {
  BallFilter f;
  CHECK_FALSE(f.valid());
  double x = 0, y = 0, vx = 2.0, vy = -1.0;
  for (int i = 0; i < 60; ++i) {
    double a = std::exp(-0.02 / kBallRollingTau);
    x += vx * kBallRollingTau * (1 - a);
    y += vy * kBallRollingTau * (1 - a);
    vx *= a;
    vy *= a;
    f.predict(0.02);
    if (i % 3 == 0) f.observe(x, y, 0.03);
  }
  CHECK(f.valid());
  CHECK_NEAR(f.position().x(), x, 0.05);
  CHECK_NEAR(f.velocity().x(), vx, 0.3);
  CHECK_NEAR(f.velocity().y(), vy, 0.3);
  double sx, sy;
  predict_ball_position(x, y, vx, vy, 1e9, &sx, &sy);
  double fx, fy;
  predict_ball_position(f.position().x(), f.position().y(), f.velocity().x(), f.velocity().y(), 1e9, &fx, &fy);
  CHECK(std::hypot(fx - sx, fy - sy) < 0.4);
  // Kicked elsewhere: the filter follows within a few frames.
  for (int i = 0; i < 5; ++i) {
    f.predict(0.06);
    f.observe(5.0, 5.0, 0.03);
  }
  CHECK_NEAR(f.position().x(), 5.0, 0.3);
}
