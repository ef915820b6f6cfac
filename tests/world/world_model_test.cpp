// WorldModel end to end on synthetic percepts with known truth
// (tools/bench/world/synthetic_world.h follows the server's noise model).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <cmath>
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "synthetic_world.h"
#include "world/ball_filter.h"
#include "world/team_message.h"
#include "world/world_model.h"

using namespace libero;
using namespace libero::world;

#define CHECK_NEAR(a, b, tolerance) CHECK(std::fabs(static_cast<double>(a) - static_cast<double>(b)) <= (tolerance))

namespace {

struct Rig {
  synthetic::SyntheticWorld sim;
  WorldModel model;
  protocol::Percept percept;
  motion::MotionStatus status{}, last_status{};

  explicit Rig(const synthetic::SyntheticOptions& options) : sim(options), model(make_options(options)) {}

  static WorldModelOptions make_options(const synthetic::SyntheticOptions& o) {
    WorldModelOptions w;
    w.team_name = o.team;
    w.robots_dir = std::string(LIBERO_SOURCE_DIR) + "/robots";
    return w;
  }

  void step(double vx, double vy, double turn) {
    sim.step(vx, vy, turn, &percept, &status);
    model.update(percept, last_status);
    last_status = status;
  }

  // Walks a rectangle-ish path for `seconds`; returns the position errors
  // after the first `settle` seconds.
  std::vector<double> walk(double seconds, double settle = 2.0) {
    std::vector<double> errors;
    double start = sim.time();
    while (sim.time() - start < seconds) {
      double t = sim.time() - start;
      step(0.4, 0.05 * std::sin(t), 0.25 * std::sin(0.3 * t));
      if (t > settle) errors.push_back(position_error());
    }
    return errors;
  }

  double position_error() const {
    synthetic::TruthPose p = sim.pose();
    return std::hypot(model.state().self.x - p.x, model.state().self.y - p.y);
  }
  double heading_error() const {
    return std::fabs(normalize_angle(model.state().self.heading - sim.pose().heading));
  }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? NAN : v[v.size() / 2];
}

}  // namespace

TEST_CASE("localises from an unknown start and tracks while walking (left side)") {
  synthetic::SyntheticOptions o;
  o.seed = 3;
  Rig rig(o);
  rig.sim.place(-7, 3, 0.5);
  std::vector<double> errors = rig.walk(20);
  CHECK(median(errors) < 0.10);
  CHECK(*std::max_element(errors.begin(), errors.end()) < 0.5);
  CHECK(rig.heading_error() < deg2rad(3));
  CHECK(rig.model.state().self.localised == 1);
  CHECK(rig.model.state().self.position_sigma < 0.3);
}

TEST_CASE("right team: the same walk in the mirrored frame") {
  synthetic::SyntheticOptions o;
  o.seed = 4;
  o.left_side = false;
  Rig rig(o);
  rig.sim.place(-7, 3, 0.5);  // team frame: own half
  std::vector<double> errors = rig.walk(20);
  CHECK(median(errors) < 0.10);
  CHECK(rig.heading_error() < deg2rad(3));
  CHECK(rig.model.state().game.side == 2);
  // Own goal is at -x in our frame: walking from our half, x stays negative-ish.
  CHECK(rig.model.state().self.localised == 1);
}

TEST_CASE("kidnapped robot: flags itself lost and relocalises") {
  for (int free_fall = 0; free_fall < 2; ++free_fall) {
    synthetic::SyntheticOptions o;
    o.seed = 10 + free_fall;
    Rig rig(o);
    rig.sim.place(-5, 0, 0);
    rig.walk(5);
    REQUIRE(rig.position_error() < 0.2);
    rig.sim.teleport(8, -6, 2.5, free_fall == 1);
    double kidnapped_at = rig.sim.time();
    double confidently_wrong = 0, recovered_at = -1;
    while (rig.sim.time() - kidnapped_at < 6.0) {
      rig.step(0.3, 0, 0.4);
      bool localised = rig.model.state().self.localised;
      if (localised && rig.position_error() > 1.0) confidently_wrong += 0.02;
      if (recovered_at < 0 && localised && rig.position_error() < 0.3 && rig.heading_error() < deg2rad(10))
        recovered_at = rig.sim.time();
    }
    CAPTURE(free_fall);
    REQUIRE(recovered_at > 0);
    CHECK(recovered_at - kidnapped_at < 2.0);
    CHECK(confidently_wrong < 0.5);
    CHECK(rig.position_error() < 0.2);
  }
}

