// Offline search for a kick motion on the in-process simulator with CMA-ES:
// the robot stands, the ball lies at the motion's kick spot (with small
// placement errors, as a walk would leave it), the motion plays; fitness is
// how far the ball goes straight ahead, and a fall costs more than any kick
// earns. Writes the best motion file (frames and its `kick` table) after
// every improvement.
// Usage: libero_kick_search <kick_long|kick_short> <out.lua> [--generations N] [--seed S] [--type T]
//                           [--sigma S] [--lambda L]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "cmaes.h"
#include "motion_harness.h"

using namespace libero;
using namespace libero::bench;
namespace fs = std::filesystem;

namespace {

// A right-foot kick in four phases: shift the weight onto the left leg,
// lift and draw the right leg back, swing it through the ball, set it down.
struct Param {
  const char* name;
  double lo, hi, start_long, start_short;
};
const Param kParams[] = {
    {"shift_duration", 0.15, 0.6, 0.264, 0.2}, {"shift_roll", 3, 18, 10.8, 6},
    {"shift_ratio", 0.6, 2.0, 1.11, 1.0},      {"crouch_hip", 15, 45, 19.9, 30},
    {"crouch_knee", -90, -30, -39.2, -55},     {"crouch_foot", 15, 50, 30.6, 32},
    {"lift_duration", 0.1, 0.45, 0.294, 0.15}, {"lift_hip", -30, 40, 26.9, 15},
    {"lift_knee", -125, -40, -88.3, -80},      {"lift_foot", -10, 70, 69, 45},
    {"swing_duration", 0.05, 0.3, 0.088, 0.1}, {"swing_hip", 30, 100, 65.6, 55},
    {"swing_knee", -70, 0, -11.5, -25},        {"swing_foot", -40, 45, 23.4, 10},
    {"settle_duration", 0.15, 0.6, 0.391, 0.3}, {"ball_x", 0.12, 0.28, 0.19, 0.17},
    {"ball_y", -0.13, 0.0, -0.06, -0.06},
};
constexpr int kCount = sizeof(kParams) / sizeof(kParams[0]);

std::string g_kick = "kick_long";
int g_type = 0;
std::string g_robots;  // a private copy of robots/ the candidates are written into

double value(const std::vector<double>& v, const char* name) {
  for (int i = 0; i < kCount; ++i)
    if (!std::strcmp(kParams[i].name, name)) return v[i];
  std::abort();
}

std::string motion_text(const std::vector<double>& v, double distance) {
  auto f = [&](const char* name) { return value(v, name); };
  double r = f("shift_roll"), k = f("shift_ratio");
  char text[4096];
  std::snprintf(
      text, sizeof text,
      "-- %s: right-foot kick found by libero_kick_search (tools/bench/motion/kick_search.cpp);\n"
      "-- the player mirrors it for the left foot. Degrees, SimSpark signs.\n"
      "return {\n"
      "  name = \"%s\",\n"
      "  -- ball placement (torso frame, right foot) and median travel: libero_motion_bench kick_motion\n"
      "  kick = { ball_x = %.3f, ball_y = %.3f, distance = %.1f },\n"
      "  frames = {\n"
      "    -- weight onto the left foot: legs tilt right under the torso\n"
      "    { duration = %.3f, angles = {\n"
      "        LHipRoll = %.1f, LFootRoll = %.1f, RHipRoll = %.1f, RFootRoll = %.1f,\n"
      "        LHipPitch = %.1f, LKneePitch = %.1f, LFootPitch = %.1f,\n"
      "        RHipPitch = %.1f, RKneePitch = %.1f, RFootPitch = %.1f } },\n"
      "    -- lift the right leg and draw it back\n"
      "    { duration = %.3f, angles = { RHipPitch = %.1f, RKneePitch = %.1f, RFootPitch = %.1f } },\n"
      "    -- swing through the ball\n"
      "    { duration = %.3f, angles = { RHipPitch = %.1f, RKneePitch = %.1f, RFootPitch = %.1f } },\n"
      "    -- set the leg down under the body\n"
      "    { duration = %.3f, angles = { RHipPitch = %.1f, RKneePitch = %.1f, RFootPitch = %.1f } },\n"
      "    { duration = 0.3, interruptible = true, angles = {\n"
      "        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },\n"
      "  },\n"
      "}\n",
      g_kick.c_str(), g_kick.c_str(), f("ball_x"), f("ball_y"), distance, f("shift_duration"), -r, r, -r * k, r * k,
      f("crouch_hip"), f("crouch_knee"), f("crouch_foot"), f("crouch_hip"), f("crouch_knee"), f("crouch_foot"),
      f("lift_duration"), f("lift_hip"), f("lift_knee"), f("lift_foot"), f("swing_duration"), f("swing_hip"),
      f("swing_knee"), f("swing_foot"), f("settle_duration"), f("crouch_hip"), f("crouch_knee"), f("crouch_foot"));
  return text;
}

struct Trial {
  double forward, sideways;
  bool fell;
};

// One kick with the ball off the spot by (dx, dy).
Trial kick_once(const std::vector<double>& v, double dx, double dy) {
  HarnessOptions o;
  o.robots_dir = g_robots;
  o.robot_type = g_type;
  auto created = MotionHarness::create(o);
  if (!created.ok()) {
    std::fprintf(stderr, "harness: %s\n", created.error().describe().c_str());
    std::exit(1);
  }
  MotionHarness& h = *created.value();
  h.run(1.0);
  Vec3 torso = h.torso_position();
  Vec3 ball(torso.x() + value(v, "ball_x") + dx, torso.y() + value(v, "ball_y") + dy, 0.042);
  h.world().set_ball_position(ball);
  h.world().set_ball_velocity(Vec3::Zero());
  h.requests().body = motion::kBodyMotion;
  std::snprintf(h.requests().motion_name, sizeof h.requests().motion_name, "%s", g_kick.c_str());
  for (int i = 0; i < 100; ++i) {
    h.step();
    if (std::getenv("KICK_SEARCH_TRACE") && i % 5 == 0)
      std::printf("   t %.2f z %.3f active %d state %d ball %.2f %.2f\n", i * 0.02, h.torso_position().z(),
                  h.status().active_body, h.status().state, h.world().ball_position().x() - ball.x(),
                  h.world().ball_position().y() - ball.y());
  }
  h.requests().body = motion::kBodyStand;
  bool fell = false;
  for (int i = 0; i < 100; ++i) {  // 2 s more: the ball rolls out, the robot must stay up
    h.step();
    fell = fell || h.fallen();
  }
  Vec3 d = h.world().ball_position() - ball;
  return {d.x(), d.y(), fell || h.fallen()};
}

struct Score {
  double total, distance, direction_deg;
  int falls;
};

Score evaluate(const std::vector<double>& v) {
  std::ofstream(g_robots + "/nao/motions/" + g_kick + ".lua") << motion_text(v, 0);
  const double offsets[][2] = {{0, 0}, {0.015, 0.01}, {-0.015, -0.01}, {0.0, -0.015}};
  Score s{};
  std::vector<double> distances;
  for (const auto& off : offsets) {
    Trial t = kick_once(v, off[0], off[1]);
    double along = t.forward - 1.5 * std::fabs(t.sideways);
    s.total += t.fell ? -6.0 + 0.1 * along : along;
    s.falls += t.fell;
    distances.push_back(std::hypot(t.forward, t.sideways));
    s.direction_deg = std::max(s.direction_deg, std::fabs(std::atan2(t.sideways, t.forward)) * 180 / kPi);
  }
  std::sort(distances.begin(), distances.end());
  s.distance = distances[distances.size() / 2];
  s.total /= 4;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: libero_kick_search kick_long|kick_short out.lua [--generations N] [--seed S] "
                         "[--type T] [--sigma S] [--lambda L]\n");
    return 2;
  }
  g_kick = argv[1];
  if (g_kick != "kick_long" && g_kick != "kick_short") {
    std::fprintf(stderr, "kick must be kick_long or kick_short\n");
    return 2;
  }
  const char* out = argv[2];
  int generations = 40, lambda = 12;
  unsigned seed = 1;
  double sigma = 0.15;
  for (int i = 3; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--generations") generations = std::atoi(argv[i + 1]);
    else if (a == "--seed") seed = static_cast<unsigned>(std::atoi(argv[i + 1]));
    else if (a == "--type") g_type = std::atoi(argv[i + 1]);
    else if (a == "--sigma") sigma = std::atof(argv[i + 1]);
    else if (a == "--lambda") lambda = std::atoi(argv[i + 1]);
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  g_robots = "/tmp/libero_kick_search_" + std::to_string(getpid());
  fs::remove_all(g_robots);
  fs::copy(std::string(LIBERO_SOURCE_DIR) + "/robots", g_robots, fs::copy_options::recursive);

  bool is_long = g_kick == "kick_long";
  Eigen::VectorXd mean(kCount);
  for (int i = 0; i < kCount; ++i) {
    double start = is_long ? kParams[i].start_long : kParams[i].start_short;
    mean[i] = (start - kParams[i].lo) / (kParams[i].hi - kParams[i].lo);
  }
  auto to_values = [](const Eigen::VectorXd& x) {
    std::vector<double> v(kCount);
    for (int i = 0; i < kCount; ++i)
      v[i] = kParams[i].lo + std::clamp(x[i], 0.0, 1.0) * (kParams[i].hi - kParams[i].lo);
    return v;
  };
  std::vector<double> best = to_values(mean);
  Score start = evaluate(best);
  double best_total = start.total, best_distance = start.distance;
  std::printf("start %.3f (distance %.2f m, worst direction %.1f deg, falls %d/4)\n", start.total, start.distance,
              start.direction_deg, start.falls);
  Cmaes cmaes(mean, sigma, lambda, seed);
  for (int g = 0; g < generations; ++g) {
    const std::vector<Eigen::VectorXd>& x = cmaes.ask();
    std::vector<double> fitness(x.size());
    std::vector<Score> scores(x.size());
    for (size_t k = 0; k < x.size(); ++k) {
      double outside = (x[k] - x[k].cwiseMax(0.0).cwiseMin(1.0)).squaredNorm();
      scores[k] = evaluate(to_values(x[k]));
      fitness[k] = scores[k].total - 10.0 * outside;
    }
    int top = cmaes.tell(fitness);
    const Score& s = scores[top];
    std::printf("gen %d best %.3f (distance %.2f m, worst direction %.1f deg, falls %d/4) sigma %.4f\n", g,
                fitness[top], s.distance, s.direction_deg, s.falls, cmaes.sigma());
    std::fflush(stdout);
    if (fitness[top] > best_total) {
      best_total = fitness[top];
      best = to_values(x[top]);
      best_distance = std::floor(s.distance * 10) / 10;
      std::ofstream(out) << motion_text(best, best_distance);
      std::printf("  new best -> %s\n", out);
    }
  }
  std::ofstream(out) << motion_text(best, best_distance);
  fs::remove_all(g_robots);
  std::printf("best %.3f -> %s (set the kick table's distance from libero_motion_bench kick_motion)\n", best_total, out);
  return 0;
}
