// rcssserver3d's self-collision rule in the in-process motion harness (the
// same code `libero serve` runs, tools/sim/referee/self_collision.h): a
// scripted pose that brings the right lower arm onto the right thigh
// freezes the right arm's and right leg's joints for exactly 1 s and not
// again until 3 s after; a pose that keeps them apart is never frozen. The
// protocol-level twin, on `libero serve` and on rcssserver3d, is
// tests/sim_referee/self_collision_client.py (same script).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <unistd.h>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/math.h"
#include "motion_harness.h"
#include "self_collision_script.h"

using namespace libero;
using namespace libero::bench;

namespace {

std::unique_ptr<MotionHarness> make(const std::string& physics_file = "") {
  HarnessOptions o;
  o.robots_dir = std::string(LIBERO_SOURCE_DIR) + "/robots";
  o.motion_enabled = false;
  o.physics_file = physics_file;
  auto h = MotionHarness::create(o);
  REQUIRE_MESSAGE(h.ok(), (h.ok() ? "" : h.error().describe()));
  return std::move(h.value());
}

struct Cycle {
  double angle[kJointCount] = {};
  sim::JointMask frozen = 0;
};

// Plays the script from lying on the back; one entry per cycle.
std::vector<Cycle> play(MotionHarness& h, bool collide, double seconds) {
  h.lay_down(false);
  std::vector<Cycle> trace;
  const int cycles = static_cast<int>(seconds / 0.02 + 0.5);
  for (int k = 0; k < cycles; ++k) {
    double velocity[kJointCount];
    test::self_collision_script(k * 0.02, collide, h.readings().joint_angle, velocity);
    for (int j = 0; j < kJointCount; ++j) h.set_velocity(static_cast<Joint>(j), velocity[j]);
    h.step();
    Cycle c;
    for (int j = 0; j < kJointCount; ++j) c.angle[j] = h.readings().joint_angle[j];
    for (int j = 0; j < kJointCount; ++j)
      if (h.joint_frozen(static_cast<Joint>(j))) c.frozen |= sim::joint_bit(j);
    trace.push_back(c);
  }
  return trace;
}

constexpr sim::JointMask kRightArm = sim::joint_bit(kRShoulderPitch) | sim::joint_bit(kRShoulderYaw) |
                                     sim::joint_bit(kRArmRoll) | sim::joint_bit(kRArmYaw);
constexpr sim::JointMask kRightLeg = sim::joint_bit(kRHipYawPitch) | sim::joint_bit(kRHipRoll) |
                                     sim::joint_bit(kRHipPitch) | sim::joint_bit(kRKneePitch) |
                                     sim::joint_bit(kRFootPitch) | sim::joint_bit(kRFootRoll);

}  // namespace

TEST_CASE("the lower arm on the thigh freezes the right arm and leg for 1 s, and not again within 3 s") {
  auto h = make();
  const std::vector<Cycle> trace = play(*h, true, test::kSelfCollisionScriptSeconds);
  // Runs of frozen cycles: (first cycle, length, mask).
  struct Run {
    int first = 0, length = 0;
    sim::JointMask mask = 0;
  };
  std::vector<Run> runs;
  for (int k = 0; k < static_cast<int>(trace.size()); ++k) {
    if (trace[k].frozen == 0) continue;
    if (!runs.empty() && runs.back().first + runs.back().length == k && runs.back().mask == trace[k].frozen)
      ++runs.back().length;
    else
      runs.push_back(Run{k, 1, trace[k].frozen});
  }
  REQUIRE_MESSAGE(!runs.empty(), "the scripted pose never froze a joint");
  for (const Run& r : runs)
    MESSAGE("frozen from t = " << r.first * 0.02 << " s for " << r.length << " cycles, joint mask " << r.mask);
  // The first freeze: exactly the two limbs, 50 cycles (1.0 s), while the
  // script drives the pose towards the collision.
  CHECK(runs[0].mask == (kRightArm | kRightLeg));
  CHECK(runs[0].length == 50);
  CHECK(runs[0].first * 0.02 > test::kSelfCollisionApproachStart);
  // Commanded, yet still: the right shoulder roll (driven inwards at up to
  // 2 rad/s, 2.3 deg a cycle) moves less than 0.1 deg a cycle while frozen,
  // and moves on right after.
  const int f = runs[0].first;
  for (int k = f + 2; k < f + 50; ++k)
    CHECK(std::abs(rad2deg(trace[k].angle[kRShoulderYaw] - trace[k - 1].angle[kRShoulderYaw])) < 0.1);
  double after = 0;
  for (int k = f + 51; k < f + 56; ++k) after += std::abs(rad2deg(trace[k].angle[kRShoulderYaw] - trace[k - 1].angle[kRShoulderYaw]));
  CHECK(after > 1.0);
  // The left arm, never in a collision, keeps moving all along.
  double left = 0;
  for (int k = f + 1; k < f + 50; ++k) left += std::abs(rad2deg(trace[k].angle[kLShoulderPitch] - trace[k - 1].angle[kLShoulderPitch]));
  CHECK(left > 20.0);
  // The pose stays in the collision; the next freeze comes only after 3 s.
  REQUIRE(runs.size() >= 2);
  CHECK(runs[1].first - runs[0].first == 150);
  CHECK(runs[1].mask == (kRightArm | kRightLeg));
  CHECK(h->self_collision_pairs().find("rlowerarm-rthigh") != std::string::npos);
}

TEST_CASE("the same script with the arm kept out of the way never freezes anything") {
  auto h = make();
  const std::vector<Cycle> trace = play(*h, false, test::kSelfCollisionScriptSeconds);
  int frozen = 0;
  for (const Cycle& c : trace) frozen += c.frozen != 0 ? 1 : 0;
  CHECK(frozen == 0);
  CHECK(h->self_collision_cycles() == 0);
  CHECK(h->self_collision_pairs().empty());
  // ...and the leg did get there: the thigh is raised as in the colliding run.
  CHECK(rad2deg(trace.back().angle[kRHipPitch]) > 80);
}

TEST_CASE("with the rule switched off in the physics file the colliding script is never frozen") {
  std::ifstream in(std::string(LIBERO_SOURCE_DIR) + "/robots/simulator.lua");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string on = "enabled = true,";
  REQUIRE(text.find(on) != std::string::npos);
  text.replace(text.find(on), on.size(), "enabled = false,");
  const std::string path = "/tmp/libero_self_collision_off_" + std::to_string(::getpid()) + ".lua";
  {
    std::ofstream out(path);
    out << text;
  }
  auto h = make(path);
  std::remove(path.c_str());
  const std::vector<Cycle> trace = play(*h, true, test::kSelfCollisionScriptSeconds);
  int frozen = 0;
  for (const Cycle& c : trace) frozen += c.frozen != 0 ? 1 : 0;
  CHECK(frozen == 0);
  CHECK(h->self_collision_cycles() == 0);
}
