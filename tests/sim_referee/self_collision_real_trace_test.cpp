// The self-collision check (tools/sim/referee/self_collision.h) against
// rcssserver3d itself: joint angles the real server sent during get-ups
// (tests/sim_referee/data/*.trace, made by joint_trace_from_record.py from
// libero_skill_bench --keep-logs runs) go through our check cycle by cycle,
// and the pairs it finds, with how many cycles each, must be the ones the
// real server logged (ANALYSECOLLISIONS lines, the trace's header).
//
// Only detection is compared: the freezes were the real server's, so the
// angles already hold them. The counts may differ a little: a perceived
// angle is rounded to 0.01 deg, and rcssserver3d tests the bodies where ODE
// has them, which under load drift from where the joint angles put them
// (ODE's joints are soft), so near the tolerance the two answers can part.
// Type 3's front get-up, lying on the arm: rlowerarm-rshank 103 cycles here
// against 93 there (the server saw a 10-cycle gap in the middle); type 0's
// back get-up: one cycle of each lower arm on its foot here, none there.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "core/math.h"
#include "robot/description.h"
#include "tools/sim/referee/joint_trace.h"
#include "tools/sim/referee/self_collision.h"
#include "tools/sim/referee/self_collision_data.h"

using namespace libero;
using namespace libero::sim;

namespace {

const std::string kRobots = std::string(LIBERO_SOURCE_DIR) + "/robots";
const std::string kTraces = std::string(LIBERO_SOURCE_DIR) + "/tests/sim_referee/data";
// Per pair: a few cycles, or 15 % of the cycles the server logged.
int slack(int logged) { return std::max(3, logged * 15 / 100); }

struct Trace {
  int type = -1;
  std::map<std::string, int> logged;  // pair -> cycles rcssserver3d logged
  std::map<std::string, int> found;   // pair -> cycles our check finds
  int cycles = 0;
};

Trace replay(const std::filesystem::path& path) {
  Trace t;
  std::ifstream in(path);
  REQUIRE_MESSAGE(in.good(), "cannot read " << path);
  SelfCollisionModel model;
  SelfCollisionParams params;  // rcssserver3d's numbers
  SelfCollisionState state;
  std::string line;
  while (std::getline(in, line)) {
    Result<JointTraceLine> parsed = parse_joint_trace_line(line);
    REQUIRE_MESSAGE(parsed.ok(), path << ": " << parsed.error().describe());
    const JointTraceLine& l = parsed.value();
    if (l.kind == JointTraceLine::Kind::Type) {
      t.type = l.type;
      auto d = robot::load_robot_description(kRobots, "nao", t.type);
      REQUIRE_MESSAGE(d.ok(), d.error().describe());
      auto m = load_self_collision_model(kRobots, d.value());
      REQUIRE_MESSAGE(m.ok(), m.error().describe());
      model = m.value();
      continue;
    }
    if (l.kind == JointTraceLine::Kind::Logged) {
      t.logged[l.pair] = l.logged;
      continue;
    }
    if (l.kind != JointTraceLine::Kind::Angles) continue;
    REQUIRE_MESSAGE(t.type >= 0, path << ": angles before the type line");
    SelfCollisionCheck check;
    state.check(model, params, l.angles, t.cycles++, &check);
    for (int h = 0; h < check.hit_count; ++h)
      ++t.found[std::string(model.name[check.hits[h].box_a]) + "-" + model.name[check.hits[h].box_b]];
  }
  return t;
}

}  // namespace

TEST_CASE("on joint angles recorded on rcssserver3d the check finds the pairs the server logged") {
  int traces = 0, with_pairs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kTraces)) {
    if (entry.path().extension() != ".trace") continue;
    CAPTURE(entry.path().filename().string());
    const Trace t = replay(entry.path());
    ++traces;
    CHECK(t.cycles > 100);
    if (!t.logged.empty()) ++with_pairs;
    for (const auto& [pair, n] : t.logged) {
      CAPTURE(pair);
      const auto it = t.found.find(pair);
      const int found = it == t.found.end() ? 0 : it->second;
      CHECK(found >= n - slack(n));
      CHECK(found <= n + slack(n));
    }
    for (const auto& [pair, n] : t.found) {
      CAPTURE(pair);
      if (t.logged.count(pair) == 0)
        CHECK_MESSAGE(n <= slack(0), "our check found " << n << " cycles the server never logged");
    }
  }
  // Both kinds must be there: a trace with collisions and one without.
  CHECK(traces >= 2);
  CHECK(with_pairs >= 1);
  CHECK(with_pairs < traces);
}

TEST_CASE("joint-trace lines: each kind read, a malformed one refused naming it") {
  Result<JointTraceLine> type = parse_joint_trace_line("type 3");
  REQUIRE(type.ok());
  CHECK(type->kind == JointTraceLine::Kind::Type);
  CHECK(type->type == 3);
  Result<JointTraceLine> logged = parse_joint_trace_line("logged llowerarm-lshank 7");
  REQUIRE(logged.ok());
  CHECK(logged->kind == JointTraceLine::Kind::Logged);
  CHECK(logged->pair == "llowerarm-lshank");
  CHECK(logged->logged == 7);
  std::string angles = "1.42";
  for (int j = 0; j < kJointCount; ++j) angles += j == 3 ? " 90" : " 0";
  Result<JointTraceLine> line = parse_joint_trace_line(angles);
  REQUIRE(line.ok());
  CHECK(line->kind == JointTraceLine::Kind::Angles);
  CHECK(line->time == doctest::Approx(1.42));
  CHECK(line->angles[3] == doctest::Approx(kPi / 2));
  CHECK(parse_joint_trace_line("").value().kind == JointTraceLine::Kind::Nothing);
  CHECK(parse_joint_trace_line("# a comment").value().kind == JointTraceLine::Kind::Nothing);
  for (const char* bad : {"type x", "logged pair", "1.42 0 0 0"}) {
    CAPTURE(bad);
    Result<JointTraceLine> refused = parse_joint_trace_line(bad);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().describe().find(bad) != std::string::npos);
  }
}
