#include "world/localizer.h"

#include <Eigen/Dense>
#include <cmath>

namespace libero::world {

namespace {

// Robust scoring (particles and EKF health): errors beyond the cap count as
// "this observation does not fit" rather than as a catastrophe.
constexpr double kLandmarkSigmaBase = 0.08, kLandmarkSigmaPerMetre = 0.02;
constexpr double kLinePointSigmaBase = 0.08, kLinePointSigmaPerMetre = 0.02;
constexpr double kLandmarkCap = 16.0, kLinePointCap = 9.0;
constexpr int kMaxScoredLinePoints = 24;
// Weighting the particles with the full likelihood makes them collapse onto
// the few that happen to fit the noise; tempering keeps the cloud honest.
constexpr double kParticleTemper = 0.5;

// EKF measurement model.
constexpr double kEkfLandmarkRadialBase = 0.03, kEkfLandmarkRadialPerMetre = 0.012;
constexpr double kEkfLandmarkBearing = 0.008;  // rad (~0.46 deg: tilt and neck errors)
constexpr double kEkfLinePointBase = 0.04, kEkfLinePointPerMetre = 0.015;
constexpr double kEkfLinePointInflation = 2.0;  // points of one line are correlated
constexpr double kGateLandmark = 18.4;          // chi2(2), 99.99 %
constexpr double kGateLinePoint = 12.0;         // chi2(1), ~99.95 %

// A fit is "per-observation likelihood", exp(mean log-likelihood) in (0, 1].
constexpr double kPoorFit = 0.25;

Eigen::Matrix3d to_matrix(const double m[3][3]) {
  Eigen::Matrix3d out;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out(i, j) = m[i][j];
  return out;
}

void from_matrix(const Eigen::Matrix3d& in, double m[3][3]) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) m[i][j] = 0.5 * (in(i, j) + in(j, i));
}

}  // namespace

Localizer::Localizer(uint64_t seed) : random_(seed) { reset_unknown(); }

void Localizer::reset_unknown() {
  for (Particle& p : particles_) {
    p.x = random_.uniform(-kFieldHalfLength - 0.5, kFieldHalfLength + 0.5);
    p.y = random_.uniform(-kFieldHalfWidth - 0.5, kFieldHalfWidth + 0.5);
    p.heading = random_.uniform(-kPi, kPi);
    p.weight = 1.0 / kParticleCount;
  }
  pending_dx_ = pending_dy_ = pending_dheading_ = 0;
  ekf_active_ = false;
  ekf_bad_frames_ = ekf_disagree_frames_ = 0;
  poor_frames_ = 0;
  pf_position_spread_ = 10;
  pf_heading_spread_ = kPi;
  pf_cluster_weight_ = 0;
  time_since_good_frame_ = 1e9;
}

void Localizer::reset_to(const Pose2& pose, double position_sigma, double heading_sigma) {
  for (Particle& p : particles_) {
    p.x = pose.x + position_sigma * random_.gaussian();
    p.y = pose.y + position_sigma * random_.gaussian();
    p.heading = normalize_angle(pose.heading + heading_sigma * random_.gaussian());
    p.weight = 1.0 / kParticleCount;
  }
  pending_dx_ = pending_dy_ = pending_dheading_ = 0;
  pf_estimate_ = pose;
  pf_position_spread_ = position_sigma;
  pf_heading_spread_ = heading_sigma;
  pf_cluster_weight_ = 1;
  ekf_reset(pose, position_sigma, heading_sigma);
  time_since_good_frame_ = 0;
}

void Localizer::notify_teleport(bool certain) {
  // Keep a quarter of the cloud (the move may have been small), spread the rest.
  for (int i = 0; i < kParticleCount; ++i) {
    Particle& p = particles_[i];
    if (i % 4 != 0) {
      p.x = random_.uniform(-kFieldHalfLength, kFieldHalfLength);
      p.y = random_.uniform(-kFieldHalfWidth, kFieldHalfWidth);
      p.heading = random_.uniform(-kPi, kPi);
    }
    p.weight = 1.0 / kParticleCount;
  }
  pf_cluster_weight_ = 0;
  pf_position_spread_ = 10;
  // An uncertain hint (a low reading while the feet carry weight: contact
  // noise, not free fall) keeps a tracked pose until vision disagrees with
  // it (then the bad-frame rule hands over to the particles quickly);
  // vision that still fits clears the suspicion without losing "localised".
  if (ekf_active_ && !certain) {
    teleport_suspect_ = true;
  } else {
    ekf_active_ = false;
    teleport_suspect_ = false;
    poor_frames_ = 1;
    time_since_good_frame_ = 1e9;
  }
}

