// Physics step cost per 20 ms cycle: medians over repeated runs, with the
// empty world (ball only) measured in the same run as the baseline. Costs are
// this thread's CPU time (the machines are shared and noisy; wall time
// includes waiting for a core), wall time is printed alongside.
//
// Usage: kUsage below (--help prints it).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <vector>

#include "bench_args.h"
#include "core/clock.h"
#include "physics_world.h"
#include "robot/description.h"

using namespace libero;
using namespace libero::sim;

namespace {

struct Scenario {
  int robots = 0;
  bool moving = false;   // random joint motion instead of holding every joint
  int substeps = 0;      // 0 = default
};

struct Outcome {
  double median_ms = 0;  // CPU per cycle
  double wall_ms = 0;    // wall per cycle (median)
  int fallen = 0;
  bool finite = true;
  double max_limit_excess_deg = 0;
  int constraints = 0, contacts = 0;
  bool overflowed = false;
};

robot::RobotDescription g_types[5];

int64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// Deterministic pseudo-random joint commands: a few sines per joint.
double command(int robot, int joint, int cycle) {
  const double t = cycle * kCycleSeconds;
  return 3.0 * std::sin(1.7 * t + 0.9 * joint + 0.37 * robot) + 1.5 * std::sin(5.3 * t + 2.1 * joint);
}

Outcome run(const Scenario& s, int repeats, int cycles) {
  PhysicsOptions options;
  options.substeps = s.substeps;
  auto created = PhysicsWorld::create(options);
  if (!created) {
    std::fprintf(stderr, "create: %s\n", created.error().describe().c_str());
    std::exit(1);
  }
  std::unique_ptr<PhysicsWorld> world = std::move(created.value());
  std::vector<RobotId> ids;
  for (int i = 0; i < s.robots; ++i) {
    const int team = i % 2;
    RobotPlacement p;
    const robot::RobotDescription& d = g_types[i % 5];
    p.torso_position = Vec3((team ? 1 : -1) * (1.0 + (i / 2) % 6 * 2.0), -8.0 + (i / 12) * 3.0 + (i % 3) * 5.0,
                            std::max(0.4, d.sole_height + 0.005));
    p.heading = team ? kPi : 0;
    auto id = world->add_robot(d, team, i / 2 + 1, p);
    if (!id) {
      std::fprintf(stderr, "add_robot: %s\n", id.error().describe().c_str());
      std::exit(1);
    }
    ids.push_back(id.value());
  }
  int cycle = 0;
  auto one_cycle = [&]() {
    if (s.moving)
      for (size_t r = 0; r < ids.size(); ++r)
        for (int j = 0; j < joint_count_for_type(g_types[r % 5].type); ++j)
          world->set_joint_velocity(ids[r], static_cast<Joint>(j), command(static_cast<int>(r), j, cycle));
    world->step();
    ++cycle;
  };
  for (int i = 0; i < 50; ++i) one_cycle();  // settle, warm caches
  std::vector<double> per_cycle_ms, per_cycle_wall_ms;
  Outcome out;
  RobotReadings readings;
  for (int rep = 0; rep < repeats; ++rep) {
    const int64_t start = monotonic_ns(), start_cpu = thread_cpu_ns();
    for (int i = 0; i < cycles; ++i) one_cycle();
    per_cycle_ms.push_back((thread_cpu_ns() - start_cpu) / 1e6 / cycles);
    per_cycle_wall_ms.push_back((monotonic_ns() - start) / 1e6 / cycles);
    for (size_t r = 0; r < ids.size(); ++r) {
      world->read_robot(ids[r], &readings);
      const robot::RobotDescription& d = g_types[r % 5];
      out.finite = out.finite && readings.torso_position.allFinite();
      for (int j = 0; j < readings.joint_count; ++j) {
        const double excess = std::max(readings.joint_angle[j] - d.joints[j].max_angle,
                                       d.joints[j].min_angle - readings.joint_angle[j]);
        out.max_limit_excess_deg = std::max(out.max_limit_excess_deg, rad2deg(excess));
      }
    }
  }
  for (RobotId id : ids) out.fallen += world->is_fallen(id) ? 1 : 0;
  out.median_ms = median(per_cycle_ms);
  out.wall_ms = median(per_cycle_wall_ms);
  const PhysicsWorld::Stats stats = world->stats();
  out.constraints = stats.constraints;
  out.contacts = stats.contacts;
  out.overflowed = stats.overflowed;
  return out;
}

const char kUsage[] = "usage: libero_bench_sim_physics [--repeats N] [--cycles N] [--substeps-sweep]\n";

}  // namespace

