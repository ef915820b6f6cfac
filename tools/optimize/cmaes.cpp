#include "cmaes.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace libero::bench {

Cmaes::Cmaes(const Eigen::VectorXd& mean, double sigma, int lambda, unsigned seed)
    : n_(static_cast<int>(mean.size())), lambda_(std::max(lambda, 4)), mu_(std::max(lambda, 4) / 2),
      mean_(mean), sigma_(sigma), rng_(seed) {
  weights_.resize(mu_);
  for (int i = 0; i < mu_; ++i) weights_[i] = std::log(mu_ + 0.5) - std::log(i + 1.0);
  weights_ /= weights_.sum();
  const double n = n_;
  mu_eff_ = 1.0 / weights_.squaredNorm();
  cc_ = (4.0 + mu_eff_ / n) / (n + 4.0 + 2.0 * mu_eff_ / n);
  cs_ = (mu_eff_ + 2.0) / (n + mu_eff_ + 5.0);
  c1_ = 2.0 / ((n + 1.3) * (n + 1.3) + mu_eff_);
  cmu_ = std::min(1.0 - c1_, 2.0 * (mu_eff_ - 2.0 + 1.0 / mu_eff_) / ((n + 2.0) * (n + 2.0) + mu_eff_));
  damps_ = 1.0 + 2.0 * std::max(0.0, std::sqrt((mu_eff_ - 1.0) / (n + 1.0)) - 1.0) + cs_;
  chi_n_ = std::sqrt(n) * (1.0 - 1.0 / (4.0 * n) + 1.0 / (21.0 * n * n));
  pc_ = Eigen::VectorXd::Zero(n_);
  ps_ = Eigen::VectorXd::Zero(n_);
  C_ = Eigen::MatrixXd::Identity(n_, n_);
  B_ = Eigen::MatrixXd::Identity(n_, n_);
  D_ = Eigen::VectorXd::Ones(n_);
}

const std::vector<Eigen::VectorXd>& Cmaes::ask() {
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(C_);
  B_ = eig.eigenvectors();
  D_ = eig.eigenvalues().cwiseMax(1e-20).cwiseSqrt();
  std::normal_distribution<double> normal(0, 1);
  samples_.assign(lambda_, Eigen::VectorXd(n_));
  for (Eigen::VectorXd& x : samples_) {
    Eigen::VectorXd z(n_);
    for (int i = 0; i < n_; ++i) z[i] = normal(rng_);
    x = mean_ + sigma_ * (B_ * D_.asDiagonal() * z);
  }
  return samples_;
}

int Cmaes::tell(const std::vector<double>& fitness) {
  std::vector<int> order(lambda_);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return fitness[a] > fitness[b]; });
  Eigen::VectorXd old_mean = mean_;
  mean_.setZero();
  for (int i = 0; i < mu_; ++i) mean_ += weights_[i] * samples_[order[i]];
  Eigen::VectorXd step = (mean_ - old_mean) / sigma_;
  Eigen::MatrixXd inv_sqrt_c = B_ * D_.cwiseInverse().asDiagonal() * B_.transpose();
  ps_ = (1 - cs_) * ps_ + std::sqrt(cs_ * (2 - cs_) * mu_eff_) * (inv_sqrt_c * step);
  ++generation_;
  bool hsig = ps_.norm() / std::sqrt(1 - std::pow(1 - cs_, 2.0 * generation_)) / chi_n_ < 1.4 + 2.0 / (n_ + 1);
  pc_ = (1 - cc_) * pc_ + (hsig ? std::sqrt(cc_ * (2 - cc_) * mu_eff_) : 0.0) * step;
  Eigen::MatrixXd rank_mu = Eigen::MatrixXd::Zero(n_, n_);
  for (int i = 0; i < mu_; ++i) {
    Eigen::VectorXd y = (samples_[order[i]] - old_mean) / sigma_;
    rank_mu += weights_[i] * y * y.transpose();
  }
  C_ = (1 - c1_ - cmu_) * C_ + c1_ * (pc_ * pc_.transpose() + (hsig ? 0.0 : cc_ * (2 - cc_)) * C_) + cmu_ * rank_mu;
  sigma_ *= std::exp((cs_ / damps_) * (ps_.norm() / chi_n_ - 1));
  sigma_ = std::clamp(sigma_, 1e-4, 0.5);
  return order[0];
}

}  // namespace libero::bench