void Localizer::ekf_reset(const Pose2& pose, double position_sigma, double heading_sigma) {
  ekf_active_ = true;
  mean_[0] = pose.x;
  mean_[1] = pose.y;
  mean_[2] = normalize_angle(pose.heading);
  for (auto& row : cov_)
    for (double& v : row) v = 0;
  cov_[0][0] = cov_[1][1] = position_sigma * position_sigma;
  cov_[2][2] = heading_sigma * heading_sigma;
  ekf_bad_frames_ = ekf_disagree_frames_ = 0;
  teleport_suspect_ = false;
  ++ekf_resets_;
}

void Localizer::predict(double dx, double dy, double dheading) {
  // Particles get the accumulated motion at the next vision frame (cheaper,
  // same result); the composition is done in the frame of the first step.
  double c = std::cos(pending_dheading_), s = std::sin(pending_dheading_);
  pending_dx_ += c * dx - s * dy;
  pending_dy_ += s * dx + c * dy;
  pending_dheading_ += dheading;

  if (!ekf_active_) return;
  double th = mean_[2];
  double ct = std::cos(th), st = std::sin(th);
  mean_[0] += ct * dx - st * dy;
  mean_[1] += st * dx + ct * dy;
  mean_[2] = normalize_angle(th + dheading);
  Eigen::Matrix3d F = Eigen::Matrix3d::Identity();
  F(0, 2) = -st * dx - ct * dy;
  F(1, 2) = ct * dx - st * dy;
  double step = std::sqrt(dx * dx + dy * dy);
  // Walk odometry errors are partly systematic (speed scale, slip): a
  // generous random walk so that the EKF keeps listening to vision.
  double trans = 0.5 * step + 0.0007;
  double rot = 0.05 * std::fabs(dheading) + 0.1 * step + 0.0004;
  Eigen::Matrix3d Q = Eigen::Matrix3d::Zero();
  Q(0, 0) = Q(1, 1) = trans * trans;
  Q(2, 2) = rot * rot;
  Eigen::Matrix3d P = to_matrix(cov_);
  from_matrix(F * P * F.transpose() + Q, cov_);
}

double Localizer::score_pose(double x, double y, double heading, const Observations& obs, bool we_are_left,
                             int* count) const {
  double c = std::cos(heading), s = std::sin(heading);
  double total = 0;
  int n = 0;
  for (int i = 0; i < obs.landmark_count; ++i) {
    const LandmarkObservation& o = obs.landmarks[i];
    FieldPoint3 L = landmark_position(o.id, we_are_left);
    double fx = c * o.x - s * o.y, fy = s * o.x + c * o.y;  // observation rotated into the field
    double ex = L.x - (x + fx), ey = L.y - (y + fy);
    double range = o.range > 1e-6 ? o.range : 1e-6;
    double ux = fx / range, uy = fy / range;
    double radial = ex * ux + ey * uy, tangential = -ex * uy + ey * ux;
    double sigma = kLandmarkSigmaBase + kLandmarkSigmaPerMetre * range;
    double term = (radial * radial + tangential * tangential) / (sigma * sigma);
    total += -0.5 * (term < kLandmarkCap ? term : kLandmarkCap);
    n += 2;
  }
  int step = obs.line_point_count > kMaxScoredLinePoints ? 2 : 1;
  // First every point's grid cell, each read started at once; then the
  // scores in the same order as one loop would add them (same result, but
  // the cache misses overlap instead of coming one after another).
  int cells[kMaxLinePoints];
  double outside[kMaxLinePoints];
  for (int i = 0, k = 0; i < obs.line_point_count; i += step, ++k) {
    const LinePointObservation& o = obs.line_points[i];
    double qx = x + c * o.x - s * o.y, qy = y + s * o.x + c * o.y;
    cells[k] = distance_map_.cell_index(qx, qy, &outside[k]);
    distance_map_.prefetch(cells[k]);
  }
  for (int i = 0, k = 0; i < obs.line_point_count; i += step, ++k) {
    const LinePointObservation& o = obs.line_points[i];
    double d = distance_map_.cell(cells[k]) + outside[k];
    double sigma = kLinePointSigmaBase + kLinePointSigmaPerMetre * o.range;
    double term = d * d / (sigma * sigma);
    total += -0.5 * (term < kLinePointCap ? term : kLinePointCap);
    n += 1;
  }
  *count = n;
  return total;
}

