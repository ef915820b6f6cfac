// Per-cycle instrumentation of the agent loop, kept in memory. The sample
// store is allocated once; recording a cycle is a few stores. Summaries
// (percentiles) are computed on demand, at exit or by other tools.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/result.h"

namespace libero::agent {

constexpr int64_t kCyclePeriodNs = 20'000'000;            // the server's 20 ms rhythm
constexpr int64_t kLatePerceptGapNs = kCyclePeriodNs * 3 / 2;  // a gap above 1.5 cycles is late

struct CycleStatsSummary {
  uint64_t cycles = 0;           // percepts processed (one action each)
  uint64_t percepts_received = 0;  // processed + skipped
  uint64_t skipped_percepts = 0;   // older percepts dropped because a newer one was queued
  uint64_t late_percepts = 0;      // inter-arrival gap above 1.5 cycles
  uint64_t late_actions = 0;       // no action sent within one cycle of its percept's arrival
  uint64_t decode_errors = 0;
  uint64_t encode_errors = 0;
  uint64_t say_rejected = 0;       // say texts the protocol would reject, not sent
  uint64_t recorder_dropped = 0;   // record entries lost because the writer fell behind
  double compute_p50_us = 0, compute_p99_us = 0, compute_max_us = 0, compute_mean_us = 0;
  double max_percept_gap_ms = 0;
  uint64_t samples = 0;            // compute-time samples the percentiles are over (the most recent)
};

class CycleStats {
 public:
  // Keeps the compute times of the last `capacity` cycles (default: 45 min at 50 Hz).
  explicit CycleStats(size_t capacity = size_t{1} << 17);

  // A percept arrived at arrival_ns (monotonic). The first gap of a session
  // (connection set-up) is not judged; call begin_session() on connect.
  void record_arrival(int64_t arrival_ns);
  void begin_session() { last_arrival_ns_ = 0; }

  // A cycle's compute time: decode through encode.
  void record_compute(int64_t compute_ns);

  void count_skipped() { ++skipped_percepts_; ++percepts_received_; }
  void count_late_action() { ++late_actions_; }
  void count_decode_error() { ++decode_errors_; }
  void count_encode_error() { ++encode_errors_; }
  void count_say_rejected() { ++say_rejected_; }
  void set_recorder_dropped(uint64_t n) { recorder_dropped_ = n; }

  CycleStatsSummary summarize() const;  // sorts a copy: not for the cycle path

 private:
  size_t capacity_;
  std::unique_ptr<int64_t[]> compute_ns_;
  uint64_t cycles_ = 0;
  int64_t compute_max_ns_ = 0;
  int64_t compute_total_ns_ = 0;
  int64_t last_arrival_ns_ = 0;
  int64_t max_gap_ns_ = 0;
  uint64_t percepts_received_ = 0, skipped_percepts_ = 0, late_percepts_ = 0, late_actions_ = 0;
  uint64_t decode_errors_ = 0, encode_errors_ = 0, say_rejected_ = 0, recorder_dropped_ = 0;
};

// Human-readable multi-line report (for the log at exit).
std::string format_summary(const CycleStatsSummary& summary);
// One JSON object with every field of the summary.
std::string summary_to_json(const CycleStatsSummary& summary);
Status write_summary_json(const CycleStatsSummary& summary, const std::string& path);

}  // namespace libero::agent
