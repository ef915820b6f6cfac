// Small, fast, allocation-free random numbers for the particle filter
// (xorshift64*). Deterministic for a given seed so tests can repeat runs.
#pragma once

#include <cmath>
#include <cstdint>

namespace libero::world {

class FastRandom {
 public:
  explicit FastRandom(uint64_t seed = 0x9E3779B97F4A7C15ULL) : state_(seed ? seed : 1) {}

  uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545F4914F6CDD1DULL;
  }
  // Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  // Standard normal (Box-Muller, one value per call; the second is kept).
  double gaussian() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    double u = uniform(), v = uniform();
    if (u < 1e-300) u = 1e-300;
    double r = std::sqrt(-2.0 * std::log(u));
    spare_ = r * std::sin(6.283185307179586 * v);
    has_spare_ = true;
    return r * std::cos(6.283185307179586 * v);
  }

 private:
  uint64_t state_;
  double spare_ = 0;
  bool has_spare_ = false;
};

}  // namespace libero::world
