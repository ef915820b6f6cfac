#include <doctest/doctest.h>

#include <cstring>
#include <limits>
#include <string>

#include "protocol/sexp.h"
#include "protocol/simspark_codec.h"

using namespace libero;
using namespace libero::protocol;

namespace {
std::string encode_ok(const Action& action) {
  char buffer[1024];
  Result<size_t> r = encode_simspark(action, buffer, sizeof buffer);
  REQUIRE_MESSAGE(r.ok(), r.error().describe());
  return std::string(buffer, *r);
}
}  // namespace

TEST_CASE("encoder matches the sample's agent messages") {
  Action scene;
  scene.send_scene = true;
  CHECK(encode_ok(scene) == "(scene rsg/agent/nao/nao_hetero.rsg 0)");

  Action init;
  init.send_init = true;
  init.unum = 1;
  REQUIRE(init.team_name.assign("Probe"));
  CHECK(encode_ok(init) == "(init (unum 1)(teamname Probe))(syn)");

  Action beam;
  beam.send_beam = true;
  beam.beam_x = -5;
  CHECK(encode_ok(beam) == "(beam -5 0 0)(syn)");
}

namespace {
std::string encode_error(const Action& action, std::string_view expected_words) {
  char buffer[1024];
  Result<size_t> r = encode_simspark(action, buffer, sizeof buffer);
  REQUIRE_FALSE(r.ok());
  const std::string description = r.error().describe();
  CHECK_MESSAGE(description.find(expected_words) != std::string::npos, description);
  return description;
}

Action joints_only() {
  Action a;
  a.send_syn = false;
  return a;
}
}  // namespace

TEST_CASE("scene for every hetero type; the scene message stands alone") {
  for (int type = 0; type <= 4; ++type) {
    Action a;
    a.send_scene = true;
    a.robot_type = type;
    a.send_beam = true;  // ignored: nothing but scene exists on a fresh connection
    CHECK(encode_ok(a) == "(scene rsg/agent/nao/nao_hetero.rsg " + std::to_string(type) + ")");
  }
  Action bad;
  bad.send_scene = true;
  bad.robot_type = 5;
  encode_error(bad, "robot type 5 is not 0-4");
  bad.robot_type = -1;
  encode_error(bad, "robot type -1");
}

TEST_CASE("hinge joint velocities use effector names, enum order, compact numbers") {
  Action a = joints_only();
  a.joint_set[kNeckYaw] = true;
  a.joint_velocity[kNeckYaw] = 0.5f;
  a.joint_set[kRKneePitch] = true;
  a.joint_velocity[kRKneePitch] = -3.2f;
  a.joint_set[kLToePitch] = true;
  a.joint_velocity[kLToePitch] = 0.0f;
  CHECK(encode_ok(a) == "(he1 0.5)(rle4 -3.2)(lle7 0)");

  a = joints_only();
  for (int j = 0; j < kJointCount; ++j) {
    a.joint_set[j] = true;
    a.joint_velocity[j] = 1.0f;
  }
  const std::string all = encode_ok(a);
  for (int j = 0; j < kJointCount; ++j)
    CHECK(all.find("(" + std::string(kJointEffectorNames[j]) + " 1)") != std::string::npos);
}

TEST_CASE("number formatting: 4 decimals, trimmed, no negative zero") {
  struct Case {
    float value;
    const char* text;
  };
  const Case cases[] = {{0.0f, "0"},          {-0.0f, "0"},         {1.0f, "1"},          {-5.0f, "-5"},
                        {0.5f, "0.5"},        {3.14159265f, "3.1416"}, {-3.14159265f, "-3.1416"},
                        {0.00004f, "0"},      {-0.00004f, "0"},     {0.00006f, "0.0001"}, {100.25f, "100.25"},
                        {6.1395f, "6.1395"},  {999999.0f, "999999"}, {-0.1f, "-0.1"},      {12.3456789f, "12.3457"}};
  for (const Case& c : cases) {
    Action a = joints_only();
    a.joint_set[kNeckPitch] = true;
    a.joint_velocity[kNeckPitch] = c.value;
    CHECK(encode_ok(a) == std::string("(he2 ") + c.text + ")");
  }
}

TEST_CASE("non-finite and out-of-range numbers are rejected") {
  Action a = joints_only();
  a.joint_set[kRHipPitch] = true;
  a.joint_velocity[kRHipPitch] = std::numeric_limits<float>::quiet_NaN();
  encode_error(a, "velocity of rle3 is not a finite number");
  a.joint_velocity[kRHipPitch] = std::numeric_limits<float>::infinity();
  encode_error(a, "rle3 is not a finite number");
  a.joint_velocity[kRHipPitch] = 2e6f;
  encode_error(a, "out of range");
  // A NaN in a joint that is not set is not sent, so not checked.
  a.joint_set[kRHipPitch] = false;
  CHECK(encode_ok(a).empty());

  Action beam;
  beam.send_beam = true;
  beam.beam_y = std::numeric_limits<float>::quiet_NaN();
  encode_error(beam, "beam y");
  beam.beam_y = 0;
  beam.beam_rot_deg = -std::numeric_limits<float>::infinity();
  encode_error(beam, "beam rotation");
}

TEST_CASE("beam with fractions and a rotation") {
  Action a;
  a.send_beam = true;
  a.beam_x = -14.2f;
  a.beam_y = 9.25f;
  a.beam_rot_deg = 90.0f;
  CHECK(encode_ok(a) == "(beam -14.2 9.25 90)(syn)");
}

