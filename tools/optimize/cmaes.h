// CMA-ES (covariance matrix adaptation evolution strategy: rank-one and
// rank-mu covariance update, cumulative step-size adaptation), for the
// optimiser (libero optimize). Maximises; the caller keeps samples in range.
#pragma once

#include <algorithm>
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
  const std::vector<Eigen::VectorXd>& samples() const { return samples_; }  // the last ask()'s
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

// The searched parameters' ranges. CMA-ES samples the unit box; parameter i
// is lo[i] + x[i] (hi[i] - lo[i]), x clamped to [0, 1].
struct UnitBox {
  std::vector<double> lo, hi;
  explicit UnitBox(int count = 0) : lo(count), hi(count) {}
  // A value's place in the box (values outside the range land on its edge).
  double unit(int i, double value) const { return (std::clamp(value, lo[i], hi[i]) - lo[i]) / (hi[i] - lo[i]); }
  std::vector<double> values(const Eigen::VectorXd& x) const {
    std::vector<double> v(lo.size());
    for (size_t i = 0; i < v.size(); ++i) v[i] = lo[i] + std::clamp(x[static_cast<int>(i)], 0.0, 1.0) * (hi[i] - lo[i]);
    return v;
  }
};

// The search works in the unit box: a sample outside it is scored at its
// clamped point (the caller's conversion clamps) less 10 x its squared
// distance to the box, so the distribution is pulled back inside.
inline double box_penalty(const Eigen::VectorXd& x) { return 10.0 * (x - x.cwiseMax(0.0).cwiseMin(1.0)).squaredNorm(); }

}  // namespace libero::bench
