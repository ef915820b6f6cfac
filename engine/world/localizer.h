// Self-localisation: an extended Kalman filter tracks the pose precisely,
// a particle filter keeps the global picture (several hypotheses, recovery
// after a kidnap) and re-seeds the EKF when the EKF stops explaining what
// the camera sees. See docs/world-model.md for the reasoning.
// Pose frame: side-normalised field frame; heading 0 = facing +x.
// All state is fixed-size; update() never allocates.
#pragma once

#include "world/fast_random.h"
#include "world/field.h"
#include "world/observations.h"

namespace libero::world {

struct Pose2 {
  double x = 0, y = 0, heading = 0;
};

class Localizer {
 public:
  static constexpr int kParticleCount = 128;

  explicit Localizer(uint64_t seed = 1);

  // Forget everything: particles spread over the whole field (and a bit
  // beyond), no EKF track.
  void reset_unknown();
  // Known start (e.g. after init placement or a beam we trust).
  void reset_to(const Pose2& pose, double position_sigma, double heading_sigma);

  // Odometry since the last call, robot frame (dx forward, dy left, dheading).
  void predict(double dx, double dy, double dheading);
  // One vision frame. we_are_left selects the landmark table.
  void update(const Observations& observations, bool we_are_left);
  // We were (certain) or may have been moved by the server (beam, referee):
  // the particles search again; on an uncertain hint a tracked pose is kept
  // until vision contradicts it.
  void notify_teleport(bool certain);
  // Time passes (for staleness of the "localised" flag).
  void advance_time(double dt) { time_since_good_frame_ += dt; }

  Pose2 pose() const;
  double position_sigma() const;
  double heading_sigma() const;
  bool localised() const;

  // Introspection for tests and benchmarks.
  bool ekf_active() const { return ekf_active_; }
  Pose2 particle_estimate() const { return pf_estimate_; }
  int ekf_resets() const { return ekf_resets_; }

 private:
  struct Particle {
    double x, y, heading, weight;
  };

  // Robust per-observation log-likelihood of a pose; *count = observations used.
  double score_pose(double x, double y, double heading, const Observations& obs, bool we_are_left,
                    int* count) const;
  void particle_update(const Observations& obs, bool we_are_left);
  void inject_particles(const Observations& obs, bool we_are_left, int how_many);
  void resample();
  void estimate_from_particles();
  void ekf_update(const Observations& obs, bool we_are_left, int* accepted, int* rejected);
  void ekf_reset(const Pose2& pose, double position_sigma, double heading_sigma);

  LineDistanceMap distance_map_;
  FastRandom random_;
  Particle particles_[kParticleCount];
  Particle scratch_[kParticleCount];
  double pending_dx_ = 0, pending_dy_ = 0, pending_dheading_ = 0;  // odometry not yet applied to particles

  Pose2 pf_estimate_;
  double pf_position_spread_ = 10, pf_heading_spread_ = kPi, pf_cluster_weight_ = 0;
  double pf_best_fit_ = 0;  // per-observation likelihood of the estimate
  int poor_frames_ = 0;     // consecutive frames where no particle fits

  bool ekf_active_ = false;
  double mean_[3] = {0, 0, 0};
  double cov_[3][3] = {};
  int ekf_bad_frames_ = 0;  // consecutive frames where the EKF fits badly
  bool teleport_suspect_ = false;  // a teleport hint not yet confirmed or cleared by vision
  int ekf_disagree_frames_ = 0;
  int ekf_resets_ = 0;
  double time_since_good_frame_ = 1e9;
};

}  // namespace libero::world
