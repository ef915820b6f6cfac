// Cost per call of PathPlanner::plan and potential_field_step in the scenes
// lib/walk.lua gives them: robots within 2.5 m, a goal as three walls, the
// ball when walking round it. Prints median and p99 over many
// randomised scenes (fixed seed). Usage: kUsage below (--help prints it).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "bench_args.h"
#include "planning/path_planner.h"
#include "planning/potential_field.h"

using namespace libero::planning;
using Clock = std::chrono::steady_clock;

namespace {

struct Stats {
  double median_us, p99_us, max_us;
};

Stats summarise(std::vector<double>& ns) {
  std::sort(ns.begin(), ns.end());
  return {ns[ns.size() / 2] / 1e3, ns[ns.size() * 99 / 100] / 1e3, ns.back() / 1e3};
}

volatile double sink = 0;

const char kUsage[] = "usage: libero_bench_planning [SCENES]   (random scenes per case, default 20000)\n";

}  // namespace

int main(int argc, char** argv) {
  libero::bench::Args args(argc, argv);
  int scenes = 20000;
  if (args.next()) scenes = args.whole_here("scenes", 1, 10000000);
  if (args.next()) args.unexpected();
  if (std::optional<int> status = args.finish("libero_bench_planning", kUsage)) return *status;
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-1, 1);
  struct Case {
    const char* name;
    int robots;
    bool net, ball;
  };
  const Case cases[] = {{"no obstacle near", 0, false, false},
                        {"3 robots", 3, false, false},
                        {"6 robots + ball", 6, false, true},
                        {"9 robots + goal (3 walls)", 9, true, false}};
  std::printf("%-26s %12s %12s %12s\n", "plan(): scene", "median us", "p99 us", "max us");
  for (const Case& c : cases) {
    std::vector<double> ns;
    ns.reserve(scenes);
    PathPlanner planner;
    for (int i = 0; i < scenes; ++i) {
      // Start near the goal line when the net is in; the goal 3-6 m away.
      const double sx = c.net ? 13.5 + u(rng) : 0, sy = u(rng);
      const double gx = sx + (c.net ? 3.0 : -4.5) + u(rng), gy = 2 * u(rng);
      planner.clear_obstacles();
      for (int r = 0; r < c.robots; ++r)
        planner.add_obstacle(sx + 1.5 * u(rng) + (c.net ? 0.5 : -2), sy + 1.5 * u(rng), 0.4);
      if (c.net) {
        planner.add_wall(15.6, -1.05, 15.6, 1.05, 0.2);
        planner.add_wall(15, 1.05, 15.6, 1.05, 0.2), planner.add_wall(15, -1.05, 15.6, -1.05, 0.2);
      }
      if (c.ball) planner.add_obstacle(gx + 0.2, gy, 0.3);
      const auto t0 = Clock::now();
      PlanResult r = planner.plan(sx, sy, gx, gy);
      ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count());
      sink = sink + r.waypoint_x;
    }
    Stats s = summarise(ns);
    std::printf("%-26s %12.2f %12.2f %12.2f\n", c.name, s.median_us, s.p99_us, s.max_us);
  }
  // The field as walk.lua calls it: the band of forward/pursue_ball with P = 1.5 m.
  FieldParams p;
  p.k3 = 1.5, p.k4 = 3000, p.t = 1.1, p.delta_zeta = 0.1, p.max_acceleration = 1.0, p.max_speed = 0.6;
  p.rho_min = 1.0, p.rho_max = 1.0;
  std::printf("%-26s %12s %12s %12s\n", "potential_field_step()", "median us", "p99 us", "max us");
  for (int count : {1, 4, 10}) {
    std::vector<double> ns;
    ns.reserve(scenes);
    MovingPoint obstacles[10];
    for (int i = 0; i < scenes; ++i) {
      for (int k = 0; k < count; ++k) obstacles[k] = {1.8 * u(rng), 1.8 * u(rng), 0.5 * u(rng), 0.5 * u(rng)};
      MovingPoint robot{0, 0, 0.3 * u(rng), 0.3 * u(rng)}, target{4 * u(rng), 4 * u(rng), 0, 0};
      const auto t0 = Clock::now();
      FieldStep s = potential_field_step(p, robot, target, obstacles, count);
      ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count());
      sink = sink + s.vx;
    }
    Stats s = summarise(ns);
    char name[32];
    std::snprintf(name, sizeof name, "%d moving robots", count);
    std::printf("%-26s %12.2f %12.2f %12.2f\n", name, s.median_us, s.p99_us, s.max_us);
  }
  return 0;
}
