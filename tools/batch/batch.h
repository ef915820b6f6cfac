// Runs many independent trials (a match, a bench run): each job is a
// command line, a working folder and a timeout. Two backends run the same
// jobs: a local pool of worker processes (default) and Slurm job arrays.
// Either way an attempt that exits non-zero, is killed, times out or leaves
// output the caller's validator rejects is retried a bounded number of
// times; every failed attempt is reported with what went wrong.
#pragma once

#include <csignal>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"

namespace libero::batch {

struct Job {
  std::string id;                 // names the job in reports (unique in a batch; a file-name-safe word)
  std::vector<std::string> argv;  // the command; argv[0] is looked up in PATH if it has no '/'
  // Its working folder and output: emptied before the first attempt; a
  // failed attempt's folder is kept beside it as <dir>.failed-<attempt>.
  // stdout and stderr go to <dir>/job.log.
  std::string dir;
  double timeout_s = 600;         // wall seconds per attempt; then SIGTERM, SIGKILL after a grace
};

struct JobOutcome {
  std::string id;
  bool ok = false;
  int attempts = 0;
  double wall_seconds = 0;            // of the last attempt
  std::vector<std::string> failures;  // one line per failed attempt
};

// Checks a finished attempt's output (called only after exit status 0, in
// the caller's thread); an error fails the attempt.
using Validator = std::function<Status(const Job& job)>;
// Called once per job as it ends for good (passed, or failed its last
// attempt), in the caller's thread, in completion order.
using OnDone = std::function<void(const Job& job, const JobOutcome& outcome)>;

struct Options {
  std::string backend = "local";  // local | slurm
  // local: jobs at once (0 = every core this process may use; more than that is refused).
  // slurm: the array's throttle (--array=...%N; 0 = none).
  int workers = 0;
  int retries = 2;                // extra attempts after a failed one
  double term_grace_s = 5;        // between SIGTERM and SIGKILL on a timeout or a stop
  // slurm: a folder the nodes share, for the array scripts and Slurm's own
  // output (the jobs' dirs must be shared too).
  std::string scratch_dir;
  std::vector<std::string> sbatch_args;  // extra sbatch options (partition, account, ...)
  double poll_s = 0.25;           // slurm: how often result files are looked for
  // A task that left squeue without writing its exit status is failed after
  // this many seconds (a shared file system may show the file late).
  double missing_grace_s = 10;
  const volatile std::sig_atomic_t* stop = nullptr;  // set (by a signal handler) to stop: running jobs are ended
  std::function<void(const std::string&)> progress;  // one line per event, optional
};

struct Report {
  std::vector<JobOutcome> outcomes;  // the jobs that ended, in completion order
  bool interrupted = false;          // *stop was set; the other jobs did not run to the end
};

// Runs every job. Errors are the batch's own (a backend that cannot start,
// too many workers); a job that fails is an outcome, not an error.
Result<Report> run(const std::vector<Job>& jobs, const Options& options, const Validator& validate,
                   const OnDone& on_done);

// The CPUs this process may run on (its affinity mask).
int available_cores();

// Writes `text` to a temporary file beside `path`, flushes it and renames
// it over `path`, so a reader sees the old file or the new one, never a part.
Status write_file_atomically(const std::string& path, const std::string& text);

// The last non-empty line of a file (at most 200 characters), for reports.
std::string last_line_of(const std::string& path);

// Quotes a word for /bin/sh.
std::string shell_quote(const std::string& word);

}  // namespace libero::batch
