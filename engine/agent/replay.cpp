#include "agent/replay.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "agent/agent_runner.h"
#include "core/log.h"

namespace libero::agent {

namespace {

bool parse_int(const std::string& text, int* out) {
  char* end = nullptr;
  errno = 0;
  long value = std::strtol(text.c_str(), &end, 10);
  if (errno != 0 || end == text.c_str() || *end != '\0') return false;
  *out = static_cast<int>(value);
  return true;
}

}  // namespace

PipelineOptions replay_pipeline_options(const RecordContents& record, const PipelineOptions& base) {
  PipelineOptions options = base;
  if (const std::string* team = record.find_meta("team")) options.team = *team;
  if (const std::string* unum = record.find_meta("unum")) parse_int(*unum, &options.unum);
  if (const std::string* type = record.find_meta("type")) parse_int(*type, &options.robot_type);
  options.watch_scripts = false;
  options.tick_budget_ms = 1000.0;
  return options;
}

Result<ReplayOutput> replay_record(const RecordContents& record, const PipelineOptions& options) {
  ReplayOutput out;
  out.record = format_record_header(record.meta);
  CycleStats stats;
  std::unique_ptr<AgentPipeline> pipeline;
  std::vector<const std::string*> recorded_sent;
  std::vector<std::string> replayed_sent;

  auto begin_session = [&](int64_t time_ns, std::string_view peer) -> Status {
    pipeline = std::make_unique<AgentPipeline>(options, &stats);
    Status started = pipeline->start();
    if (!started.ok()) return started;
    ++out.sessions;
    append_record_entry(&out.record, RecordKind::kConnect, time_ns, peer);
    Result<std::string_view> scene = pipeline->scene_message();
    if (!scene.ok()) return scene.error();
    append_record_entry(&out.record, RecordKind::kSent, time_ns, *scene);
    replayed_sent.emplace_back(*scene);
    return {};
  };

  for (const RecordEntry& entry : record.entries) {
    switch (entry.kind) {
      case RecordKind::kConnect: {
        Status begun = begin_session(entry.time_ns, entry.payload);
        if (!begun.ok()) return begun.error();
        break;
      }
      case RecordKind::kReceived: {
        if (!pipeline) {  // a hand-made record without a C entry
          Status begun = begin_session(entry.time_ns, "replay");
          if (!begun.ok()) return begun.error();
        }
        append_record_entry(&out.record, RecordKind::kReceived, entry.time_ns, entry.payload);
        std::string_view reply = pipeline->on_message(entry.payload);
        ++out.cycles;
        append_record_entry(&out.record, RecordKind::kSent, entry.time_ns, reply);
        replayed_sent.emplace_back(reply);
        break;
      }
      case RecordKind::kSkipped:
        if (!pipeline) {
          Status begun = begin_session(entry.time_ns, "replay");
          if (!begun.ok()) return begun.error();
        }
        append_record_entry(&out.record, RecordKind::kSkipped, entry.time_ns, entry.payload);
        pipeline->on_skipped(entry.payload);
        break;
      case RecordKind::kSent:
        recorded_sent.push_back(&entry.payload);
        break;
    }
  }
  out.recorded_sent = recorded_sent.size();
  out.replayed_sent = replayed_sent.size();
  size_t compared = std::min(recorded_sent.size(), replayed_sent.size());
  for (size_t i = 0; i < compared; ++i) {
    if (*recorded_sent[i] != replayed_sent[i]) {
      if (out.first_mismatch < 0) out.first_mismatch = static_cast<int64_t>(i);
      ++out.mismatches;
    }
  }
  // A recording cut short may lack the last reply; a longer replay is not a mismatch.
  if (recorded_sent.size() > replayed_sent.size()) {
    if (out.first_mismatch < 0) out.first_mismatch = static_cast<int64_t>(compared);
    out.mismatches += recorded_sent.size() - replayed_sent.size();
  }
  out.stats = stats.summarize();
  return out;
}

int run_replay(const ReplayOptions& options) {
  Result<RecordContents> record = read_record_file(options.record_path);
  if (!record.ok()) {
    LOG_ERROR("replay", "%s", record.error().describe().c_str());
    return kExitFailure;
  }
  PipelineOptions pipeline = replay_pipeline_options(*record, options.pipeline);
  Result<ReplayOutput> replayed = replay_record(*record, pipeline);
  if (!replayed.ok()) {
    LOG_ERROR("replay", "%s", replayed.error().describe().c_str());
    return kExitFailure;
  }
  const ReplayOutput& out = *replayed;
  if (!options.output_path.empty()) {
    bool to_stdout = options.output_path == "-";
    std::FILE* file = to_stdout ? stdout : std::fopen(options.output_path.c_str(), "wb");
    if (!file) {
      LOG_ERROR("replay", "cannot write %s: %s", options.output_path.c_str(), std::strerror(errno));
      return kExitFailure;
    }
    bool ok = std::fwrite(out.record.data(), 1, out.record.size(), file) == out.record.size();
    ok = (to_stdout ? std::fflush(file) == 0 : std::fclose(file) == 0) && ok;
    if (!ok) {
      LOG_ERROR("replay", "writing %s failed", options.output_path.c_str());
      return kExitFailure;
    }
  }
  LOG_INFO("replay", "%s: %llu cycles in %llu session(s); %llu of %llu recorded outputs differ from the replay%s",
           options.record_path.c_str(), static_cast<unsigned long long>(out.cycles),
           static_cast<unsigned long long>(out.sessions), static_cast<unsigned long long>(out.mismatches),
           static_cast<unsigned long long>(out.recorded_sent),
           out.first_mismatch >= 0 ? " (see the first difference below)" : "");
  if (out.first_mismatch >= 0) {
    // Recompute the pair for the message; replay is offline, so clarity beats economy.
    size_t index = static_cast<size_t>(out.first_mismatch);
    size_t seen = 0;
    for (const RecordEntry& entry : record->entries) {
      if (entry.kind != RecordKind::kSent) continue;
      if (seen++ == index) {
        LOG_INFO("replay", "first differing output #%zu, recorded: %.200s", index, entry.payload.c_str());
        break;
      }
    }
  }
  if (!options.stats_json_path.empty()) {
    Status written = write_summary_json(out.stats, options.stats_json_path);
    if (!written.ok()) {
      LOG_ERROR("replay", "%s", written.error().describe().c_str());
      return kExitFailure;
    }
  }
  if (options.check && out.mismatches > 0) {
    LOG_ERROR("replay", "--check: the replay does not reproduce the recorded outputs");
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace libero::agent
