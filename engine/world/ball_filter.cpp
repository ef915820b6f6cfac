#include "world/ball_filter.h"

#include <Eigen/Dense>

namespace libero::world {

namespace {
constexpr double kAccelerationSigma = 1.5;  // m/s^2: unmodelled pushes and bounces
constexpr double kMaxBallSpeed = 12.0;      // m/s, faster is a bad measurement pair
}  // namespace

void BallFilter::reset() {
  valid_ = false;
  state_.setZero();
  cov_ = Eigen::Matrix4d::Identity();
}

void BallFilter::predict(double dt) {
  if (!valid_ || dt <= 0) return;
  double a = std::exp(-dt / kBallRollingTau);
  double travel = kBallRollingTau * (1.0 - a);
  Eigen::Matrix4d F = Eigen::Matrix4d::Identity();
  F(0, 2) = F(1, 3) = travel;
  F(2, 2) = F(3, 3) = a;
  state_ = F * state_;
  double q = kAccelerationSigma * kAccelerationSigma;
  Eigen::Matrix4d Q = Eigen::Matrix4d::Zero();
  Q(0, 0) = Q(1, 1) = q * dt * dt * dt * dt / 4;
  Q(0, 2) = Q(2, 0) = Q(1, 3) = Q(3, 1) = q * dt * dt * dt / 2;
  Q(2, 2) = Q(3, 3) = q * dt * dt;
  cov_ = F * cov_ * F.transpose() + Q;
  // Once it has (nearly) stopped, call it stopped.
  if (state_.tail<2>().norm() < 0.02) state_.tail<2>().setZero();
}

void BallFilter::observe(double x, double y, double sigma) {
  double r = sigma * sigma;
  if (!valid_) {
    valid_ = true;
    state_ << x, y, 0, 0;
    cov_.setZero();
    cov_(0, 0) = cov_(1, 1) = r;
    cov_(2, 2) = cov_(3, 3) = 1.0;
    return;
  }
  Eigen::Vector2d innovation(x - state_(0), y - state_(1));
  Eigen::Matrix2d S = cov_.topLeftCorner<2, 2>() + Eigen::Matrix2d::Identity() * r;
  double distance2 = innovation.dot(S.inverse() * innovation);
  if (distance2 > 25.0) {
    // Kicked, or we were wrong: open up the velocity and position so the
    // filter follows the new motion within a few frames.
    cov_(0, 0) += innovation.squaredNorm();
    cov_(1, 1) += innovation.squaredNorm();
    cov_(2, 2) += 4.0;
    cov_(3, 3) += 4.0;
    S = cov_.topLeftCorner<2, 2>() + Eigen::Matrix2d::Identity() * r;
  }
  Eigen::Matrix<double, 4, 2> K = cov_.leftCols<2>() * S.inverse();
  state_ += K * innovation;
  cov_ = (Eigen::Matrix4d::Identity() - K * Eigen::Matrix<double, 2, 4>::Identity()) * cov_;
  cov_ = 0.5 * (cov_ + cov_.transpose()).eval();
  double speed = state_.tail<2>().norm();
  if (speed > kMaxBallSpeed) state_.tail<2>() *= kMaxBallSpeed / speed;
}

void BallFilter::adopt(double x, double y, double sigma) {
  valid_ = true;
  state_ << x, y, 0, 0;
  cov_.setZero();
  cov_(0, 0) = cov_(1, 1) = sigma * sigma;
  cov_(2, 2) = cov_(3, 3) = 1.0;
}

void BallFilter::place(double x, double y, double sigma) {
  adopt(x, y, sigma);
  cov_(2, 2) = cov_(3, 3) = 0.01;
}

}  // namespace libero::world
