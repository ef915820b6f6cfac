// The Slurm backend: the jobs go out as job arrays (`sbatch --array`), one
// task per job, each task running the job's command under `timeout` in its
// folder and writing its exit status there atomically (.exit, through a
// rename). The results are gathered from those shared folders; `squeue`
// tells a task still queued or running from one that ended without a
// status (cancelled, its node lost, over Slurm's time limit). Failed jobs go
// out again in a new array, a bounded number of times.
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "tools/batch/batch_common.h"

namespace libero::batch::detail {
namespace {
namespace fs = std::filesystem;

struct Command {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

Command run_command(const std::vector<std::string>& argv) {
  std::string line;
  for (const auto& a : argv) line += shell_quote(a) + " ";
  line += "2>&1";
  Command result;
  FILE* pipe = ::popen(line.c_str(), "r");
  if (!pipe) return result;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) result.output.append(buf, n);
  int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r')) text.pop_back();
  return text;
}

struct Task {
  size_t job;
  int attempt;
  std::string slurm_id;  // "<array job id>_<index>"
  Clock::time_point submitted;
  bool missing = false;  // not in squeue at the last look
  Clock::time_point missing_since;
};

double seconds_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// The exit status a task wrote, or nullopt while there is none.
bool read_exit(const std::string& dir, int* code) {
  std::ifstream in(dir + "/.exit");
  if (!in) return false;
  int value = 0;
  if (!(in >> value)) {
    *code = -1;
    return true;
  }
  *code = value;
  return true;
}

}  // namespace

Result<Report> run_slurm(const std::vector<Job>& jobs, const Options& options, const Validator& validate,
                         const OnDone& on_done) {
  if (options.scratch_dir.empty()) return make_error("the slurm backend needs a scratch folder the nodes share");
  if (options.workers < 0) return make_error("workers cannot be negative");
  std::error_code ec;
  fs::create_directories(options.scratch_dir, ec);
  const std::string scratch = fs::absolute(options.scratch_dir).string();
  Command version = run_command({"sbatch", "--version"});
  if (version.exit_code != 0) return make_error("sbatch does not run: " + trimmed(version.output));

  Report report;
  Attempts attempts(jobs, options, validate, on_done, &report);
  std::vector<std::pair<size_t, int>> pending;  // (job, attempt) to submit
  for (size_t i = 0; i < jobs.size(); ++i) pending.emplace_back(i, 1);
  std::vector<Task> tasks;       // submitted, not yet finished
  std::set<std::string> array_ids;
  int round = 0;
  Clock::time_point last_queue_look = Clock::now();

  auto submit = [&]() -> Status {
    const std::string folder = scratch + "/round-" + std::to_string(++round);
    fs::remove_all(folder, ec);
    fs::create_directories(folder, ec);
    std::vector<std::pair<size_t, int>> batch;
    for (auto [job, attempt] : pending) {
      if (Status ready = attempts.prepare(job, attempt); !ready.ok()) {
        if (attempts.finish(job, attempt, ready.error().message, 0)) batch.emplace_back(job, -(attempt + 1));
        continue;
      }
      batch.emplace_back(job, attempt);
    }
    pending.clear();
    // A job whose folder could not be made goes out in the next round.
    std::vector<std::pair<size_t, int>> ready;
    for (auto [job, attempt] : batch) {
      if (attempt < 0) pending.emplace_back(job, -attempt);
      else ready.emplace_back(job, attempt);
    }
    if (ready.empty()) return {};
    double longest = 0;
    for (size_t i = 0; i < ready.size(); ++i) {
      const Job& job = jobs[ready[i].first];
      longest = std::max(longest, job.timeout_s);
      const std::string dir = fs::absolute(job.dir).string();
      std::string command;
      for (const auto& a : job.argv) command += " " + shell_quote(a);
      std::ofstream task(folder + "/task-" + std::to_string(i) + ".sh");
      task << "#!/bin/sh\n"
           << "cd " << shell_quote(dir) << " || exit 1\n"
           << "timeout -k " << static_cast<int>(std::ceil(options.term_grace_s)) << " "
           << static_cast<int>(std::ceil(job.timeout_s)) << command << " >job.log 2>&1 </dev/null\n"
           << "rc=$?\n"
           << "printf '%s\\n' \"$rc\" >.exit.tmp && mv -f .exit.tmp .exit\n";
      if (!task) return make_error("cannot write " + folder + "/task-" + std::to_string(i) + ".sh");
    }
    std::ofstream array(folder + "/array.sh");
    array << "#!/bin/sh\nexec /bin/sh " << shell_quote(folder) << "/task-\"$SLURM_ARRAY_TASK_ID\".sh\n";
    if (!array) return make_error("cannot write " + folder + "/array.sh");
    array.close();
    std::string range = "0-" + std::to_string(ready.size() - 1);
    if (options.workers > 0) range += "%" + std::to_string(options.workers);
    // Slurm's own limit is a backstop above the task's `timeout`.
    int minutes = static_cast<int>(std::ceil((longest + options.term_grace_s + 30) / 60.0));
    std::vector<std::string> argv = {"sbatch", "--parsable", "--array=" + range, "--job-name=libero-batch",
                                     "--output=" + folder + "/slurm-%a.out", "--time=" + std::to_string(minutes),
                                     "--ntasks=1", "--cpus-per-task=1"};
    argv.insert(argv.end(), options.sbatch_args.begin(), options.sbatch_args.end());
    argv.push_back(folder + "/array.sh");
    Command sbatch = run_command(argv);
    std::string id = trimmed(sbatch.output);
    if (size_t semi = id.find(';'); semi != std::string::npos) id = id.substr(0, semi);  // "id;cluster"
    if (sbatch.exit_code != 0 || id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
      return make_error("sbatch failed: " + trimmed(sbatch.output));
    array_ids.insert(id);
    for (size_t i = 0; i < ready.size(); ++i)
      tasks.push_back({ready[i].first, ready[i].second, id + "_" + std::to_string(i), Clock::now()});
    if (options.progress)
      options.progress("submitted " + std::to_string(ready.size()) + " job(s) as Slurm array " + id);
    return {};
  };

  auto cancel_all = [&] {
    if (array_ids.empty()) return;
    std::vector<std::string> argv = {"scancel"};
    argv.insert(argv.end(), array_ids.begin(), array_ids.end());
    (void)run_command(argv);
  };

  while (!pending.empty() || !tasks.empty()) {
    if (options.stop && *options.stop) {
      report.interrupted = true;
      cancel_all();
      break;
    }
    if (!pending.empty()) {
      if (Status submitted = submit(); !submitted.ok()) {
        cancel_all();
        return submitted.error();
      }
    }
    const Clock::time_point now = Clock::now();
    // Which tasks Slurm still holds (queued or running), asked every few seconds.
    std::set<std::string> queued;
    bool looked = false;
    if (seconds_between(last_queue_look, now) > 2 && !tasks.empty()) {
      last_queue_look = now;
      looked = true;
      for (const std::string& id : array_ids) {
        Command squeue = run_command({"squeue", "-h", "-r", "-j", id, "-o", "%i"});
        if (squeue.exit_code != 0 && squeue.output.find("Invalid job id") == std::string::npos) {
          looked = false;  // the controller did not answer: decide nothing this time
          break;
        }
        std::istringstream lines(squeue.output);
        for (std::string line; std::getline(lines, line);) queued.insert(trimmed(line));
      }
    }
    for (auto it = tasks.begin(); it != tasks.end();) {
      Task& t = *it;
      const Job& job = jobs[t.job];
      int code = 0;
      std::string failure;
      bool ended = false;
      if (read_exit(job.dir, &code)) {
        ended = true;
        if (code == 124) failure = describe_exit(0, 0, true, job.timeout_s);
        else if (code > 128) failure = describe_exit(0, code - 128, false, 0);
        else if (code != 0) failure = describe_exit(code, 0, false, 0);
      } else if (looked) {
        if (queued.count(t.slurm_id)) {
          t.missing = false;
        } else if (!t.missing) {
          t.missing = true;
          t.missing_since = now;
        } else if (seconds_between(t.missing_since, now) > options.missing_grace_s) {
          ended = true;
          failure = "Slurm task " + t.slurm_id +
                    " ended without writing its exit status (cancelled, over the time limit or its node lost)";
        }
      }
      if (!ended) {
        ++it;
        continue;
      }
      std::error_code remove_ec;
      fs::remove(job.dir + "/.exit", remove_ec);
      size_t job_index = t.job;
      int attempt = t.attempt;
      double wall = seconds_between(t.submitted, now);
      it = tasks.erase(it);
      if (attempts.finish(job_index, attempt, failure, wall)) pending.emplace_back(job_index, attempt + 1);
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(options.poll_s));
  }
  return report;
}

}  // namespace libero::batch::detail
