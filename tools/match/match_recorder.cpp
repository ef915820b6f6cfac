#include "tools/match/match_recorder.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include "tools/match/html_report.h"

namespace libero::match {

namespace fs = std::filesystem;

std::string default_match_name(const MatchOptions& options) {
  std::string name = "match-" + options.left.name + "-" + options.right.name + "-" + std::to_string(options.seed);
  for (char& c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) c = '_';
  return name;
}

Status MatchRecorder::open(const MatchOptions& options) {
  options_ = options;
  std::error_code ec;
  fs::create_directories(options.out_dir, ec);
  if (ec) return make_error("cannot create output folder '" + options.out_dir + "': " + ec.message());
  const std::string stem = options.out_dir + "/" + (options.name.empty() ? default_match_name(options) : options.name);
  files_.log = stem + ".jsonl";
  files_.summary_json = stem + ".summary.json";
  files_.html = stem + ".html";
  ReplayHeader header;
  header.team_left = options.left.name;
  header.team_right = options.right.name;
  header.seed = options.seed;
  header.frame_every = options.log_every;
  if (auto s = log_.open(files_.log, header); !s.ok()) return s;
  if (options.record_debug) {
    DebugRecorderLimits limits;
    // 50 cycles per simulated second.
    limits.min_cycles = options.record_debug_rate > 0 ? std::max(1, static_cast<int>(50 / options.record_debug_rate)) : 1;
    limits.max_bytes = static_cast<size_t>(std::max(0.0, options.record_debug_max_mb) * 1024 * 1024);
    if (Status opened = debug_.open(limits); !opened.ok()) return opened;
  }
  stats_.set_teams(options.left.name, options.right.name);
  stats_.set_seed(options.seed);
  // Two halves at 50 cycles/s, sampled: reserve once instead of growing in the loop.
  html_frames_.reserve(static_cast<size_t>(options.half_time * 2 * 50 / std::max(1, options.html_every)) + 16);
  next_progress_ = options.progress_every;
  return {};
}

int MatchRecorder::agent_debug_port(int viewer_port) {
  if (!debug_.is_open()) return viewer_port;
  debug_.forward_to(viewer_port);
  return debug_.port();
}

void MatchRecorder::take_debug(const MatchFrame& frame) {
  const size_t before = debug_records_.size();
  debug_.poll(frame.cycle, frame.time, &debug_records_);
  for (size_t i = before; i < debug_records_.size(); ++i) log_.debug(debug_records_[i]);
}

void MatchRecorder::record(const MatchFrame& frame) {
  if (debug_.is_open()) take_debug(frame);
  stats_.add(frame);
  log_.frame(frame);
  if (frame.cycle % static_cast<uint32_t>(std::max(1, options_.html_every)) == 0) html_frames_.push_back(frame);
  last_frame_ = frame;
}

void MatchRecorder::event(double time, const char* kind, int team, int unum, const char* detail) {
  log_.event(time, kind, team, unum, detail);
}

void MatchRecorder::maybe_print_progress(const MatchFrame& f) {
  if (options_.quiet || f.time < next_progress_) return;
  while (next_progress_ <= f.time) next_progress_ += options_.progress_every;
  std::fprintf(stderr, "t=%6.1f s  %s %d : %d %s  %s\n", f.time, options_.left.name.c_str(), f.score_left,
               f.score_right, options_.right.name.c_str(),
               protocol::play_mode_name(f.play_mode).data());
}

Result<MatchSummary> MatchRecorder::finish(double wall_seconds, bool interrupted) {
  if (debug_.is_open()) {
    take_debug(last_frame_);
    const DebugRecorderCounts& c = debug_.counts();
    if (c.over_limit > 0 || c.rejected > 0) {
      char detail[240];
      std::snprintf(detail, sizeof detail,
                    "%llu debug messages kept (%llu bytes); %llu over the size limit, %llu refused (not a debug "
                    "channel's message, or one the page cannot show)",
                    (unsigned long long)c.recorded, (unsigned long long)c.bytes, (unsigned long long)c.over_limit,
                    (unsigned long long)c.rejected);
      log_.event(last_frame_.time, "debug_dropped", -1, 0, detail);
    }
    debug_.close();
  }
  if (interrupted) log_.event(last_frame_.time, "interrupted", -1, 0, "match stopped before the end");
  log_.frame(last_frame_, true);
  log_.close();
  if (html_frames_.empty() || html_frames_.back().cycle != last_frame_.cycle) html_frames_.push_back(last_frame_);
  stats_.set_wall_seconds(wall_seconds);
  stats_.set_interrupted(interrupted);
  MatchSummary summary = stats_.summary();
  std::FILE* f = std::fopen(files_.summary_json.c_str(), "w");
  if (!f) return make_error("cannot write '" + files_.summary_json + "'");
  std::string json = summary.to_json();
  std::fputs(json.c_str(), f);
  std::fputc('\n', f);
  std::fclose(f);
  if (auto s = write_html_report(files_.html, summary, html_frames_, debug_records_); !s.ok()) return s.error();
  return summary;
}

}  // namespace libero::match