TEST_CASE("no landmarks or lines for a while: odometry carries, uncertainty grows, vision recovers") {
  synthetic::SyntheticOptions o;
  o.seed = 5;
  Rig rig(o);
  rig.sim.place(-4, 2, 0);
  rig.walk(4);
  REQUIRE(rig.position_error() < 0.15);
  double sigma_before = rig.model.state().self.position_sigma;
  // 6 s of blindness (vision frames arrive but see nothing).
  double start = rig.sim.time();
  while (rig.sim.time() - start < 6.0) {
    rig.sim.step(0.4, 0, 0.1, &rig.percept, &rig.status);
    if (rig.percept.vision.present) {
      protocol::VisionPercept empty;
      empty.present = true;
      rig.percept.vision = empty;
    }
    rig.model.update(rig.percept, rig.last_status);
    rig.last_status = rig.status;
  }
  CHECK(rig.position_error() < 0.6);  // 2.4 m walked with an 8 % speed error
  CHECK(rig.model.state().self.position_sigma > sigma_before);
  rig.walk(2, 0);
  CHECK(rig.position_error() < 0.15);
  CHECK(rig.model.state().self.localised == 1);
}

TEST_CASE("ball: position when seen, rolling velocity, stop point, moving towards me") {
  synthetic::SyntheticOptions o;
  o.seed = 6;
  o.head_scan = false;
  Rig rig(o);
  rig.sim.place(-3, 0, 0);
  rig.sim.set_ball(-1, 0.3, 0, 0);
  for (int i = 0; i < 150; ++i) rig.step(0, 0, 0);
  const WsBall& ball = rig.model.state().ball;
  REQUIRE(ball.valid == 1);
  CHECK_NEAR(ball.x, -1, 0.1);
  CHECK_NEAR(ball.y, 0.3, 0.1);
  CHECK(ball.last_seen_age < 0.1);
  CHECK(ball.moving_towards_me == 0);
  // Rolled towards us.
  rig.sim.set_ball(1.5, 0.2, -1.5, 0);
  for (int i = 0; i < 25; ++i) rig.step(0, 0, 0);
  double vx, vy, bx, by;
  rig.sim.ball_velocity(&vx, &vy);
  rig.sim.ball(&bx, &by);
  CHECK_NEAR(ball.vx, vx, 0.3);
  CHECK_NEAR(ball.vy, vy, 0.3);
  CHECK(ball.moving_towards_me == 1);
  double true_stop_x = bx + vx * kBallRollingTau;
  CHECK_NEAR(ball.stop_x, true_stop_x, 0.5);
  // Out of sight: age grows, position is kept.
  rig.sim.set_ball(-10, 8, 0, 0);  // behind-left, not in view
  for (int i = 0; i < 100; ++i) rig.step(0, 0, 0);
  CHECK(ball.last_seen_age > 1.5);
  CHECK(ball.last_known_age > 1.5);
}

