// The local backend: up to N jobs at once, each in a session (and so a
// process group) of its own, so a timeout or a stop ends everything the job
// started. The pool makes itself the child subreaper: a job's process that
// outlives its parent is re-parented here, and is ended when its job ends
// rather than left running.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <set>
#include <thread>

#include "tools/batch/batch_common.h"

namespace libero::batch::detail {
namespace {

struct ProcInfo {
  pid_t pid, ppid, session;
};

// Every process's parent and session, from /proc/<pid>/stat.
std::vector<ProcInfo> list_processes() {
  std::vector<ProcInfo> out;
  DIR* proc = ::opendir("/proc");
  if (!proc) return out;
  while (dirent* entry = ::readdir(proc)) {
    char* end = nullptr;
    long pid = std::strtol(entry->d_name, &end, 10);
    if (*end != '\0' || pid <= 0) continue;
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE* f = std::fopen(path, "r");
    if (!f) continue;
    char buf[512];
    size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    buf[n] = '\0';
    // "pid (comm) state ppid pgrp session ..."; comm may hold spaces and parentheses.
    char* close = std::strrchr(buf, ')');
    if (!close) continue;
    char state = 0;
    long ppid = 0, pgrp = 0, session = 0;
    if (std::sscanf(close + 1, " %c %ld %ld %ld", &state, &ppid, &pgrp, &session) != 4) continue;
    out.push_back({static_cast<pid_t>(pid), static_cast<pid_t>(ppid), static_cast<pid_t>(session)});
  }
  ::closedir(proc);
  return out;
}

// Signals every process of a session (a job's leader is its session id).
void signal_session(pid_t session, int sig) {
  ::kill(session, sig);   // the leader, even before its setsid ran
  ::kill(-session, sig);  // the leader's process group, at once
  for (const ProcInfo& p : list_processes())
    if (p.session == session && p.pid != getpid()) ::kill(p.pid, sig);
}

struct Running {
  size_t job;
  int attempt;
  Clock::time_point start, deadline;
  bool term_sent = false;
  Clock::time_point term_at;
  bool timed_out = false;
};

pid_t start_job(const Job& job) {
  std::vector<std::string> args = job.argv;
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::string log = job.dir + "/job.log";
  pid_t pid = ::fork();
  if (pid != 0) return pid;
  // Child: only async-signal-safe calls until exec.
  ::setsid();
  if (::chdir(job.dir.c_str()) != 0) ::_exit(126);
  int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    if (fd > 2) ::close(fd);
  }
  int null_fd = ::open("/dev/null", O_RDONLY);
  if (null_fd >= 0) {
    ::dup2(null_fd, 0);
    if (null_fd > 0) ::close(null_fd);
  }
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
  ::signal(SIGPIPE, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  ::execvp(argv[0], argv.data());
  const char msg[] = "batch: cannot start the command\n";
  (void)!::write(2, msg, sizeof msg - 1);
  ::_exit(127);
}

double seconds_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

}  // namespace

Result<Report> run_local(const std::vector<Job>& jobs, const Options& options, const Validator& validate,
                         const OnDone& on_done) {
  const int cores = available_cores();
  if (options.workers < 0) return make_error("workers cannot be negative");
  if (options.workers > cores)
    return make_error(std::to_string(options.workers) + " workers for the " + std::to_string(cores) +
                      " cores this process may use: the local pool never runs more jobs than cores");
  const int workers = options.workers == 0 ? cores : options.workers;
  // A job's orphaned processes come back to this process, so none is left running.
  ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);

  Report report;
  Attempts attempts(jobs, options, validate, on_done, &report);
  std::deque<std::pair<size_t, int>> queue;  // (job, attempt)
  for (size_t i = 0; i < jobs.size(); ++i) queue.emplace_back(i, 1);
  std::map<pid_t, Running> running;
  Clock::time_point last_sweep = Clock::now();

