// Offline search for symmetric get-up keyframes with CMA-ES, scored end to
// end: the candidate is written into a scratch copy of robots/ and the whole
// motion system runs it from the harness' fall poses (8 poses x 1 heading by default),
// with its automatic fall handling (retries, the other get-up when the robot
// ends on the other side). Standing (held 2 s) within 7 s earns 10 - seconds; a start
// that does not stand earns a little for the upright torso height it reached,
// so the search has a slope to climb. The score is the mean plus half the
// worst start, so one bad pose pulls a candidate down.
// Usage: kUsage below (--help prints it).
// --side-poses N adds the harness' side falls 0..N-1, each on the left and the
// right side, as starts: the side roll often leaves the robot on its belly or
// back with its limbs where no lay_down pose puts them (type 3's front get-up
// stood from every lay_down pose with the slip and failed from those).
// --pushed N adds the harness' pushed falls 0..N-1 onto the searched side
// (push_down: the standing robot pushed over, landing moving in the pose the
// fall left it; timed from when the torso is down, as the bench's
// pushed_front/pushed_back): type 0's front get-up stood from every lay_down
// pose in 1.46 s and from pushed falls in 3.76 s, toppling back in the
// hand-over to the stand, until it read the IMU's running mean.
// --type N (N > 0) searches the per-type override robots/nao/motions/typeN/.
// --init starts from a motion file's first K frames (and keeps its last
// frame as the final stand frame when that frame has level_feet).
// --slip K[,K...]: the robot's contacts slide K m/s per N of tangential force
// (SimSpark's 0.005); with a list, every pose and heading is tried with each
// value (a get-up searched with the slip on alternate poses only stood 12/12
// in the search and 37/50 in the bench, whose poses all take the slip).
// --substeps N[,N...]: physics steps per cycle (0 the simulator's 4); with a
// list, every pose, heading and slip with each count (a side roll searched at
// 4 alone learnt that count's contact timing: 200/200 there, 88/100 at 8).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "cmaes.h"
#include "core/math.h"
#include "motion/keyframe.h"
#include "motion/motion_library.h"
#include "motion_harness.h"

using namespace libero;
using namespace libero::bench;
namespace fs = std::filesystem;