TEST_CASE("ball: on the centre spot from the kick-off's play modes, where the referee holds it") {
  for (protocol::PlayMode mode : {protocol::PlayMode::KickOffLeft, protocol::PlayMode::KickOffRight,
                                  protocol::PlayMode::BeforeKickOff}) {
    synthetic::SyntheticOptions o;
    o.seed = 8;
    o.head_scan = false;
    Rig rig(o);
    // Last seen in our goal, facing away from the centre (as a kick-off
    // taker that watched the goal): the ball on the spot is out of view.
    rig.sim.place(-0.3, 0, kPi);
    rig.sim.set_ball(-14.5, -0.8, 0, 0);
    for (int i = 0; i < 100; ++i) rig.step(0, 0, 0);
    const WsBall& ball = rig.model.state().ball;
    REQUIRE(ball.valid == 1);
    CHECK_NEAR(ball.x, -14.5, 0.6);
    rig.sim.set_ball(0, 0, 0, 0);
    for (int i = 0; i < 50; ++i) rig.step(0, 0, 0);
    CHECK_NEAR(ball.x, -14.5, 0.6);  // in PlayOn nothing says it moved
    CHECK(ball.last_known_age > 0.9);
    rig.sim.step(0, 0, 0, &rig.percept, &rig.status);
    rig.percept.game_state.play_mode = mode;
    rig.model.update(rig.percept, rig.last_status);
    CHECK_NEAR(ball.x, 0, 1e-9);
    CHECK_NEAR(ball.y, 0, 1e-9);
    CHECK_NEAR(ball.vx, 0, 1e-9);
    CHECK(ball.last_known_age < 1e-9);
  }
}

TEST_CASE("players: own parts ignored, teammates and opponents tracked, fallen robots noticed") {
  synthetic::SyntheticOptions o;
  o.seed = 7;
  o.head_scan = false;
  o.unum = 4;
  Rig rig(o);
  rig.sim.place(-2, 0, 0);
  rig.sim.add_player(true, 6, 1, 1, kPi);
  rig.sim.add_player(false, 4, 2, -1, kPi);           // same number as ours, other team
  rig.sim.add_player(false, 9, 3, 0.5, 0, true);       // lying on the ground
  for (int i = 0; i < 200; ++i) rig.step(0, 0, 0);
  const WorldState& ws = rig.model.state();
  const WsPlayer& me = ws.teammates[3];
  CHECK(me.valid == 1);
  CHECK_NEAR(me.x, -2, 0.15);  // our slot is our own pose, not our arms
  const WsPlayer& mate = ws.teammates[5];
  REQUIRE(mate.valid == 1);
  CHECK_NEAR(mate.x, 1.0, 0.2);
  CHECK_NEAR(mate.y, 1.0, 0.2);
  CHECK(mate.fall == kFallNone);
  CHECK(std::fabs(normalize_angle(mate.heading - kPi)) < 0.3);
  // Seen all along but never heard: role assignment must be able to tell.
  CHECK(mate.last_seen_age < 0.5);
  CHECK(mate.last_heard_age > 1000);
  const WsPlayer& opp4 = ws.opponents[3];
  REQUIRE(opp4.valid == 1);
  CHECK_NEAR(opp4.x, 2.0, 0.2);
  CHECK_NEAR(opp4.y, -1.0, 0.2);
  const WsPlayer& opp9 = ws.opponents[8];
  REQUIRE(opp9.valid == 1);
  CHECK(opp9.fall != kFallNone);
  CHECK(ws.opponents[0].valid == 0);
}

