// What the two backends share: attempt folders, failure reports, retries.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "tools/batch/batch.h"

namespace libero::batch::detail {

using Clock = std::chrono::steady_clock;

// Decides, per finished attempt, whether a job passed, is retried or has
// failed for good, and tells the caller (OnDone) once per job.
class Attempts {
 public:
  Attempts(const std::vector<Job>& jobs, const Options& options, const Validator& validate, const OnDone& on_done,
           Report* report);

  // Readies the job's folder for attempt `attempt` (1-based): the first
  // attempt starts from an empty folder, without older failed copies.
  Status prepare(size_t job, int attempt);
  // `failure` is empty when the attempt exited 0 (its output is then
  // validated). Returns true when the job should run again.
  bool finish(size_t job, int attempt, std::string failure, double wall_seconds);
  int finished() const { return finished_; }

 private:
  const std::vector<Job>& jobs_;
  const Options& options_;
  const Validator& validate_;
  const OnDone& on_done_;
  Report* report_;
  std::vector<JobOutcome> outcomes_;
  int finished_ = 0;
};

// "exit status 3", "killed by signal 11 (Segmentation fault)", ...
std::string describe_exit(int exit_code, int signal, bool timed_out, double timeout_s);

Result<Report> run_local(const std::vector<Job>& jobs, const Options& options, const Validator& validate,
                         const OnDone& on_done);
Result<Report> run_slurm(const std::vector<Job>& jobs, const Options& options, const Validator& validate,
                         const OnDone& on_done);

}  // namespace libero::batch::detail
