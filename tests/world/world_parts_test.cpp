// Unit tests of the world model's parts: field tables, team messages,
// geometry conventions, orientation filter, ball filter.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
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

TEST_CASE("every cell of the line distance map holds nearest_field_line's distance at its centre") {
  // The grid is built with one square root per cell instead of one per line;
  // the localiser's decisions rest on these exact values.
  LineDistanceMap map;
  const int columns = static_cast<int>(std::lround(2 * LineDistanceMap::kHalfLength / LineDistanceMap::kCell)) + 1;
  const int rows = static_cast<int>(std::lround(2 * LineDistanceMap::kHalfWidth / LineDistanceMap::kCell)) + 1;
  int mismatches = 0;
  for (int r = 0; r < rows; ++r) {
    const double y = -LineDistanceMap::kHalfWidth + r * LineDistanceMap::kCell;
    for (int c = 0; c < columns; ++c) {
      const double x = -LineDistanceMap::kHalfLength + c * LineDistanceMap::kCell;
      double exact = 0;
      nearest_field_line(x, y, &exact);
      double outside = 0;
      const int index = map.cell_index(x, y, &outside);
      mismatches += index != r * columns + c || outside != 0 || map.cell(index) != static_cast<float>(exact);
    }
  }
  CHECK(mismatches == 0);
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
  CHECK(accepted <= 1);  // 2^-24 per try (plus range checks)
}

// The documented layout (docs/world-model.md "Team communication"), written
// out independently of team_message.cpp: bit i of the message is bit i % 6
// of symbol i / 6; 84 data bits, then 24 checksum bits = FNV-1a over the
// team name and the data bits as 11 bytes (least significant first), folded.
int quantised_for_test(double v) { return static_cast<int>(std::lround((v + 20.48) / 0.04)); }

namespace reference {
const char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
struct Fields {
  int version = 2, unum = 3;
  int x = 512, y = 512, heading = 0, flags = 0, ball_x = 512, ball_y = 512, ball_age = 0;
  int has_payload = 0;
  uint32_t payload = 0;
};
std::string pack(const Fields& f, const std::string& team) {
  int bits[108] = {};
  int at = 0;
  auto put = [&](uint64_t value, int width) {
    for (int k = 0; k < width; ++k) bits[at++] = static_cast<int>((value >> k) & 1);
  };
  put(f.version, 2);
  put(f.unum, 4);
  put(f.x, 10);
  put(f.y, 10);
  put(f.heading, 7);
  put(f.flags, 3);
  put(f.ball_x, 10);
  put(f.ball_y, 10);
  put(f.ball_age, 3);
  put(f.has_payload, 1);
  put(f.payload, 24);
  REQUIRE(at == 84);
  uint32_t h = 2166136261u;
  for (char c : team) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  for (int byte = 0; byte < 11; ++byte) {
    uint32_t value = 0;
    for (int k = 0; k < 8 && 8 * byte + k < 84; ++k) value |= static_cast<uint32_t>(bits[8 * byte + k]) << k;
    h = (h ^ value) * 16777619u;
  }
  put((h ^ (h >> 24)) & 0xFFFFFFu, 24);
  std::string text;
  for (int symbol = 0; symbol < 18; ++symbol) {
    int v = 0;
    for (int k = 0; k < 6; ++k) v |= bits[6 * symbol + k] << k;
    text += kAlphabet[v];
  }
  return text;
}
}  // namespace reference

