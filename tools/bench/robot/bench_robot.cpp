// Per-call cost of the robot kinematics, in thread CPU time (the machine is
// shared), median over runs; whole-body FK is the baseline of the same run.
// Usage: kUsage below (--help prints it).
#include <time.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "bench_args.h"
#include "robot/kinematics.h"

using namespace libero;
using namespace libero::robot;

namespace {

double thread_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

template <typename Body>
double median_us(int runs, int iterations, Body&& body) {
  std::vector<double> samples;
  for (int run = 0; run < runs; ++run) {
    double start = thread_seconds();
    for (int i = 0; i < iterations; ++i) body(i);
    samples.push_back((thread_seconds() - start) * 1e6 / iterations);
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

volatile double g_sink = 0;

const char kUsage[] = "usage: libero_bench_robot [--runs R] [--iterations N] [--type T]\n";

}  // namespace

int main(int argc, char** argv) {
  int runs = 31, iterations = 2000, type = 0;
  bench::Args args(argc, argv);
  while (args.next()) {
    if (args.arg() == "--runs") runs = args.whole(1, 100000);
    else if (args.arg() == "--iterations") iterations = args.whole(1, 10000000);
    else if (args.arg() == "--type") type = args.whole(0, 4);
    else args.unknown_option();
  }
  if (std::optional<int> status = args.finish("libero_bench_robot", kUsage)) return *status;
  double load_us = median_us(std::max(3, runs / 4), 5, [&](int) {
    Result<RobotDescription> loaded = load_robot_description(LIBERO_ROBOTS_DIR, "nao", type);
    g_sink = g_sink + (loaded.ok() ? loaded->total_mass : 0);
  });
  Result<RobotDescription> description = load_robot_description(LIBERO_ROBOTS_DIR, "nao", type);
  if (!description) {
    std::fprintf(stderr, "%s\n", description.error().message.c_str());
    return 1;
  }
  Result<KinematicModel> built = build_kinematic_model(*description);
  if (!built) {
    std::fprintf(stderr, "%s\n", built.error().message.c_str());
    return 1;
  }
  const KinematicModel& model = *built;

  // Inputs prepared up front: random in-limit angles and reachable sole targets.
  std::mt19937 rng(1);
  const int kInputs = 1024;
  std::vector<std::array<double, kJointCount>> angles(kInputs);
  std::vector<Iso3> targets(kInputs);
  for (int n = 0; n < kInputs; ++n) {
    for (int j = 0; j < kJointCount; ++j) {
      std::uniform_real_distribution<double> in_limits(model.min_angle[j], model.max_angle[j]);
      angles[n][j] = model.joint_exists[j] ? in_limits(rng) : 0.0;
    }
    targets[n] = leg_sole_pose(model, Side::Right, &angles[n][kRHipYawPitch]);
  }
  Iso3 unreachable = hip_frame(model, Side::Right);
  unreachable.translation().z() -= 0.5;
  BodyPoses poses;

  double fk = median_us(runs, iterations, [&](int i) {
    forward_kinematics(model, angles[i % kInputs].data(), &poses);
    g_sink = g_sink + poses.pose[5].translation().x();
  });
  double fk_com = median_us(runs, iterations, [&](int i) {
    forward_kinematics(model, angles[i % kInputs].data(), &poses);
    g_sink = g_sink + center_of_mass(model, poses).x() + sole_pose(model, poses, Side::Left).translation().x() +
             camera_pose(model, poses).translation().z();
  });
  double leg_fk = median_us(runs, iterations, [&](int i) {
    g_sink = g_sink + leg_sole_pose(model, Side::Right, &angles[i % kInputs][kRHipYawPitch]).translation().x();
  });
  double ik = median_us(runs, iterations, [&](int i) {
    LegIkResult result = solve_leg_ik(model, Side::Right, targets[i % kInputs]);
    g_sink = g_sink + result.angles[3];
  });
  double ik_far = median_us(runs, std::max(1, iterations / 10), [&](int) {
    LegIkResult result = solve_leg_ik(model, Side::Right, unreachable);
    g_sink = g_sink + result.angles[3];
  });
  double look = median_us(runs, iterations, [&](int i) {
    LookAtResult result = look_at(model, targets[i % kInputs].translation() + Vec3(1, 0, 0));
    g_sink = g_sink + result.yaw;
  });

  std::printf("robot type %d, %d runs x %d iterations, thread CPU time, median per call\n", type, runs, iterations);
  std::printf("%-40s %10s %10s\n", "operation", "us", "x FK");
  auto row = [&](const char* name, double us) { std::printf("%-40s %10.3f %10.1f\n", name, us, us / fk); };
  row("forward_kinematics (baseline)", fk);
  row("FK + centre of mass + sole + camera", fk_com);
  row("leg_sole_pose (one leg)", leg_fk);
  row("solve_leg_ik (reachable)", ik);
  row("solve_leg_ik (unreachable, 0.5 m)", ik_far);
  row("look_at", look);
  row("load_robot_description (load time)", load_us);
  return 0;
}
