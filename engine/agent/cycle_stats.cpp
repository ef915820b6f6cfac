#include "agent/cycle_stats.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace libero::agent {

CycleStats::CycleStats(size_t capacity)
    : capacity_(capacity == 0 ? 1 : capacity), compute_ns_(new int64_t[capacity_]) {}

void CycleStats::record_arrival(int64_t arrival_ns) {
  ++percepts_received_;
  if (last_arrival_ns_ != 0) {
    int64_t gap = arrival_ns - last_arrival_ns_;
    if (gap > kLatePerceptGapNs) ++late_percepts_;
    if (gap > max_gap_ns_) max_gap_ns_ = gap;
  }
  last_arrival_ns_ = arrival_ns;
}

void CycleStats::record_compute(int64_t compute_ns) {
  compute_ns_[cycles_ % capacity_] = compute_ns;
  ++cycles_;
  compute_total_ns_ += compute_ns;
  if (compute_ns > compute_max_ns_) compute_max_ns_ = compute_ns;
}

CycleStatsSummary CycleStats::summarize() const {
  CycleStatsSummary s;
  s.cycles = cycles_;
  s.percepts_received = percepts_received_;
  s.skipped_percepts = skipped_percepts_;
  s.late_percepts = late_percepts_;
  s.late_actions = late_actions_;
  s.decode_errors = decode_errors_;
  s.encode_errors = encode_errors_;
  s.say_rejected = say_rejected_;
  s.recorder_dropped = recorder_dropped_;
  s.max_percept_gap_ms = static_cast<double>(max_gap_ns_) / 1e6;
  size_t n = static_cast<size_t>(std::min<uint64_t>(cycles_, capacity_));
  s.samples = n;
  if (n == 0) return s;
  std::vector<int64_t> sorted(compute_ns_.get(), compute_ns_.get() + n);
  std::sort(sorted.begin(), sorted.end());
  auto at = [&](double q) { return static_cast<double>(sorted[static_cast<size_t>(q * static_cast<double>(n - 1))]) / 1e3; };
  s.compute_p50_us = at(0.50);
  s.compute_p99_us = at(0.99);
  s.compute_max_us = static_cast<double>(compute_max_ns_) / 1e3;
  s.compute_mean_us = static_cast<double>(compute_total_ns_) / static_cast<double>(cycles_) / 1e3;
  return s;
}

std::string format_summary(const CycleStatsSummary& s) {
  char text[1024];
  std::snprintf(text, sizeof text,
                "cycles %llu (percepts received %llu, skipped %llu)\n"
                "compute per cycle: p50 %.1f us, p99 %.1f us, max %.1f us, mean %.1f us\n"
                "late actions %llu, late percepts %llu (max gap %.1f ms), decode errors %llu, "
                "encode errors %llu, say rejected %llu, record entries dropped %llu",
                static_cast<unsigned long long>(s.cycles), static_cast<unsigned long long>(s.percepts_received),
                static_cast<unsigned long long>(s.skipped_percepts), s.compute_p50_us, s.compute_p99_us,
                s.compute_max_us, s.compute_mean_us, static_cast<unsigned long long>(s.late_actions),
                static_cast<unsigned long long>(s.late_percepts), s.max_percept_gap_ms,
                static_cast<unsigned long long>(s.decode_errors), static_cast<unsigned long long>(s.encode_errors),
                static_cast<unsigned long long>(s.say_rejected), static_cast<unsigned long long>(s.recorder_dropped));
  return text;
}

std::string summary_to_json(const CycleStatsSummary& s) {
  char text[1024];
  std::snprintf(text, sizeof text,
                "{\"cycles\": %llu, \"percepts_received\": %llu, \"skipped_percepts\": %llu, "
                "\"late_percepts\": %llu, \"late_actions\": %llu, \"decode_errors\": %llu, "
                "\"encode_errors\": %llu, \"say_rejected\": %llu, \"recorder_dropped\": %llu, "
                "\"compute_p50_us\": %.3f, \"compute_p99_us\": %.3f, \"compute_max_us\": %.3f, "
                "\"compute_mean_us\": %.3f, \"max_percept_gap_ms\": %.3f, \"samples\": %llu}\n",
                static_cast<unsigned long long>(s.cycles), static_cast<unsigned long long>(s.percepts_received),
                static_cast<unsigned long long>(s.skipped_percepts), static_cast<unsigned long long>(s.late_percepts),
                static_cast<unsigned long long>(s.late_actions), static_cast<unsigned long long>(s.decode_errors),
                static_cast<unsigned long long>(s.encode_errors), static_cast<unsigned long long>(s.say_rejected),
                static_cast<unsigned long long>(s.recorder_dropped), s.compute_p50_us, s.compute_p99_us,
                s.compute_max_us, s.compute_mean_us, s.max_percept_gap_ms, static_cast<unsigned long long>(s.samples));
  return text;
}

Status write_summary_json(const CycleStatsSummary& summary, const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "w");
  if (!file) return make_error("cannot write stats to " + path + ": " + std::strerror(errno));
  std::string json = summary_to_json(summary);
  bool ok = std::fwrite(json.data(), 1, json.size(), file) == json.size();
  ok = (std::fclose(file) == 0) && ok;
  if (!ok) return make_error("writing stats to " + path + " failed");
  return {};
}

}  // namespace libero::agent