TEST_CASE("team messages: teammates heard, opponents and garbage rejected, ball shared") {
  synthetic::SyntheticOptions o;
  o.seed = 8;
  o.head_scan = false;
  o.unum = 2;
  Rig rig(o);
  rig.sim.place(-5, 0, kPi);  // facing our own goal; the ball at midfield is out of view
  for (int i = 0; i < 100; ++i) rig.step(0, 0, 0);
  const WorldState& ws = rig.model.state();
  CHECK(ws.ball.valid == 0);

  TeamMessage m;
  m.unum = 9;
  m.x = 4.0;
  m.y = -2.0;
  m.heading = 1.0;
  m.localised = true;
  m.ball_valid = true;
  m.ball_x = 5.0;
  m.ball_y = -1.0;
  m.ball_age = 0.1;
  char ours[protocol::kMaxSayLength + 1], theirs[protocol::kMaxSayLength + 1];
  encode_team_message(m, "Libero", ours);
  m.unum = 5;
  encode_team_message(m, "Others", theirs);
  rig.sim.queue_heard("Libero", ours);
  rig.sim.queue_heard("Others", theirs);              // an opponent's message
  rig.sim.queue_heard("Libero", "(garbage)");         // not decodable
  rig.sim.queue_heard("Libero", "ABCDEFGHIJKLM");     // right length, wrong checksum
  rig.sim.queue_heard("Others", ours);                // replayed by the opponent: team tag differs
  rig.step(0, 0, 0);
  CHECK(ws.teammates[8].valid == 1);
  CHECK_NEAR(ws.teammates[8].x, 4.0, 0.05);
  CHECK_NEAR(ws.teammates[8].y, -2.0, 0.05);
  CHECK(ws.teammates[8].last_heard_age < 0.05);
  CHECK(ws.teammates[4].valid == 0);
  CHECK(ws.opponents[4].valid == 0);
  // The teammate's ball fills in for ours: known, but not seen by us.
  CHECK(ws.ball.valid == 1);
  CHECK_NEAR(ws.ball.x, 5.0, 0.05);
  CHECK(ws.ball.last_known_age < 0.5);
  CHECK(ws.ball.last_seen_age > 1.0);
  // Our own echo is ignored (it would claim to be unum 2 = us).
  m.unum = 2;
  m.x = 9;
  encode_team_message(m, "Libero", ours);
  rig.sim.queue_heard("Libero", ours, true);
  rig.step(0, 0, 0);
  CHECK_NEAR(ws.teammates[1].x, -5, 0.2);
  // Silence ages the teammate's heard-age (about a second of cycles here).
  for (int i = 0; i < 50; ++i) rig.step(0, 0, 0);
  CHECK(ws.teammates[8].last_heard_age > 0.5);
  CHECK(ws.teammates[8].last_heard_age < 2.0);
}

TEST_CASE("behaviour messages: our team's kept newest first for the scripts, others' dropped, forgotten after 10 s") {
  synthetic::SyntheticOptions o;
  o.seed = 12;
  o.unum = 4;
  Rig rig(o);
  rig.sim.place(-5, 0, 0);
  for (int i = 0; i < 20; ++i) rig.step(0, 0, 0);
  const WorldState& ws = rig.model.state();
  for (const WsHeard& h : ws.heard) CHECK(h.valid == 0);

  rig.sim.queue_heard("Others", "pass4:1.0:2.0");  // an opponent's words are never ours
  rig.sim.queue_heard("Libero", "pass4:1.0:2.0");
  rig.step(0, 0, 0);
  CHECK(ws.heard[0].valid == 1);
  CHECK(std::string(ws.heard[0].text) == "pass4:1.0:2.0");
  CHECK(ws.heard[0].from_self == 0);
  CHECK(ws.heard[1].valid == 0);
  const int32_t first_id = ws.heard[0].id;

  // A radio message (pose and ball) goes to the tracks, not to the scripts.
  TeamMessage m;
  m.unum = 7;
  m.x = 1.0;
  m.localised = true;
  char radio[protocol::kMaxSayLength + 1];
  encode_team_message(m, "Libero", radio);
  rig.sim.queue_heard("Libero", radio);
  rig.step(0, 0, 0);
  CHECK(ws.teammates[6].valid == 1);
  CHECK(ws.heard[1].valid == 0);

  // Our own echo, newest first; the older message moves down and ages.
  rig.sim.queue_heard("Libero", "go", true);
  rig.step(0, 0, 0);
  CHECK(std::string(ws.heard[0].text) == "go");
  CHECK(ws.heard[0].from_self == 1);
  CHECK(ws.heard[0].id > first_id);
  CHECK(std::string(ws.heard[1].text) == "pass4:1.0:2.0");
  CHECK(ws.heard[1].age > ws.heard[0].age);

  // Five more push the oldest out of the four slots.
  for (int k = 0; k < 5; ++k) {
    rig.sim.queue_heard("Libero", "m" + std::to_string(k));
    rig.step(0, 0, 0);
  }
  CHECK(std::string(ws.heard[0].text) == "m4");
  CHECK(std::string(ws.heard[3].text) == "m1");

  for (int i = 0; i < 520; ++i) rig.step(0, 0, 0);  // 10.4 s
  for (const WsHeard& h : ws.heard) CHECK(h.valid == 0);
}