void Localizer::inject_particles(const Observations& obs, bool we_are_left, int how_many) {
  // Replace the lightest particles with poses the current frame suggests
  // (sensor resetting): two landmarks fix the pose, one puts it on a circle.
  for (int k = 0; k < how_many; ++k) {
    int lightest = 0;
    for (int i = 1; i < kParticleCount; ++i)
      if (particles_[i].weight < particles_[lightest].weight) lightest = i;
    Particle& p = particles_[lightest];
    bool placed = false;
    for (int attempt = 0; attempt < 4 && !placed; ++attempt) {
      if (obs.landmark_count >= 2) {
        int i = static_cast<int>(random_.uniform() * obs.landmark_count);
        int j = static_cast<int>(random_.uniform() * (obs.landmark_count - 1));
        if (j >= i) ++j;
        const LandmarkObservation& a = obs.landmarks[i];
        const LandmarkObservation& b = obs.landmarks[j];
        FieldPoint3 A = landmark_position(a.id, we_are_left), B = landmark_position(b.id, we_are_left);
        double seen = std::atan2(b.y - a.y, b.x - a.x);
        double known = std::atan2(B.y - A.y, B.x - A.x);
        p.heading = normalize_angle(known - seen + 0.03 * random_.gaussian());
        double c = std::cos(p.heading), s = std::sin(p.heading);
        p.x = A.x - (c * a.x - s * a.y) + 0.08 * random_.gaussian();
        p.y = A.y - (s * a.x + c * a.y) + 0.08 * random_.gaussian();
      } else if (obs.landmark_count == 1) {
        const LandmarkObservation& a = obs.landmarks[0];
        FieldPoint3 A = landmark_position(a.id, we_are_left);
        // Half of them keep our heading belief (only the position jumped),
        // the rest try any heading.
        p.heading = attempt == 0 && random_.uniform() < 0.5
                        ? normalize_angle(pf_estimate_.heading + 0.2 * random_.gaussian())
                        : random_.uniform(-kPi, kPi);
        double c = std::cos(p.heading), s = std::sin(p.heading);
        p.x = A.x - (c * a.x - s * a.y) + 0.1 * random_.gaussian();
        p.y = A.y - (s * a.x + c * a.y) + 0.1 * random_.gaussian();
      } else {
        p.x = random_.uniform(-kFieldHalfLength, kFieldHalfLength);
        p.y = random_.uniform(-kFieldHalfWidth, kFieldHalfWidth);
        p.heading = random_.uniform(-kPi, kPi);
      }
      placed = std::fabs(p.x) < kFieldHalfLength + 1.0 && std::fabs(p.y) < kFieldHalfWidth + 1.0;
    }
    if (!placed) {
      p.x = random_.uniform(-kFieldHalfLength, kFieldHalfLength);
      p.y = random_.uniform(-kFieldHalfWidth, kFieldHalfWidth);
    }
    p.weight = 1.0 / kParticleCount;
  }
}

void Localizer::resample() {
  // Low-variance (systematic) resampling, plus a little roughening so that
  // copies of one particle spread out again.
  double step = 1.0 / kParticleCount;
  double r = random_.uniform() * step;
  double c = particles_[0].weight;
  int i = 0;
  for (int m = 0; m < kParticleCount; ++m) {
    double u = r + m * step;
    while (u > c && i < kParticleCount - 1) c += particles_[++i].weight;
    scratch_[m] = particles_[i];
  }
  for (int m = 0; m < kParticleCount; ++m) {
    particles_[m] = scratch_[m];
    particles_[m].x += 0.015 * random_.gaussian();
    particles_[m].y += 0.015 * random_.gaussian();
    particles_[m].heading = normalize_angle(particles_[m].heading + 0.01 * random_.gaussian());
    particles_[m].weight = step;
  }
}