TEST_CASE("init: unum 0 lets the server choose; names are checked") {
  Action a;
  a.send_init = true;
  REQUIRE(a.team_name.assign("UTA_Left"));
  CHECK(encode_ok(a) == "(init (unum 0)(teamname UTA_Left))(syn)");
  a.unum = 12;
  encode_error(a, "uniform number 12 is not 0-11");
  a.unum = -1;
  encode_error(a, "uniform number -1");
  a.unum = 2;
  a.team_name = ShortString{};
  encode_error(a, "team name is empty");
  REQUIRE(a.team_name.assign("Two Words"));
  encode_error(a, "team name has a character");
  REQUIRE(a.team_name.assign("a(b"));
  encode_error(a, "team name");
}

TEST_CASE("ShortString::assign rejects, never truncates") {
  ShortString s;
  CHECK(s.assign("Probe"));
  CHECK(s.view() == "Probe");
  CHECK(s.text[5] == '\0');
  const std::string longest(kMaxNameLength, 'x');
  CHECK(s.assign(longest));
  CHECK(s.view() == longest);
  CHECK_FALSE(s.assign(longest + "y"));
  CHECK(s.view() == longest);  // unchanged
  CHECK(s.assign(""));
  CHECK(s.view().empty());
}

TEST_CASE("say: valid messages, and every rule of facts 5.8") {
  Action a;
  a.send_say = true;
  const std::string text = "pass!@#$%^&*_+=~";
  std::memcpy(a.say, text.data(), text.size());
  a.say_length = static_cast<uint8_t>(text.size());
  CHECK(encode_ok(a) == "(say " + text + ")(syn)");

  CHECK(validate_say("a").ok());
  CHECK(validate_say(std::string(20, '~')).ok());
  CHECK(validate_say("!\"#$%&'*+,-./:;<=>?@").ok());
  CHECK(validate_say("").error().message.find("empty") != std::string::npos);
  CHECK(validate_say(std::string(21, 'a')).error().message.find("21 characters; the limit is 20") !=
        std::string::npos);
  Status space = validate_say("hi there");
  REQUIRE_FALSE(space.ok());
  CHECK(space.error().offset == 2);
  CHECK(space.error().message.find("0x20") != std::string::npos);
  CHECK(validate_say("a(b").error().offset == 1);
  CHECK(validate_say("ab)").error().offset == 2);
  CHECK(validate_say("tab\t").error().offset == 3);
  CHECK(validate_say("del\x7F").error().message.find("0x7F") != std::string::npos);
  CHECK(validate_say("\xC3\xA9").error().message.find("0xC3") != std::string::npos);

  a.say_length = 0;
  encode_error(a, "say: message is empty");
  a.say_length = 21;
  encode_error(a, "limit is 20");
  a.say_length = 3;
  std::memcpy(a.say, "a b", 3);
  encode_error(a, "0x20 at index 1");
}

TEST_CASE("everything in one message, in a fixed order") {
  Action a;
  a.send_init = true;
  a.unum = 7;
  REQUIRE(a.team_name.assign("Libero"));
  a.joint_set[kLHipRoll] = true;
  a.joint_velocity[kLHipRoll] = -0.25f;
  a.send_beam = true;
  a.beam_x = -1.5f;
  a.send_pass = true;
  a.send_say = true;
  std::memcpy(a.say, "go", 2);
  a.say_length = 2;
  CHECK(encode_ok(a) == "(init (unum 7)(teamname Libero))(lle2 -0.25)(beam -1.5 0 0)(pass)(say go)(syn)");
  a.clear();
  CHECK(encode_ok(a) == "(syn)");
  a.send_syn = false;
  CHECK(encode_ok(a).empty());
}

TEST_CASE("a buffer that is too small at any size is an error, never an overrun") {
  Action a;
  a.send_init = true;
  REQUIRE(a.team_name.assign("Probe"));
  for (int j = 0; j < kJointCount; ++j) {
    a.joint_set[j] = true;
    a.joint_velocity[j] = -1.2345f;
  }
  const std::string full = encode_ok(a);
  std::string buffer(full.size() + 16, '#');
  for (size_t capacity = 0; capacity < full.size(); ++capacity) {
    Result<size_t> r = encode_simspark(a, buffer.data(), capacity);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("too small") != std::string::npos);
    CHECK(buffer.substr(capacity).find_first_not_of('#') == std::string::npos);  // nothing past capacity
  }
  Result<size_t> exact = encode_simspark(a, buffer.data(), full.size());
  REQUIRE(exact.ok());
  CHECK(buffer.substr(0, *exact) == full);
  CHECK_FALSE(encode_simspark(a, nullptr, 100).ok());
}

TEST_CASE("encoded messages parse back with the S-expression parser") {
  Action a;
  a.send_init = true;
  a.unum = 4;
  REQUIRE(a.team_name.assign("Back"));
  a.joint_set[kRArmRoll] = true;
  a.joint_velocity[kRArmRoll] = 2.75f;
  a.send_beam = true;
  a.beam_x = -3;
  a.beam_y = 1.125f;
  a.beam_rot_deg = -45;
  const std::string text = encode_ok(a);
  sexp::Parser parser;
  REQUIRE(parser.parse(text).ok());
  sexp::Value root = parser.root();
  REQUIRE(root.size() == 4);
  CHECK(root[0].tag() == "init");
  int unum = 0;
  CHECK(root[0][1][1].as_int(&unum));
  CHECK(unum == 4);
  CHECK(root[1].tag() == "rae3");
  float v = 0;
  CHECK(root[1][1].as_float(&v));
  CHECK(v == 2.75f);
  float y = 0;
  CHECK(root[2][2].as_float(&y));
  CHECK(y == 1.125f);
  CHECK(root[3].tag() == "syn");
}
