// Agent effector messages: parsing, accumulation, warnings and fatal errors.
#include <doctest/doctest.h>

#include <string>

#include "protocol/sexp.h"
#include "tools/sim/server/agent_commands.h"

using namespace libero;
using namespace libero::sim;

TEST_CASE("scene: nao.rsg is type 0, nao_hetero takes a type") {
  sexp::Parser parser;
  AgentCommands c;
  REQUIRE(parse_agent_message("(scene rsg/agent/nao/nao_hetero.rsg 3)", false, &parser, &c).ok());
  CHECK(c.scene);
  CHECK(c.scene_type == 3);
  c.clear();
  REQUIRE(parse_agent_message("(scene rsg/agent/nao/nao.rsg)", false, &parser, &c).ok());
  CHECK(c.scene);
  CHECK(c.scene_type == 0);
  c.clear();
  REQUIRE(parse_agent_message("(scene rsg/agent/soccerbot.rsg)", false, &parser, &c).ok());
  CHECK_FALSE(c.scene);
  CHECK(c.warning_count == 1);
}

TEST_CASE("before the robot exists only scene is an effector") {
  sexp::Parser parser;
  AgentCommands c;
  REQUIRE(parse_agent_message("(scene rsg/agent/nao/nao.rsg)(init (unum 1)(teamname A))(he1 1)(syn)", false,
                              &parser, &c)
              .ok());
  CHECK(c.scene);
  CHECK_FALSE(c.init);
  CHECK_FALSE(c.joint_set[kNeckYaw]);
  CHECK(c.syn);
  CHECK(c.warning_count == 2);
}

TEST_CASE("init, joints, beam, say and syn accumulate; the last joint command wins") {
  sexp::Parser parser;
  AgentCommands c;
  REQUIRE(parse_agent_message("(init (teamname Probe)(unum 7))(he1 0.5)(rle4 -3.2)", true, &parser, &c).ok());
  REQUIRE(parse_agent_message("(he1 1.0)(beam -5 0.5 90)(say hello)(syn)", true, &parser, &c).ok());
  CHECK(c.init);
  CHECK(c.init_unum == 7);
  CHECK(c.init_team_name() == "Probe");
  CHECK(c.joint_set[kNeckYaw]);
  CHECK(c.joint_velocity[kNeckYaw] == 1.0);
  CHECK(c.joint_velocity[kRKneePitch] == doctest::Approx(-3.2));
  CHECK(c.beam);
  CHECK(c.beam_x == -5);
  CHECK(c.beam_rot_deg == 90);
  CHECK(c.say_message() == "hello");
  CHECK(c.syn);
  CHECK(c.warning_count == 0);
  c.clear();
  CHECK_FALSE(c.syn);
  CHECK_FALSE(c.joint_set[kNeckYaw]);
}

TEST_CASE("unknown effectors and bad arguments are ignored with a warning") {
  sexp::Parser parser;
  AgentCommands c;
  REQUIRE(parse_agent_message("(xyz 1)(he1 abc)(he2)(beam 1 2)(init (unum x)(teamname A))(syn)", true, &parser, &c)
              .ok());
  CHECK(c.warning_count == 5);
  CHECK(std::string(c.first_warning).find("xyz") != std::string::npos);
  CHECK_FALSE(c.joint_set[kNeckYaw]);
  CHECK_FALSE(c.beam);
  CHECK_FALSE(c.init);
  CHECK(c.syn);
}

TEST_CASE("say: too long is silently dropped, bad text is rejected with a warning") {
  sexp::Parser parser;
  AgentCommands c;
  REQUIRE(parse_agent_message("(say 123456789012345678901)", true, &parser, &c).ok());
  CHECK_FALSE(c.say);
  CHECK(c.warning_count == 0);
  REQUIRE(parse_agent_message("(say two words)", true, &parser, &c).ok());
  CHECK_FALSE(c.say);
  CHECK(c.warning_count == 1);
}

TEST_CASE("pass: (pass) asks for pass mode; arguments make it a bad command") {
  sexp::Parser parser;
  AgentCommands c;
  REQUIRE(parse_agent_message("(he1 0.5)(pass)(syn)", true, &parser, &c).ok());
  CHECK(c.pass);
  CHECK(c.warning_count == 0);
  c.clear();
  CHECK_FALSE(c.pass);
  REQUIRE(parse_agent_message("(pass 1)(he1 0.5)", true, &parser, &c).ok());
  CHECK(c.pass);  // as rcssserver3d, which reads only the name
  CHECK(c.warning_count == 1);
  CHECK(std::string(c.first_warning).find("(pass 1)") != std::string::npos);
  CHECK(c.joint_set[kNeckYaw]);  // the rest of the message still counts
  c.clear();
  REQUIRE(parse_agent_message("(pass)", false, &parser, &c).ok());  // no robot yet
  CHECK_FALSE(c.pass);
  CHECK(c.warning_count == 1);
}

TEST_CASE("malformed messages are errors") {
  sexp::Parser parser;
  AgentCommands c;
  CHECK_FALSE(parse_agent_message("(he1 1.0", true, &parser, &c).ok());
  CHECK_FALSE(parse_agent_message("he1 1.0))", true, &parser, &c).ok());
  CHECK_FALSE(parse_agent_message(std::string("(say a\x01)"), true, &parser, &c).ok());
}
