// Monotonic wall clock for instrumentation and real-time pacing.
#pragma once

#include <cstdint>
#include <ctime>

namespace libero {

inline int64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

}  // namespace libero
