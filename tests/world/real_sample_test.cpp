// The world model on real rcssserver3d 0.7.2 messages
// (tests/data/simspark-0.7.2-session.txt): a probe robot
// beamed to a known spot. Truth is only known to the beam's noise
// (±0.05 m, ±10 deg, simspark-facts.md section 6), so the bounds are loose;
// what this test guards is that real server output (its number formats,
// its own-arm P groups, its vision geometry) localises at all.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "../protocol/session_sample.h"
#include "core/math.h"
#include "protocol/simspark_codec.h"
#include "world/world_model.h"

using namespace libero;

namespace {

struct Message {
  int number;
  std::string text;
};

// Server messages of one capture (1, 2), in order.
std::vector<Message> load_capture(int capture) {
  std::vector<Message> out;
  for (const testing::SampleMessage& m : testing::load_session_sample(testing::session_sample_path()))
    if (m.from_server && m.capture == capture) out.push_back({m.number, m.text});
  return out;
}

}  // namespace

TEST_CASE("real server sample, left team beamed to (-5, 0, 0)") {
  std::vector<Message> messages = load_capture(1);
  REQUIRE(messages.size() >= 10);
  world::WorldModelOptions options;
  options.team_name = "Probe";
  options.robots_dir = std::string(LIBERO_SOURCE_DIR) + "/robots";
  world::WorldModel model(options);
  motion::MotionStatus status{};
  protocol::Percept percept;
  for (const Message& m : messages) {
    REQUIRE(protocol::decode_simspark(m.text, &percept).ok());
    model.update(percept, status);
  }
  const world::WorldState& ws = model.state();
  CHECK(ws.game.side == 1);
  CHECK(std::hypot(ws.self.x + 5, ws.self.y) < 0.12);  // beam noise 0.05 per axis
  CHECK(std::fabs(rad2deg(ws.self.heading)) < 12);
  // The ball waits at the centre spot before kick-off.
  CHECK(ws.ball.valid == 1);
  CHECK(std::hypot(ws.ball.x, ws.ball.y) < 0.2);
  // The probe's own arms are in view and must not become a teammate.
  for (int i = 1; i < world::kMaxTeamSize; ++i) CHECK(ws.teammates[i].valid == 0);
}

TEST_CASE("real server sample, right team during a game: mirrored frame, ball, opponents") {
  // Capture 2: the probe joined as the right team, beamed to (-2, 1, 0) in its
  // team frame = world (2, -1) facing -x. Kick-off for the left team then
  // clears the right team out of the centre circle to world x = U(2.2, 4.2),
  // y kept (simspark-facts.md 7.3). The capture starts after the one GS that
  // carried the side, so the test supplies it as the agent would have it.
  std::vector<Message> messages = load_capture(2);
  REQUIRE(messages.size() >= 5);
  world::WorldModelOptions options;
  options.team_name = "Probe";
  options.robots_dir = std::string(LIBERO_SOURCE_DIR) + "/robots";
  world::WorldModel model(options);
  motion::MotionStatus status{};
  protocol::Percept percept;
  bool first = true;
  for (const Message& m : messages) {
    if (m.number == 0) continue;  // the capture's reply to scene, before init
    REQUIRE(protocol::decode_simspark(m.text, &percept).ok());
    if (first) {
      percept.game_state.has_side = true;
      percept.game_state.side = protocol::Side::Right;
      percept.game_state.has_unum = true;
      percept.game_state.unum = 1;
      first = false;
    }
    model.update(percept, status);
  }
  const world::WorldState& ws = model.state();
  CHECK(ws.game.side == 2);
  CHECK(ws.game.phase == world::kGameTheirKickOff);
  // Team frame: x in [-4.2, -2.2] (own half), y = 1 +- beam noise, facing +x.
  CHECK(ws.self.x < -2.1);
  CHECK(ws.self.x > -4.3);
  CHECK(std::fabs(ws.self.y - 1.0) < 0.15);
  CHECK(std::fabs(rad2deg(ws.self.heading)) < 12);
  REQUIRE(ws.ball.valid == 1);
  CHECK(std::hypot(ws.ball.x, ws.ball.y) < 0.2);
  // UTA_Left's robots are opponents; their goalie stands in front of their
  // goal, which is at +x in our frame.
  REQUIRE(ws.opponents[0].valid == 1);
  CHECK(ws.opponents[0].x > 13);
  CHECK(ws.opponents[0].fall == world::kFallNone);
  CHECK(ws.opponents[1].valid == 1);
  CHECK(ws.opponents[2].valid == 1);
  for (int i = 1; i < world::kMaxTeamSize; ++i) CHECK(ws.teammates[i].valid == 0);
}
