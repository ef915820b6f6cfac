// decode_simspark against the real server messages of the captured session,
// plus hand-written messages for the forms the capture does not contain.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "protocol/simspark_codec.h"
#include "session_sample.h"

using namespace libero;
using namespace libero::protocol;

namespace {

const std::vector<testing::SampleMessage>& sample() {
  static const std::vector<testing::SampleMessage> messages =
      testing::load_session_sample(testing::default_session_sample_path(LIBERO_SHARED_DIR));
  return messages;
}

const std::string& server_message(int number, int occurrence = 0) {
  for (const auto& m : sample())
    if (m.from_server && m.number == number && occurrence-- == 0) return m.text;
  static const std::string none;
  FAIL("sample message #" << number << " not found");
  return none;
}

Percept decode_ok(std::string_view text) {
  Percept p;
  Status s = decode_simspark(text, &p);
  INFO(text);
  REQUIRE_MESSAGE(s.ok(), s.error().describe());
  return p;
}

}  // namespace

TEST_CASE("the capture holds the expected server messages") {
  int server = 0;
  for (const auto& m : sample()) {
    CHECK(m.text.size() == m.declared_length);
    if (m.from_server) ++server;
  }
  CHECK(server == 19);
}

TEST_CASE("every server message of the capture decodes") {
  int vision = 0;
  for (const auto& m : sample()) {
    if (!m.from_server) continue;
    Percept p;
    Status s = decode_simspark(m.text, &p);
    INFO("message #" << m.number);
    REQUIRE_MESSAGE(s.ok(), s.error().describe());
    CHECK(p.has_time);
    CHECK(p.game_state.present);
    CHECK(p.has_gyro);
    CHECK(p.has_accel);
    CHECK(p.unknown_items == 0);
    CHECK(p.joint_present[kNeckYaw]);
    CHECK(p.joint_present[kNeckPitch]);
    if (p.vision.present) {
      ++vision;
      CHECK(p.vision.dropped == 0);
      CHECK(p.vision.line_count > 0);
    }
  }
  CHECK(vision >= 6);
}

TEST_CASE("message #2: time, GS with unum and team, all 22 joints") {
  const Percept p = decode_ok(server_message(2));
  CHECK(p.server_time == doctest::Approx(13.24));
  const GameStatePercept& gs = p.game_state;
  CHECK(gs.has_unum);
  CHECK(gs.unum == 1);
  CHECK(gs.has_side);
  CHECK(gs.side == Side::Left);
  CHECK(gs.has_scores);
  CHECK(gs.score_left == 0);
  CHECK(gs.score_right == 0);
  CHECK(gs.game_time == doctest::Approx(0.0));
  CHECK(gs.play_mode == PlayMode::BeforeKickOff);
  CHECK(gs.play_mode_text.view() == "BeforeKickOff");
  CHECK(p.accel.z == doctest::Approx(29.42f));
  for (int j = 0; j < kJointCountWithoutToes; ++j) CHECK(p.joint_present[j]);
  CHECK_FALSE(p.joint_present[kRToePitch]);
  CHECK_FALSE(p.joint_present[kLToePitch]);
  CHECK_FALSE(p.vision.present);
  for (const ForcePercept& f : p.force) CHECK_FALSE(f.contact);
}

TEST_CASE("message #1: GS without unum or team") {
  const Percept p = decode_ok(server_message(1));
  CHECK(p.game_state.present);
  CHECK_FALSE(p.game_state.has_unum);
  CHECK_FALSE(p.game_state.has_side);
  CHECK(p.gyro.x == doctest::Approx(0.01f));
}

