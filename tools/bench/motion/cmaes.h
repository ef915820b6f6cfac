// CMA-ES (covariance matrix adaptation evolution strategy: rank-one and
// rank-mu covariance update, cumulative step-size adaptation), for the
// offline skill searches. Maximises; the caller keeps samples in range.
#pragma once

#include <random>
#include <vector>

#include <Eigen/Dense>

namespace libero::bench {

class Cmaes {
 public:
  Cmaes(const Eigen::VectorXd& mean, double sigma, int lambda, unsigned seed);

  // This generation's samples (lambda of them).
  const std::vector<Eigen::VectorXd>& ask();
  // Their fitness, same order, higher is better. Returns the index of the
  // best sample of this generation.
  int tell(const std::vector<double>& fitness);

  const Eigen::VectorXd& mean() const { return mean_; }
  double sigma() const { return sigma_; }

 private:
  int n_, lambda_, mu_;
  Eigen::VectorXd weights_;
  double mu_eff_, cc_, cs_, c1_, cmu_, damps_, chi_n_;
  Eigen::VectorXd mean_, pc_, ps_;
  Eigen::MatrixXd C_, B_;
  Eigen::VectorXd D_;
  double sigma_;
  int generation_ = 0;
  std::vector<Eigen::VectorXd> samples_;
  std::mt19937 rng_;
};

}  // namespace libero::bench
