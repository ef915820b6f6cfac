// The batch layer with real processes: the local pool's worker limit,
// timeouts that end a job's whole session, crashed / hanging / garbage
// attempts retried and reported, a stop, atomic result files, and the JSON
// reader that validates trial output.
#include <dirent.h>
#include <doctest/doctest.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "tools/batch/batch.h"
#include "tools/batch/json.h"

namespace fs = std::filesystem;
using namespace libero::batch;

namespace {

struct Scratch {
  std::string path;
  Scratch() {
    char pattern[] = "/tmp/libero-batch-test-XXXXXX";
    path = ::mkdtemp(pattern);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Processes whose command line contains `marker` (a distinctive sleep
// length); they are killed, so a failing check leaves nothing running.
int processes_with(const std::string& marker) {
  int count = 0;
  DIR* proc = ::opendir("/proc");
  while (dirent* e = ::readdir(proc)) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    std::string cmdline = read_file(std::string("/proc/") + e->d_name + "/cmdline");
    for (char& c : cmdline)
      if (c == '\0') c = ' ';
    if (cmdline.find(marker) != std::string::npos && cmdline.find("batch_test") == std::string::npos) {
      ++count;
      ::kill(std::atoi(e->d_name), SIGKILL);
    }
  }
  ::closedir(proc);
  return count;
}

Job shell_job(const Scratch& s, const std::string& id, const std::string& script, double timeout = 30) {
  return Job{id, {"/bin/sh", "-c", script}, s.path + "/" + id, timeout};
}

}  // namespace

TEST_CASE("the local pool runs at most `workers` jobs at once, each in its folder") {
  Scratch s;
  std::vector<Job> jobs;
  // Each job notes its start and end (in ms) in its own folder.
  for (int i = 0; i < 4; ++i)
    jobs.push_back(shell_job(s, "j" + std::to_string(i),
                             "date +%s%3N > start; sleep 0.3; date +%s%3N > end; echo out-" + std::to_string(i)));
  Options options;
  options.workers = std::min(2, available_cores());
  std::vector<std::string> done;
  auto report = run(jobs, options, nullptr, [&](const Job& job, const JobOutcome& o) {
    CHECK(o.ok);
    done.push_back(job.id);
  });
  REQUIRE(report.ok());
  CHECK_FALSE(report->interrupted);
  CHECK(done.size() == 4);
  std::vector<std::pair<long long, long long>> spans;
  for (int i = 0; i < 4; ++i) {
    std::string dir = s.path + "/j" + std::to_string(i);
    CHECK(read_file(dir + "/job.log") == "out-" + std::to_string(i) + "\n");
    spans.emplace_back(std::stoll(read_file(dir + "/start")), std::stoll(read_file(dir + "/end")));
  }
  int most = 0;
  for (auto [start, end] : spans) {
    int at_once = 0;
    for (auto [s2, e2] : spans) at_once += s2 <= start && start < e2;
    most = std::max(most, at_once);
  }
  CHECK(most <= options.workers);
}

TEST_CASE("more workers than cores is refused; bad jobs are refused before anything runs") {
  Scratch s;
  Options options;
  options.workers = available_cores() + 1;
  auto report = run({shell_job(s, "a", "true")}, options, nullptr, nullptr);
  REQUIRE_FALSE(report.ok());
  CHECK(report.error().message.find("never runs more jobs than cores") != std::string::npos);
  CHECK_FALSE(fs::exists(s.path + "/a"));

  options.workers = 1;
  CHECK_FALSE(run({shell_job(s, "a", "true"), shell_job(s, "a", "true")}, options, nullptr, nullptr).ok());
  Job no_command{"b", {}, s.path + "/b", 5};
  CHECK_FALSE(run({no_command}, options, nullptr, nullptr).ok());
  Job shared_dir = shell_job(s, "c", "true");
  shared_dir.dir = s.path + "/a";
  CHECK_FALSE(run({shell_job(s, "a", "true"), shared_dir}, options, nullptr, nullptr).ok());
  options.backend = "cloud";
  auto unknown = run({shell_job(s, "a", "true")}, options, nullptr, nullptr);
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().message.find("unknown backend") != std::string::npos);
}

TEST_CASE("a crashing job is retried a bounded number of times and reported with each failure") {
  Scratch s;
  Options options;
  options.workers = 1;
  options.retries = 2;
  JobOutcome outcome;
  auto report = run({shell_job(s, "crash", "echo about to crash; kill -SEGV $$")}, options, nullptr,
                    [&](const Job&, const JobOutcome& o) { outcome = o; });
  REQUIRE(report.ok());
  CHECK_FALSE(outcome.ok);
  CHECK(outcome.attempts == 3);
  REQUIRE(outcome.failures.size() == 3);
  CHECK(outcome.failures[0].find("attempt 1: killed by signal 11") == 0);
  CHECK(outcome.failures[2].find("about to crash") != std::string::npos);  // the log's last line
  for (int n = 1; n <= 3; ++n) CHECK(fs::exists(s.path + "/crash.failed-" + std::to_string(n) + "/job.log"));

  // A job that fails once passes on its second attempt; its folder starts empty.
  auto flaky = shell_job(s, "flaky", "n=$(cat ../count 2>/dev/null || echo 0); echo $((n+1)) > ../count; "
                                     "ls; echo leftover > junk; [ \"$n\" -ge 1 ] || exit 3");
  report = run({flaky}, options, nullptr, [&](const Job&, const JobOutcome& o) { outcome = o; });
  REQUIRE(report.ok());
  CHECK(outcome.ok);
  CHECK(outcome.attempts == 2);
  REQUIRE(outcome.failures.size() == 1);
  CHECK(outcome.failures[0].find("exit status 3") != std::string::npos);
  CHECK(read_file(s.path + "/flaky/job.log").find("junk") == std::string::npos);

  options.retries = 0;  // no retries: one attempt only
  report = run({shell_job(s, "once", "exit 1")}, options, nullptr, [&](const Job&, const JobOutcome& o) { outcome = o; });
  REQUIRE(report.ok());
  CHECK(outcome.attempts == 1);
  CHECK_FALSE(outcome.ok);
}

TEST_CASE("a hanging job is killed at its timeout with everything it started") {
  Scratch s;
  Options options;
  options.workers = 1;
  options.retries = 1;
  options.term_grace_s = 0.5;
  // The job ignores SIGTERM and leaves a grandchild in another process
  // group, and one in another group that outlives its parent.
  const std::string away = "perl -e 'setpgrp(0, 0); select(undef, undef, undef, 977.25)' &";
  auto hang = shell_job(s, "hang", "trap '' TERM; " + away + " sh -c \"" + away + "\"; sleep 977.25", 1);
  JobOutcome outcome;
  auto begin = std::chrono::steady_clock::now();
  auto report = run({hang}, options, nullptr, [&](const Job&, const JobOutcome& o) { outcome = o; });
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  REQUIRE(report.ok());
  CHECK_FALSE(outcome.ok);
  CHECK(outcome.attempts == 2);
  CHECK(outcome.failures[0].find("timed out after") != std::string::npos);
  CHECK(took < 10);
  CHECK(processes_with("977.25") == 0);
}

TEST_CASE("output the validator rejects fails the attempt; a later good attempt passes") {
  Scratch s;
  Options options;
  options.workers = 1;
  auto garbage = shell_job(s, "g", "n=$(cat ../count 2>/dev/null || echo 0); echo $((n+1)) > ../count; "
                                   "if [ \"$n\" -eq 0 ]; then printf '{\"score\": [1,' > result.json; "
                                   "else printf '{\"score\": [1, 2]}' > result.json; fi");
  Validator validate = [](const Job& job) -> libero::Status {
    auto parsed = parse_json(read_file(job.dir + "/result.json"));
    if (!parsed.ok()) return parsed.error();
    if (!parsed->find("score")) return libero::make_error("no score");
    return {};
  };
  JobOutcome outcome;
  auto report = run({garbage}, options, validate, [&](const Job&, const JobOutcome& o) { outcome = o; });
  REQUIRE(report.ok());
  CHECK(outcome.ok);
  CHECK(outcome.attempts == 2);
  REQUIRE(outcome.failures.size() == 1);
  CHECK(outcome.failures[0].find("output rejected: JSON") != std::string::npos);
}

TEST_CASE("a stop ends the running jobs and returns without the others") {
  Scratch s;
  Options options;
  options.workers = 1;
  options.term_grace_s = 1;
  static volatile std::sig_atomic_t stop = 0;
  stop = 0;
  options.stop = &stop;
  std::thread stopper([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    stop = 1;
  });
  int finished = 0;
  auto report = run({shell_job(s, "long1", "sleep 977.5"), shell_job(s, "long2", "sleep 977.5")}, options, nullptr,
                    [&](const Job&, const JobOutcome&) { ++finished; });
  stopper.join();
  REQUIRE(report.ok());
  CHECK(report->interrupted);
  CHECK(finished == 0);
  CHECK_FALSE(fs::exists(s.path + "/long2"));
  CHECK(processes_with("977.5") == 0);
}

TEST_CASE("the slurm backend says why it cannot run") {
  Scratch s;
  Options options;
  options.backend = "slurm";
  auto no_scratch = run({shell_job(s, "a", "true")}, options, nullptr, nullptr);
  REQUIRE_FALSE(no_scratch.ok());
  CHECK(no_scratch.error().message.find("scratch") != std::string::npos);
  options.scratch_dir = s.path + "/scratch";
  std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  ::setenv("PATH", s.path.c_str(), 1);  // no sbatch there
  auto no_sbatch = run({shell_job(s, "a", "true")}, options, nullptr, nullptr);
  ::setenv("PATH", path.c_str(), 1);
  REQUIRE_FALSE(no_sbatch.ok());
  CHECK(no_sbatch.error().message.find("sbatch does not run") != std::string::npos);
}

TEST_CASE("results files are replaced atomically") {
  Scratch s;
  std::string path = s.path + "/results.json";
  REQUIRE(write_file_atomically(path, "first").ok());
  REQUIRE(write_file_atomically(path, "second").ok());
  CHECK(read_file(path) == "second");
  int files = 0;
  for (const auto& entry : fs::directory_iterator(s.path)) files += entry.is_regular_file();
  CHECK(files == 1);  // no temporary file left behind
  CHECK_FALSE(write_file_atomically(s.path + "/missing/results.json", "x").ok());
  CHECK(shell_quote("it's") == "'it'\\''s'");
}

TEST_CASE("the JSON reader takes valid documents and refuses broken ones") {
  auto doc = parse_json(R"( {"a": [1, -2.5e1, true, null], "s": "x\"\u00e9\n", "o": {}} )");
  REQUIRE(doc.ok());
  REQUIRE(doc->find("a"));
  CHECK(doc->find("a")->items.size() == 4);
  CHECK(doc->find("a")->items[1].number == doctest::Approx(-25));
  CHECK(doc->find("s")->string == "x\"\xc3\xa9\n");
  CHECK(doc->find("missing") == nullptr);
  for (const char* bad : {"", "{", "{\"a\":}", "[1,]", "[1] 2", "{\"a\" 1}", "\"\\q\"", "01x", "nul", "\"a\nb\""})
    CHECK_MESSAGE(!parse_json(bad).ok(), bad);
  std::string deep(100, '[');
  deep += std::string(100, ']');
  auto too_deep = parse_json(deep);
  REQUIRE_FALSE(too_deep.ok());
  CHECK(too_deep.error().message.find("deeply") != std::string::npos);
  std::string written = json_string("tab\there \x01 \"q\"");
  auto back = parse_json(written);
  REQUIRE(back.ok());
  CHECK(back->string == "tab\there \x01 \"q\"");
}