  // Sessions of jobs that ended: anything still in one is a leftover
  // (an orphan re-parented here, or a process that ignored the SIGKILL's
  // race with its own fork) and is ended; zombies re-parented here are reaped.
  std::set<pid_t> ended_sessions;
  auto reap_strays = [&]() {
    bool any = false;
    for (const ProcInfo& p : list_processes()) {
      if (!ended_sessions.count(p.session) || p.pid == getpid()) continue;
      any = true;
      ::kill(p.pid, SIGKILL);
      int status = 0;
      if (p.ppid == getpid()) ::waitpid(p.pid, &status, WNOHANG);
    }
    return any;
  };

  auto stop_requested = [&] { return options.stop && *options.stop; };

  while (!queue.empty() || !running.empty()) {
    if (stop_requested()) {
      report.interrupted = true;
      break;
    }
    while (static_cast<int>(running.size()) < workers && !queue.empty()) {
      auto [job, attempt] = queue.front();
      queue.pop_front();
      if (Status ready = attempts.prepare(job, attempt); !ready.ok()) {
        if (attempts.finish(job, attempt, ready.error().message, 0)) queue.emplace_back(job, attempt + 1);
        continue;
      }
      pid_t pid = start_job(jobs[job]);
      if (pid < 0) return make_error(std::string("fork failed: ") + std::strerror(errno));
      Running r{job, attempt, Clock::now(), Clock::now(), false, {}, false};
      r.deadline = r.start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(jobs[job].timeout_s));
      running.emplace(pid, r);
      if (options.progress)
        options.progress(jobs[job].id + ": started" + (attempt > 1 ? " (attempt " + std::to_string(attempt) + ")" : ""));
    }
    const Clock::time_point now = Clock::now();
    for (auto it = running.begin(); it != running.end();) {
      const pid_t pid = it->first;
      Running& r = it->second;
      int status = 0;
      pid_t done = ::waitpid(pid, &status, WNOHANG);
      if (done == pid) {
        signal_session(pid, SIGKILL);  // whatever the job left in its session
        ended_sessions.insert(pid);
        std::string failure;
        if (r.timed_out) failure = describe_exit(0, 0, true, jobs[r.job].timeout_s);
        else if (WIFSIGNALED(status)) failure = describe_exit(0, WTERMSIG(status), false, 0);
        else if (WEXITSTATUS(status) != 0) failure = describe_exit(WEXITSTATUS(status), 0, false, 0);
        size_t job = r.job;
        int attempt = r.attempt;
        double wall = seconds_between(r.start, now);
        it = running.erase(it);
        if (attempts.finish(job, attempt, failure, wall)) queue.emplace_back(job, attempt + 1);
        continue;
      }
      if (!r.term_sent && now >= r.deadline) {
        r.timed_out = r.term_sent = true;
        r.term_at = now;
        signal_session(pid, SIGTERM);
      } else if (r.term_sent && seconds_between(r.term_at, now) > options.term_grace_s) {
        signal_session(pid, SIGKILL);
      }
      ++it;
    }
    if (seconds_between(last_sweep, now) > 0.5) {
      reap_strays();
      last_sweep = now;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }

  if (!running.empty()) {
    // Stopped: end every running job (SIGTERM lets a match write its
    // partial report), then SIGKILL what is left after the grace.
    for (auto& [pid, r] : running) signal_session(pid, SIGTERM);
    Clock::time_point term_at = Clock::now();
    while (!running.empty()) {
      for (auto it = running.begin(); it != running.end();) {
        int status = 0;
        if (::waitpid(it->first, &status, WNOHANG) == it->first) {
          signal_session(it->first, SIGKILL);
          ended_sessions.insert(it->first);
          it = running.erase(it);
        } else {
          ++it;
        }
      }
      if (seconds_between(term_at, Clock::now()) > options.term_grace_s)
        for (auto& [pid, r] : running) signal_session(pid, SIGKILL);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  // Nothing a job started outlives the batch.
  for (int i = 0; i < 100 && reap_strays(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return report;
}

}  // namespace libero::batch::detail
