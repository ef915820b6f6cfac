#include "tools/batch/batch.h"

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "tools/batch/batch_common.h"

namespace libero::batch {
namespace fs = std::filesystem;

int available_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  int count = CPU_COUNT(&set);
  return count > 0 ? count : 1;
}

Status write_file_atomically(const std::string& path, const std::string& text) {
  std::string temp = path + ".tmp." + std::to_string(getpid());
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return make_error("cannot write " + temp + ": " + std::strerror(errno));
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      int saved = errno;
      ::close(fd);
      ::unlink(temp.c_str());
      return make_error("cannot write " + temp + ": " + std::strerror(saved));
    }
    done += static_cast<size_t>(n);
  }
  // Flushed before the rename, so a crash cannot leave the new name on an empty file.
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(temp.c_str());
    return make_error("cannot flush " + temp + ": " + std::strerror(errno));
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    int saved = errno;
    ::unlink(temp.c_str());
    return make_error("cannot rename " + temp + " to " + path + ": " + std::strerror(saved));
  }
  return {};
}

std::string last_line_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  std::streamoff start = size > 4096 ? size - 4096 : 0;
  in.seekg(start);
  std::string tail(static_cast<size_t>(size - start), '\0');
  in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
  size_t end = tail.find_last_not_of(" \t\r\n");
  if (end == std::string::npos) return "";
  size_t begin = tail.rfind('\n', end);
  std::string line = tail.substr(begin == std::string::npos ? 0 : begin + 1, end + 1 - (begin == std::string::npos ? 0 : begin + 1));
  for (char& c : line)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  if (line.size() > 200) line = line.substr(0, 200) + "...";
  return line;
}

std::string shell_quote(const std::string& word) {
  std::string out = "'";
  for (char c : word) {
    if (c == '\'') out += "'\\''";
    else out.push_back(c);
  }
  return out + "'";
}

namespace detail {

std::string describe_exit(int exit_code, int signal, bool timed_out, double timeout_s) {
  char text[160];
  if (timed_out) {
    std::snprintf(text, sizeof text, "timed out after %.0f s and was killed", timeout_s);
  } else if (signal != 0) {
    std::snprintf(text, sizeof text, "killed by signal %d (%s)", signal, strsignal(signal));
  } else {
    std::snprintf(text, sizeof text, "exit status %d", exit_code);
  }
  return text;
}

Attempts::Attempts(const std::vector<Job>& jobs, const Options& options, const Validator& validate,
                   const OnDone& on_done, Report* report)
    : jobs_(jobs), options_(options), validate_(validate), on_done_(on_done), report_(report), outcomes_(jobs.size()) {
  for (size_t i = 0; i < jobs.size(); ++i) outcomes_[i].id = jobs[i].id;
}

Status Attempts::prepare(size_t job, int attempt) {
  const std::string& dir = jobs_[job].dir;
  std::error_code ec;
  if (attempt == 1) {
    fs::remove_all(dir, ec);
    for (int n = 1; n <= options_.retries + 1; ++n) fs::remove_all(dir + ".failed-" + std::to_string(n), ec);
  }
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) return make_error("cannot create the job folder " + dir);
  return {};
}

bool Attempts::finish(size_t job, int attempt, std::string failure, double wall_seconds) {
  const Job& j = jobs_[job];
  JobOutcome& outcome = outcomes_[job];
  outcome.attempts = attempt;
  outcome.wall_seconds = wall_seconds;
  if (failure.empty() && validate_) {
    Status valid = validate_(j);
    if (!valid.ok()) failure = "output rejected: " + valid.error().describe();
  }
  if (failure.empty()) {
    outcome.ok = true;
    ++finished_;
    report_->outcomes.push_back(outcome);
    if (options_.progress)
      options_.progress(j.id + ": done (attempt " + std::to_string(attempt) + ", " +
                        std::to_string(static_cast<int>(wall_seconds + 0.5)) + " s)");
    if (on_done_) on_done_(j, outcome);
    return false;
  }
  // The failed attempt's folder is kept for the post-mortem; the next attempt starts empty.
  std::string kept = j.dir + ".failed-" + std::to_string(attempt);
  std::error_code ec;
  fs::remove_all(kept, ec);
  fs::rename(j.dir, kept, ec);
  std::string line = "attempt " + std::to_string(attempt) + ": " + failure;
  std::string last = last_line_of((ec ? j.dir : kept) + "/job.log");
  line += " (" + (ec ? j.dir : kept) + "/job.log" + (last.empty() ? ")" : ": " + last + ")");
  outcome.failures.push_back(line);
  bool again = attempt <= options_.retries;
  if (options_.progress) options_.progress(j.id + ": " + line + (again ? "; retrying" : "; giving up"));
  if (again) return true;
  ++finished_;
  report_->outcomes.push_back(outcome);
  if (on_done_) on_done_(j, outcome);
  return false;
}

}  // namespace detail

Result<Report> run(const std::vector<Job>& jobs, const Options& options, const Validator& validate,
                   const OnDone& on_done) {
  std::set<std::string> ids, dirs;
  for (const Job& job : jobs) {
    if (job.argv.empty()) return make_error("job '" + job.id + "' has no command");
    if (job.dir.empty()) return make_error("job '" + job.id + "' has no folder");
    if (!(job.timeout_s > 0)) return make_error("job '" + job.id + "' needs a positive timeout");
    if (!ids.insert(job.id).second) return make_error("two jobs are named '" + job.id + "'");
    if (!dirs.insert(fs::absolute(job.dir).lexically_normal().string()).second)
      return make_error("two jobs share the folder " + job.dir);
  }
  if (options.retries < 0) return make_error("retries cannot be negative");
  if (options.backend == "local") return detail::run_local(jobs, options, validate, on_done);
  if (options.backend == "slurm") return detail::run_slurm(jobs, options, validate, on_done);
  return make_error("unknown backend '" + options.backend + "' (local or slurm)");
}

}  // namespace libero::batch