TEST_CASE("outgoing team message only on our turn, decodable by teammates") {
  synthetic::SyntheticOptions o;
  o.seed = 9;
  o.unum = 5;
  Rig rig(o);
  rig.sim.place(-3, 1, 0);
  int spoke = 0;
  for (int i = 0; i < 220; ++i) {
    rig.step(0.2, 0, 0);
    std::string_view text = rig.model.outgoing_team_message();
    bool turn = is_my_turn_to_speak(rig.percept.server_time, 5);
    CHECK((text.size() > 0) == turn);
    if (text.empty()) continue;
    ++spoke;
    TeamMessage decoded;
    REQUIRE(decode_team_message(text, "Libero", &decoded));
    CHECK(decoded.unum == 5);
    if (i > 100) CHECK_NEAR(decoded.x, rig.sim.pose().x, 0.2);
  }
  CHECK(spoke == 10);
}

TEST_CASE("scripts' radio payload: teammates' last one and its age, ours attached to our message") {
  synthetic::SyntheticOptions o;
  o.seed = 13;
  o.unum = 2;
  Rig rig(o);
  rig.sim.place(-5, 0, 0);
  for (int i = 0; i < 20; ++i) rig.step(0, 0, 0);
  const WorldState& ws = rig.model.state();
  CHECK(ws.teammates[8].radio_payload_age > 1000);  // never heard
  CHECK(ws.opponents[8].radio_payload_age > 1000);

  TeamMessage m;
  m.unum = 9;
  m.x = 4.0;
  m.localised = true;
  m.has_script_payload = true;
  m.script_payload = 0x123456u;
  char text[protocol::kMaxSayLength + 1];
  encode_team_message(m, "Libero", text);
  rig.sim.queue_heard("Libero", text);
  m.unum = 5;
  m.script_payload = 0x654321u;
  encode_team_message(m, "Others", text);
  rig.sim.queue_heard("Others", text);  // an opponent's: no payload for anybody
  rig.step(0, 0, 0);
  CHECK(ws.teammates[8].radio_payload == 0x123456u);
  CHECK(ws.teammates[8].radio_payload_age < 0.05);
  CHECK(ws.teammates[4].radio_payload_age > 1000);
  CHECK(ws.opponents[4].radio_payload_age > 1000);

  // It keeps talking without a payload (say its scripts failed): heard, but
  // the payload ages and stays the last one.
  m.unum = 9;
  m.has_script_payload = false;
  for (int i = 0; i < 25; ++i) {
    if (i % 5 == 0) {
      encode_team_message(m, "Libero", text);
      rig.sim.queue_heard("Libero", text);
    }
    rig.step(0, 0, 0);
  }
  CHECK(ws.teammates[8].last_heard_age < 0.1);
  CHECK(ws.teammates[8].radio_payload == 0x123456u);
  CHECK(ws.teammates[8].radio_payload_age > 0.45);
  CHECK(ws.teammates[8].radio_payload_age < 0.55);

  // Ours: attached after the scripts ran, to our slot and, on our turn, to
  // the message; nothing attached, nothing sent.
  int with = 0, without = 0;
  for (int i = 0; i < 120; ++i) {
    rig.step(0, 0, 0);
    bool set = i < 60;
    rig.model.attach_script_payload(set, 0xFEDCBA98u);  // only 24 bits travel
    if (set) {
      CHECK(ws.teammates[1].radio_payload == 0xDCBA98u);
      CHECK(ws.teammates[1].radio_payload_age == 0.0);
    }
    std::string_view out = rig.model.outgoing_team_message();
    if (out.empty()) continue;
    TeamMessage decoded;
    REQUIRE(decode_team_message(out, "Libero", &decoded));
    CHECK(decoded.unum == 2);
    CHECK(decoded.has_script_payload == set);
    CHECK(decoded.script_payload == (set ? 0xDCBA98u : 0u));
    ++(set ? with : without);
  }
  CHECK(with >= 2);
  CHECK(without >= 2);
  CHECK(ws.teammates[1].radio_payload_age > 1.0);  // ours ages too once the scripts stop
}