void Localizer::estimate_from_particles() {
  int best = 0;
  for (int i = 1; i < kParticleCount; ++i)
    if (particles_[i].weight > particles_[best].weight) best = i;
  double cx = particles_[best].x, cy = particles_[best].y, ch = particles_[best].heading;
  // Two rounds of mean shift around the heaviest particle.
  for (int round = 0; round < 2; ++round) {
    double sw = 0, sx = 0, sy = 0, ss = 0, sc = 0;
    for (const Particle& p : particles_) {
      double dx = p.x - cx, dy = p.y - cy;
      if (dx * dx + dy * dy > 0.7 * 0.7 || std::fabs(normalize_angle(p.heading - ch)) > 0.45) continue;
      sw += p.weight;
      sx += p.weight * p.x;
      sy += p.weight * p.y;
      ss += p.weight * std::sin(p.heading);
      sc += p.weight * std::cos(p.heading);
    }
    if (sw <= 0) break;
    cx = sx / sw;
    cy = sy / sw;
    ch = std::atan2(ss, sc);
    pf_cluster_weight_ = sw;
  }
  double sw = 0, vp = 0, vh = 0;
  for (const Particle& p : particles_) {
    double dx = p.x - cx, dy = p.y - cy, dh = normalize_angle(p.heading - ch);
    if (dx * dx + dy * dy > 0.7 * 0.7 || std::fabs(dh) > 0.45) continue;
    sw += p.weight;
    vp += p.weight * (dx * dx + dy * dy) / 2;
    vh += p.weight * dh * dh;
  }
  pf_estimate_.x = cx;
  pf_estimate_.y = cy;
  pf_estimate_.heading = ch;
  pf_position_spread_ = sw > 0 ? std::sqrt(vp / sw) : 10;
  pf_heading_spread_ = sw > 0 ? std::sqrt(vh / sw) : kPi;
}

void Localizer::particle_update(const Observations& obs, bool we_are_left) {
  // Odometry with noise proportional to the motion.
  double step = std::sqrt(pending_dx_ * pending_dx_ + pending_dy_ * pending_dy_);
  double trans_sigma = 0.15 * step + 0.01, rot_sigma = 0.1 * std::fabs(pending_dheading_) + 0.05 * step + 0.005;
  for (Particle& p : particles_) {
    double dx = pending_dx_ + trans_sigma * random_.gaussian();
    double dy = pending_dy_ + trans_sigma * random_.gaussian();
    double c = std::cos(p.heading), s = std::sin(p.heading);
    p.x += c * dx - s * dy;
    p.y += s * dx + c * dy;
    p.heading = normalize_angle(p.heading + pending_dheading_ + rot_sigma * random_.gaussian());
  }
  pending_dx_ = pending_dy_ = pending_dheading_ = 0;

  if (obs.landmark_count == 0 && obs.line_point_count == 0) return;

  // Sensor resetting: a lot when nothing fits, a trickle while unsure.
  int inject = 0;
  if (poor_frames_ >= 1) inject = kParticleCount * 3 / 10;
  else if (!ekf_active_) inject = kParticleCount / 10;
  else if (obs.landmark_count >= 1) inject = 2;
  if (inject > 0) inject_particles(obs, we_are_left, inject);
  // While the EKF explains the scene well, it seeds a few particles so that
  // the cloud stays near the precise estimate.
  if (ekf_active_ && ekf_bad_frames_ == 0) {
    for (int k = 0; k < 4; ++k) {
      int lightest = 0;
      for (int i = 1; i < kParticleCount; ++i)
        if (particles_[i].weight < particles_[lightest].weight) lightest = i;
      Particle& p = particles_[lightest];
      p.x = mean_[0] + std::sqrt(cov_[0][0]) * random_.gaussian();
      p.y = mean_[1] + std::sqrt(cov_[1][1]) * random_.gaussian();
      p.heading = normalize_angle(mean_[2] + std::sqrt(cov_[2][2]) * random_.gaussian());
      p.weight = 1.0 / kParticleCount;
    }
  }

  double best_log = -1e300;
  int count = 0;
  double log_weight[kParticleCount];
  for (int i = 0; i < kParticleCount; ++i) {
    Particle& p = particles_[i];
    double score = score_pose(p.x, p.y, p.heading, obs, we_are_left, &count);
    if (score > best_log) best_log = score;
    log_weight[i] = score * kParticleTemper + std::log(p.weight > 1e-300 ? p.weight : 1e-300);
  }
  double max_log = -1e300;
  for (double lw : log_weight) max_log = lw > max_log ? lw : max_log;
  double total = 0;
  for (int i = 0; i < kParticleCount; ++i) {
    particles_[i].weight = std::exp(log_weight[i] - max_log);
    total += particles_[i].weight;
  }
  double sum2 = 0;
  for (Particle& p : particles_) {
    p.weight /= total;
    sum2 += p.weight * p.weight;
  }
  double best_fit = count > 0 ? std::exp(best_log / count) : 1.0;
  poor_frames_ = best_fit < kPoorFit ? poor_frames_ + 1 : 0;

  estimate_from_particles();
  int fit_count = 0;
  double fit = score_pose(pf_estimate_.x, pf_estimate_.y, pf_estimate_.heading, obs, we_are_left, &fit_count);
  pf_best_fit_ = fit_count > 0 ? std::exp(fit / fit_count) : 1.0;
  if (1.0 / sum2 < kParticleCount / 2.0) resample();
}

