// libero_self_collision_margin: how close a recorded motion came to
// rcssserver3d's self-collision rule. Reads joint traces (the format of
// tests/sim_referee/joint_trace_from_record.py: a `type T` line, then per
// PlayOn percept the game time and the 24 perceived joint angles in degrees)
// and prints, per box pair the rule tests, the largest overlap the pair
// reached (the largest tolerance at which tools/sim/referee's check would
// have called it, m) and when; the rule calls a pair at 0.04 m.
//
// Why: a get-up that passes the rule by a hair on one server and not on the
// other freezes its limbs for 1 s in some runs and not in others (type 0's
// back get-up with SimSpark's slip: docs/simulator.md, "Get-ups with the
// slip"); the overlap shows the margin where the yes/no of the rule does not.
// The check runs on joint angles; rcssserver3d's on ODE's body poses, which
// under load drift a little from them (tests/sim_referee), so a real-server
// trace's margin is the angles' one.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/math.h"
#include "robot/description.h"
#include "robot/kinematics.h"
#include "bench_args.h"
#include "tools/sim/referee/joint_trace.h"
#include "tools/sim/referee/self_collision.h"
#include "tools/sim/referee/self_collision_data.h"

using namespace libero;
using namespace libero::sim;

namespace {

const char* const kUsage =
    "usage: libero_self_collision_margin TRACE... [options]\n"
    "  TRACE       a joint trace (tests/sim_referee/joint_trace_from_record.py RUN_DIR TYPE WHAT)\n"
    "  --robots D  robot data (default: the repo's robots/)\n"
    "  --from S, --to S  only the percepts with game time from S to S' (default: all)\n"
    "Prints, per trace, the pairs whose boxes overlapped by more than 0 m: the largest overlap\n"
    "(m; the rule calls a pair at 0.04) and its game time. Exit 1 on an unreadable or empty trace,\n"
    "2 on bad arguments.\n";

// The largest tolerance at which the boxes still count as colliding (the
// overlap on their least-overlapping separating axis), by bisection to 0.1 mm;
// 0 when they do not overlap at all.
double overlap(const Iso3& a, const Vec3& half_a, const Iso3& b, const Vec3& half_b) {
  if (!boxes_collide(a, half_a, b, half_b, 0.0)) return 0;
  double lo = 0, hi = 0.5;
  while (hi - lo > 1e-4) {
    const double mid = (lo + hi) / 2;
    (boxes_collide(a, half_a, b, half_b, mid) ? lo : hi) = mid;
  }
  return lo;
}

struct Peak {
  double overlap = 0, time = 0;
};

bool margin(const std::string& robots, const std::string& path, double from, double to) {
  std::ifstream in(path);
  if (!in.good()) {
    std::fprintf(stderr, "libero_self_collision_margin: cannot read %s\n", path.c_str());
    return false;
  }
  SelfCollisionModel model;
  bool have_model = false;
  std::map<std::string, Peak> peaks;
  std::string line;
  while (std::getline(in, line)) {
    Result<JointTraceLine> parsed = parse_joint_trace_line(line);
    if (!parsed.ok()) {
      std::fprintf(stderr, "libero_self_collision_margin: %s: %s\n", path.c_str(), parsed.error().describe().c_str());
      return false;
    }
    const JointTraceLine& t = parsed.value();
    if (t.kind == JointTraceLine::Kind::Type) {
      auto d = robot::load_robot_description(robots, "nao", t.type);
      if (!d.ok()) {
        std::fprintf(stderr, "libero_self_collision_margin: %s\n", d.error().describe().c_str());
        return false;
      }
      auto m = load_self_collision_model(robots, d.value());
      if (!m.ok()) {
        std::fprintf(stderr, "libero_self_collision_margin: %s\n", m.error().describe().c_str());
        return false;
      }
      model = m.value();
      have_model = true;
      continue;
    }
    if (t.kind != JointTraceLine::Kind::Angles) continue;
    if (!have_model) {
      std::fprintf(stderr, "libero_self_collision_margin: %s: angles before the type line: %s\n", path.c_str(),
                   line.c_str());
      return false;
    }
    const double time = t.time;
    if (time < from || time > to) continue;
    robot::BodyPoses poses;
    robot::forward_kinematics(model.kinematics, t.angles, &poses);
    for (int p = 0; p < model.pair_count; ++p) {
      const int a = model.pair[p][0], b = model.pair[p][1];
      const double o = overlap(poses.pose[model.box_body[a]], model.half_extent[a], poses.pose[model.box_body[b]],
                               model.half_extent[b]);
      if (o <= 0) continue;
      Peak& peak = peaks[std::string(model.name[a]) + "-" + model.name[b]];
      if (o > peak.overlap) peak = Peak{o, time};
    }
  }
  if (!have_model) {
    std::fprintf(stderr, "libero_self_collision_margin: %s: no `type` line, no angles\n", path.c_str());
    return false;
  }
  std::vector<std::pair<std::string, Peak>> sorted(peaks.begin(), peaks.end());
  std::sort(sorted.begin(), sorted.end(), [](const auto& x, const auto& y) { return x.second.overlap > y.second.overlap; });
  std::printf("%s:", path.c_str());
  if (sorted.empty()) std::printf(" no overlap");
  for (const auto& [pair, peak] : sorted) std::printf(" %s %.4f m at %.2f s;", pair.c_str(), peak.overlap, peak.time);
  std::printf("\n");
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string robots = std::string(LIBERO_SOURCE_DIR) + "/robots";
  double from = 0, to = 1e6;
  std::vector<std::string> traces;
  bench::Args args(argc, argv);
  if (args.positional("a trace file")) traces.push_back(args.file("a trace file"));
  while (args.next()) {
    const std::string& a = args.arg();
    if (a == "--robots") robots = args.value();
    else if (a == "--from") from = args.number(0, 1e6);
    else if (a == "--to") to = args.number(0, 1e6);
    else if (a.rfind('-', 0) == 0) args.unknown_option();
    else traces.push_back(a);
  }
  if (std::optional<int> status = args.finish("libero_self_collision_margin", kUsage)) return *status;
  bool ok = true;
  for (const std::string& t : traces) ok = margin(robots, t, from, to) && ok;
  return ok ? 0 : 1;
}