namespace {

// Left side only; every frame is symmetric.
const Joint kJoints[] = {kLShoulderPitch, kLShoulderYaw, kLArmRoll, kLHipYawPitch,
                         kLHipRoll,       kLHipPitch,    kLKneePitch, kLFootPitch};
constexpr int kJointsPerFrame = sizeof(kJoints) / sizeof(kJoints[0]);
constexpr int kPerFrame = 1 + kJointsPerFrame;
constexpr double kMinDuration = 0.06, kMaxDuration = 1.0;
const double kHeadings[] = {0.0, 1.1, 2.3};
int g_poses = 8;  // harness lay_down variants 0..N-1 (distinct up to 12)
int g_side_poses = 0;  // harness lay_on_side variants 0..N-1, both sides
int g_pushed = 0;      // harness push_down variants 0..N-1 (distinct up to 20)
// On this flat, isotropic floor the heading changes nothing (the bench's
// times repeat with the pose, whatever the heading), so one is the default.
int g_headings = 1;

int g_frames = 4;
int g_type = 0;
bool g_front = true;
double g_seconds = 7.0;
// Seconds the robot must stay up: as libero_motion_bench getup; a get-up that
// stands briefly and then topples in the hand-over to the walk's stand fails.
double g_hold = 2.0;
std::string g_robots;
std::string g_motion_path;  // where candidates are written in the scratch robots/
UnitBox g_box;  // degrees / seconds
motion::KeyFrame g_stand;  // final frame, fixed
// The candidates' imu_accel_smoothing: --init's, kept (a get-up tuned on the
// IMU's running mean would be scored without it otherwise).
double g_imu_accel_smoothing = 1.0;

std::string name() { return g_front ? "getup_front" : "getup_back"; }

std::string motion_text(const std::vector<double>& v, double score) {
  std::string text;
  char line[512];
  std::snprintf(line, sizeof line,
                "-- Get up from lying on the %s. Found by tools/bench/motion/getup_search (CMA-ES,\n"
                "-- scored end to end from harness fall poses; score %.3f, 10 = standing at once),\n"
                "-- checked with libero_motion_bench getup. Degrees, SimSpark signs.\n",
                g_front ? "belly" : "back", score);
  text += line;
  text += "return {\n  name = \"" + name() + "\",\n";
  if (g_imu_accel_smoothing != 1.0) {
    std::snprintf(line, sizeof line, "  imu_accel_smoothing = %.3g,\n", g_imu_accel_smoothing);
    text += line;
  }
  text += "  frames = {\n";
  for (int f = 0; f < g_frames; ++f) {
    std::snprintf(line, sizeof line, "    { duration = %.3f, symmetric = true, angles = {\n       ", v[f * kPerFrame]);
    text += line;
    for (int i = 0; i < kJointsPerFrame; ++i) {
      std::snprintf(line, sizeof line, " %s = %.1f,", motion::motion_joint_name(kJoints[i]), v[f * kPerFrame + 1 + i]);
      text += line;
    }
    text += "\n        LFootRoll = 0, LArmYaw = 0, NeckYaw = 0, NeckPitch = 0 } },\n";
  }
  std::snprintf(line, sizeof line, "    { duration = %.2f, symmetric = true, level_feet = true, level_feet_lean = %.2f, angles = {\n       ",
                g_stand.duration, g_stand.level_feet_lean);
  text += line;
  for (int j = 0; j < kJointCount; ++j) {
    if (!g_stand.has_angle[j]) continue;
    const char* n = motion::motion_joint_name(static_cast<Joint>(j));
    if (n[0] != 'L' && n[0] != 'N') continue;  // symmetric: the left side and the neck
    std::snprintf(line, sizeof line, " %s = %.0f,", n, rad2deg(g_stand.angle[j]));
    text += line;
  }
  text.pop_back();
  text += " } },\n  },\n}\n";
  return text;
}

struct Score {
  double total;
  int stood, starts;
  double median_seconds;
};

std::vector<double> g_slips = {0};  // --slip
std::vector<int> g_substeps = {0};  // --substeps

// A fall pose to start from: lay_down's `variant` on the searched side
// (belly or back), or lay_on_side's on the left or the right side.
struct FallPose {
  bool on_side = false, left_side_down = false;
  bool pushed = false;  // push_down's `variant` instead of a pose at rest
  int variant = 0;
};

double evaluate_start(const FallPose& pose, double heading, double slip, int substeps, double* stood_at) {
  HarnessOptions o;
  o.robots_dir = g_robots;
  o.robot_type = g_type;
  o.start_heading = heading;
  o.robot_slip = slip;
  o.physics_substeps = substeps;
  std::unique_ptr<MotionHarness> created = MotionHarness::create_or_exit(o);
  MotionHarness& h = *created;
  h.requests().body = motion::kBodyStand;
  if (pose.pushed) {
    // Not even pushed over (the stand caught it): nothing to score, and the
    // caller leaves the start out. The candidate has not run yet.
    if (!h.push_down(g_front, pose.variant)) return NAN;
  } else {
    h.run(0.5);
    if (pose.on_side) h.lay_on_side(pose.left_side_down, pose.variant);
    else h.lay_down(g_front, pose.variant);
    h.requests().body = motion::kBodyStand;
  }
  double best = 0;
  *stood_at = h.time_to_stand(g_seconds, g_hold, deg2rad(20), [&](double) {
    if (!h.went_unstable()) best = std::max(best, h.torso_position().z() * std::max(0.0, std::cos(h.tilt())));
  });
  if (*stood_at >= 0) return 10.0 - *stood_at;
  return 2.0 * best;  // < 1
}

Score evaluate(const std::vector<double>& v) {
  std::ofstream(g_motion_path) << motion_text(v, 0);
  Score s{};
  std::vector<double> times;
  double worst = 1e9;
  std::vector<FallPose> poses;
  for (int variant = 0; variant < g_poses; ++variant) poses.push_back({false, false, false, variant});
  for (int variant = 0; variant < g_side_poses; ++variant)
    for (bool left : {true, false}) poses.push_back({true, left, false, variant});
  for (int variant = 0; variant < g_pushed; ++variant) poses.push_back({false, false, true, variant});
  for (const FallPose& pose : poses)
    for (int substeps : g_substeps)
      for (double slip : g_slips)
        for (int k = 0; k < g_headings; ++k) {
          double at = -1;
          double one = evaluate_start(pose, kHeadings[k], slip, substeps, &at);
          if (std::isnan(one)) continue;
          s.total += one;
          worst = std::min(worst, one);
          ++s.starts;
          if (at >= 0) {
            ++s.stood;
            times.push_back(at);
          }
        }
  std::sort(times.begin(), times.end());
  s.median_seconds = times.empty() ? NAN : times[times.size() / 2];
  s.total = s.total / s.starts + 0.5 * worst;
  return s;
}

const char kUsage[] =
    "usage: libero_getup_search front|back OUT.lua [--generations N] [--lambda L] [--sigma S] [--seed S]\n"
    "                           [--type T] [--init FILE] [--frames K] [--seconds S] [--headings 1-3]\n"
    "                           [--poses 1-12] [--side-poses 0-4] [--pushed 0-20] [--hold S]\n"
    "                           [--slip K[,K...]] [--substeps N[,N...]]\n";

}  // namespace

