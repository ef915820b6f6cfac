// Order statistics for the benchmark tools' summaries.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace libero::bench {

// The value at share `p` (0..1) of the sorted values, the nearest rank
// (p = 0.5: the median's rank, 1: the largest); NaN for no values.
inline double percentile(std::vector<double> values, double p) {
  if (values.empty()) return NAN;
  std::sort(values.begin(), values.end());
  size_t rank = static_cast<size_t>(std::clamp(p, 0.0, 1.0) * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(rank, values.size() - 1)];
}

}  // namespace libero::bench
