// WorldModel: glue between the percept and the filters. Per cycle:
// game state -> torso orientation (gyro + accelerometer) -> odometry
// prediction -> (vision frames) camera pose, observations, localisation,
// ball and players -> team messages -> WorldState. No allocation after the
// constructor.
#include "world/world_model.h"

#include "world/game_phase.h"
#include "world/heard_messages.h"

#include <cmath>
#include <cstring>

#include "core/math.h"
#include "world/ball_filter.h"
#include "world/body_geometry.h"
#include "world/localizer.h"
#include "world/observations.h"
#include "world/orientation_filter.h"
#include "world/team_message.h"

namespace libero::world {

namespace {

constexpr double kCycle = 0.02;
constexpr double kNeverSeen = 1e9;
// Teleports (init, beam, referee moves) set the torso to z = 0.4 with zero
// velocity. The real server then shows (samples/simspark-0.7.2-session.txt)
// a few cycles of free fall (ACC ~ 0: the soles start 1.5 cm above the
// ground) and a 2-5 g landing; a robot that was moving fast also gets a
// spike from the zeroed velocity (simspark-facts.md 5.5). An upright robot
// is never weightless otherwise.
constexpr double kAirborneAccel = 0.3 * 9.81;  // m/s^2
constexpr double kTeleportAccel = 60.0;        // m/s^2
constexpr double kFallenTilt = deg2rad(50), kUprightTilt = deg2rad(30);
constexpr double kPlayerForgetAge = 30.0;  // s
// The referee places the ball on the spot exactly; a little slack for the
// frames of the field and ours.
constexpr double kCentreSpotSigma = 0.02;  // m
// Seen this recently, the ball's own sightings rule (vision every 3 cycles).
constexpr double kBallInViewAge = 0.2;  // s
// The ball from the torso: a sighting this far from the track is a moved
// ball, not noise; nearer ones move the track this share of the way.
constexpr double kBallRelJump = 0.05;  // m
constexpr double kBallRelGain = 0.3;


// SimSpark torso frame (x right, y forward, z up) -> standard (x forward, y left, z up).
Vec3 from_rsg(const protocol::Vec3f& v) { return Vec3(v.y, -v.x, v.z); }

bool finite(const protocol::Vec3f& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

struct WorldModel::Impl {
  explicit Impl(const WorldModelOptions& options) : body(options.robots_dir, "nao", options.robot_type) {}

  BodyGeometry body;
  OrientationFilter orientation;
  Localizer localizer;
  BallFilter ball;
  Observations observations;
  double last_server_time = -1;
  int fall = kFallNone;
  int airborne_cycles = 0;  // consecutive cycles reading free fall
  Vec2 ball_rel = Vec2::Zero();  // WsBall.rel_x/rel_y: the ball from the torso
  double own_ball_seen_age = kNeverSeen;
  double ball_known_age = kNeverSeen;
  char outgoing[protocol::kMaxSayLength + 1] = {};
  int outgoing_length = 0;
  TeamMessage outgoing_message;  // this cycle's, re-encoded when the scripts attach their payload
  uint64_t heard_accepted = 0, heard_rejected = 0;
};

WorldModel::WorldModel(const WorldModelOptions& options) : options_(options), impl_(new Impl(options)) {
  state_.version = kWorldStateVersion;
  state_.game.robot_type = options.robot_type;
  state_.ball.last_seen_age = kNeverSeen;
  state_.ball.last_known_age = kNeverSeen;
  for (int i = 0; i < kMaxTeamSize; ++i) {
    state_.teammates[i].unum = i + 1;
    state_.teammates[i].last_seen_age = kNeverSeen;
    state_.teammates[i].last_heard_age = kNeverSeen;
    state_.teammates[i].radio_payload_age = kNeverSeen;
    state_.opponents[i].unum = i + 1;
    state_.opponents[i].radio_payload_age = kNeverSeen;
    state_.opponents[i].last_seen_age = kNeverSeen;
    state_.opponents[i].last_heard_age = kNeverSeen;  // opponents never talk to us
  }
  state_.self.position_sigma = 10;
  state_.self.heading_sigma = kPi;
  state_.self.z = impl_->body.zero_pose_height();
}

WorldModel::~WorldModel() { delete impl_; }

void WorldModel::update(const protocol::Percept& percept, const motion::MotionStatus& motion) {
  Impl& m = *impl_;
  WsGame& game = state_.game;
  WsSelf& self = state_.self;
  ++game.cycle;

  // Elapsed time from the server clock when we have it (cycles can be lost).
  double dt = kCycle;
  if (percept.has_time && std::isfinite(percept.server_time)) {
    if (m.last_server_time >= 0) dt = percept.server_time - m.last_server_time;
    m.last_server_time = percept.server_time;
    game.server_time = percept.server_time;
  }
  if (!(dt >= 0)) dt = 0;
  if (dt > 0.5) dt = 0.5;

  const auto& gs = percept.game_state;
  if (gs.present) {
    if (gs.has_side) game.side = static_cast<int32_t>(gs.side);
    if (gs.has_unum) game.unum = gs.unum;
    game.time = gs.game_time;
    game.raw_play_mode = static_cast<int32_t>(gs.play_mode);
    bool left = game.side != static_cast<int32_t>(protocol::Side::Right);
    game.phase = game_phase_for(gs.play_mode, left);
    if (gs.has_scores) {
      game.our_score = left ? gs.score_left : gs.score_right;
      game.their_score = left ? gs.score_right : gs.score_left;
    }
  }
  bool we_are_left = game.side != static_cast<int32_t>(protocol::Side::Right);

  for (int j = 0; j < kJointCount; ++j)
    if (percept.joint_present[j] && std::isfinite(percept.joint_angle_deg[j]))
      state_.joint_angles[j] = deg2rad(percept.joint_angle_deg[j]);

  // Orientation and fall state.
  bool has_gyro = percept.has_gyro && finite(percept.gyro);
  bool has_accel = percept.has_accel && finite(percept.accel);
  Vec3 gyro = has_gyro ? Vec3(from_rsg(percept.gyro) * deg2rad(1.0)) : Vec3::Zero();
  Vec3 accel = has_accel ? from_rsg(percept.accel) : Vec3(0, 0, 9.81);
  bool airborne = has_accel && accel.norm() < kAirborneAccel;
  m.airborne_cycles = airborne ? m.airborne_cycles + 1 : 0;
  // A teleport hint: the first free-fall reading, the second one (then it is
  // no hop), or an impact spike.
  bool spike = has_accel && accel.norm() > kTeleportAccel;
  bool teleported = m.airborne_cycles == 1 || m.airborne_cycles == 2 || spike;
  m.orientation.update(gyro, accel, has_accel && !teleported && !airborne, dt);
  self.roll = m.orientation.roll();
  self.pitch = m.orientation.pitch();
  double tilt = std::acos(std::cos(self.roll) * std::cos(self.pitch));
  if (m.fall == kFallNone && tilt > kFallenTilt) {
    if (std::fabs(self.pitch) >= std::fabs(self.roll)) m.fall = self.pitch > 0 ? kFallFront : kFallBack;
    else m.fall = kFallSide;
  } else if (m.fall != kFallNone && tilt < kUprightTilt) {
    m.fall = kFallNone;
  }
  self.fall = m.fall;
  self.left_foot_contact = percept.force[protocol::kFootLeft].contact || percept.force[protocol::kToeLeft].contact;
  self.right_foot_contact =
      percept.force[protocol::kFootRight].contact || percept.force[protocol::kToeRight].contact;
  m.body.set_joint_angles(state_.joint_angles);
  Vec3 com = m.body.centre_of_mass();
  self.com_x = com.x();
  self.com_y = com.y();
  self.com_z = com.z();
  self.z = m.fall == kFallNone ? m.body.torso_height(m.orientation.tilt()) : 0.1;

  // Odometry: walk speeds from motion, heading change from the gyro.
  double dx = motion.walk_speed_x * dt, dy = motion.walk_speed_y * dt;
  double dheading = has_gyro ? m.orientation.yaw_rate() * dt : motion.walk_speed_turn * dt;
  if (!std::isfinite(dx) || !std::isfinite(dy) || !std::isfinite(dheading)) dx = dy = dheading = 0;
  if (m.fall != kFallNone) dx = dy = 0;  // a fallen robot does not walk
  double oc = std::cos(self.odometry_heading), os = std::sin(self.odometry_heading);
  self.odometry_x += oc * dx - os * dy;
  self.odometry_y += os * dx + oc * dy;
  self.odometry_heading = normalize_angle(self.odometry_heading + dheading);
  // Falls end in impacts that can look like a teleport: only an upright
  // robot's spike counts (beams and referee moves leave it upright).
  // A server move drops the robot for at least two cycles with no weight on
  // its feet (facts §5.5); one free-fall cycle, or one with loaded feet, is
  // as likely a hop of the walk or contact noise: only worth checking.
  bool feet_loaded = self.left_foot_contact || self.right_foot_contact;
  bool certain = spike || (m.airborne_cycles >= 2 && !feet_loaded);
  if (teleported && m.fall == kFallNone && tilt < kUprightTilt) m.localizer.notify_teleport(certain);
  m.localizer.predict(dx, dy, dheading);
  m.localizer.advance_time(dt);

  // The ball from the torso moves against the walk's odometry between
  // sightings: the torso stepped (dx, dy) and turned dheading.
  {
    double rc = std::cos(dheading), rs = std::sin(dheading);
    double bx = m.ball_rel.x() - dx, by = m.ball_rel.y() - dy;
    m.ball_rel = Vec2(rc * bx + rs * by, -rs * bx + rc * by);
  }

  // Vision.
  m.ball.predict(dt);
  m.own_ball_seen_age += dt;
  m.ball_known_age += dt;
  for (WsPlayer& p : state_.teammates) {
    p.last_seen_age += dt;
    p.last_heard_age += dt;
    p.radio_payload_age += dt;
  }
  for (WsPlayer& p : state_.opponents) p.last_seen_age += dt;
  if (percept.vision.present) {
    ObservationContext context;
    context.camera = m.body.camera_in_torso();
    context.tilt = m.orientation.tilt();
    context.torso_height = self.z;
    context.own_team = options_.team_name.c_str();
    context.own_team_length = static_cast<int>(options_.team_name.size());
    context.own_unum = game.unum;
    build_observations(percept.vision, context, &m.observations);
    // Lying on the ground the camera height and tilt are guesses: the
    // pose is carried by the gyro until we are up again.
    if (m.fall == kFallNone) m.localizer.update(m.observations, we_are_left);
  }
  Pose2 pose = m.localizer.pose();
  self.x = pose.x;
  self.y = pose.y;
  self.heading = pose.heading;
  self.position_sigma = m.localizer.position_sigma();
  self.heading_sigma = m.localizer.heading_sigma();
  self.localised = m.localizer.localised();
  double c = std::cos(pose.heading), s = std::sin(pose.heading);

  if (percept.vision.present) {
    const Observations& obs = m.observations;
    if (obs.ball_seen) {
      double bx = pose.x + c * obs.ball_x - s * obs.ball_y;
      double by = pose.y + s * obs.ball_x + c * obs.ball_y;
      // Range-dependent error of the camera geometry plus our own pose error.
      double sigma = 0.03 + 0.01 * obs.ball_range + 0.5 * self.position_sigma;
      m.ball.observe(bx, by, sigma);
      // Sightings of a ball at the feet scatter about 1.3 cm (docs/real-server.md):
      // while they agree with the track they are averaged, so a robot placing
      // its feet does not chase the noise; a jump means the ball (or the
      // torso) moved, and the sighting is taken as it is.
      Vec2 seen(obs.ball_x, obs.ball_y);
      bool agrees = m.own_ball_seen_age < kBallInViewAge && (seen - m.ball_rel).norm() < kBallRelJump;
      m.ball_rel = agrees ? Vec2(m.ball_rel + kBallRelGain * (seen - m.ball_rel)) : seen;
      m.own_ball_seen_age = 0;
      m.ball_known_age = 0;
    }
    for (int i = 0; i < obs.player_count; ++i) {
      const PlayerObservation& p = obs.players[i];
      if (p.id < 1 || p.id > kMaxTeamSize) continue;
      WsPlayer& track = p.ours ? state_.teammates[p.id - 1] : state_.opponents[p.id - 1];
      double sx = 0, sy = 0;
      for (int k = 0; k < protocol::kMarkerCount; ++k) {
        if (!p.marker_seen[k]) continue;
        sx += p.marker[k].x();
        sy += p.marker[k].y();
      }
      sx /= p.marker_count;
      sy /= p.marker_count;
      track.valid = 1;
      track.x = pose.x + c * sx - s * sy;
      track.y = pose.y + s * sx + c * sy;
      if (p.marker_seen[protocol::kMarkerRLowerArm] && p.marker_seen[protocol::kMarkerLLowerArm]) {
        // Facing: perpendicular to the right-to-left arm axis.
        const Vec3& r = p.marker[protocol::kMarkerRLowerArm];
        const Vec3& l = p.marker[protocol::kMarkerLLowerArm];
        track.heading = normalize_angle(pose.heading + std::atan2(-(l.x() - r.x()), l.y() - r.y()));
      }
      if (p.marker_seen[protocol::kMarkerHead])
        track.fall = p.marker[protocol::kMarkerHead].z() < 0.3 ? kFallSide : kFallNone;
      track.last_seen_age = 0;
    }
  }

  // Team messages: the world model's radio updates teammates and ball;
  // anything else our team said goes to the behaviours (state_.heard).
  age_heard(state_.heard, dt);
  for (int i = 0; i < percept.heard_count && i < protocol::kMaxHeard; ++i) {
    const protocol::HearPercept& heard = percept.heard[i];
    bool ours = heard.from_self || (heard.has_team && heard.team.view() == std::string_view(options_.team_name));
    if (!heard.from_self && heard.has_team && !ours) {
      ++m.heard_rejected;
      continue;
    }
    TeamMessage message;
    bool radio = decode_team_message(heard.text(), options_.team_name, &message);
    if (!radio) {
      if (ours) push_heard(state_.heard, ++heard_id_, heard.from_self, heard.direction, heard.text());
      else ++m.heard_rejected;  // no team name and not our radio: cannot tell whose
      continue;
    }
    if (heard.from_self) continue;
    if (message.unum == game.unum) {
      ++m.heard_rejected;
      continue;
    }
    ++m.heard_accepted;
    WsPlayer& mate = state_.teammates[message.unum - 1];
    mate.valid = 1;
    mate.x = message.x;
    mate.y = message.y;
    mate.heading = message.heading;
    mate.fall = message.fallen ? kFallSide : kFallNone;
    mate.last_seen_age = 0;
    mate.last_heard_age = 0;
    if (message.has_script_payload) {
      mate.radio_payload = message.script_payload;
      mate.radio_payload_age = 0;
    }
    // A teammate's ball helps only when ours is stale and theirs is fresher.
    if (message.ball_valid && message.localised && m.own_ball_seen_age > 1.0 &&
        message.ball_age + 0.1 < m.ball_known_age) {
      m.ball.adopt(message.ball_x, message.ball_y, 0.3);
      m.ball_known_age = message.ball_age;
    }
  }

  // The referee holds the ball on the centre spot before a kick-off and it
  // lies there until the first touch ends KickOff (facts §7.3). After a goal
  // the last sighting is in the goal: a kick-off taker whose head was still
  // turned that way did not see the ball at its feet, took itself for a
  // defender and walked off until the drop ball (docs/world-model.md). A
  // ball in view is evidence enough of its own.
  const auto mode = static_cast<protocol::PlayMode>(game.raw_play_mode);
  if ((mode == protocol::PlayMode::BeforeKickOff || mode == protocol::PlayMode::KickOffLeft ||
       mode == protocol::PlayMode::KickOffRight) &&
      m.own_ball_seen_age > kBallInViewAge) {
    m.ball.place(0, 0, kCentreSpotSigma);
    m.ball_known_age = 0;
  }

  for (WsPlayer& p : state_.teammates)
    if (p.valid && p.last_seen_age > kPlayerForgetAge) p.valid = 0;
  for (WsPlayer& p : state_.opponents)
    if (p.valid && p.last_seen_age > kPlayerForgetAge) p.valid = 0;
  if (game.unum >= 1 && game.unum <= kMaxTeamSize) {
    WsPlayer& me = state_.teammates[game.unum - 1];
    me.valid = 1;
    me.x = self.x;
    me.y = self.y;
    me.heading = self.heading;
    me.fall = self.fall;
    me.last_seen_age = 0;
    me.last_heard_age = 0;
  }

  WsBall& ball = state_.ball;
  ball.valid = m.ball.valid();
  ball.last_seen_age = m.own_ball_seen_age;
  ball.last_known_age = m.ball_known_age;
  ball.rel_x = m.ball_rel.x();
  ball.rel_y = m.ball_rel.y();
  if (m.ball.valid()) {
    Vec2 p = m.ball.position(), v = m.ball.velocity();
    ball.x = p.x();
    ball.y = p.y();
    ball.vx = v.x();
    ball.vy = v.y();
    predict_ball_position(p.x(), p.y(), v.x(), v.y(), 1e9, &ball.stop_x, &ball.stop_y);
    double tx = self.x - p.x(), ty = self.y - p.y();
    double speed = v.norm(), distance = std::hypot(tx, ty);
    ball.moving_towards_me =
        speed > 0.2 && distance > 1e-3 && (v.x() * tx + v.y() * ty) / (speed * distance) > std::cos(deg2rad(25));
  }

  // Our next team message, when it is our turn.
  m.outgoing_length = 0;
  if (percept.has_time && std::isfinite(percept.server_time) && is_my_turn_to_speak(percept.server_time, game.unum)) {
    TeamMessage message;
    message.unum = game.unum;
    message.x = self.x;
    message.y = self.y;
    message.heading = self.heading;
    message.localised = self.localised;
    message.fallen = self.fall != kFallNone;
    message.ball_valid = m.ball.valid() && m.own_ball_seen_age < 8.0;
    message.ball_x = ball.x;
    message.ball_y = ball.y;
    message.ball_age = m.own_ball_seen_age;
    m.outgoing_message = message;
    m.outgoing_length = encode_team_message(message, options_.team_name, m.outgoing);
  }
}

void WorldModel::attach_script_payload(bool set, uint32_t payload) {
  static_assert(kScriptPayloadBits == motion::kRadioPayloadBits);
  Impl& m = *impl_;
  payload &= kScriptPayloadMask;
  int32_t unum = state_.game.unum;
  if (set && unum >= 1 && unum <= kMaxTeamSize) {
    state_.teammates[unum - 1].radio_payload = payload;
    state_.teammates[unum - 1].radio_payload_age = 0;
  }
  if (m.outgoing_length == 0) return;  // not our turn
  m.outgoing_message.has_script_payload = set;
  m.outgoing_message.script_payload = set ? payload : 0;
  m.outgoing_length = encode_team_message(m.outgoing_message, options_.team_name, m.outgoing);
}

std::string_view WorldModel::outgoing_team_message() const {
  return std::string_view(impl_->outgoing, static_cast<size_t>(impl_->outgoing_length));
}

}  // namespace libero::world
