// Keepaway 3 vs 2 (10 x 10 m square, mock world). Keepers: the team's Lua
// scripts under the real behaviour host, one passing policy per run. Takers:
// both walk at the ball (the nearer one straight, the other to cut the
// nearest passing lane's midpoint). An episode ends when the ball leaves the
// square, a taker touches the ball, or after 60 s. Prints mean possession
// time per policy (the "none" policy is the baseline of the ratio) and the
// keepers' tick times (after 250 cycles: a fresh state first collects its load garbage).
// Usage: kUsage below (--help prints it).
#include <algorithm>
#include <cmath>
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

constexpr double kHalf = 5.0;        // square half size
constexpr double kMaxEpisode = 60.0; // s
constexpr int kKeepers = 3, kTakers = 2;

struct PolicyResult {
  std::string policy;
  std::vector<double> possession;
  std::vector<double> tick_us;
  int passes = 0;
  int ended[4] = {};  // taker touch, taker won, ball out, time up
};

motion::SkillRequests taker_request(const mock::MockWorld& w, int index, int partner) {
  motion::SkillRequests r{};
  const mock::MockRobot& me = w.robot(index);
  const mock::MockRobot& other = w.robot(partner);
  double bx = w.ball_x(), by = w.ball_y();
  const double mine = std::hypot(bx - me.x, by - me.y), theirs = std::hypot(bx - other.x, by - other.y);
  double tx = bx, ty = by;
  if (mine > theirs + 0.5) {
    // Second taker: cover the square's centre side of the ball.
    tx = bx * 0.5, ty = by * 0.5;
  }
  // Right-team robots get team-frame targets (their frame is mirrored).
  r.body = motion::kBodyWalkTo;
  r.target_x = -tx;
  r.target_y = -ty;
  r.target_heading = std::atan2(-(by - me.y), -(bx - me.x));
  return r;
}

PolicyResult run_policy(const std::string& policy, int episodes, uint32_t seed) {
  PolicyResult result;
  result.policy = policy;
  auto model = mock::load_mock_model(std::string(LIBERO_SOURCE_DIR) + "/robots/nao/mock.lua");
  if (!model.ok()) {
    std::fprintf(stderr, "mock model: %s\n", model.error().message.c_str());
    std::exit(1);
  }
  for (int e = 0; e < episodes; ++e) {
    mock::MockOptions options;
    options.seed = seed + static_cast<uint32_t>(e);
    options.model = *model;
    mock::MockWorld world(options);
    std::vector<std::unique_ptr<script::BehaviorHost>> hosts;
    int keeper_index[kKeepers], taker_index[kTakers];
    for (int k = 0; k < kKeepers; ++k) {
      keeper_index[k] = world.add_robot(sim::TeamSide::Left, k + 2);
      script::BehaviorHostOptions ho;
      ho.script_dir = std::string(LIBERO_SOURCE_DIR) + "/scripts";
      ho.entry = "keepaway_" + policy;
      ho.watch = false;
      hosts.push_back(std::make_unique<script::BehaviorHost>(ho));
      if (!hosts.back()->start().ok()) {
        std::fprintf(stderr, "script load: %s\n", hosts.back()->last_error().c_str());
        std::exit(1);
      }
    }
    for (int t = 0; t < kTakers; ++t) taker_index[t] = world.add_robot(sim::TeamSide::Right, t + 2);
    // Start: keepers at three corners, takers at the fourth, ball at keeper 0's feet.
    std::mt19937 rng(options.seed);
    std::uniform_real_distribution<double> jitter(-0.3, 0.3);
    const double corners[3][2] = {{-4, -4}, {4, -4}, {-4, 4}};
    for (int k = 0; k < kKeepers; ++k)
      world.place_robot(keeper_index[k], corners[k][0] + jitter(rng), corners[k][1] + jitter(rng), 0.0);
    world.place_robot(taker_index[0], 4.0 + jitter(rng), 4.0, -2.3);
    world.place_robot(taker_index[1], 3.0 + jitter(rng), 4.2, -2.3);
    world.set_ball(-3.6 + jitter(rng) * 0.3, -4.0 + jitter(rng) * 0.3);
    world.referee().set_play_mode(sim::PlayMode::PlayOn);
    motion::SkillRequests requests[kKeepers + kTakers] = {};
    const motion::SkillRequests* pointers[mock::kMaxMockRobots] = {};
    double t = 0;
    int last_keeper_touch = -1;
    for (;;) {
      for (int k = 0; k < kKeepers; ++k) {
        hosts[k]->tick(world.world_state(keeper_index[k]), world.motion_status(keeper_index[k]), &requests[k]);
        if (world.cycle() > 250) result.tick_us.push_back(hosts[k]->stats().last_tick_ns / 1000.0);
        pointers[keeper_index[k]] = &requests[k];
      }
      for (int tk = 0; tk < kTakers; ++tk) {
        requests[kKeepers + tk] = taker_request(world, taker_index[tk], taker_index[1 - tk]);
        pointers[taker_index[tk]] = &requests[kKeepers + tk];
      }
      world.step(pointers);
      if (world.referee().state().play_mode != sim::PlayMode::PlayOn) world.referee().set_play_mode(sim::PlayMode::PlayOn);
      t = world.time();
      const int touch = world.last_touch_index();
      if (touch == taker_index[0] || touch == taker_index[1]) { ++result.ended[0]; break; }
      // A taker within reach of a slow ball has won it.
      bool won = false;
      for (int tk = 0; tk < kTakers; ++tk) {
        const mock::MockRobot& r = world.robot(taker_index[tk]);
        if (std::hypot(world.ball_x() - r.x, world.ball_y() - r.y) < 0.35 &&
            std::hypot(world.ball_vx(), world.ball_vy()) < 1.0)
          won = true;
      }
      if (won) { ++result.ended[1]; break; }
      if (std::fabs(world.ball_x()) > kHalf || std::fabs(world.ball_y()) > kHalf) { ++result.ended[2]; break; }
      if (t >= kMaxEpisode) { ++result.ended[3]; break; }
      if (touch >= 0 && touch != last_keeper_touch) {
        if (last_keeper_touch >= 0) ++result.passes;
        last_keeper_touch = touch;
      }
    }
    for (int k = 0; k < kKeepers; ++k)
      if (hosts[k]->stats().runtime_errors > 0) std::fprintf(stderr, "%s: %s\n", policy.c_str(), hosts[k]->last_error().c_str());
    result.possession.push_back(t);
  }
  return result;
}

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / v.size();
}
double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(q * (v.size() - 1))];
}

