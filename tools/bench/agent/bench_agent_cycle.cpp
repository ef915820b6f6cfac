// Agent cycle benchmark, no network: the full pipeline (decode -> world ->
// behaviours -> motion -> encode) on the captured rcssserver3d messages,
// against decode alone measured in the same run on the same bytes.
// One iteration = one lap over the 19 captured messages; the figure is the
// median over runs of the mean thread-CPU time per cycle.
//
// Usage: kUsage below (--help prints it).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <ctime>
#include <string>
#include <vector>

#include <unistd.h>

#include "bench_args.h"
#include "agent/cycle_stats.h"
#include "agent/data_paths.h"
#include "agent/pipeline.h"
#include "agent/record_file.h"
#include "core/log.h"
#include "motion/motion_system.h"
#include "script/behavior_host.h"
#include "world/world_model.h"
#include "protocol/simspark_codec.h"
#include "sample_messages.h"

using namespace libero;

namespace {

// Thread CPU time: on the shared machine wall time mostly measures others.
double cpu_now_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

volatile size_t g_sink = 0;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median over runs of the mean ns per message of one lap, `laps` laps per run.
template <typename Body>
double measure(int runs, int laps, size_t messages_per_lap, Body lap) {
  for (int i = 0; i < 20; ++i) lap();  // warm-up (handshake, identity, caches)
  std::vector<double> per_cycle;
  for (int r = 0; r < runs; ++r) {
    double start = cpu_now_ns();
    for (int i = 0; i < laps; ++i) lap();
    per_cycle.push_back((cpu_now_ns() - start) / (static_cast<double>(laps) * static_cast<double>(messages_per_lap)));
  }
  return median(per_cycle);
}

const char kUsage[] = "usage: libero_bench_agent_cycle [--runs R] [--laps N]\n";

}  // namespace

int main(int argc, char** argv) {
  int runs = 31, laps = 100;
  bench::Args args(argc, argv);
  while (args.next()) {
    if (args.arg() == "--runs") runs = args.whole(1, 1000000);
    else if (args.arg() == "--laps") laps = args.whole(1, 1000000);
    else args.unknown_option();
  }
  if (std::optional<int> status = args.finish("libero_bench_agent_cycle", kUsage)) return *status;
  log::set_level(log::Level::Warn);
  std::vector<std::string> messages;
  try {
    messages = testing::load_sample_session().all();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  if (messages.size() != 19) {
    std::fprintf(stderr, "%s: %zu server messages, expected 19\n", LIBERO_SAMPLE_SESSION, messages.size());
    return 1;
  }
  agent::PipelineOptions options;
  options.scripts_dir = agent::find_data_dir("scripts");
  options.robots_dir = agent::find_data_dir("robots");
  options.watch_scripts = false;

  protocol::Percept* percept = new protocol::Percept;
  double decode_ns = measure(runs, laps, messages.size(), [&] {
    for (const auto& m : messages) {
      (void)protocol::decode_simspark(m, percept);
      g_sink = g_sink + static_cast<size_t>(percept->has_time);
    }
  });

  agent::CycleStats stats;
  agent::AgentPipeline pipeline(options, &stats);
  if (!pipeline.start().ok()) {
    std::fprintf(stderr, "pipeline failed to start\n");
    return 1;
  }
  double cycle_ns = measure(runs, laps, messages.size(), [&] {
    for (const auto& m : messages) g_sink = g_sink + pipeline.on_message(m).size();
  });

  // The same cycle with both messages going into the recorder's ring (the
  // writer thread's disk time is not on the cycle thread).
  agent::CycleStats stats2;
  agent::AgentPipeline recorded(options, &stats2);
  (void)recorded.start();
  agent::RecordWriter writer;
  char path[] = "/tmp/libero-bench-XXXXXX";
  int fd = mkstemp(path);
  if (fd >= 0) close(fd);
  if (!writer.open(path, {{"team", "Libero"}}).ok()) return 1;
  double recorded_ns = measure(runs, laps, messages.size(), [&] {
    for (const auto& m : messages) {
      writer.write(agent::RecordKind::kReceived, 0, m);
      std::string_view out = recorded.on_message(m);
      writer.write(agent::RecordKind::kSent, 0, out);
      g_sink = g_sink + out.size();
    }
  });
  (void)writer.close();
  std::remove(path);

  // Stage breakdown: the same stages wired by hand, cumulatively, so each
  // difference is one stage's cost in context (warm caches, real inputs).
  world::WorldModelOptions world_options;
  world_options.robots_dir = options.robots_dir;
  world_options.team_name = options.team;
  world::WorldModel world_model(world_options);
  script::BehaviorHostOptions behavior_options;
  behavior_options.script_dir = options.scripts_dir;
  behavior_options.watch = false;
  script::BehaviorHost behaviors(behavior_options);
  (void)behaviors.start();
  motion::MotionOptions motion_options;
  motion_options.robots_dir = options.robots_dir;
  motion::MotionSystem motion_system(motion_options);
  (void)motion_system.load();
  motion::SkillRequests requests{};
  protocol::Action action;
  char out[8192];
  auto stages = [&](int depth) {
    for (const auto& m : messages) {
      (void)protocol::decode_simspark(m, percept);
      if (depth >= 1) world_model.update(*percept, motion_system.status());
      if (depth >= 2) behaviors.tick(world_model.state(), motion_system.status(), &requests);
      if (depth >= 3) {
        action.clear();
        motion_system.step(*percept, world_model.state(), requests, &action);
      }
      if (depth >= 4) {
        action.send_syn = true;
        auto n = protocol::encode_simspark(action, out, sizeof out);
        g_sink = g_sink + (n.ok() ? *n : 0);
      }
    }
  };
  double stage_ns[5];
  for (int depth = 0; depth < 5; ++depth)
    stage_ns[depth] = measure(runs, laps, messages.size(), [&] { stages(depth); });

  std::printf("agent cycle on %zu captured messages, median of %d runs x %d laps (thread CPU time per cycle)\n",
              messages.size(), runs, laps);
  std::printf("  decode only (baseline)          %8.2f us\n", decode_ns / 1e3);
  std::printf("  full cycle                      %8.2f us   (%.2fx decode)\n", cycle_ns / 1e3, cycle_ns / decode_ns);
  std::printf("  full cycle + recording          %8.2f us   (%.2fx decode)\n", recorded_ns / 1e3, recorded_ns / decode_ns);
  const char* names[5] = {"decode", "world.update", "behaviors.tick", "motion.step", "encode"};
  std::printf("  stages (cumulative medians, difference = stage):\n");
  for (int depth = 0; depth < 5; ++depth)
    std::printf("    + %-16s %8.2f us   (stage %.2f us)\n", names[depth], stage_ns[depth] / 1e3,
                (stage_ns[depth] - (depth ? stage_ns[depth - 1] : 0.0)) / 1e3);
  std::printf("  cycle budget used: %.2f %% of 20 ms\n", 100.0 * cycle_ns / 20e6);
  delete percept;
  return 0;
}