TEST_CASE("message #3: vision with landmarks, ball, own arms and lines") {
  const Percept p = decode_ok(server_message(3));
  const VisionPercept& v = p.vision;
  REQUIRE(v.present);
  CHECK(v.landmark_seen[kG2R]);
  CHECK(v.landmark[kG2R].distance == doctest::Approx(31.00f));
  CHECK(v.landmark[kG2R].horizontal == doctest::Approx(-19.45f));
  CHECK(v.landmark[kG2R].vertical == doctest::Approx(0.29f));
  CHECK(v.landmark_seen[kF2R]);
  CHECK(v.landmark[kF2R].distance == doctest::Approx(34.94f));
  CHECK_FALSE(v.landmark_seen[kF1L]);
  CHECK_FALSE(v.landmark_seen[kG1L]);
  REQUIRE(v.ball_seen);
  CHECK(v.ball.distance == doctest::Approx(16.95f));
  CHECK(v.ball.horizontal == doctest::Approx(-32.82f));
  CHECK(v.ball.vertical == doctest::Approx(-1.58f));
  REQUIRE(v.player_count == 1);
  const SeenPlayer& self = v.players[0];
  CHECK(self.has_team);
  CHECK(self.team.view() == "Probe");
  CHECK(self.id == 1);
  CHECK_FALSE(self.marker_seen[kMarkerHead]);
  CHECK(self.marker_seen[kMarkerRLowerArm]);
  CHECK(self.marker[kMarkerRLowerArm].distance == doctest::Approx(0.19f));
  CHECK(self.marker[kMarkerRLowerArm].horizontal == doctest::Approx(-34.41f));
  CHECK(self.marker[kMarkerLLowerArm].horizontal == doctest::Approx(35.79f));
  CHECK_FALSE(self.marker_seen[kMarkerRFoot]);
  CHECK(v.line_count == 17);
  CHECK(v.lines[0].begin.distance == doctest::Approx(23.88f));
  CHECK(v.lines[0].begin.horizontal == doctest::Approx(-53.51f));
  CHECK(v.lines[0].end.distance == doctest::Approx(14.23f));
  CHECK(v.lines[0].end.vertical == doctest::Approx(-2.18f));
  CHECK(v.lines[16].end.horizontal == doctest::Approx(-29.65f));
  // HJ after the See block are still read.
  CHECK(p.joint_present[kLFootRoll]);
}

TEST_CASE("message #453: game in progress, other robots, both feet on the ground") {
  const Percept p = decode_ok(server_message(453));
  CHECK(p.server_time == doctest::Approx(16.04));
  CHECK(p.game_state.game_time == doctest::Approx(7.08f));
  CHECK(p.game_state.play_mode == PlayMode::KickOffLeft);
  CHECK(p.accel.z == doctest::Approx(9.81f));
  const VisionPercept& v = p.vision;
  REQUIRE(v.present);
  CHECK(v.landmark_seen[kG1L]);
  CHECK(v.landmark[kG1L].horizontal == doctest::Approx(-4.52f));
  CHECK(v.landmark[kF2L].vertical == doctest::Approx(-1.52f));
  CHECK(v.ball.horizontal == doctest::Approx(-20.00f));
  REQUIRE(v.player_count == 4);
  const SeenPlayer& first = v.players[0];
  CHECK(first.team.view() == "UTA_Left");
  CHECK(first.id == 1);
  for (bool seen : first.marker_seen) CHECK(seen);
  CHECK(first.marker[kMarkerHead].distance == doctest::Approx(17.05f));
  CHECK(first.marker[kMarkerLFoot].vertical == doctest::Approx(-1.84f));
  CHECK(v.players[1].team.view() == "Probe");
  CHECK(v.players[3].id == 3);
  CHECK(v.players[3].marker[kMarkerRFoot].horizontal == doctest::Approx(-15.37f));
  CHECK(v.line_count == 17);
  const ForcePercept& right = p.force[kFootRight];
  REQUIRE(right.contact);
  CHECK(right.center.x == doctest::Approx(0.0f));
  CHECK(right.center.y == doctest::Approx(-0.01f));
  CHECK(right.center.z == doctest::Approx(-0.01f));
  CHECK(right.force.z == doctest::Approx(22.59f));
  REQUIRE(p.force[kFootLeft].contact);
  CHECK(p.force[kFootLeft].force.z == doctest::Approx(22.59f));
  CHECK_FALSE(p.force[kToeLeft].contact);
  CHECK_FALSE(p.force[kToeRight].contact);
}

TEST_CASE("decoding clears what the previous message left") {
  Percept p;
  REQUIRE(decode_simspark(server_message(453), &p).ok());
  REQUIRE(p.vision.present);
  REQUIRE(decode_simspark(server_message(454), &p).ok());
  CHECK_FALSE(p.vision.present);
  CHECK(p.vision.player_count == 0);
  CHECK(p.server_time == doctest::Approx(16.06));
}