int main(int argc, char** argv) {
  int repeats = 7, cycles = 100;
  bool sweep = false;
  bench::Args args(argc, argv);
  while (args.next()) {
    if (args.arg() == "--repeats") repeats = args.whole(1, 1000);
    else if (args.arg() == "--cycles") cycles = args.whole(1, 1000000);
    else if (args.arg() == "--substeps-sweep") sweep = true;
    else args.unknown_option();
  }
  if (std::optional<int> status = args.finish("libero_bench_sim_physics", kUsage)) return *status;
  for (int type = 0; type < 5; ++type) {
    auto d = robot::load_robot_description(LIBERO_SOURCE_DIR "/robots", "nao", type);
    if (!d) {
      std::fprintf(stderr, "robot description: %s\n", d.error().describe().c_str());
      return 1;
    }
    g_types[type] = d.value();
  }
  std::printf("physics step per 20 ms cycle, median of %d runs x %d cycles (types 0-4 round robin)\n", repeats,
              cycles);
  const Outcome baseline = run({0, false, 0}, repeats, cycles);
  std::printf("%-28s %9s %9s %9s %10s %9s %6s %5s %6s\n", "scenario", "cpu ms", "wall ms", "ms/robot", "x realtime",
              "vs empty", "nefc", "ncon", "fallen");
  std::printf("%-28s %9.3f %9.3f %9s %10.0f %9s %6d %5d %6s\n", "empty world (baseline)", baseline.median_ms,
              baseline.wall_ms, "-", 20.0 / baseline.median_ms, "1.0", baseline.constraints, baseline.contacts, "-");
  for (int robots : {1, 6, 22}) {
    for (bool moving : {false, true}) {
      const Outcome o = run({robots, moving, 0}, repeats, cycles);
      char name[64];
      std::snprintf(name, sizeof name, "%d robot%s %s", robots, robots > 1 ? "s" : "", moving ? "random motion" : "standing");
      std::printf("%-28s %9.3f %9.3f %9.3f %10.1f %9.1f %6d %5d %3d/%-2d%s\n", name, o.median_ms, o.wall_ms,
                  o.median_ms / robots, 20.0 / o.median_ms, o.median_ms / baseline.median_ms, o.constraints,
                  o.contacts, o.fallen, robots, o.overflowed ? " buffer overflow" : "");
    }
  }
  if (sweep) {
    std::printf("\nsubstep sweep, 22 robots: standing (fallen count = instability) and random motion\n");
    std::printf("%-9s %14s %8s %16s %8s %18s\n", "substeps", "stand cpu ms", "fallen", "motion cpu ms", "finite",
                "max limit excess");
    for (int substeps : {2, 4, 8, 12}) {
      const Outcome stand = run({22, false, substeps}, repeats, cycles);
      const Outcome move = run({22, true, substeps}, repeats, cycles);
      std::printf("%-9d %14.3f %5d/22 %16.3f %8s %15.2f deg%s\n", substeps, stand.median_ms, stand.fallen,
                  move.median_ms, move.finite && stand.finite ? "yes" : "NO", move.max_limit_excess_deg,
                  stand.overflowed || move.overflowed ? " buffer overflow" : "");
    }
  }
  return 0;
}