TEST_CASE("team message carries the scripts' payload: round trip, absent, only 24 bits") {
  TeamMessage m;
  m.unum = 11;
  m.x = 3.0;
  m.ball_valid = true;
  m.ball_x = -7.5;
  m.has_script_payload = true;
  char text[protocol::kMaxSayLength + 1];
  TeamMessage out;
  for (uint32_t payload : {0u, 1u, 0x800000u, 0xABCDEFu, 0xFFFFFFu, 0x5A5A5Au}) {
    m.script_payload = payload;
    int length = encode_team_message(m, "Libero", text);
    REQUIRE(length == 18);
    CHECK(protocol::validate_say(std::string_view(text, length)).ok());
    REQUIRE(decode_team_message(std::string_view(text, length), "Libero", &out));
    CHECK(out.has_script_payload);
    CHECK(out.script_payload == payload);
    CHECK(out.unum == 11);  // the world model's fields are untouched by the payload
    CHECK_NEAR(out.x, 3.0, 0.021);
    CHECK_NEAR(out.ball_x, -7.5, 0.021);
  }
  m.script_payload = 0xFF123456u;  // bits above the 24 are not sent
  REQUIRE(decode_team_message(std::string_view(text, encode_team_message(m, "Libero", text)), "Libero", &out));
  CHECK(out.script_payload == 0x123456u);
  m.has_script_payload = false;  // the scripts set nothing: no payload, whatever the field holds
  m.script_payload = 0x123456u;
  REQUIRE(decode_team_message(std::string_view(text, encode_team_message(m, "Libero", text)), "Libero", &out));
  CHECK_FALSE(out.has_script_payload);
  CHECK(out.script_payload == 0u);
}

TEST_CASE("team message layout is the documented one") {
  reference::Fields f;
  f.unum = 6;
  f.x = quantised_for_test(1.0);
  f.y = quantised_for_test(-2.0);
  f.flags = 1;  // localised
  f.ball_x = quantised_for_test(0);
  f.ball_y = quantised_for_test(0);
  f.has_payload = 1;
  f.payload = 0xC0FFEEu;
  TeamMessage m;
  m.unum = 6;
  m.x = 1.0;
  m.y = -2.0;
  m.localised = true;
  m.has_script_payload = true;
  m.script_payload = 0xC0FFEEu;
  char text[protocol::kMaxSayLength + 1];
  int length = encode_team_message(m, "Libero", text);
  CHECK(std::string(text, length) == reference::pack(f, "Libero"));
}

TEST_CASE("team message: a flipped payload bit, an old or inconsistent format, a wrong length are rejected") {
  TeamMessage m;
  m.unum = 4;
  m.has_script_payload = true;
  m.script_payload = 0x3C96A5u;
  char text[protocol::kMaxSayLength + 1];
  std::string good(text, encode_team_message(m, "Libero", text));
  TeamMessage out;
  REQUIRE(decode_team_message(good, "Libero", &out));
  // Every single bit of the flag and the payload (message bits 59..83) is
  // covered by the checksum.
  for (int bit = 59; bit < 84; ++bit) {
    std::string changed = good;
    const char* at = std::strchr(reference::kAlphabet, changed[bit / 6]);
    REQUIRE(at != nullptr);
    int value = static_cast<int>(at - reference::kAlphabet) ^ (1 << (bit % 6));
    changed[bit / 6] = reference::kAlphabet[value];
    CHECK_MESSAGE(!decode_team_message(changed, "Libero", &out), "bit ", bit);
  }
  // Well-formed (checksum right) but not this format: version 1, version 3,
  // a payload without its flag.
  reference::Fields f;
  REQUIRE(decode_team_message(reference::pack(f, "Libero"), "Libero", &out));
  f.version = 1;
  CHECK_FALSE(decode_team_message(reference::pack(f, "Libero"), "Libero", &out));
  f.version = 3;
  CHECK_FALSE(decode_team_message(reference::pack(f, "Libero"), "Libero", &out));
  f.version = 2;
  f.payload = 0x10;  // flag 0 with payload bits: no encoder writes that
  CHECK_FALSE(decode_team_message(reference::pack(f, "Libero"), "Libero", &out));
  // A version-1 message (13 symbols, no payload) as the old encoder wrote it
  // (unum 4 at (1, 2), localised; encoder of commit 4974bab).
  CHECK_FALSE(decode_team_message("HPeC28080Y_Ww", "Libero", &out));
  // Cut or padded to any length from 0 to 20: rejected, nothing read out of bounds.
  for (size_t n = 0; n <= 20; ++n) {
    std::string resized = good.substr(0, std::min(n, good.size()));
    while (resized.size() < n) resized += 'A';
    if (n != good.size()) CHECK_FALSE(decode_team_message(resized, "Libero", &out));
  }
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
