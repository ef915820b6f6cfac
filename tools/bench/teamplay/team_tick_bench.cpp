// Tick cost of the default team in play: 5 vs 5 in the mock world (our
// scripts vs the baseline team), each robot under its own BehaviorHost.
// Reports our hosts' tick time (median, p99, max over all robot-ticks after
// a 250-cycle warm-up) and Lua allocations per tick, and the same for the
// baseline team as the in-run reference. Repeated runs: medians of each.
// Usage: kUsage below (--help prints it).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "bench_args.h"
#include "script/behavior_host.h"
#include "tools/mock/mock_world.h"

using namespace libero;

namespace {

struct TeamTicks {
  std::vector<double> us;
  double allocations_per_tick = 0;
};

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(q * (v.size() - 1))];
}

void run(int cycles, uint32_t seed, TeamTicks* ours, TeamTicks* baseline) {
  auto model = mock::load_mock_model(std::string(LIBERO_SOURCE_DIR) + "/robots/nao/mock.lua");
  if (!model.ok()) std::exit(1);
  mock::MockOptions options;
  options.seed = seed;
  options.model = *model;
  mock::MockWorld world(options);
  constexpr int kPlayers = 5;
  std::vector<std::unique_ptr<script::BehaviorHost>> hosts;
  for (int side = 0; side < 2; ++side) {
    for (int u = 1; u <= kPlayers; ++u) {
      world.add_robot(side == 0 ? sim::TeamSide::Left : sim::TeamSide::Right, u);
      script::BehaviorHostOptions ho;
      ho.script_dir = std::string(LIBERO_SOURCE_DIR) + (side == 0 ? "/scripts" : "/tests/behaviors/baseline_team");
      ho.watch = false;
      hosts.push_back(std::make_unique<script::BehaviorHost>(ho));
      if (!hosts.back()->start().ok()) {
        std::fprintf(stderr, "load: %s\n", hosts.back()->last_error().c_str());
        std::exit(1);
      }
    }
  }
  world.referee().set_play_mode(sim::PlayMode::KickOffLeft);
  motion::SkillRequests requests[2 * kPlayers] = {};
  const motion::SkillRequests* pointers[mock::kMaxMockRobots] = {};
  uint64_t alloc_start[2 * kPlayers] = {};
  for (int c = 0; c < cycles; ++c) {
    if (c == 250)
      for (int i = 0; i < 2 * kPlayers; ++i) alloc_start[i] = hosts[i]->stats().lua_allocations;
    for (int i = 0; i < 2 * kPlayers; ++i) {
      hosts[i]->tick(world.world_state(i), world.motion_status(i), &requests[i]);
      pointers[i] = &requests[i];
      if (c >= 250) (i < kPlayers ? ours : baseline)->us.push_back(hosts[i]->stats().last_tick_ns / 1000.0);
    }
    world.step(pointers);
  }
  for (int i = 0; i < 2 * kPlayers; ++i) {
    if (hosts[i]->stats().runtime_errors) std::fprintf(stderr, "#%d: %s\n", i, hosts[i]->last_error().c_str());
    TeamTicks* t = i < kPlayers ? ours : baseline;
    t->allocations_per_tick +=
        double(hosts[i]->stats().lua_allocations - alloc_start[i]) / double(cycles - 250) / kPlayers;
  }
}

// The first 250 cycles are the warm-up, not measured.
const char kUsage[] = "usage: libero_bench_team_tick [CYCLES [RUNS]]   (default 3000 cycles, 5 runs; CYCLES over 250)\n";

}  // namespace

int main(int argc, char** argv) {
  int cycles = 3000, runs = 5;
  bench::Args args(argc, argv);
  if (args.next()) cycles = args.whole_here("cycles", 251, 10000000);
  if (args.next()) runs = args.whole_here("runs", 1, 1000);
  if (args.next()) args.unexpected();
  if (std::optional<int> status = args.finish("libero_bench_team_tick", kUsage)) return *status;
  std::vector<double> med[2], p99[2], mx[2], alloc[2];
  for (int r = 0; r < runs; ++r) {
    TeamTicks ours, base;
    run(cycles, 1 + r, &ours, &base);
    TeamTicks* t[2] = {&ours, &base};
    for (int k = 0; k < 2; ++k) {
      med[k].push_back(quantile(t[k]->us, 0.5));
      p99[k].push_back(quantile(t[k]->us, 0.99));
      mx[k].push_back(quantile(t[k]->us, 1.0));
      alloc[k].push_back(t[k]->allocations_per_tick);
    }
  }
  std::printf("5 vs 5 mock game, %d cycles x %d runs (seeds 1..%d), tick = one robot's BehaviorHost::tick (wall)\n",
              cycles, runs, runs);
  const char* names[2] = {"default team", "baseline team"};
  for (int k = 0; k < 2; ++k)
    std::printf("%-14s median %7.1f us  p99 %7.1f us  max %8.1f us  Lua allocations/tick %.2f\n", names[k],
                quantile(med[k], 0.5), quantile(p99[k], 0.5), quantile(mx[k], 0.5), quantile(alloc[k], 0.5));
  std::printf("ratio default/baseline: median x%.1f, p99 x%.1f\n", quantile(med[0], 0.5) / quantile(med[1], 0.5),
              quantile(p99[0], 0.5) / quantile(p99[1], 0.5));
  return 0;
}