void Localizer::ekf_update(const Observations& obs, bool we_are_left, int* accepted, int* rejected) {
  Eigen::Vector3d x(mean_[0], mean_[1], mean_[2]);
  Eigen::Matrix3d P = to_matrix(cov_);

  for (int i = 0; i < obs.landmark_count; ++i) {
    const LandmarkObservation& o = obs.landmarks[i];
    FieldPoint3 L = landmark_position(o.id, we_are_left);
    double c = std::cos(x(2)), s = std::sin(x(2));
    double dx = L.x - x(0), dy = L.y - x(1);
    Eigen::Vector2d h(c * dx + s * dy, -s * dx + c * dy);  // landmark in the robot frame
    Eigen::Matrix<double, 2, 3> H;
    H << -c, -s, h.y(), s, -c, -h.x();
    double range = o.range > 0.1 ? o.range : 0.1;
    double sr = kEkfLandmarkRadialBase + kEkfLandmarkRadialPerMetre * range;
    double st = kEkfLandmarkBearing * range + 0.01;
    Eigen::Vector2d u(o.x / range, o.y / range);
    Eigen::Matrix2d U;
    U << u.x(), -u.y(), u.y(), u.x();
    Eigen::Matrix2d R = U * Eigen::Vector2d(sr * sr, st * st).asDiagonal() * U.transpose();
    Eigen::Vector2d y = Eigen::Vector2d(o.x, o.y) - h;
    Eigen::Matrix2d S = H * P * H.transpose() + R;
    Eigen::Matrix2d S_inv = S.inverse();
    if (y.dot(S_inv * y) > kGateLandmark) {
      *rejected += 2;
      continue;
    }
    Eigen::Matrix<double, 3, 2> K = P * H.transpose() * S_inv;
    x += K * y;
    x(2) = normalize_angle(x(2));
    P = (Eigen::Matrix3d::Identity() - K * H) * P;
    *accepted += 2;
  }

  const FieldSegment* lines = field_lines();
  for (int i = 0; i < obs.line_point_count; ++i) {
    const LinePointObservation& o = obs.line_points[i];
    double c = std::cos(x(2)), s = std::sin(x(2));
    double qx = x(0) + c * o.x - s * o.y, qy = x(1) + s * o.x + c * o.y;
    int best = -1;
    double best_d = 1e18, second_d = 1e18;
    for (int k = 0; k < kFieldLineCount; ++k) {
      double d = distance_to_segment(lines[k], qx, qy);
      if (d < best_d) {
        second_d = best_d;
        best_d = d;
        best = k;
      } else if (d < second_d) {
        second_d = d;
      }
    }
    // Near a corner the association is a guess: leave those points out.
    if (best < 0 || second_d - best_d < 0.25) continue;
    const FieldSegment& seg = lines[best];
    double lx = seg.bx - seg.ax, ly = seg.by - seg.ay;
    double length = std::sqrt(lx * lx + ly * ly);
    lx /= length;
    ly /= length;
    double along = (qx - seg.ax) * lx + (qy - seg.ay) * ly;
    if (along < -0.2 || along > length + 0.2) continue;
    double nx = -ly, ny = lx;
    double h = nx * (qx - seg.ax) + ny * (qy - seg.ay);
    Eigen::RowVector3d H(nx, ny, nx * (-s * o.x - c * o.y) + ny * (c * o.x - s * o.y));
    double sigma = (kEkfLinePointBase + kEkfLinePointPerMetre * o.range) * kEkfLinePointInflation;
    double S = (H * P * H.transpose())(0, 0) + sigma * sigma;
    double y = -h;
    if (y * y / S > kGateLinePoint) {
      *rejected += 1;
      continue;
    }
    Eigen::Vector3d K = P * H.transpose() / S;
    x += K * y;
    x(2) = normalize_angle(x(2));
    P = (Eigen::Matrix3d::Identity() - K * H) * P;
    *accepted += 1;
  }
  mean_[0] = x(0);
  mean_[1] = x(1);
  mean_[2] = x(2);
  from_matrix(P, cov_);
}

