#include <doctest/doctest.h>

#include "protocol/sexp.h"
#include "tools/sim/referee/trainer_commands.h"

using namespace libero::sim;
using libero::protocol::PlayMode;

namespace {
TrainerCommandList parse(const char* text, bool* ok = nullptr) {
  static libero::sexp::Parser parser;
  TrainerCommandList list;
  auto s = parse_trainer_commands(text, &parser, &list);
  if (ok) *ok = s.ok();
  return list;
}
}  // namespace

TEST_CASE("every trainer command of the reference parses") {
  auto l = parse(
      "(kickOff Left)(playMode PlayOn)(ball (pos 1 2 0.042) (vel 3 0 0))"
      "(agent (unum 7) (team Right) (pos -3 1.5 0.4))(agent (unum 2) (team Left) (move 0 0 0.4 -90))"
      "(dropBall)(kill (unum 4) (team Left))(select (unum -1))(repos (unum 3) (team Right))"
      "(time 42.5)(score (left 2) (right 1))(reqfullstate)(getAck)(killsim)");
  REQUIRE(l.rejected == 0);
  REQUIRE(l.count == 14);
  CHECK(l.commands[0].kind == TrainerCommandKind::KickOff);
  CHECK(l.commands[0].team == TeamSide::Left);
  CHECK(l.commands[1].play_mode == PlayMode::PlayOn);
  CHECK(l.commands[2].has_position);
  CHECK(l.commands[2].has_velocity);
  CHECK(l.commands[2].vx == 3.0);
  CHECK(l.commands[3].kind == TrainerCommandKind::AgentPos);
  CHECK(l.commands[3].unum == 7);
  CHECK(l.commands[3].team == TeamSide::Right);
  CHECK(l.commands[3].x == -3.0);
  CHECK(l.commands[4].kind == TrainerCommandKind::AgentMove);
  CHECK(l.commands[4].yaw_deg == -90.0);
  CHECK(l.commands[5].kind == TrainerCommandKind::DropBall);
  CHECK(l.commands[6].kind == TrainerCommandKind::Kill);
  CHECK(l.commands[7].kind == TrainerCommandKind::Select);
  CHECK(l.commands[7].unum == -1);
  CHECK(l.commands[8].kind == TrainerCommandKind::Repos);
  CHECK(l.commands[9].time == 42.5);
  CHECK(l.commands[10].score_left == 2);
  CHECK(l.commands[10].score_right == 1);
  CHECK(l.commands[13].kind == TrainerCommandKind::KillSim);
}

TEST_CASE("bad commands are rejected one by one; the good ones still apply") {
  auto l = parse("(kickOff Middle)(playMode Halftime)(ball (pos 1 2))(time -1)(score (left 1))(agent (pos 1 2 3))"
                 "(frobnicate)(ball (pos nan 0 0))(playMode PlayOn)");
  CHECK(l.count == 1);
  CHECK(l.commands[0].play_mode == PlayMode::PlayOn);
  CHECK(l.rejected == 8);
  CHECK(std::string(l.first_problem).find("kickOff Middle") != std::string::npos);
}

TEST_CASE("a broken message is an error with the offset") {
  bool ok = true;
  parse("(kickOff Left", &ok);
  CHECK_FALSE(ok);
  parse("", &ok);
  CHECK(ok);
}