int main(int argc, char** argv) {
  // Every argument is checked before the scratch copy is made or a trial runs.
  Args args(argc, argv);
  const char* out = nullptr;
  SearchOptions search{.generations = 40, .lambda = 0, .sigma = 0.15};  // lambda 0: 4 + 3 ln(parameters)
  std::string init_file;
  if (args.positional("the side, front or back")) {
    if (args.arg() != "front" && args.arg() != "back") args.fail("expected front or back, got " + args.arg());
    g_front = args.arg() == "front";
  }
  if (args.positional("an output file")) out = args.file("an output file");
  while (args.next()) {
    if (take_search_option(args, &search, 0)) continue;
    const std::string& a = args.arg();
    if (a == "--init") init_file = args.value();
    else if (a == "--frames") g_frames = args.whole(1, 12);
    else if (a == "--seconds") g_seconds = args.number_above(0, 600);
    else if (a == "--headings") g_headings = args.whole(1, 3);
    else if (a == "--hold") g_hold = args.number(0, 60);
    else if (a == "--poses") g_poses = args.whole(1, 12);
    else if (a == "--side-poses") g_side_poses = args.whole(0, 4);
    else if (a == "--pushed") g_pushed = args.whole(0, 20);
    else if (a == "--slip") take_slip_list(args, &g_slips);
    else if (a == "--substeps") take_substeps_list(args, &g_substeps);
    else args.unknown_option();
  }
  if (std::optional<int> status = args.finish("libero_getup_search", kUsage)) return *status;
  g_type = search.type;
  g_robots = MotionHarness::scratch_robots_copy("getup_search");
  std::string motions = g_robots + "/nao/motions";
  if (g_type > 0) {
    fs::create_directories(motions + "/type" + std::to_string(g_type));
    g_motion_path = motions + "/type" + std::to_string(g_type) + "/" + name() + ".lua";
  } else {
    g_motion_path = motions + "/" + name() + ".lua";
  }

  HarnessOptions o;
  o.robots_dir = g_robots;
  o.robot_type = g_type;
  std::unique_ptr<MotionHarness> probe = MotionHarness::create_or_exit(o);
  const robot::RobotDescription* d = probe->world().description(probe->robot());
  int count = g_frames * kPerFrame;
  g_box = UnitBox(count);
  std::vector<double> start(count);
  // A hand-made guess when there is no --init: sit-up shapes for the back,
  // a push-up and tuck for the belly.
  const double back_guess[4][kPerFrame] = {{0.30, -110, 10, 0, 0, 0, 100, -130, 0},
                                           {0.20, -120, 10, 0, -40, 0, 30, -30, 0},
                                           {0.30, -100, 10, 0, -70, 0, 100, -130, 60},
                                           {0.30, -40, 10, 0, -30, 0, 70, -130, 60}};
  const double front_guess[4][kPerFrame] = {{0.30, 60, 60, 0, 0, 0, -20, 0, 0},
                                            {0.10, 90, 10, 0, 0, 20, 80, -130, 45},
                                            {0.35, 10, 15, 0, -80, -20, 100, -115, 10},
                                            {0.20, -20, 45, 0, -20, -15, 60, -125, 70}};
  for (int f = 0; f < g_frames; ++f) {
    g_box.lo[f * kPerFrame] = kMinDuration;
    g_box.hi[f * kPerFrame] = kMaxDuration;
    const double* guess = g_front ? front_guess[std::min(f, 3)] : back_guess[std::min(f, 3)];
    start[f * kPerFrame] = guess[0];
    for (int i = 0; i < kJointsPerFrame; ++i) {
      int k = f * kPerFrame + 1 + i;
      g_box.lo[k] = rad2deg(d->joints[kJoints[i]].min_angle);
      g_box.hi[k] = rad2deg(d->joints[kJoints[i]].max_angle);
      start[k] = guess[1 + i];
    }
  }
  // Default stand frame: the walk's stand is blended in after it.
  g_stand = motion::KeyFrame{};
  g_stand.duration = 0.4;
  g_stand.level_feet = true;
  g_stand.level_feet_lean = 0.25;  // as the shipped get-ups (docs/benchmarks.md history)
  const Joint stand_joints[] = {kLShoulderPitch, kLShoulderYaw, kLHipYawPitch, kLHipRoll, kLHipPitch, kLKneePitch};
  const double stand_values[] = {-90, 10, 0, 0, 40, -70};
  for (int i = 0; i < 6; ++i) {
    g_stand.has_angle[stand_joints[i]] = true;
    g_stand.angle[stand_joints[i]] = deg2rad(stand_values[i]);
  }
  if (!init_file.empty()) {
    auto init = motion::load_motion_file(init_file);
    if (!init.ok()) {
      std::fprintf(stderr, "%s\n", init.error().describe().c_str());
      return 1;
    }
    g_imu_accel_smoothing = init->imu_accel_smoothing;
    int n = static_cast<int>(init->frames.size());
    if (n >= 1 && init->frames[n - 1].level_feet) {
      g_stand = init->frames[n - 1];
      --n;
    }
    for (int f = 0; f < g_frames && f < n; ++f) {
      start[f * kPerFrame] = init->frames[f].duration;
      for (int i = 0; i < kJointsPerFrame; ++i)
        if (init->frames[f].has_angle[kJoints[i]])
          start[f * kPerFrame + 1 + i] = rad2deg(init->frames[f].angle[kJoints[i]]);
    }
  }
  Eigen::VectorXd mean(count);
  for (int k = 0; k < count; ++k) mean[k] = g_box.unit(k, start[k]);
  std::vector<double> best = g_box.values(mean);
  Score first = evaluate(best);
  double best_total = first.total;
  std::printf("start %.3f (stood %d/%d, median %.2f s)\n", first.total, first.stood, first.starts, first.median_seconds);
  std::ofstream(out) << motion_text(best, best_total);
  if (search.lambda <= 0) search.lambda = 4 + static_cast<int>(3 * std::log(count));
  Cmaes cmaes(mean, search.sigma, search.lambda, search.seed);
  std::vector<Score> scores;
  std::vector<double> fitness;
  for (int g = 0; g < search.generations; ++g) {
    int top = run_generation(cmaes, [&](const Eigen::VectorXd& x) { return evaluate(g_box.values(x)); }, &scores, &fitness);
    const std::vector<Eigen::VectorXd>& x = cmaes.samples();
    std::printf("gen %d best %.3f (stood %d/%d, median %.2f s) sigma %.4f\n", g, fitness[top], scores[top].stood,
                scores[top].starts, scores[top].median_seconds, cmaes.sigma());
    std::fflush(stdout);
    if (fitness[top] > best_total) {
      best_total = fitness[top];
      best = g_box.values(x[top]);
      std::ofstream(out) << motion_text(best, best_total);
      std::printf("  new best -> %s\n", out);
    }
  }
  std::ofstream(out) << motion_text(best, best_total);
  std::printf("best %.3f -> %s\n", best_total, out);
  return 0;
}
