// decode_simspark against the real server messages of the captured session,
// plus hand-written messages for the forms the capture does not contain.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "protocol/sexp.h"
#include "protocol/simspark_codec.h"
#include "session_sample.h"
#include "synthetic_messages.h"

using namespace libero;
using namespace libero::protocol;

namespace {

const std::vector<testing::SampleMessage>& sample() {
  static const std::vector<testing::SampleMessage> messages =
      testing::load_session_sample(testing::session_sample_path());
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

// ------------------------------------------------------------ forms the capture lacks

TEST_CASE("hear: labelled, unlabelled, self and direction (facts 5.8)") {
  const Percept p = decode_ok(
      "(time (now 1.00))(hear TA 0.00 self hello)(hear TA 0.00 20.62 hello)(hear 12.34 self hi)"
      "(hear 3.50 -170.25 x)");
  REQUIRE(p.heard_count == 4);
  CHECK(p.heard_dropped == 0);
  const HearPercept& own = p.heard[0];
  CHECK(own.has_team);
  CHECK(own.team.view() == "TA");
  CHECK(own.time == doctest::Approx(0.0f));
  CHECK(own.from_self);
  CHECK(own.text() == "hello");
  const HearPercept& other = p.heard[1];
  CHECK_FALSE(other.from_self);
  CHECK(other.direction == doctest::Approx(20.62f));
  CHECK(other.text() == "hello");
  const HearPercept& unlabelled = p.heard[2];
  CHECK_FALSE(unlabelled.has_team);
  CHECK(unlabelled.time == doctest::Approx(12.34f));
  CHECK(unlabelled.from_self);
  CHECK(unlabelled.text() == "hi");
  CHECK(p.heard[3].direction == doctest::Approx(-170.25f));
  CHECK(p.heard[3].text() == "x");
  CHECK(p.heard[3].message[1] == '\0');
}

TEST_CASE("hear: a 20-character message with every allowed special character") {
  const Percept p = decode_ok("(hear Team 1.00 self !\"#$%&'*+,-./:;<=>?@)");
  REQUIRE(p.heard_count == 1);
  CHECK(p.heard[0].text() == "!\"#$%&'*+,-./:;<=>?@");
  CHECK(p.heard[0].message_length == 20);
}

TEST_CASE("hear overflow is counted, not written") {
  std::string text;
  for (int i = 0; i < kMaxHeard + 3; ++i) text += "(hear T 1.00 self m" + std::to_string(i) + ")";
  const Percept p = decode_ok(text);
  CHECK(p.heard_count == kMaxHeard);
  CHECK(p.heard_dropped == 3);
  CHECK(p.heard[kMaxHeard - 1].text() == "m" + std::to_string(kMaxHeard - 1));
}

TEST_CASE("type 4: toe joints and toe force sensors") {
  const Percept p = decode_ok(
      "(HJ (n rlj7) (ax 12.50))(HJ (n llj7) (ax -3.25))"
      "(FRP (n rf1) (c 0.01 0.02 -0.01) (f 1.00 2.00 3.00))(FRP (n lf1) (c 0 0 0) (f 0 0 4.5))");
  CHECK(p.joint_present[kRToePitch]);
  CHECK(p.joint_angle_deg[kRToePitch] == doctest::Approx(12.5f));
  CHECK(p.joint_angle_deg[kLToePitch] == doctest::Approx(-3.25f));
  REQUIRE(p.force[kToeRight].contact);
  CHECK(p.force[kToeRight].center.y == doctest::Approx(0.02f));
  CHECK(p.force[kToeRight].force.x == doctest::Approx(1.0f));
  REQUIRE(p.force[kToeLeft].contact);
  CHECK(p.force[kToeLeft].force.z == doctest::Approx(4.5f));
  CHECK_FALSE(p.force[kFootLeft].contact);
}

TEST_CASE("TCH in both spellings, AgentState") {
  Percept p = decode_ok("(TCH n bumper val 1)(AgentState (temp 41.50) (battery 87.25) (pan_tilt 0 0))");
  CHECK(p.touch.present);
  CHECK(p.touch.name.view() == "bumper");
  CHECK(p.touch.value == 1);
  CHECK(p.agent_state.present);
  CHECK(p.agent_state.has_temperature);
  CHECK(p.agent_state.temperature == doctest::Approx(41.5f));
  CHECK(p.agent_state.has_battery);
  CHECK(p.agent_state.battery == doctest::Approx(87.25f));
  p = decode_ok("(TCH (n bumper) (val 0))(AgentState (battery 5))");
  CHECK(p.touch.present);
  CHECK(p.touch.value == 0);
  CHECK_FALSE(p.agent_state.has_temperature);
}

TEST_CASE("GS: every play mode string, right side, scores") {
  for (int i = 0; i < kPlayModeCount; ++i) {
    const std::string text = "(GS (t 1.00) (pm " + std::string(kPlayModeNames[i]) + "))";
    const Percept p = decode_ok(text);
    CHECK(p.game_state.play_mode == static_cast<PlayMode>(i));
  }
  CHECK(kPlayModeNames[static_cast<int>(PlayMode::PlayOn)] == "PlayOn");
  CHECK(kPlayModeNames[static_cast<int>(PlayMode::DirectFreeKickRight)] == "direct_free_kick_right");
  CHECK(play_mode_from_string("playon") == PlayMode::Unknown);
  const Percept p = decode_ok("(GS (unum 11) (team right) (sl 2) (sr 3) (t 300.10) (pm SomethingNew))");
  CHECK(p.game_state.unum == 11);
  CHECK(p.game_state.side == Side::Right);
  CHECK(p.game_state.score_left == 2);
  CHECK(p.game_state.score_right == 3);
  CHECK(p.game_state.game_time == doctest::Approx(300.1f));
  CHECK(p.game_state.play_mode == PlayMode::Unknown);
  CHECK(p.game_state.play_mode_text.view() == "SomethingNew");
  CHECK(decode_ok("(GS (team none))").game_state.side == Side::None);
}

TEST_CASE("See: capacity overflow of players and lines is counted") {
  std::string text = "(See";
  for (int i = 0; i < kMaxSeenPlayers + 2; ++i)
    text += " (P (team T) (id " + std::to_string(i) + ") (head (pol 1 2 3)))";
  for (int i = 0; i < kMaxSeenLines + 5; ++i) text += " (L (pol 1 2 3) (pol 4 5 6))";
  text += ")";
  const Percept p = decode_ok(text);
  CHECK(p.vision.player_count == kMaxSeenPlayers);
  CHECK(p.vision.line_count == kMaxSeenLines);
  CHECK(p.vision.dropped == 7);
  CHECK(p.vision.players[kMaxSeenPlayers - 1].id == kMaxSeenPlayers - 1);
}

TEST_CASE("See: player without team, debug fields and unknown objects are skipped") {
  const Percept p = decode_ok(
      "(See (P (id 4) (lfoot (pol 3 4 5)) (tail (pol 1 1 1))) (mypos 1 2 3) (myorien 90) (ballpos 0 0 0)"
      " (Xyz (pol 1 1 1)) (B (pol 0.50 -1.25 -30)))");
  REQUIRE(p.vision.player_count == 1);
  CHECK_FALSE(p.vision.players[0].has_team);
  CHECK(p.vision.players[0].id == 4);
  CHECK(p.vision.players[0].marker_seen[kMarkerLFoot]);
  CHECK(p.vision.players[0].marker[kMarkerLFoot].vertical == doctest::Approx(5.0f));
  CHECK(p.vision.ball_seen);
  CHECK(p.vision.ball.vertical == doctest::Approx(-30.0f));
  CHECK(p.unknown_items == 0);  // unknown objects inside See are not top-level items
}

TEST_CASE("unknown tags are counted and skipped, known items around them still decode") {
  const Percept p = decode_ok(
      "(time (now 2.00))(Mystery (a 1) (b (c (d))))(GYR (n torso) (rt 1 2 3) (extra 7))(HJ (n zzz9) (ax 1))"
      "(FRP (n mf) (c 0 0 0) (f 0 0 0))(ACC (n torso) (a 0 0 9.81))(x)");
  CHECK(p.unknown_items == 4);
  CHECK(p.has_time);
  CHECK(p.gyro.z == doctest::Approx(3.0f));
  CHECK(p.accel.z == doctest::Approx(9.81f));
}

// ------------------------------------------------------------ error paths

namespace {
// Decodes, expects an Error, returns its offset.
std::ptrdiff_t decode_error(std::string_view text, std::string_view expected_words = {}) {
  Percept p;
  Status s = decode_simspark(text, &p);
  INFO(text);
  REQUIRE_FALSE(s.ok());
  const std::string description = s.error().describe();
  CHECK_FALSE(s.error().message.empty());
  if (!expected_words.empty()) CHECK_MESSAGE(description.find(expected_words) != std::string::npos, description);
  return s.error().offset;
}
}  // namespace

TEST_CASE("errors: syntax") {
  CHECK(decode_error("(time (now 1.00)") == 16);
  CHECK(decode_error("(time (now 1.00)))", "unexpected ')'") == 17);
  CHECK(decode_error("(GS (t 1.00))stray", "top level") == 13);
  CHECK(decode_error("(GS)()", "without a tag") == 4);
  CHECK(decode_error("((GS) (t 1))", "without a tag") == 0);
}

TEST_CASE("errors: wrong arity and bad numbers point at the offending item") {
  CHECK(decode_error("(time (now))", "now") == 6);
  CHECK(decode_error("(time (now 1 2))", "now") == 6);
  CHECK(decode_error("(time (now x))", "now") == 6);
  CHECK(decode_error("(time)", "missing (now") == 0);
  CHECK(decode_error("(time now 1)", "expected (name") == 6);
  CHECK(decode_error("(GS (t 1.2.3))", "bad number '1.2.3'") == 7);
  CHECK(decode_error("(GS (t nan))", "bad number 'nan'") == 7);
  CHECK(decode_error("(GS (t inf))", "bad number") == 7);
  CHECK(decode_error("(GS (t 1 2))", "needs 1 number, got 2") == 4);
  CHECK(decode_error("(GS (sl 1.5))", "bad integer") == 8);
  CHECK(decode_error("(GS (unum))", "exactly one word") == 4);
  CHECK(decode_error("(GS (team middle))", "left, right or none") == 10);
  CHECK(decode_error("(GS (pm (PlayOn)))", "exactly one word") == 4);
  CHECK(decode_error("(GYR (n torso) (rt 1 2))", "needs 3 numbers, got 2") == 15);
  CHECK(decode_error("(GYR (n torso))", "missing (rt") == 0);
  CHECK(decode_error("(ACC (n torso) (a 1 2 x))", "bad number 'x'") == 22);
  CHECK(decode_error("(HJ (n hj1))", "missing (ax") == 0);
  CHECK(decode_error("(HJ (ax 1))", "missing (n") == 0);
  CHECK(decode_error("(HJ (n hj1) (ax 1e999))", "bad number") == 16);
  CHECK(decode_error("(HJ (n hj1 hj2) (ax 1))", "exactly one word") == 4);
  CHECK(decode_error("(FRP (n lf) (c 0 0 0))", "FRP") == 0);
  CHECK(decode_error("(FRP (n lf) (c 0 0 0) (f 0 0))", "needs 3 numbers") == 22);
  CHECK(decode_error("(TCH n bumper val)", "TCH") >= 0);
  CHECK(decode_error("(TCH n bumper val one)", "bad integer") == 18);
  CHECK(decode_error("(TCH n bumper)", "needs a name and a value") == 0);
  CHECK(decode_error("(AgentState (temp))", "needs 1 number") == 12);
}

TEST_CASE("errors: hear") {
  CHECK(decode_error("(hear TA 0.00 self)", "bad time 'TA'") == 6);  // read as the unlabelled form
  CHECK(decode_error("(hear 0.00 self)", "expected (hear") == 0);
  CHECK(decode_error("(hear TA 0.00 self hi there)", "expected (hear") == 0);
  CHECK(decode_error("(hear TA x self hi)", "bad time 'x'") == 9);
  CHECK(decode_error("(hear TA 0.00 left hi)", "self or a direction") == 14);
  CHECK(decode_error("(hear TA 0.00 self (hi))", "list") == 19);
  CHECK(decode_error("(hear TA 0.00 self 123456789012345678901)", "longer than 20") == 19);
  CHECK(decode_error("(hear ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 0.00 self hi)", "longer than 31") == 6);
}

TEST_CASE("errors: See") {
  CHECK(decode_error("(See (B))", "exactly one (pol") == 5);
  CHECK(decode_error("(See (B (pol 1 2)))", "needs 3 numbers") == 8);
  CHECK(decode_error("(See (B (lop 1 2 3)))", "expected (pol") == 8);
  CHECK(decode_error("(See (B 1 2 3))", "exactly one (pol") == 5);
  CHECK(decode_error("(See (F1L (pol 1 x 3)))", "bad number 'x'") == 17);
  CHECK(decode_error("(See (L (pol 1 2 3)))", "two (pol") == 5);
  CHECK(decode_error("(See (L (pol 1 2 3) 7))", "expected (pol") == 20);
  CHECK(decode_error("(See (P (team) (id 1)))", "exactly one word") == 8);
  CHECK(decode_error("(See (P (id one)))", "bad integer") == 12);
  CHECK(decode_error("(See (P (head (pol 1 2 3) (pol 1 2 3))))", "exactly one (pol") == 8);
  CHECK(decode_error("(See B)", "expected (name") == 5);
}

TEST_CASE("errors: oversized and too deep messages") {
  std::string huge = server_message(453);
  while (huge.size() <= sexp::Limits{}.max_bytes) huge += huge;
  CHECK(decode_error(huge, "exceeds the limit") == static_cast<std::ptrdiff_t>(sexp::Limits{}.max_bytes));
  std::string deep(40, '(');
  deep += std::string(40, ')');
  CHECK(decode_error(deep, "deeper") == sexp::Limits{}.max_depth);
}

TEST_CASE("truncating real messages at every byte never crashes") {
  // Every prefix either decodes (cut between items) or is an Error whose
  // offset lies inside the prefix.
  for (int number : {2, 453}) {
    const std::string& full = server_message(number);
    int decoded = 0;
    for (size_t cut = 0; cut <= full.size(); ++cut) {
      Percept p;
      Status s = decode_simspark(std::string_view(full).substr(0, cut), &p);
      if (s.ok()) {
        ++decoded;
        continue;
      }
      CHECK(s.error().offset >= 0);
      CHECK(static_cast<size_t>(s.error().offset) <= cut);
    }
    CHECK(decoded > 10);  // the cuts right after each top-level item
  }
}

TEST_CASE("a caller-owned parser gives the same result") {
  sexp::Parser parser;
  Percept a, b;
  REQUIRE(decode_simspark(server_message(456), &parser, &a).ok());
  REQUIRE(decode_simspark(server_message(456), &b).ok());
  CHECK(a.vision.player_count == b.vision.player_count);
  CHECK(a.vision.line_count == b.vision.line_count);
  CHECK(a.vision.ball.horizontal == b.vision.ball.horizontal);
  CHECK(parser.root().size() > 20);  // the parser still describes the message
}

TEST_CASE("the fullest realistic message fits the default limits with room to spare") {
  const std::string message = testing::build_full_field_message();
  sexp::Parser parser;
  REQUIRE(parser.parse(message).ok());
  MESSAGE("full-field message: " << message.size() << " bytes, " << parser.node_count() << " nodes");
  CHECK(message.size() * 4 < sexp::Limits{}.max_bytes);
  CHECK(parser.node_count() * 4 < sexp::Limits{}.max_nodes);
  const Percept p = decode_ok(message);
  CHECK(p.vision.player_count == 22);
  CHECK(p.vision.line_count == 21);
  CHECK(p.vision.dropped == 0);
  for (bool seen : p.vision.landmark_seen) CHECK(seen);
  for (int k = 0; k < kMarkerCount; ++k) CHECK(p.vision.players[21].marker_seen[k]);
  CHECK(p.vision.players[21].team.view() == "Opponents");
  CHECK(p.vision.players[21].id == 11);
  CHECK(p.vision.players[21].marker[kMarkerLFoot].vertical == doctest::Approx(-4.21f));
  for (bool present : p.joint_present) CHECK(present);
  for (const ForcePercept& f : p.force) CHECK(f.contact);
  REQUIRE(p.heard_count == 2);
  CHECK(p.heard[0].text() == "abcdefghijklmnopqrst");
  CHECK(p.heard[1].text() == "~!@#$%^&*_+=-{}[]|:;");
  CHECK(p.heard[1].direction == doctest::Approx(-123.45f));
  CHECK(p.game_state.score_right == 12);
  CHECK(p.unknown_items == 0);
}

// rcssserver3d 0.7.2 now and then writes 'nan' into one object of a See
// line; the rest of the percept (joints, IMU, other objects) must survive.
TEST_CASE("See: an object with a nan or inf number is dropped, the rest kept") {
  const std::string text =
      "(time (now 12.34))(GYR (n torso) (rt 1.5 -2.0 0.25))(HJ (n hj1) (ax 12.5))"
      "(See (F1L (pol 18.69 53.75 -5.15)) (F2L (pol nan 10 2)) (B (pol 1.89 -0.00 -57.82))"
      " (L (pol 1.89 0.13 -59.98) (pol 11.11 -nan -8.61)) (L (pol 17.38 -59.95 -5.50) (pol 18.68 -53.99 -4.75))"
      " (P (team Foe) (id 3) (head (pol 4 5 inf)) (rfoot (pol 4.2 6 -3))))"
      "(HJ (n hj2) (ax -7.25))";
  const Percept p = decode_ok(text);
  CHECK(p.has_time);
  CHECK(p.has_gyro);
  CHECK(p.gyro.y == doctest::Approx(-2.0));
  CHECK(p.joint_present[0]);
  CHECK(p.joint_angle_deg[0] == doctest::Approx(12.5));
  CHECK(p.joint_present[1]);  // after the See block
  CHECK(p.joint_angle_deg[1] == doctest::Approx(-7.25));
  const VisionPercept& v = p.vision;
  CHECK(v.landmark_seen[kF1L]);
  CHECK(v.landmark[kF1L].distance == doctest::Approx(18.69f));
  CHECK_FALSE(v.landmark_seen[kF2L]);
  CHECK(v.ball_seen);
  CHECK(v.ball.distance == doctest::Approx(1.89f));
  CHECK(v.line_count == 1);
  CHECK(v.lines[0].begin.distance == doctest::Approx(17.38f));
  REQUIRE(v.player_count == 1);
  CHECK(v.players[0].id == 3);
  CHECK_FALSE(v.players[0].marker_seen[kMarkerHead]);
  CHECK(v.players[0].marker_seen[kMarkerRFoot]);
  CHECK(v.players[0].marker[kMarkerRFoot].distance == doctest::Approx(4.2f));
  CHECK(v.non_finite_dropped == 3);
}

TEST_CASE("See: a ball with a nan keeps the previous message's ball out of this one") {
  const Percept p = decode_ok("(See (B (pol NaN 0 0)) (G1L (pol 3 4 5)))");
  CHECK_FALSE(p.vision.ball_seen);
  CHECK(p.vision.landmark_seen[kG1L]);
  CHECK(p.vision.non_finite_dropped == 1);
}

TEST_CASE("errors: a nan does not excuse a malformed object") {
  // Wrong arity stays an error even when a nan sits in it: it means the
  // message is not the protocol we speak, not a glitch in one number.
  CHECK(decode_error("(See (B (pol nan 2)))", "needs 3 numbers") == 8);
  CHECK(decode_error("(See (F1L (pol 1 x nan)))", "bad number 'x'") == 17);
  CHECK(decode_error("(See (P (id nan)))", "bad integer") == 12);
}