void Localizer::update(const Observations& obs, bool we_are_left) {
  if (!obs.present) return;
  particle_update(obs, we_are_left);
  if (obs.landmark_count == 0 && obs.line_point_count == 0) return;

  bool pf_confident = pf_cluster_weight_ > 0.5 && pf_position_spread_ < 0.35 && pf_heading_spread_ < 0.2 &&
                      pf_best_fit_ > kPoorFit;
  if (!ekf_active_) {
    if (!pf_confident) return;
    // Start from the particle cluster with a weak prior (the cluster is only
    // as precise as the particle spacing) and let this same frame refine it.
    ekf_reset(pf_estimate_, pf_position_spread_ > 0.25 ? pf_position_spread_ : 0.25,
              pf_heading_spread_ > 0.1 ? pf_heading_spread_ : 0.1);
  }

  int accepted = 0, rejected = 0;
  ekf_update(obs, we_are_left, &accepted, &rejected);
  int count = 0;
  double score = score_pose(mean_[0], mean_[1], mean_[2], obs, we_are_left, &count);
  double ekf_fit = count > 0 ? std::exp(score / count) : 1.0;
  bool bad = ekf_fit < kPoorFit || (rejected > accepted && rejected >= 2);
  ekf_bad_frames_ = bad ? ekf_bad_frames_ + 1 : 0;
  if (!bad && accepted > 0) time_since_good_frame_ = 0;
  if (!bad && accepted > 0) teleport_suspect_ = false;

  double dx = pf_estimate_.x - mean_[0], dy = pf_estimate_.y - mean_[1];
  bool far = dx * dx + dy * dy > 0.5 * 0.5 || std::fabs(normalize_angle(pf_estimate_.heading - mean_[2])) > 0.35;
  ekf_disagree_frames_ = (pf_confident && far && pf_best_fit_ > ekf_fit + 0.1) ? ekf_disagree_frames_ + 1 : 0;

  int patience = teleport_suspect_ ? 2 : 4;  // after a teleport hint, believe bad frames sooner
  if (ekf_bad_frames_ >= patience || ekf_disagree_frames_ >= 4) {
    if (pf_confident && pf_best_fit_ > ekf_fit) {
      ekf_reset(pf_estimate_, pf_position_spread_ > 0.1 ? pf_position_spread_ : 0.1,
                pf_heading_spread_ > 0.05 ? pf_heading_spread_ : 0.05);
    } else if (ekf_bad_frames_ >= 8) {
      ekf_active_ = false;  // lost: wait until the particles agree on a pose
      teleport_suspect_ = false;
    }
  }
}

Pose2 Localizer::pose() const {
  if (!ekf_active_) return pf_estimate_;
  return Pose2{mean_[0], mean_[1], mean_[2]};
}

double Localizer::position_sigma() const {
  if (!ekf_active_) return pf_position_spread_ > 0.5 ? pf_position_spread_ : 0.5 + pf_position_spread_;
  return std::sqrt(cov_[0][0] > cov_[1][1] ? cov_[0][0] : cov_[1][1]);
}

double Localizer::heading_sigma() const {
  if (!ekf_active_) return pf_heading_spread_;
  return std::sqrt(cov_[2][2]);
}

bool Localizer::localised() const {
  return ekf_active_ && ekf_bad_frames_ < (teleport_suspect_ ? 1 : 2) && position_sigma() < 0.5 &&
         time_since_good_frame_ < 5.0;
}

}  // namespace libero::world