TEST_CASE("play modes and scores are side-normalised") {
  WorldModelOptions w;
  w.team_name = "Libero";
  WorldModel model(w);
  protocol::Percept p;
  motion::MotionStatus s{};
  p.game_state.present = true;
  p.game_state.has_side = true;
  p.game_state.side = protocol::Side::Right;
  p.game_state.has_unum = true;
  p.game_state.unum = 3;
  p.game_state.play_mode = protocol::PlayMode::KickOffRight;
  p.game_state.has_scores = true;
  p.game_state.score_left = 2;
  p.game_state.score_right = 1;
  model.update(p, s);
  CHECK(model.state().game.phase == kGameOurKickOff);
  CHECK(model.state().game.our_score == 1);
  CHECK(model.state().game.their_score == 2);
  p.game_state.has_side = false;
  p.game_state.play_mode = protocol::PlayMode::GoalLeft;
  model.update(p, s);
  CHECK(model.state().game.phase == kGameTheirGoal);
  CHECK(model.state().game.unum == 3);
}

TEST_CASE("malformed numbers do not poison the filters") {
  synthetic::SyntheticOptions o;
  o.seed = 12;
  Rig rig(o);
  rig.sim.place(-4, -2, 0.3);
  rig.walk(3);
  REQUIRE(rig.position_error() < 0.2);
  for (int i = 0; i < 30; ++i) {
    rig.sim.step(0.3, 0, 0, &rig.percept, &rig.status);
    rig.percept.gyro.x = NAN;
    rig.percept.accel.z = INFINITY;
    rig.percept.joint_angle_deg[kNeckYaw] = NAN;
    rig.percept.server_time = NAN;
    if (rig.percept.vision.present) {
      rig.percept.vision.landmark_seen[protocol::kF1R] = true;
      rig.percept.vision.landmark[protocol::kF1R].distance = NAN;
      rig.percept.vision.ball_seen = true;
      rig.percept.vision.ball.horizontal = INFINITY;
      if (rig.percept.vision.line_count > 0) rig.percept.vision.lines[0].begin.distance = -1;
    }
    rig.model.update(rig.percept, rig.last_status);
  }
  const WorldState& ws = rig.model.state();
  CHECK(std::isfinite(ws.self.x));
  CHECK(std::isfinite(ws.self.y));
  CHECK(std::isfinite(ws.self.heading));
  CHECK(std::isfinite(ws.self.roll));
  CHECK(std::isfinite(ws.ball.x));
  rig.walk(2, 0);
  CHECK(rig.position_error() < 0.2);
}

TEST_CASE("update does not allocate in steady state") {
  synthetic::SyntheticOptions o;
  o.seed = 13;
  Rig rig(o);
  rig.sim.add_player(true, 3, -2, 1, 0);
  rig.sim.add_player(false, 7, 2, -1, kPi);
  rig.walk(2);
  // Pre-generate percepts so that only update() runs in the measured window.
  std::vector<protocol::Percept> percepts(300);
  std::vector<motion::MotionStatus> statuses(300);
  for (size_t i = 0; i < percepts.size(); ++i) {
    rig.sim.step(0.4, 0, 0.2, &percepts[i], &statuses[i]);
    if (i % 11 == 0) {
      TeamMessage m;
      m.unum = 3;
      char text[protocol::kMaxSayLength + 1];
      encode_team_message(m, "Libero", text);
      percepts[i].heard_count = 1;
      percepts[i].heard[0] = protocol::HearPercept{};
      percepts[i].heard[0].has_team = true;
      std::memcpy(percepts[i].heard[0].team.text, "Libero", 6);
      percepts[i].heard[0].team.length = 6;
      std::memcpy(percepts[i].heard[0].message, text, kTeamMessageLength);
      percepts[i].heard[0].message_length = kTeamMessageLength;
    }
  }
  uint64_t before = test::allocation_count();
  for (size_t i = 0; i < percepts.size(); ++i) rig.model.update(percepts[i], statuses[i]);
  uint64_t after = test::allocation_count();
  CHECK(after == before);
  CHECK(rig.model.state().teammates[2].valid == 1);
}