const char kUsage[] = "usage: libero_bench_keepaway [EPISODES [SEED]]   (default 100 episodes per policy, seed 1)\n";

}  // namespace

int main(int argc, char** argv) {
  int episodes = 100;
  uint32_t seed = 1;
  bench::Args args(argc, argv);
  if (args.next()) episodes = args.whole_here("episodes", 1, 100000);
  if (args.next()) seed = static_cast<uint32_t>(args.whole_here("seed", 0, 1000000000));
  if (args.next()) args.unexpected();
  if (std::optional<int> status = args.finish("libero_bench_keepaway", kUsage)) return *status;
  std::printf("keepaway 3 vs 2, 10 x 10 m, %d episodes per policy, seeds %u..%u\n", episodes, seed, seed + episodes - 1);
  std::printf("%-8s %8s %8s %8s %7s %11s %11s %s\n", "policy", "mean_s", "median_s", "stderr_s", "passes", "tick_mean_us",
              "tick_p99_us", "ends: touch/won/out/time");
  std::vector<PolicyResult> results;
  for (const char* policy : {"none", "nearest", "region"}) results.push_back(run_policy(policy, episodes, seed));
  const double baseline = mean(results[0].possession);
  for (const auto& r : results) {
    double m = mean(r.possession), var = 0;
    for (double x : r.possession) var += (x - m) * (x - m);
    const double se = r.possession.size() > 1 ? std::sqrt(var / (r.possession.size() - 1) / r.possession.size()) : 0;
    std::printf("%-8s %8.2f %8.2f %8.2f %7d %11.1f %11.1f %d/%d/%d/%d  x%.2f vs none\n", r.policy.c_str(), m,
                quantile(r.possession, 0.5), se, r.passes, mean(r.tick_us), quantile(r.tick_us, 0.99), r.ended[0],
                r.ended[1], r.ended[2], r.ended[3], baseline > 0 ? m / baseline : 0);
  }
  return 0;
}
