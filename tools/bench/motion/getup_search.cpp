// Offline search for get-up keyframes on the in-process simulator: a
// (1+1) evolution strategy over the angles and durations of a few frames,
// scored on how fast and how surely the robot stands from several fall
// poses. Writes the best motion as a robots/nao/motions Lua file.
// Usage: libero_getup_search front|back <out.lua> [--iterations N] [--seed S] [--type T]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "core/math.h"
#include "motion/joint_controller.h"
#include "motion/keyframe.h"
#include "motion/motion_library.h"
#include "motion_harness.h"

using namespace libero;
using namespace libero::bench;
using namespace libero::motion;

namespace {

constexpr int kFrames = 4;
bool g_roll = false;  // goal: roll onto the belly (then getup_front takes over) instead of standing
const Joint kJoints[] = {kLShoulderPitch, kLShoulderYaw, kLHipYawPitch, kLHipRoll, kLHipPitch, kLKneePitch, kLFootPitch};
constexpr int kPerFrame = 1 + 7;  // duration + angles (deg)
constexpr int kParams = kFrames * kPerFrame;

struct Candidate {
  double p[kParams];
};

KeyframeMotion to_motion(const Candidate& c, const char* name) {
  KeyframeMotion m;
  m.name = name;
  for (int f = 0; f < kFrames; ++f) {
    KeyFrame k;
    k.duration = std::clamp(c.p[f * kPerFrame], 0.08, 1.0);
    for (int i = 0; i < 7; ++i) {
      Joint j = kJoints[i];
      k.has_angle[j] = true;
      k.angle[j] = deg2rad(c.p[f * kPerFrame + 1 + i]);
    }
    mirror_pose(k.has_angle, k.angle, k.has_angle, k.angle);  // fill the right side ...
    for (int i = 0; i < 7; ++i) {                              // ... and put the left back
      k.has_angle[kJoints[i]] = true;
      k.angle[kJoints[i]] = deg2rad(c.p[f * kPerFrame + 1 + i]);
    }
    m.frames.push_back(k);
  }
  if (g_roll) return m;
  // Final stand frame with level feet.
  KeyFrame stand;
  stand.duration = 0.4;
  stand.level_feet = true;
  const Joint sj[] = {kLShoulderPitch, kLShoulderYaw, kLHipYawPitch, kLHipRoll, kLHipPitch, kLKneePitch};
  const double sv[] = {-90, 10, 0, 0, 40, -70};
  for (int i = 0; i < 6; ++i) {
    stand.has_angle[sj[i]] = true;
    stand.angle[sj[i]] = deg2rad(sv[i]);
  }
  bool has[kJointCount];
  double ang[kJointCount];
  mirror_pose(stand.has_angle, stand.angle, has, ang);
  for (int j = 0; j < kJointCount; ++j)
    if (has[j]) { stand.has_angle[j] = true; stand.angle[j] = ang[j]; }
  m.frames.push_back(stand);
  return m;
}

int g_type = 0;
std::string g_walk_file;  // frozen copy, so edits to the repo's walk.lua cannot break a long search

// Score of one start: higher is better. Success gives 10 - time to stand.
double evaluate_once(const KeyframeMotion& motion, bool front, int variant) {
  HarnessOptions o;
  o.robots_dir = std::string(LIBERO_SOURCE_DIR) + "/robots";
  o.robot_type = g_type;
  o.motion_enabled = false;
  o.walk_file = g_walk_file;
  auto made = MotionHarness::create(o);
  if (!made.ok()) { std::fprintf(stderr, "%s\n", made.error().describe().c_str()); std::exit(1); }
  auto& h = *made.value();
  h.lay_down(front, variant);
  const auto* d = h.world().description(h.robot());
  JointLimit limits[kJointCount];
  for (int j = 0; j < kJointCount; ++j)
    limits[j] = {d->joints[j].exists && j < joint_count_for_type(g_type), d->joints[j].min_angle, d->joints[j].max_angle, d->joints[j].max_speed};
  JointController controller;
  controller.configure(limits, {});
  KeyframePlayer player;
  double measured[kJointCount] = {}, target[kJointCount] = {}, velocity[kJointCount] = {};
  for (int j = 0; j < kJointCount; ++j) measured[j] = h.readings().joint_angle[j];
  player.start(motion, measured, false);
  double up_since = -1;
  double best_partial = 0;
  for (int i = 0; i < 200; ++i) {
    h.step();
    double t = i * 0.02;
    for (int j = 0; j < kJointCount; ++j) measured[j] = h.readings().joint_angle[j];
    const Mat3& r = h.readings().torso_rotation;
    double pitch = std::atan2(-r(2, 0), r(2, 2)), roll = std::atan2(r(2, 1), r(2, 2));
    player.step(0.02, pitch, roll, target);
    controller.step(measured, target, velocity);
    for (int j = 0; j < kJointCount; ++j) h.set_velocity(static_cast<Joint>(j), velocity[j]);
    double z = h.torso_position().z();
    bool up = z > 0.3 && h.tilt() < deg2rad(20);
    if (g_roll) {
      // Prone: the chest (torso x) faces the ground and the body is still.
      up = r(2, 0) < -0.8 && h.readings().gyro.norm() < 0.5;
      best_partial = std::max(best_partial, 0.5 * (1.0 - r(2, 0)) * 0.9);
      if (up) {
        if (up_since < 0) up_since = t;
        if (t - up_since >= 0.2) return 10.0 - up_since;
      } else {
        up_since = -1;
      }
      continue;
    }
    // Partial credit only for height with the torso upright (a somersault
    // lifts the torso too, upside down).
    best_partial = std::max(best_partial, z * std::max(0.0, std::cos(h.tilt())));
    if (up) {
      if (up_since < 0) up_since = t;
      if (t - up_since >= 0.6) return 10.0 - up_since;
    } else {
      up_since = -1;
    }
  }
  return best_partial;  // < 1
}

double evaluate(const Candidate& c, bool front) {
  KeyframeMotion m = to_motion(c, "x");
  double sum = 0, worst = 1e9;
  for (int v = 0; v < 3; ++v) {
    double s = evaluate_once(m, front, v);
    sum += s;
    worst = std::min(worst, s);
  }
  return sum / 3 + 0.5 * worst;
}

void write_lua(const Candidate& c, const char* name, const char* path, bool front, double score) {
  FILE* f = std::fopen(path, "w");
  if (!f) { std::perror(path); std::exit(1); }
  std::fprintf(f, "-- Get up from lying on the %s. Found by tools/bench/motion/getup_search\n", front ? "belly" : "back");
  std::fprintf(f, "-- (score %.3f; 10 - seconds to standing when every start pose succeeds), then\n-- checked with libero_motion_bench getup. Degrees, SimSpark signs.\n", score);
  std::fprintf(f, "return {\n  name = \"%s\",\n  frames = {\n", name);
  const char* names[] = {"LShoulderPitch", "LShoulderYaw", "LHipYawPitch", "LHipRoll", "LHipPitch", "LKneePitch", "LFootPitch"};
  for (int fr = 0; fr < kFrames; ++fr) {
    std::fprintf(f, "    { duration = %.2f, symmetric = true, angles = {\n       ", std::clamp(c.p[fr * kPerFrame], 0.08, 1.0));
    for (int i = 0; i < 7; ++i) std::fprintf(f, " %s = %.0f,", names[i], c.p[fr * kPerFrame + 1 + i]);
    std::fprintf(f, "\n        LFootRoll = 0, LArmRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },\n");
  }
  if (!g_roll) {
    std::fprintf(f, "    { duration = 0.40, symmetric = true, level_feet = true, angles = {\n");
    std::fprintf(f, "        LShoulderPitch = -90, LShoulderYaw = 10, LHipYawPitch = 0, LHipRoll = 0, LHipPitch = 40, LKneePitch = -70 } },\n");
  }
  std::fprintf(f, "  },\n}\n");
  std::fclose(f);
}

double clamp_joint(int i, double v) {
  static const double lo[] = {-120, -1, -90, -25, -25, -130, -45};
  static const double hi[] = {120, 95, 1, 45, 100, 1, 75};
  return std::clamp(v, lo[i], hi[i]);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: libero_getup_search front|back out.lua [--iterations N] [--seed S] [--type T]\n");
    return 2;
  }
  bool front = std::string(argv[1]) == "front";
  const char* out = argv[2];
  int iterations = 200;
  std::string init_file;
  unsigned seed = 1;
  for (int i = 3; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--iterations") iterations = std::atoi(argv[i + 1]);
    if (a == "--seed") seed = static_cast<unsigned>(std::atoi(argv[i + 1]));
    if (a == "--type") g_type = std::atoi(argv[i + 1]);
    if (a == "--walk-file") g_walk_file = argv[i + 1];
    if (a == "--init") init_file = argv[i + 1];
    if (a == "--goal") g_roll = std::string(argv[i + 1]) == "prone";
  }
  // Start points: a hand-made guess of the shape of each get-up.
  Candidate best;
  const double front_init[kFrames][kPerFrame] = {
      {0.40, 0, 0, 0, 0, 0, 0, 0},
      {0.30, -20, 0, 0, 0, 100, -130, 60},
      {0.30, -80, 0, 0, 0, 100, -130, 60},
      {0.30, -100, 0, 0, 0, 90, -130, 45}};
  const double back_init[kFrames][kPerFrame] = {
      {0.30, 110, 10, 0, 0, 100, -130, 0},
      {0.20, 110, 10, 0, 0, 100, 0, 0},
      {0.30, 120, 10, 0, 0, 100, -130, 60},
      {0.30, 60, 10, 0, 0, 60, -130, 45}};
  for (int f = 0; f < kFrames; ++f)
    for (int k = 0; k < kPerFrame; ++k) best.p[f * kPerFrame + k] = front ? front_init[f][k] : back_init[f][k];
  if (!init_file.empty()) {
    auto init = load_motion_file(init_file);
    if (!init.ok()) {
      std::fprintf(stderr, "%s\n", init.error().describe().c_str());
      return 1;
    }
    for (int f = 0; f < kFrames && f < static_cast<int>(init->frames.size()); ++f) {
      best.p[f * kPerFrame] = init->frames[f].duration;
      for (int i = 0; i < 7; ++i) best.p[f * kPerFrame + 1 + i] = rad2deg(init->frames[f].angle[kJoints[i]]);
    }
  }
  double best_score = evaluate(best, front);
  std::printf("start score %.3f\n", best_score);
  std::mt19937 rng(seed);
  std::normal_distribution<double> n(0, 1);
  double sigma = 1.0;
  for (int it = 0; it < iterations; ++it) {
    Candidate c = best;
    for (int f = 0; f < kFrames; ++f) {
      c.p[f * kPerFrame] = std::clamp(c.p[f * kPerFrame] + 0.06 * sigma * n(rng), 0.08, 1.0);
      for (int i = 0; i < 7; ++i) {
        double& v = c.p[f * kPerFrame + 1 + i];
        v = clamp_joint(i, v + 15.0 * sigma * n(rng));
      }
    }
    double s = evaluate(c, front);
    if (s >= best_score) {
      best = c;
      best_score = s;
      sigma = std::min(sigma * 1.3, 3.0);
      std::printf("it %d score %.3f sigma %.2f\n", it, best_score, sigma);
      std::fflush(stdout);
      write_lua(best, front ? "getup_front" : "getup_back", out, front, best_score);
    } else {
      sigma = std::max(sigma * 0.95, 0.2);
    }
  }
  write_lua(best, front ? "getup_front" : "getup_back", out, front, best_score);
  std::printf("best %.3f written to %s\n", best_score, out);
  return 0;
}