TEST_CASE("a fall backwards: fall state, no false teleport, localised again after getting up") {
  synthetic::SyntheticOptions o;
  o.seed = 14;
  Rig rig(o);
  rig.sim.place(-3, -2, 0.2);
  rig.walk(3);
  REQUIRE(rig.model.state().self.localised == 1);
  // Tipping over backwards in 0.4 s, landing with an impact spike.
  for (int i = 1; i <= 20; ++i) {
    double f = i / 20.0;
    rig.sim.set_posture(0, -deg2rad(85) * f, 0.355 - 0.25 * f, i == 20);
    rig.step(0, 0, 0);
  }
  for (int i = 0; i < 100; ++i) rig.step(0, 0, 0);
  CHECK(rig.model.state().self.fall == kFallBack);
  CHECK(rig.model.state().self.z < 0.2);
  // The landing spike was not taken for a teleport: the track survives.
  CHECK(rig.model.state().self.localised == 1);
  // Getting up in 1 s, then walking on.
  for (int i = 1; i <= 50; ++i) {
    double f = 1.0 - i / 50.0;
    rig.sim.set_posture(0, -deg2rad(85) * f, 0.355 - 0.25 * f);
    rig.step(0, 0, 0);
  }
  rig.sim.release_posture();
  CHECK(rig.model.state().self.fall == kFallNone);
  std::vector<double> errors = rig.walk(3, 1.0);
  CHECK(median(errors) < 0.1);
  CHECK(rig.model.state().self.localised == 1);
  CHECK(rig.heading_error() < deg2rad(3));
}

TEST_CASE("an accelerometer glitch with loaded feet is no teleport; free fall without foot contact is") {
  synthetic::SyntheticOptions o;
  o.seed = 21;
  Rig rig(o);
  rig.sim.place(-4, 1, 0.3);
  rig.walk(3);
  REQUIRE(rig.model.state().self.localised == 1);
  // One cycle reading ~0 g while both feet report contact (contact noise in
  // a simulator): the track and the "localised" flag survive.
  for (int glitch = 0; glitch < 5; ++glitch) {
    rig.sim.step(0.3, 0, 0, &rig.percept, &rig.status);
    rig.percept.accel.x = 0.02f;
    rig.percept.accel.y = -0.01f;
    rig.percept.accel.z = 0.05f;
    rig.model.update(rig.percept, rig.last_status);
    rig.last_status = rig.status;
    CHECK(rig.model.state().self.localised == 1);
    rig.walk(0.5, 0.0);
  }
  CHECK(rig.position_error() < 0.15);
  // A real kidnap (free fall: no foot contact) is believed: the robot is
  // found at the new spot within the 2 s, never confidently wrong.
  rig.sim.teleport(6, -5, -2.0, true);
  double kidnapped_at = rig.sim.time(), confidently_wrong = 0;
  while (rig.sim.time() - kidnapped_at < 2.0) {
    rig.step(0, 0, 0.4);
    if (rig.model.state().self.localised && rig.position_error() > 1.0) confidently_wrong += 0.02;
  }
  CHECK(confidently_wrong < 0.1);
  CHECK(rig.position_error() < 0.3);
  CHECK(rig.model.state().self.localised == 1);
}
