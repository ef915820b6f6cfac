#include "synthetic_world.h"

#include <cmath>
#include <cstring>

namespace libero::synthetic {

namespace {

constexpr double kDt = 0.02;
constexpr double kBallTau = 1.2;
constexpr double kTan60 = 1.7320508075688772;
constexpr double kGravity = 9.81;

struct WorldPoint {
  double x, y, z;
};

// World frame (left team), simspark-facts.md 3.2 and 3.3, in Landmark order.
constexpr WorldPoint kLandmarks[protocol::kLandmarkCount] = {
    {-15, 10, 0}, {-15, -10, 0}, {15, 10, 0}, {15, -10, 0},
    {-15, 1.05, 0.8}, {-15, -1.05, 0.8}, {15, 1.05, 0.8}, {15, -1.05, 0.8}};

struct Segment {
  double ax, ay, bx, by;
};

Segment line_segment(int i) {
  static const Segment fixed[11] = {{0, -10, 0, 10},       {15, -10, 15, 10},     {-15, -10, -15, 10},
                                    {15, 10, -15, 10},     {15, -10, -15, -10},   {13.2, 3, 13.2, -3},
                                    {13.2, 3, 15, 3},      {13.2, -3, 15, -3},    {-13.2, 3, -13.2, -3},
                                    {-13.2, 3, -15, 3},    {-13.2, -3, -15, -3}};
  if (i < 11) return fixed[i];
  int k = i - 11;
  double a0 = k * 36.0 * kPi / 180.0, a1 = (k + 1) * 36.0 * kPi / 180.0;
  return {2 * std::cos(a0), 2 * std::sin(a0), 2 * std::cos(a1), 2 * std::sin(a1)};
}

void set_short(protocol::ShortString* s, const std::string& text) {
  size_t n = text.size() < static_cast<size_t>(protocol::kMaxNameLength) ? text.size()
                                                                        : static_cast<size_t>(protocol::kMaxNameLength);
  std::memcpy(s->text, text.data(), n);
  s->text[n] = '\0';
  s->length = static_cast<uint8_t>(n);
}

protocol::Vec3f to_rsg(const Vec3& v) {
  // standard (x forward, y left) -> SimSpark torso frame (x right, y forward)
  protocol::Vec3f out;
  out.x = static_cast<float>(-v.y());
  out.y = static_cast<float>(v.x());
  out.z = static_cast<float>(v.z());
  return out;
}

float round2(double v) { return static_cast<float>(std::round(v * 100.0) / 100.0); }

}  // namespace

SyntheticWorld::SyntheticWorld(const SyntheticOptions& options) : options_(options) {
  rng_ = options.seed * 0x9E3779B97F4A7C15ULL + 0x1234567ULL;
  if (rng_ == 0) rng_ = 1;
  // One calibration offset per robot, uniform in [-0.005, 0.005] per axis.
  calibration_ = Vec3(uniform(-0.005, 0.005), uniform(-0.005, 0.005), uniform(-0.005, 0.005));
  if (!options.vision_noise) calibration_.setZero();
  place(-5, 0, 0);
}

double SyntheticWorld::uniform(double lo, double hi) {
  rng_ ^= rng_ >> 12;
  rng_ ^= rng_ << 25;
  rng_ ^= rng_ >> 27;
  double u = static_cast<double>((rng_ * 0x2545F4914F6CDD1DULL) >> 11) * (1.0 / 9007199254740992.0);
  return lo + (hi - lo) * u;
}

double SyntheticWorld::gaussian() {
  double u = uniform(1e-12, 1.0), v = uniform(0.0, 1.0);
  return std::sqrt(-2.0 * std::log(u)) * std::cos(2 * kPi * v);
}

void SyntheticWorld::place(double x, double y, double heading) {
  double s = options_.left_side ? 1 : -1;
  x_ = s * x;
  y_ = s * y;
  yaw_ = normalize_angle(heading + (options_.left_side ? 0 : kPi));
  roll_ = pitch_ = 0;
  last_rotation_ = rot_z(yaw_);
  last_velocity_.setZero();
}

void SyntheticWorld::teleport(double x, double y, double heading, bool free_fall) {
  place(x, y, heading);
  teleport_cycles_ = free_fall ? 3 : 0;
}

void SyntheticWorld::set_posture(double roll, double pitch, double torso_height, bool impact) {
  posture_override_ = true;
  posture_roll_ = roll;
  posture_pitch_ = pitch;
  posture_height_ = torso_height;
  if (impact) spike_pending_ = true;
}

void SyntheticWorld::set_ball(double x, double y, double vx, double vy) {
  double s = options_.left_side ? 1 : -1;
  ball_x_ = s * x;
  ball_y_ = s * y;
  ball_vx_ = s * vx;
  ball_vy_ = s * vy;
}

void SyntheticWorld::add_player(bool teammate, int unum, double x, double y, double heading, bool fallen) {
  if (other_count_ >= 22) return;
  double s = options_.left_side ? 1 : -1;
  others_[other_count_++] = Other{teammate, unum, s * x, s * y,
                                  normalize_angle(heading + (options_.left_side ? 0 : kPi)), fallen};
}

void SyntheticWorld::queue_heard(const std::string& team, const std::string& text, bool from_self) {
  if (heard_count_ >= 4) return;
  heard_[heard_count_++] = Heard{team, text, from_self};
}

TruthPose SyntheticWorld::pose() const {
  double s = options_.left_side ? 1 : -1;
  return TruthPose{s * x_, s * y_, normalize_angle(yaw_ + (options_.left_side ? 0 : kPi))};
}

void SyntheticWorld::ball(double* x, double* y) const {
  double s = options_.left_side ? 1 : -1;
  *x = s * ball_x_;
  *y = s * ball_y_;
}

void SyntheticWorld::ball_velocity(double* vx, double* vy) const {
  double s = options_.left_side ? 1 : -1;
  *vx = s * ball_vx_;
  *vy = s * ball_vy_;
}

protocol::Polar SyntheticWorld::to_polar(const Vec3& v, double distance) {
  double h = rad2deg(std::atan2(v.y(), v.x()));
  double vert = rad2deg(std::atan2(v.z(), std::sqrt(v.x() * v.x() + v.y() * v.y())));
  if (options_.vision_noise) {
    distance += distance * gaussian() * 0.0965 / 100.0;
    h += gaussian() * 0.1480;
    vert += gaussian() * 0.1225;
  }
  protocol::Polar p;
  p.distance = round2(distance);
  p.horizontal = round2(h);
  p.vertical = round2(vert);
  return p;
}

bool SyntheticWorld::observe_point(const Vec3& q, const Mat3& head_rotation, const Vec3& head_position,
                                   protocol::Polar* out) {
  Vec3 relative = q - head_position;
  double distance = relative.norm();  // measured before the calibration offset
  relative += calibration_;
  if (relative.norm() <= 0.1) return false;
  Vec3 v = head_rotation.transpose() * relative;
  double h = rad2deg(std::atan2(v.y(), v.x()));
  double vert = rad2deg(std::atan2(v.z(), std::sqrt(v.x() * v.x() + v.y() * v.y())));
  if (std::fabs(h) > 60 || std::fabs(vert) > 60) return false;
  *out = to_polar(v, distance);
  return true;
}

void SyntheticWorld::fill_vision(protocol::VisionPercept* vision, const Mat3& head_rotation,
                                 const Vec3& head_position) {
  vision->present = true;
  for (int i = 0; i < protocol::kLandmarkCount; ++i) {
    Vec3 q(kLandmarks[i].x, kLandmarks[i].y, kLandmarks[i].z);
    vision->landmark_seen[i] = observe_point(q, head_rotation, head_position, &vision->landmark[i]);
  }
  vision->ball_seen = observe_point(Vec3(ball_x_, ball_y_, 0.042), head_rotation, head_position, &vision->ball);

  // Robots: our own arms and feet, and the others' five markers.
  auto add_group = [&](const std::string& team, int id, const Vec3 markers[protocol::kMarkerCount], bool skip_head) {
    if (vision->player_count >= protocol::kMaxSeenPlayers) return;
    protocol::SeenPlayer& seen = vision->players[vision->player_count];
    seen = protocol::SeenPlayer{};
    int visible = 0;
    for (int m = 0; m < protocol::kMarkerCount; ++m) {
      if (skip_head && m == protocol::kMarkerHead) continue;
      if (observe_point(markers[m], head_rotation, head_position, &seen.marker[m])) {
        seen.marker_seen[m] = true;
        ++visible;
      }
    }
    if (visible == 0) return;
    seen.has_team = true;
    set_short(&seen.team, team);
    seen.id = id;
    ++vision->player_count;
  };
  auto markers_of = [](double x, double y, double heading, double torso_z, bool fallen, Vec3 out[protocol::kMarkerCount]) {
    Mat3 r = rot_z(heading);
    Vec3 base(x, y, 0);
    if (fallen) {
      // Lying on the back along its heading: everything near the ground.
      out[protocol::kMarkerHead] = base + r * Vec3(-0.35, 0, 0.07);
      out[protocol::kMarkerRLowerArm] = base + r * Vec3(-0.15, -0.15, 0.05);
      out[protocol::kMarkerLLowerArm] = base + r * Vec3(-0.15, 0.15, 0.05);
      out[protocol::kMarkerRFoot] = base + r * Vec3(0.2, -0.055, 0.05);
      out[protocol::kMarkerLFoot] = base + r * Vec3(0.2, 0.055, 0.05);
      return;
    }
    out[protocol::kMarkerHead] = base + r * Vec3(0, 0, torso_z + 0.155);
    out[protocol::kMarkerRLowerArm] = base + r * Vec3(0.12, -0.10, torso_z - 0.02);
    out[protocol::kMarkerLLowerArm] = base + r * Vec3(0.12, 0.10, torso_z - 0.02);
    out[protocol::kMarkerRFoot] = base + r * Vec3(0.025, -0.055, 0.01);
    out[protocol::kMarkerLFoot] = base + r * Vec3(0.025, 0.055, 0.01);
  };
  Vec3 markers[protocol::kMarkerCount];
  markers_of(x_, y_, yaw_, z_, false, markers);
  add_group(options_.team, options_.unum, markers, true);
  for (int i = 0; i < other_count_; ++i) {
    const Other& o = others_[i];
    markers_of(o.x, o.y, o.heading, 0.355, o.fallen, markers);
    add_group(o.teammate ? options_.team : options_.opponent_team, o.unum, markers, false);
  }

  // Lines: reported as is when both ends are in the angular window, else
  // clipped against the near plane and the image rectangle (x forward).
  for (int i = 0; i < 21 && vision->line_count < protocol::kMaxSeenLines; ++i) {
    Segment s = line_segment(i);
    Vec3 a = head_rotation.transpose() * (Vec3(s.ax, s.ay, 0) - head_position + calibration_);
    Vec3 b = head_rotation.transpose() * (Vec3(s.bx, s.by, 0) - head_position + calibration_);
    auto in_window = [](const Vec3& v) {
      double h = rad2deg(std::atan2(v.y(), v.x()));
      double vert = rad2deg(std::atan2(v.z(), std::sqrt(v.x() * v.x() + v.y() * v.y())));
      return std::fabs(h) <= 60 && std::fabs(vert) <= 60 && v.norm() > 0.1;
    };
    if (!(in_window(a) && in_window(b))) {
      // Liang-Barsky against the half-spaces n . p + c >= 0.
      const double planes[5][4] = {{1, 0, 0, -0.1},     {kTan60, -1, 0, 0}, {kTan60, 1, 0, 0},
                                   {kTan60, 0, -1, 0},  {kTan60, 0, 1, 0}};
      double t0 = 0, t1 = 1;
      bool visible = true;
      for (const auto& p : planes) {
        double fa = p[0] * a.x() + p[1] * a.y() + p[2] * a.z() + p[3];
        double fb = p[0] * b.x() + p[1] * b.y() + p[2] * b.z() + p[3];
        if (fa < 0 && fb < 0) { visible = false; break; }
        if (fa < 0) t0 = std::max(t0, fa / (fa - fb));
        else if (fb < 0) t1 = std::min(t1, fa / (fa - fb));
      }
      if (!visible || t0 >= t1) continue;
      Vec3 na = a + t0 * (b - a), nb = a + t1 * (b - a);
      a = na;
      b = nb;
    }
    protocol::SeenLine& line = vision->lines[vision->line_count++];
    line.begin = to_polar(a, a.norm());
    line.end = to_polar(b, b.norm());
  }
}

void SyntheticWorld::step(double vx, double vy, double turn, protocol::Percept* out, motion::MotionStatus* status) {
  ++cycle_;
  time_ += kDt;
  bool walking = vx != 0 || vy != 0 || turn != 0;
  double scale = 1.0 + options_.walk_scale_error;
  double noise = walking ? options_.walk_noise : 0.0;
  double tvx = vx * scale + noise * gaussian(), tvy = vy * scale + noise * gaussian();
  double tturn = turn * (1.0 + 0.5 * options_.walk_scale_error) + (walking ? 0.05 * gaussian() : 0.0);
  Vec3 old_position(x_, y_, z_);
  yaw_ = normalize_angle(yaw_ + tturn * kDt);
  x_ += (std::cos(yaw_) * tvx - std::sin(yaw_) * tvy) * kDt;
  y_ += (std::sin(yaw_) * tvx + std::cos(yaw_) * tvy) * kDt;
  if (walking) walk_phase_ += 2 * kPi * 2.0 * kDt;
  double target_roll = walking ? options_.sway_roll * std::sin(walk_phase_) : 0.0;
  double target_pitch = walking ? options_.lean_pitch + options_.sway_pitch * std::sin(2 * walk_phase_) : 0.0;
  // The body settles over a few cycles when it starts or stops.
  roll_ += 0.3 * (target_roll - roll_);
  pitch_ += 0.3 * (target_pitch - pitch_);
  z_ = 0.355 + (walking ? 0.005 * std::sin(2 * walk_phase_) : 0.0);
  if (posture_override_) {
    roll_ = posture_roll_;
    pitch_ = posture_pitch_;
    z_ = posture_height_;
  }

  // Ball rolls with exponentially decaying speed; the field walls bounce it.
  double decay = std::exp(-kDt / kBallTau);
  ball_x_ += ball_vx_ * kBallTau * (1 - decay);
  ball_y_ += ball_vy_ * kBallTau * (1 - decay);
  ball_vx_ *= decay;
  ball_vy_ *= decay;
  if (std::fabs(ball_x_) > 15.5) { ball_vx_ = -ball_vx_; ball_x_ = ball_x_ > 0 ? 15.5 : -15.5; }
  if (std::fabs(ball_y_) > 10.5) { ball_vy_ = -ball_vy_; ball_y_ = ball_y_ > 0 ? 10.5 : -10.5; }

  *out = protocol::Percept{};
  out->has_time = true;
  out->server_time = 10.0 + time_;
  out->game_state.present = true;
  out->game_state.game_time = static_cast<float>(time_);
  out->game_state.play_mode = protocol::PlayMode::PlayOn;
  out->game_state.has_scores = true;
  if (cycle_ == 1) {
    out->game_state.has_unum = true;
    out->game_state.unum = options_.unum;
    out->game_state.has_side = true;
    out->game_state.side = options_.left_side ? protocol::Side::Left : protocol::Side::Right;
  }

  Mat3 rotation = rot_z(yaw_) * rot_y(pitch_) * rot_x(roll_);
  Eigen::AngleAxisd delta(last_rotation_.transpose() * rotation);
  Vec3 omega = delta.axis() * delta.angle() / kDt;  // body rates, torso frame
  last_rotation_ = rotation;
  Vec3 velocity = (Vec3(x_, y_, z_) - old_position) / kDt;
  Vec3 acceleration = (velocity - last_velocity_) / kDt;
  last_velocity_ = velocity;
  // The walk's own accelerations: the lateral sway of the torso (a 2 Hz
  // pendulum of sway_amplitude) and the vertical bob (4 Hz, 5 mm), both
  // coherent, plus unmodelled noise. (The finite-difference acceleration of
  // the path would mostly be the walk-noise model's white velocity steps.)
  (void)acceleration;
  double omega_step = 2 * kPi * 2.0;
  double lateral = walking ? -omega_step * omega_step * options_.sway_amplitude * std::sin(walk_phase_) : 0.0;
  double vertical = walking ? -4 * omega_step * omega_step * 0.005 * std::sin(2 * walk_phase_) : 0.0;
  acceleration = rot_z(yaw_) * Vec3(0, lateral, vertical) +
                 Vec3(options_.accel_noise * gaussian(), options_.accel_noise * gaussian(),
                      options_.accel_noise * gaussian());
  Vec3 specific_force = rotation.transpose() * (acceleration + Vec3(0, 0, kGravity));
  // After a teleport the real server shows free fall while the soles drop
  // the last 1.5 cm (ACC ~ 0 for two cycles), then a ~3 g landing.
  bool in_the_air = teleport_cycles_ > 1;  // the server sends no FRP without contact
  if (teleport_cycles_ > 0) {
    specific_force = teleport_cycles_ > 1 ? Vec3(0, 0, 0.01) : Vec3(0, -0.06, 3 * kGravity);
    --teleport_cycles_;
  }
  if (spike_pending_) {
    specific_force += Vec3(0, -0.5, 3.7 * kGravity);  // a landing after a fall
    spike_pending_ = false;
  }
  out->has_gyro = true;
  out->gyro = to_rsg(omega * (180.0 / kPi));
  out->has_accel = true;
  out->accel = to_rsg(specific_force);

  double neck_yaw = options_.head_scan ? deg2rad(70.0) * std::sin(2 * kPi * time_ / 3.2) : 0.0;
  double neck_pitch = deg2rad(-12.0);
  double joints_deg[kJointCount] = {};
  joints_deg[kNeckYaw] = rad2deg(neck_yaw);
  joints_deg[kNeckPitch] = rad2deg(neck_pitch);
  joints_deg[kRShoulderPitch] = joints_deg[kLShoulderPitch] = -60;
  joints_deg[kRHipPitch] = joints_deg[kLHipPitch] = 30;
  joints_deg[kRKneePitch] = joints_deg[kLKneePitch] = -60;
  joints_deg[kRFootPitch] = joints_deg[kLFootPitch] = 30;
  for (int j = 0; j < kJointCountWithoutToes; ++j) {
    out->joint_present[j] = true;
    out->joint_angle_deg[j] = round2(joints_deg[j]);
  }
  out->force[protocol::kFootLeft].contact = !in_the_air;
  out->force[protocol::kFootRight].contact = !in_the_air;

  vision_this_cycle_ = cycle_ % 3 == options_.vision_phase;
  if (vision_this_cycle_) {
    // Camera = head-sphere centre: hj1 at 0.09 above the torso centre, hj2
    // 0.06 above that, the head centre 0.005 above hj2 (positive pitch looks up).
    Mat3 neck = rot_z(neck_yaw) * rot_y(-neck_pitch);
    Vec3 camera_in_torso = Vec3(0, 0, 0.09) + rot_z(neck_yaw) * (Vec3(0, 0, 0.06) + rot_y(-neck_pitch) * Vec3(0, 0, 0.005));
    Mat3 head_rotation = rotation * neck;
    Vec3 head_position = Vec3(x_, y_, z_) + rotation * camera_in_torso;
    fill_vision(&out->vision, head_rotation, head_position);
  }

  out->heard_count = heard_count_;
  for (int i = 0; i < heard_count_; ++i) {
    protocol::HearPercept& h = out->heard[i];
    h.time = static_cast<float>(time_);
    h.has_team = !heard_[i].team.empty();
    set_short(&h.team, heard_[i].team);
    h.from_self = heard_[i].from_self;
    size_t n = heard_[i].text.size() < static_cast<size_t>(protocol::kMaxSayLength)
                   ? heard_[i].text.size()
                   : static_cast<size_t>(protocol::kMaxSayLength);
    std::memcpy(h.message, heard_[i].text.data(), n);
    h.message[n] = '\0';
    h.message_length = static_cast<uint8_t>(n);
  }
  heard_count_ = 0;

  *status = motion::MotionStatus{};
  status->active_body = walking ? motion::kBodyWalkVelocity : motion::kBodyStand;
  status->walk_speed_x = vx;
  status->walk_speed_y = vy;
  status->walk_speed_turn = turn;
}

}  // namespace libero::synthetic
