// Offline replay: feeds a record file's received messages through the same
// AgentPipeline, with no network and no clock in the data path, so the same
// record, scripts and robot data always give byte-identical outputs.
#pragma once

#include <cstdint>
#include <string>

#include "agent/cycle_stats.h"
#include "agent/pipeline.h"
#include "agent/record_file.h"
#include "core/result.h"

namespace libero::agent {

struct ReplayOutput {
  std::string record;           // a record file of the replayed session (inputs + replayed outputs)
  uint64_t sessions = 0;
  uint64_t cycles = 0;
  uint64_t recorded_sent = 0;   // S entries in the input
  uint64_t replayed_sent = 0;
  uint64_t mismatches = 0;      // replayed outputs that differ from the recorded ones, position by position
  int64_t first_mismatch = -1;  // index among sent messages, -1 if none
  CycleStatsSummary stats;      // compute times of the replayed cycles
};

// Pipeline options for a record: team, unum and type from its meta lines;
// the caller's scripts and robots folders. Hot reload off, and a generous
// behaviour budget so timing cannot change what the scripts decide.
PipelineOptions replay_pipeline_options(const RecordContents& record, const PipelineOptions& base);

Result<ReplayOutput> replay_record(const RecordContents& record, const PipelineOptions& options);

struct ReplayOptions {
  std::string record_path;
  std::string output_path;      // write the replayed record here ("-": stdout; empty: nowhere)
  PipelineOptions pipeline;     // scripts/robots dirs; team/unum/type come from the record
  bool check = false;           // exit 1 if any replayed output differs from the recording
  std::string stats_json_path;
};

// `libero replay`: returns the process exit code (0 ok, 1 failure or a
// --check mismatch).
int run_replay(const ReplayOptions& options);

}  // namespace libero::agent
