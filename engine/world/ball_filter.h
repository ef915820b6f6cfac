// Ball tracking: a constant-velocity Kalman filter in the field frame whose
// velocity decays like a rolling ball's (v(t) = v0 exp(-t / tau)), so it can
// say where the ball will be and where it will stop.
#pragma once

#include "core/math.h"

namespace libero::world {

// Rolling model: velocity decays with this time constant. A first estimate
// for the SimSpark ball (linear drag is negligible; rolling resistance comes
// from the soft contact); to be calibrated against the simulator.
constexpr double kBallRollingTau = 1.2;  // s

// Position of a ball at (x, y) moving with (vx, vy) after t seconds, and
// where it comes to rest (t -> infinity).
inline void predict_ball_position(double x, double y, double vx, double vy, double t, double* out_x,
                                  double* out_y) {
  double travel = kBallRollingTau * (1.0 - std::exp(-t / kBallRollingTau));
  *out_x = x + vx * travel;
  *out_y = y + vy * travel;
}

class BallFilter {
 public:
  void reset();
  // Time passes by dt seconds.
  void predict(double dt);
  // A field-frame measurement with its standard deviation (m).
  void observe(double x, double y, double sigma);
  // A teammate's report: replace our belief if it is much fresher.
  void adopt(double x, double y, double sigma);
  // A ball known to lie still at (x, y) (the referee placed it).
  void place(double x, double y, double sigma);

  bool valid() const { return valid_; }
  Vec2 position() const { return Vec2(state_(0), state_(1)); }
  Vec2 velocity() const { return Vec2(state_(2), state_(3)); }
  double position_sigma() const { return std::sqrt(0.5 * (cov_(0, 0) + cov_(1, 1))); }

 private:
  bool valid_ = false;
  Eigen::Vector4d state_ = Eigen::Vector4d::Zero();
  Eigen::Matrix4d cov_ = Eigen::Matrix4d::Identity();
};

}  // namespace libero::world
