// Unit tests of the motion parts that need no simulator: leg IK against its
// forward kinematics, the joint controller against the server's delay
// model, the keyframe curve rule, mirroring, the motion file parser, the
// walk engine's stand pose and turn feedback.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "motion/imu_filter.h"
#include "motion/joint_controller.h"
#include "motion/keyframe.h"
#include "motion/leg_ik.h"
#include "motion/motion_library.h"
#include "motion/walk.h"
#include "motion/walk_params.h"

using namespace libero;
using namespace libero::motion;

namespace {
// Each of `values` for the motion-level field `field` is refused, the error
// naming the field.
void check_motion_field_rejected(const char* field, std::initializer_list<const char*> values) {
  for (const char* bad : values) {
    CAPTURE(bad);
    auto wrong = parse_motion_text(std::string("return { name = 'g', ") + field + " = " + bad +
                                       ", frames = { { duration = 1, angles = {} } } }",
                                   "g.lua");
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().message.find(field) != std::string::npos);
  }
}
}  // namespace

TEST_CASE("leg IK inverts leg FK on both sides") {
  LegGeometry g = default_leg_geometry();
  const double poses[][6] = {{0, 0, 0.4, -0.8, 0.4, 0},
                             {-0.3, 0.1, 0.6, -1.2, 0.5, -0.1},
                             {-0.1, -0.2, -0.2, -0.3, 0.3, 0.15},
                             {-0.5, 0.05, 0.9, -1.6, 0.6, 0.05}};
  for (Side side : {kLeft, kRight}) {
    for (const auto& pose : poses) {
      LegAngles in{};
      for (int k = 0; k < 6; ++k) in.q[k] = pose[k];
      Vec3 ankle;
      Mat3 foot;
      leg_forward(g, side, in, &ankle, &foot);
      LegAngles out{};
      CHECK(solve_leg(g, side, ankle, foot, &out));
      Vec3 ankle2;
      Mat3 foot2;
      leg_forward(g, side, out, &ankle2, &foot2);
      CHECK((ankle2 - ankle).norm() < 1e-6);
      CHECK((foot2 - foot).norm() < 1e-6);
      for (int k = 0; k < 6; ++k) CHECK(out.q[k] == doctest::Approx(in.q[k]).epsilon(1e-6));
    }
  }
}

TEST_CASE("leg IK clamps an unreachable target and says so") {
  LegGeometry g = default_leg_geometry();
  LegAngles out{};
  CHECK_FALSE(solve_leg(g, kLeft, Vec3(0, 0.055, -1.0), Mat3::Identity(), &out));
  for (double q : out.q) CHECK(std::isfinite(q));
}

namespace {
JointLimit limits_all[kJointCount];
void setup_limits() {
  for (int j = 0; j < kJointCount; ++j) limits_all[j] = {true, -2.0, 2.0, 6.1395};
}
// The server model (simspark-facts §4): the command sent for percept k
// drives the step that produces percept k+2; the previous command drives
// the step to k+1.
struct DelayedJoint {
  double angle = 0, pending = 0;
  void apply(double command) {
    angle += pending * kCycleSeconds;
    pending = command;
  }
};
}  // namespace

TEST_CASE("joint controller reaches a step target without overshoot under the one-cycle delay") {
  setup_limits();
  JointController controller;
  controller.configure(limits_all, {});
  DelayedJoint joint[kJointCount];
  double measured[kJointCount] = {}, target[kJointCount] = {}, velocity[kJointCount] = {};
  for (double& t : target) t = 0.5;
  double peak = 0;
  for (int cycle = 0; cycle < 60; ++cycle) {
    for (int j = 0; j < kJointCount; ++j) measured[j] = joint[j].angle;
    controller.step(measured, target, velocity);
    for (int j = 0; j < kJointCount; ++j) {
      CHECK(std::abs(velocity[j]) <= 6.1395 + 1e-9);
      joint[j].apply(velocity[j]);
    }
    peak = std::max(peak, joint[0].angle);
  }
  CHECK(joint[0].angle == doctest::Approx(0.5).epsilon(1e-3));
  CHECK(peak < 0.5 + 0.02);
}

TEST_CASE("joint controller keeps targets inside the joint range") {
  setup_limits();
  JointController controller;
  controller.configure(limits_all, {});
  double measured[kJointCount] = {}, target[kJointCount] = {}, velocity[kJointCount] = {};
  for (double& t : target) t = 5.0;
  DelayedJoint joint;
  for (int cycle = 0; cycle < 100; ++cycle) {
    measured[0] = joint.angle;
    controller.step(measured, target, velocity);
    joint.apply(velocity[0]);
    CHECK(joint.angle <= 2.0 - 0.005);
  }
  CHECK(joint.angle == doctest::Approx(1.99).epsilon(1e-3));
}

TEST_CASE("keyframe curve: zero end velocity where a joint turns round, mean slope elsewhere") {
  KeyframeMotion m;
  m.name = "test";
  KeyFrame a, b, c;
  a.duration = 0.2; a.has_angle[kNeckYaw] = true; a.angle[kNeckYaw] = 0.4;
  b.duration = 0.2; b.has_angle[kNeckYaw] = true; b.angle[kNeckYaw] = 0.8;
  c.duration = 0.2; c.has_angle[kNeckYaw] = true; c.angle[kNeckYaw] = 0.2;
  m.frames = {a, b, c};
  double start[kJointCount] = {};
  KeyframePlayer player;
  player.start(m, start, false);
  double target[kJointCount];
  double last = 0, at_02 = 0;
  bool monotone_first = true;
  int cycles = 0;
  while (player.step(0.0, KeyframeSense{}, target)) {
    ++cycles;
    double t = player.elapsed();
    if (t <= 0.4 + 1e-9 && target[kNeckYaw] < last - 1e-12) monotone_first = false;
    if (std::abs(t - 0.2) < 1e-9) at_02 = target[kNeckYaw];
    last = target[kNeckYaw];
    CHECK(target[kNeckYaw] <= 0.8 + 1e-9);  // no overshoot at the reversal
  }
  CHECK(monotone_first);
  CHECK(at_02 == doctest::Approx(0.4));
  CHECK(target[kNeckYaw] == doctest::Approx(0.2));
  CHECK(cycles >= 28);
  CHECK_FALSE(player.running());
}

TEST_CASE("keyframe delays: a delayed joint holds until its delay, then reaches the frame's target on time") {
  KeyframeMotion m;
  m.name = "test";
  KeyFrame a, b;
  // Frame 1: both hips to 0.2 rad. Frame 2 (0.2 s): the right hip at once,
  // the left one after 0.12 s; both reach 0.8 at the frame's end.
  a.duration = 0.2;
  a.has_angle[kRHipPitch] = a.has_angle[kLHipPitch] = true;
  a.angle[kRHipPitch] = a.angle[kLHipPitch] = 0.2;
  b.duration = 0.2;
  b.has_angle[kRHipPitch] = b.has_angle[kLHipPitch] = true;
  b.angle[kRHipPitch] = b.angle[kLHipPitch] = 0.8;
  b.delay[kLHipPitch] = 0.12;
  m.frames = {a, b};
  double start[kJointCount] = {};
  for (bool mirrored : {false, true}) {
    CAPTURE(mirrored);
    // Mirrored, the delay goes with the joint to the other side.
    const Joint delayed = mirrored ? kRHipPitch : kLHipPitch, prompt = mirrored ? kLHipPitch : kRHipPitch;
    KeyframePlayer player;
    player.start(m, start, mirrored);
    double target[kJointCount];
    double delayed_at[21] = {}, prompt_at[21] = {};
    int cycle = 0;
    while (player.step(0.0, KeyframeSense{}, target) && cycle < 20) {
      ++cycle;
      delayed_at[cycle] = target[delayed];
      prompt_at[cycle] = target[prompt];
    }
    // Frame 1 is the same for both joints (no delay there).
    CHECK(delayed_at[10] == doctest::Approx(0.2));
    CHECK(prompt_at[10] == doctest::Approx(0.2));
    // Frame 2: the prompt joint moves from its start, the delayed one holds
    // through 0.12 s (cycles 11-16), is at rest as it sets off (a frame point
    // where it waits has zero end velocity), and arrives with the other.
    CHECK(prompt_at[11] > 0.2 + 1e-3);
    for (int k = 11; k <= 16; ++k) CHECK(delayed_at[k] == doctest::Approx(0.2));
    CHECK(delayed_at[17] > 0.2);
    CHECK(delayed_at[17] - 0.2 < delayed_at[18] - delayed_at[17]);  // sets off from rest
    CHECK(delayed_at[19] > delayed_at[18]);
  }
  KeyframePlayer player;
  player.start(m, start, false);
  double target[kJointCount];
  while (player.step(0.0, KeyframeSense{}, target)) {
  }
  CHECK(target[kLHipPitch] == doctest::Approx(0.8));
  CHECK(target[kRHipPitch] == doctest::Approx(0.8));
}

TEST_CASE("keyframe wait_pitch: a frame's end holds the pose until the torso has pitched that far, at most wait_max") {
  KeyframeMotion m;
  m.name = "test";
  KeyFrame a, b;
  a.duration = 0.1;  // to 0.5 rad, then wait for 0.1 rad of forward pitch, at most 0.2 s
  a.has_angle[kRHipPitch] = true;
  a.angle[kRHipPitch] = 0.5;
  a.wait_for_pitch = true;
  a.wait_pitch = 0.1;
  a.wait_max = 0.2;
  b.duration = 0.1;
  b.has_angle[kRHipPitch] = true;
  b.angle[kRHipPitch] = 1.0;
  m.frames = {a, b};
  double start[kJointCount] = {};
  // Runs the motion with the torso pitching at `rate` rad/s from cycle
  // `from` on; returns the cycles it took and the targets (lookahead 0.02 s).
  auto run = [&](double rate, int from, std::vector<double>* targets, KeyframePlayer* player) {
    player->start(m, start, false);
    double target[kJointCount];
    int cycle = 0;
    KeyframeSense sense;
    do {
      sense.pitch_rate = cycle >= from ? rate : 0.0;
      ++cycle;
      bool running = player->step(0.02, sense, target);
      targets->push_back(target[kRHipPitch]);
      if (!running) break;
    } while (cycle < 100);
    return cycle;
  };
  KeyframePlayer player;
  std::vector<double> still, pitching, early, backwards, unused;
  // The cycles the frames take without the wait (0.2 s).
  m.frames[0].wait_for_pitch = false;
  const int plain = run(0.0, 0, &unused, &player);
  CHECK(plain >= 10);
  CHECK(player.waited() == 0);
  m.frames[0].wait_for_pitch = true;
  // Still torso: holds for the whole wait_max (10 cycles) at frame 1's pose.
  CHECK(run(0.0, 0, &still, &player) == plain + 10);
  CHECK(player.waited() == doctest::Approx(0.2));
  for (int k = 4; k < 14; ++k) CHECK(still[k] == doctest::Approx(0.5));  // the lookahead stops at the wait
  CHECK(still.back() == doctest::Approx(1.0));
  // Pitching forward at 1.1 rad/s from the frame's end (cycle 6 on): past 0.1 rad in cycle 10, after 4 held.
  CHECK(run(1.1, 5, &pitching, &player) == plain + 4);
  CHECK(player.waited() == doctest::Approx(0.08));
  // Already pitched past 0.1 rad when the frame ends: no wait at all.
  CHECK(run(2.0, 0, &early, &player) == plain);
  CHECK(player.waited() == 0);
  // Pitching backwards never reaches a forward wait: the whole wait_max.
  CHECK(run(-1.0, 0, &backwards, &player) == plain + 10);
  // A backward wait (negative wait_pitch) is reached by pitching backwards.
  m.frames[0].wait_pitch = -0.1;
  backwards.clear();
  CHECK(run(-2.0, 0, &backwards, &player) == plain);
  // A wait on the last frame holds before the motion ends.
  m.frames[0].wait_for_pitch = false;
  m.frames[1].wait_for_pitch = true;
  m.frames[1].wait_pitch = 0.1;
  m.frames[1].wait_max = 0.1;
  std::vector<double> last;
  CHECK(run(0.0, 0, &last, &player) == plain + 5);
  CHECK(last.back() == doctest::Approx(1.0));
}

// frame() names the frame playing (the get-up's trace reads it, and
// interruptible() goes by it): 0 before the start and after the end.
TEST_CASE("keyframe player: frame() follows the frames, 0 when stopped") {
  KeyframeMotion m;
  m.name = "test";
  KeyFrame a, b;
  a.duration = 0.1;  // 5 cycles
  a.has_angle[kRHipPitch] = true;
  b.duration = 0.1;
  b.has_angle[kRHipPitch] = true;
  b.interruptible = true;
  m.frames = {a, b};
  double start[kJointCount] = {}, target[kJointCount];
  KeyframePlayer player;
  CHECK(player.frame() == 0);
  player.start(m, start, false);
  std::vector<int> frames;
  std::vector<bool> interruptible;
  while (player.step(0.0, KeyframeSense{}, target)) {
    frames.push_back(player.frame());
    interruptible.push_back(player.interruptible());
  }
  CHECK(player.frame() == 0);
  REQUIRE(frames.size() >= 8);
  CHECK(frames.front() == 1);
  CHECK(frames.back() == 2);
  for (size_t k = 1; k < frames.size(); ++k) CHECK(frames[k] >= frames[k - 1]);
  for (size_t k = 0; k < frames.size(); ++k) CHECK(interruptible[k] == (frames[k] == 2));
}

TEST_CASE("keyframe ball shifts: a kick's joints follow the ball's offset from the spot, mirrored with the motion") {
  KeyframeMotion m;
  m.name = "test";
  KeyFrame a, b, c;
  // Frame 1 shifts the right hip roll by 1 degree per cm of ball to the
  // left and the right hip pitch by 2 per cm ahead; frame 2 leaves the roll
  // (it keeps the shift) and sets the pitch again (no shift); frame 3 sets
  // the roll without one.
  a.duration = b.duration = c.duration = 0.1;
  a.has_angle[kRHipRoll] = a.has_angle[kRHipPitch] = true;
  a.angle[kRHipRoll] = -0.2;
  a.angle[kRHipPitch] = 0.3;
  a.ball_shift_y[kRHipRoll] = deg2rad(1.0) / 0.01;
  a.ball_shift_x[kRHipPitch] = deg2rad(2.0) / 0.01;
  b.has_angle[kRHipPitch] = true;
  b.angle[kRHipPitch] = 0.5;
  c.has_angle[kRHipRoll] = true;
  c.angle[kRHipRoll] = 0.0;
  m.frames = {a, b, c};
  double start[kJointCount] = {};
  // Targets at the end of frames 1 and 2 and of the motion, for a ball (dx, dy) off the spot.
  auto play = [&](bool mirrored, double dx, double dy, double out[3][kJointCount]) {
    KeyframePlayer player;
    player.start(m, start, mirrored, dx, dy);
    double target[kJointCount];
    int cycle = 0;
    while (player.step(0.0, KeyframeSense{}, target)) {
      ++cycle;
      if (cycle == 5) std::memcpy(out[0], target, sizeof target);
      if (cycle == 10) std::memcpy(out[1], target, sizeof target);
    }
    std::memcpy(out[2], target, sizeof target);
  };
  double plain[3][kJointCount], shifted[3][kJointCount], mirrored[3][kJointCount], far[3][kJointCount];
  play(false, 0, 0, plain);
  play(false, 0.02, 0.03, shifted);
  CHECK(plain[0][kRHipRoll] == doctest::Approx(-0.2));
  CHECK(shifted[0][kRHipRoll] == doctest::Approx(-0.2 + deg2rad(3.0)));
  CHECK(shifted[0][kRHipPitch] == doctest::Approx(0.3 + deg2rad(4.0)));
  CHECK(shifted[1][kRHipRoll] == doctest::Approx(-0.2 + deg2rad(3.0)));  // kept where the frame does not set it
  CHECK(shifted[1][kRHipPitch] == doctest::Approx(0.5));               // set again without a shift
  CHECK(shifted[2][kRHipRoll] == doctest::Approx(0.0));
  // Mirrored (a left-foot kick): the left hip follows a ball to the right as
  // the right hip follows one to the left, roll negated as the pose is.
  play(true, 0.02, -0.03, mirrored);
  CHECK(mirrored[0][kLHipRoll] == doctest::Approx(-shifted[0][kRHipRoll]));
  CHECK(mirrored[0][kLHipPitch] == doctest::Approx(shifted[0][kRHipPitch]));
  CHECK(mirrored[0][kRHipRoll] == 0);
  // Offsets beyond kMaxBallShiftOffset are held to it.
  play(false, 0.2, -0.2, far);
  CHECK(far[0][kRHipRoll] == doctest::Approx(-0.2 - deg2rad(1.0) * kMaxBallShiftOffset / 0.01));
  CHECK(far[0][kRHipPitch] == doctest::Approx(0.3 + deg2rad(2.0) * kMaxBallShiftOffset / 0.01));
}

TEST_CASE("keyframe level_feet: soles level under any torso tilt, turned by level_feet_lean's share of it") {
  KeyframeMotion m;
  m.name = "rise";
  KeyFrame f;
  f.duration = 0.4;
  f.level_feet = true;
  f.has_angle[kLHipPitch] = f.has_angle[kRHipPitch] = true;
  f.angle[kLHipPitch] = f.angle[kRHipPitch] = deg2rad(40);
  f.has_angle[kLKneePitch] = f.has_angle[kRKneePitch] = true;
  f.angle[kLKneePitch] = f.angle[kRKneePitch] = deg2rad(-70);
  f.has_angle[kLHipRoll] = true;
  f.angle[kLHipRoll] = deg2rad(5);
  m.frames = {f};
  double start[kJointCount] = {};
  // The sole's pitch and roll in the world (simspark-facts §1.3): torso pitch
  // - (hip + knee + ankle pitch), torso roll + hip roll + ankle roll.
  auto sole_pitch = [](const double q[kJointCount], double torso_pitch, Side side) {
    return side == kLeft ? torso_pitch - q[kLHipPitch] - q[kLKneePitch] - q[kLFootPitch]
                         : torso_pitch - q[kRHipPitch] - q[kRKneePitch] - q[kRFootPitch];
  };
  auto sole_roll = [](const double q[kJointCount], double torso_roll, Side side) {
    return side == kLeft ? torso_roll + q[kLHipRoll] + q[kLFootRoll] : torso_roll + q[kRHipRoll] + q[kRFootRoll];
  };
  for (double lean : {0.0, 0.25}) {
    m.frames[0].level_feet_lean = lean;
    for (double torso_pitch : {-0.3, 0.0, 0.2})
    for (double torso_roll : {-0.2, 0.1}) {
      CAPTURE(lean);
      CAPTURE(torso_pitch);
      CAPTURE(torso_roll);
      KeyframePlayer player;
      player.start(m, start, false);
      double target[kJointCount];
      player.step(0.0, KeyframeSense{torso_pitch, torso_roll, 0, 0}, target);
      // Leaning forward the soles turn toes-down by the share (pressing the
      // toes into the ground pushes the torso back); leaning sideways they
      // press the edge on that side.
      for (Side side : {kLeft, kRight}) {
        CHECK(sole_pitch(target, torso_pitch, side) == doctest::Approx(lean * torso_pitch));
        CHECK(sole_roll(target, torso_roll, side) == doctest::Approx(lean * torso_roll));
      }
    }
  }
}

TEST_CASE("keyframe gyro_ankle_*: the frame's ankles move by gain x torso rate, both legs, mirrored or not") {
  KeyframeMotion m;
  m.name = "kick";
  KeyFrame shift;
  shift.duration = 0.4;
  shift.gyro_ankle_pitch = -0.05;
  shift.gyro_ankle_roll = 0.1;
  shift.has_angle[kLFootPitch] = shift.has_angle[kRFootPitch] = true;
  shift.angle[kLFootPitch] = 0.3;
  shift.angle[kRFootPitch] = 0.2;
  shift.has_angle[kLFootRoll] = true;
  shift.angle[kLFootRoll] = 0.1;
  KeyFrame swing;  // no damping: the plain curve
  swing.duration = 0.4;
  m.frames = {shift, swing};
  double start[kJointCount] = {};
  for (bool mirrored : {false, true}) {
    CAPTURE(mirrored);
    KeyframePlayer still, moving;
    still.start(m, start, mirrored);
    moving.start(m, start, mirrored);
    double plain[kJointCount], damped[kJointCount];
    const KeyframeSense rates{0, 0, 0.8, -0.5};
    for (int cycle = 0; cycle < 40; ++cycle) {
      CAPTURE(cycle);
      still.step(0.0, KeyframeSense{}, plain);
      moving.step(0.0, rates, damped);
      if (cycle >= 18 && cycle <= 20) continue;  // the frames' boundary: either may hold
      const bool in_shift = cycle < 18;
      const double pitch = in_shift ? -0.05 * 0.8 : 0.0, roll = in_shift ? 0.1 * -0.5 : 0.0;
      for (Joint j : {kLFootPitch, kRFootPitch}) CHECK(damped[j] - plain[j] == doctest::Approx(pitch));
      for (Joint j : {kLFootRoll, kRFootRoll}) CHECK(damped[j] - plain[j] == doctest::Approx(roll));
      for (Joint j : {kLHipPitch, kRKneePitch, kLHipRoll}) CHECK(damped[j] == doctest::Approx(plain[j]));
    }
  }
}

TEST_CASE("keyframe pitch_support_ankle: the standing foot's ankle steers the gyro's pitch onto the reference") {
  KeyframeMotion m;
  m.name = "kick";
  m.pitch_reference.present = true;
  m.pitch_reference.period = 0.04;
  m.pitch_reference.support_left = true;
  // The torso should pitch forward 0.1 rad per second of the motion.
  for (int k = 0; k < 30; ++k) m.pitch_reference.pitch.push_back(0.1 * k * 0.04);
  KeyFrame lift;  // steered
  lift.duration = 0.4;
  lift.pitch_support_ankle = -0.3;
  lift.has_angle[kRKneePitch] = true;
  lift.angle[kRKneePitch] = -1.0;
  KeyFrame swing;  // open loop
  swing.duration = 0.4;
  m.frames = {lift, swing};
  double start[kJointCount] = {};
  for (bool mirrored : {false, true}) {
    CAPTURE(mirrored);
    const Joint support = mirrored ? kRFootPitch : kLFootPitch, kicking = mirrored ? kLFootPitch : kRFootPitch;
    KeyframePlayer on_track, still;
    on_track.start(m, start, mirrored);
    still.start(m, start, mirrored);
    double followed[kJointCount], lagging[kJointCount];
    for (int cycle = 0; cycle < 40; ++cycle) {
      CAPTURE(cycle);
      // One torso pitches exactly as the reference (0.1 rad/s), one not at all.
      on_track.step(0.0, KeyframeSense{0, 0, 0.1, 0}, followed);
      still.step(0.0, KeyframeSense{}, lagging);
      CHECK(on_track.pitch_change() == doctest::Approx(0.1 * 0.02 * (cycle + 1)));
      if (cycle >= 18 && cycle <= 20) continue;  // the frames' boundary
      const double elapsed = 0.02 * (cycle + 1);
      // The one on the reference gets nothing added; the still one is short
      // of it by 0.1 * elapsed and its standing ankle moves by the gain times that.
      const double lag = cycle < 18 ? -0.3 * (0.1 * elapsed) : 0.0;
      CHECK(lagging[support] - followed[support] == doctest::Approx(lag).epsilon(1e-6));
      CHECK(lagging[kicking] == doctest::Approx(followed[kicking]));
      for (Joint j : {kLHipPitch, kRHipPitch, kLKneePitch, kRKneePitch}) CHECK(lagging[j] == doctest::Approx(followed[j]));
    }
  }
}

TEST_CASE("mirroring swaps sides and flips rolls and yaws") {
  bool has[kJointCount] = {};
  double angle[kJointCount] = {};
  has[kLHipRoll] = true; angle[kLHipRoll] = 0.3;
  has[kLHipPitch] = true; angle[kLHipPitch] = 0.5;
  has[kNeckYaw] = true; angle[kNeckYaw] = 0.2;
  has[kLHipYawPitch] = true; angle[kLHipYawPitch] = -0.4;
  mirror_pose(has, angle, has, angle);
  CHECK(has[kRHipRoll]); CHECK(angle[kRHipRoll] == doctest::Approx(-0.3));
  CHECK(has[kRHipPitch]); CHECK(angle[kRHipPitch] == doctest::Approx(0.5));
  CHECK(angle[kNeckYaw] == doctest::Approx(-0.2));
  CHECK(angle[kRHipYawPitch] == doctest::Approx(-0.4));
  CHECK_FALSE(has[kLHipRoll]);
}

TEST_CASE("motion files: a good file parses, errors name the problem") {
  auto good = parse_motion_text(
      "return { name = 'wave', next = 'stand', frames = {"
      " { duration = 0.5, symmetric = true, angles = { LShoulderPitch = -90, LHipRoll = 10 } },"
      " { duration = 0.25, interruptible = true, angles = { he1 = 30 } } } }",
      "wave.lua");
  REQUIRE(good.ok());
  CHECK(good->frames.size() == 2);
  CHECK(good->next == "stand");
  CHECK(good->frames[0].has_angle[kRShoulderPitch]);
  CHECK(good->frames[0].angle[kRHipRoll] == doctest::Approx(-deg2rad(10)));
  CHECK(good->frames[1].angle[kNeckYaw] == doctest::Approx(deg2rad(30)));
  CHECK(good->frames[1].interruptible);

  auto bad_joint = parse_motion_text(
      "return { name = 'x', frames = { { duration = 1, angles = { Elbow = 3 } } } }", "x.lua");
  REQUIRE_FALSE(bad_joint.ok());
  CHECK(bad_joint.error().message.find("Elbow") != std::string::npos);

  auto no_frames = parse_motion_text("return { name = 'x', frames = {} }", "x.lua");
  CHECK_FALSE(no_frames.ok());
  auto bad_duration = parse_motion_text(
      "return { name = 'x', frames = { { duration = -1, angles = {} } } }", "x.lua");
  CHECK_FALSE(bad_duration.ok());
  auto misspelt = parse_motion_text(
      "return { name = 'x', frames = { { duraton = 1, angles = {} } } }", "x.lua");
  CHECK_FALSE(misspelt.ok());
  auto syntax = parse_motion_text("return { name = ", "x.lua");
  CHECK_FALSE(syntax.ok());

  // A get-up's start tilt limit: degrees in the file, 0-180.
  auto sitting = parse_motion_text(
      "return { name = 's', start_tilt_max_deg = 72, frames = { { duration = 1, angles = {} } } }", "s.lua");
  REQUIRE(sitting.ok());
  CHECK(sitting->start_tilt_max == doctest::Approx(deg2rad(72)));
  CHECK(good->start_tilt_max == 0);
  check_motion_field_rejected("start_tilt_max_deg", {"-5", "200", "'steep'"});

  auto lean = parse_motion_text(
      "return { name = 'x', frames = { { duration = 1, level_feet = true, level_feet_lean = 0.25, angles = {} } } }",
      "x.lua");
  REQUIRE(lean.ok());
  CHECK(lean->frames[0].level_feet_lean == doctest::Approx(0.25));
  auto lean_without_level = parse_motion_text(
      "return { name = 'x', frames = { { duration = 1, level_feet_lean = 0.25, angles = {} } } }", "x.lua");
  REQUIRE_FALSE(lean_without_level.ok());
  CHECK(lean_without_level.error().message.find("needs 'level_feet = true'") != std::string::npos);
  auto lean_too_large = parse_motion_text(
      "return { name = 'x', frames = { { duration = 1, level_feet = true, level_feet_lean = 3, angles = {} } } }",
      "x.lua");
  REQUIRE_FALSE(lean_too_large.ok());
  CHECK(lean_too_large.error().message.find("level_feet_lean") != std::string::npos);

  auto damped = parse_motion_text(
      "return { name = 'x', frames = { { duration = 1, gyro_ankle_pitch = -0.05, gyro_ankle_roll = 0.02, angles = {} } } }",
      "x.lua");
  REQUIRE(damped.ok());
  CHECK(damped->frames[0].gyro_ankle_pitch == doctest::Approx(-0.05));
  CHECK(damped->frames[0].gyro_ankle_roll == doctest::Approx(0.02));
  auto damping_too_large = parse_motion_text(
      "return { name = 'x', frames = { { duration = 1, gyro_ankle_roll = -0.8, angles = {} } } }", "x.lua");
  REQUIRE_FALSE(damping_too_large.ok());
  CHECK(damping_too_large.error().message.find("gyro_ankle_roll") != std::string::npos);
  auto steered = parse_motion_text(
      "return { name = 'x', pitch_reference = { period = 0.04, support = 'right', degrees = { 0, 1, 2.5 } },"
      " frames = { { duration = 1, pitch_support_ankle = -0.3, angles = {} } } }",
      "x.lua");
  REQUIRE(steered.ok());
  CHECK(steered->pitch_reference.present);
  CHECK_FALSE(steered->pitch_reference.support_left);
  REQUIRE(steered->pitch_reference.pitch.size() == 3);
  CHECK(steered->pitch_reference.pitch[2] == doctest::Approx(deg2rad(2.5)));
  CHECK(steered->frames[0].pitch_support_ankle == doctest::Approx(-0.3));
  // A file that must not load, and a fragment its error must name.
  auto check_rejected = [](const std::string& text, const char* fragment) {
    CAPTURE(text);
    auto parsed = parse_motion_text(text, "x.lua");
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().message.find(fragment) != std::string::npos);
  };
  check_rejected("return { name = 'x', frames = { { duration = 1, pitch_support_ankle = -0.3, angles = {} } } }",
                 "needs the motion's 'pitch_reference'");
  for (const char* bad_reference : {"{ period = 0, support = 'left', degrees = { 0, 1 } }",
                                    "{ period = 0.04, support = 'both', degrees = { 0, 1 } }",
                                    "{ period = 0.04, support = 'left', degrees = { 0 } }",
                                    "{ period = 0.04, support = 'left', degrees = { 0, 'up' } }",
                                    "{ period = 0.04, support = 'left', degrees = { 0, 120 } }",
                                    "{ period = 0.04, support = 'left' }",
                                    "{ period = 0.04, support = 'left', degrees = { 0, 1 }, gain = 2 }"})
    check_rejected(std::string("return { name = 'x', pitch_reference = ") + bad_reference +
                       ", frames = { { duration = 1, angles = {} } } }",
                   "pitch_reference");
  std::string long_reference = "return { name = 'x', pitch_reference = { period = 0.04, support = 'left', degrees = { 0";
  for (int k = 0; k < kMaxPitchSamples; ++k) long_reference += ", 1";
  check_rejected(long_reference + " } }, frames = { { duration = 1, angles = {} } } }", "'degrees' must hold 2 to");
  check_rejected("return { name = 'x', pitch_reference = { period = 0.04, support = 'left', degrees = { 0, 1 } },"
                 " frames = { { duration = 1, pitch_support_ankle = 2, angles = {} } } }",
                 "'pitch_support_ankle' must be in [-1, 1]");
  auto delayed = parse_motion_text(
      "return { name = 'x', frames = { { duration = 0.2, symmetric = true,"
      " angles = { LHipPitch = 30, RKneePitch = -20 }, delays = { LHipPitch = 0.1 } },"
      " { duration = 0.2, mirror = true, angles = { LKneePitch = -10 }, delays = { lle4 = 0.05 } } } }",
      "x.lua");
  REQUIRE(delayed.ok());
  CHECK(delayed->frames[0].delay[kLHipPitch] == doctest::Approx(0.1));
  CHECK(delayed->frames[0].delay[kRHipPitch] == doctest::Approx(0.1));  // symmetric copies the delay with the angle
  CHECK(delayed->frames[0].delay[kRKneePitch] == 0);
  CHECK(delayed->frames[0].delay[kLKneePitch] == 0);  // RKneePitch's partner: set, not delayed
  CHECK(delayed->frames[1].delay[kRKneePitch] == doctest::Approx(0.05));  // mirrored with its joint
  CHECK(delayed->frames[1].delay[kLKneePitch] == 0);
  check_rejected("return { name = 'x', frames = { { duration = 0.2, angles = { LHipPitch = 3 }, delays = { Elbow = 0.1 } } } }",
                 "delays: unknown joint 'Elbow'");
  check_rejected("return { name = 'x', frames = { { duration = 0.2, angles = { LHipPitch = 3 }, delays = { LKneePitch = 0.1 } } } }",
                 "delays: 'LKneePitch' is not in this frame's angles");
  for (const char* bad : {"-0.01", "0.19", "'soon'"})
    check_rejected(std::string("return { name = 'x', frames = { { duration = 0.2, angles = { LHipPitch = 3 },"
                               " delays = { LHipPitch = ") + bad + " } } } }",
                   "must be a number of seconds in [0, duration - 0.02]");
  check_rejected("return { name = 'x', frames = { { duration = 0.2, angles = { LHipPitch = 3 }, delays = 0.1 } } }",
                 "delays");
  auto waiting = parse_motion_text(
      "return { name = 'x', frames = { { duration = 0.2, wait_pitch = -4, wait_max = 0.5, angles = {} },"
      " { duration = 0.2, wait_pitch = 3, angles = {} }, { duration = 0.2, angles = {} } } }",
      "x.lua");
  REQUIRE(waiting.ok());
  CHECK(waiting->frames[0].wait_for_pitch);
  CHECK(waiting->frames[0].wait_pitch == doctest::Approx(deg2rad(-4)));
  CHECK(waiting->frames[0].wait_max == doctest::Approx(0.5));
  CHECK(waiting->frames[1].wait_max == doctest::Approx(0.3));  // the default
  CHECK_FALSE(waiting->frames[2].wait_for_pitch);
  check_rejected("return { name = 'x', frames = { { duration = 0.2, wait_pitch = 50, angles = {} } } }",
                 "'wait_pitch' must be in [-45, 45] degrees");
  check_rejected("return { name = 'x', frames = { { duration = 0.2, wait_pitch = 'forward', angles = {} } } }", "wait_pitch");
  check_rejected("return { name = 'x', frames = { { duration = 0.2, wait_max = 0.2, angles = {} } } }",
                 "'wait_max' needs 'wait_pitch'");
  for (const char* bad : {"0", "2.5", "-1"})
    check_rejected(std::string("return { name = 'x', frames = { { duration = 0.2, wait_pitch = 2, wait_max = ") + bad +
                       ", angles = {} } } }",
                   "'wait_max' must be in (0, 2] s");
  auto shifting = parse_motion_text(
      "return { name = 'x', frames = { { duration = 0.2, angles = { RHipRoll = -20, RHipPitch = 10 },"
      " ball_shift_y = { RHipRoll = 1.5 }, ball_shift_x = { rle3 = -2 } },"
      " { duration = 0.2, mirror = true, angles = { RHipRoll = -20 }, ball_shift_y = { RHipRoll = 1.5 } } } }",
      "x.lua");
  REQUIRE(shifting.ok());
  CHECK(shifting->frames[0].ball_shift_y[kRHipRoll] == doctest::Approx(deg2rad(1.5) / 0.01));
  CHECK(shifting->frames[0].ball_shift_x[kRHipPitch] == doctest::Approx(deg2rad(-2) / 0.01));
  // Mirrored in the file: the left hip, its roll's gain negated with the
  // angle and once more for the ball's side.
  CHECK(shifting->frames[1].ball_shift_y[kLHipRoll] == doctest::Approx(deg2rad(1.5) / 0.01));
  CHECK(shifting->frames[1].angle[kLHipRoll] == doctest::Approx(deg2rad(20)));
  CHECK(shifting->frames[1].ball_shift_y[kRHipRoll] == 0);
  check_rejected("return { name = 'x', frames = { { duration = 0.2, angles = { RHipRoll = 3 }, ball_shift_y = { Elbow = 1 } } } }",
                 "ball_shift_y: unknown joint 'Elbow'");
  check_rejected("return { name = 'x', frames = { { duration = 0.2, angles = { RHipRoll = 3 }, ball_shift_x = { RHipPitch = 1 } } } }",
                 "ball_shift_x: 'RHipPitch' is not in this frame's angles");
  check_rejected("return { name = 'x', frames = { { duration = 0.2, angles = { RHipRoll = 3 }, ball_shift_y = { RHipRoll = 12 } } } }",
                 "must be a number of degrees per cm within +-10");
  check_rejected("return { name = 'x', frames = { { duration = 0.2, symmetric = true, angles = { RHipRoll = 3 },"
                 " ball_shift_y = { RHipRoll = 1 } } } }",
                 "cannot be used with 'symmetric'");
  auto damping_not_number = parse_motion_text(
      "return { name = 'x', frames = { { duration = 1, gyro_ankle_pitch = 'soft', angles = {} } } }", "x.lua");
  CHECK_FALSE(damping_not_number.ok());
}

TEST_CASE("motion files: the IMU smoothing a motion runs with is data, checked on load; the player reports it") {
  auto plain = parse_motion_text("return { name = 'p', frames = { { duration = 1, angles = {} } } }", "p.lua");
  REQUIRE(plain.ok());
  CHECK(plain->imu_accel_smoothing == 1.0);  // each reading alone, as before the key
  auto smoothed =
      parse_motion_text("return { name = 'g', imu_accel_smoothing = 0.3, frames = { { duration = 1, angles = {} } } }", "g.lua");
  REQUIRE(smoothed.ok());
  CHECK(smoothed->imu_accel_smoothing == doctest::Approx(0.3));
  double start[kJointCount] = {};
  KeyframePlayer player;
  player.start(*smoothed, start, false);
  CHECK(player.imu_accel_smoothing() == doctest::Approx(0.3));
  player.start(*plain, start, true);
  CHECK(player.imu_accel_smoothing() == 1.0);
  check_motion_field_rejected("imu_accel_smoothing", {"0", "-0.5", "1.5", "'mean'"});
}

TEST_CASE("motion files: a kick's placement and distance are data, checked on load") {
  auto kick = parse_motion_text(
      "return { name = 'k', kick = { ball_x = 0.2, ball_y = -0.05, distance = 2.5 },"
      " frames = { { duration = 0.3, angles = { RHipPitch = 60 } } } }",
      "k.lua");
  REQUIRE(kick.ok());
  CHECK(kick->kick.present);
  CHECK(kick->kick.ball_x == doctest::Approx(0.2));
  CHECK(kick->kick.ball_y == doctest::Approx(-0.05));
  CHECK(kick->kick.distance == doctest::Approx(2.5));
  // Without a placement window the approach gets the default one.
  CHECK(kick->kick.window_x == doctest::Approx(KickSpec{}.window_x));
  CHECK(kick->kick.window_y == doctest::Approx(KickSpec{}.window_y));
  // The same kick with more fields in its table.
  auto kick_with = [](const std::string& fields) {
    return parse_motion_text("return { name = 'k', kick = { ball_x = 0.2, ball_y = -0.05, distance = 2.5, " + fields +
                                 " }, frames = { { duration = 0.3, angles = {} } } }",
                             "k.lua");
  };
  auto windowed = kick_with("window_x = 0.04, window_y = 0.01");
  REQUIRE(windowed.ok());
  CHECK(windowed->kick.window_x == doctest::Approx(0.04));
  CHECK(windowed->kick.window_y == doctest::Approx(0.01));
  CHECK(windowed->kick.veer == 0);
  // The near side defaults to window_x, and may be wider.
  CHECK(windowed->kick.window_x_near == doctest::Approx(0.04));
  auto near_side = kick_with("window_x_near = 0.05");
  REQUIRE(near_side.ok());
  CHECK(near_side->kick.window_x_near == doctest::Approx(0.05));
  CHECK(near_side->kick.window_x == doctest::Approx(KickSpec{}.window_x));
  // What a settled robot accepts forward defaults to window_x, and may reach further.
  CHECK(windowed->kick.settle_window_x == doctest::Approx(0.04));
  auto settle_far = kick_with("window_x = 0.045, settle_window_x = 0.065");
  REQUIRE(settle_far.ok());
  CHECK(settle_far->kick.settle_window_x == doctest::Approx(0.065));
  // The torso's range is off unless both ends are given, and must be a range.
  CHECK(windowed->kick.torso_x_min == 0);
  CHECK(windowed->kick.torso_x_max == 0);
  auto ranged = kick_with("torso_x_min = 0.205, torso_x_max = 0.245");
  REQUIRE(ranged.ok());
  CHECK(ranged->kick.torso_x_min == doctest::Approx(0.205));
  CHECK(ranged->kick.torso_x_max == doctest::Approx(0.245));
  CHECK(ranged->kick.torso_x_grow == 0);  // the range does not grow unless asked
  auto growing = kick_with("torso_x_min = 0.205, torso_x_max = 0.245, torso_x_grow = 0.015");
  REQUIRE(growing.ok());
  CHECK(growing->kick.torso_x_grow == doctest::Approx(0.015));
  for (const char* bad : {"torso_x_min = 0.2", "torso_x_max = 0.2", "torso_x_min = 0.24, torso_x_max = 0.2",
                          "torso_x_min = 0.2, torso_x_max = 0.205", "torso_x_min = 0.2, torso_x_max = 0.6",
                          "torso_x_grow = -0.01", "torso_x_grow = 0.06"}) {
    auto wrong = kick_with(bad);
    CAPTURE(bad);
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().message.find("torso_x") != std::string::npos);
  }
  auto veering = kick_with("veer_deg = 6.5");
  REQUIRE(veering.ok());
  CHECK(veering->kick.veer == doctest::Approx(deg2rad(6.5)));
  for (const char* bad : {"window_x = 0", "window_y = -0.01", "window_x = 0.2", "window_x_near = 0", "window_x_near = 0.15",
                          "window_x = 0.04, settle_window_x = 0.03", "settle_window_x = 0.12", "veer_deg = 45",
                          "veer_deg = 'left'"}) {
    auto wrong = kick_with(bad);
    CAPTURE(bad);
    REQUIRE_FALSE(wrong.ok());
    CHECK((wrong.error().message.find("window") != std::string::npos ||
           wrong.error().message.find("veer_deg") != std::string::npos));
  }
  // Kicked from the walk only when asked; its pace, step share, box and turn are checked.
  CHECK_FALSE(windowed->kick.from_walk);
  auto walking = kick_with(
      "from_walk = true, walk_speed = 0.15, walk_phase_min = 0.1, walk_phase_max = 0.4, walk_window_x = 0.02, walk_window_y = 0.015, "
      "walk_yaw_deg = 6");
  REQUIRE(walking.ok());
  CHECK(walking->kick.from_walk);
  CHECK(walking->kick.walk_speed == doctest::Approx(0.15));
  CHECK(walking->kick.walk_phase_min == doctest::Approx(0.1));
  CHECK(walking->kick.walk_phase_max == doctest::Approx(0.4));
  CHECK(walking->kick.walk_window_x == doctest::Approx(0.02));
  CHECK(walking->kick.walk_window_y == doctest::Approx(0.015));
  CHECK(walking->kick.walk_yaw == doctest::Approx(deg2rad(6)));
  for (const char* bad : {"walk_speed = 0", "walk_speed = 0.8", "walk_phase_max = 0", "walk_phase_max = 1.5",
                          "walk_phase_min = -0.1", "walk_phase_min = 0.5, walk_phase_max = 0.4",
                          "walk_window_x = 0", "walk_window_y = 0.2", "walk_yaw_deg = 0", "walk_yaw_deg = 40",
                          "from_walk = 1"}) {
    auto wrong = kick_with(bad);
    CAPTURE(bad);
    REQUIRE_FALSE(wrong.ok());
    CHECK((wrong.error().message.find("walk") != std::string::npos));
  }
  auto plain = parse_motion_text("return { name = 'p', frames = { { duration = 1, angles = {} } } }", "p.lua");
  REQUIRE(plain.ok());
  CHECK_FALSE(plain->kick.present);
  auto far = parse_motion_text(
      "return { name = 'k', kick = { ball_x = 0.9, ball_y = 0, distance = 1 }, frames = { { duration = 1, angles = {} } } }",
      "k.lua");
  REQUIRE_FALSE(far.ok());
  CHECK(far.error().message.find("ball_x") != std::string::npos);
  auto missing = parse_motion_text(
      "return { name = 'k', kick = { ball_x = 0.2, ball_y = 0 }, frames = { { duration = 1, angles = {} } } }", "k.lua");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message.find("distance") != std::string::npos);
  auto misspelt = parse_motion_text(
      "return { name = 'k', kick = { ball_x = 0.2, ball_y = 0, distance = 1, dist = 2 },"
      " frames = { { duration = 1, angles = {} } } }",
      "k.lua");
  CHECK_FALSE(misspelt.ok());
}

TEST_CASE("the shipped motions all load") {
  auto library = load_motion_dir(std::string(LIBERO_SOURCE_DIR) + "/robots/nao/motions");
  REQUIRE_MESSAGE(library.ok(), (library.ok() ? "" : library.error().describe()));
  CHECK(library->find("getup_front") != nullptr);
  CHECK(library->find("getup_back") != nullptr);
  CHECK(library->find("nothing") == nullptr);
  // With each type's overrides (robots/nao/motions/typeN/).
  for (int type = 0; type <= 4; ++type) {
    CAPTURE(type);
    auto typed = load_motion_dir(std::string(LIBERO_SOURCE_DIR) + "/robots/nao/motions", type);
    REQUIRE_MESSAGE(typed.ok(), (typed.ok() ? "" : typed.error().describe()));
    CHECK(typed->motions.size() == library->motions.size());
  }
}

TEST_CASE("IMU filter: upright, lying on the belly, lying on the back") {
  ImuFilter filter;
  for (int i = 0; i < 20; ++i) filter.update(Vec3::Zero(), Vec3(0, 0, 9.81), true, true);
  CHECK(filter.fall() == FallDirection::None);
  CHECK(filter.tilt() < 0.01);
  // Belly down: the torso's -x axis points up.
  for (int i = 0; i < 200; ++i) filter.update(Vec3::Zero(), Vec3(-9.81, 0, 0), true, true);
  CHECK(filter.fall() == FallDirection::Front);
  CHECK(filter.pitch() > 1.2);
  for (int i = 0; i < 200; ++i) filter.update(Vec3::Zero(), Vec3(9.81, 0, 0), true, true);
  CHECK(filter.fall() == FallDirection::Back);
  // SimSpark's ACC is in the RSG frame: forward is +y there.
  Vec3 a = accel_from_percept(protocol::Vec3f{0, 9.81f, 0});
  CHECK(a.x() == doctest::Approx(9.81));
}

TEST_CASE("IMU filter integrates the gyro between accelerometer corrections") {
  ImuFilterParams params;
  params.accel_gain = 0;
  ImuFilter filter(params);
  filter.update(Vec3::Zero(), Vec3(0, 0, 9.81), true, true);
  // Pitch forward at 1 rad/s for 0.5 s.
  for (int i = 0; i < 25; ++i) filter.update(Vec3(0, 1.0, 0), Vec3(0, 0, 9.81), true, false);
  CHECK(filter.pitch() == doctest::Approx(0.5).epsilon(0.02));
}

TEST_CASE("IMU filter: a side fall is its own direction, and the roll says which side is down") {
  ImuFilter filter;
  for (int i = 0; i < 20; ++i) filter.update(Vec3::Zero(), Vec3(0, 0, 9.81), true, true);
  // Left side down: world up is along the torso's -y (its right).
  for (int i = 0; i < 200; ++i) filter.update(Vec3::Zero(), Vec3(0, -9.81, 0), true, true);
  CHECK(filter.fall() == FallDirection::Side);
  CHECK(filter.roll() < -1.2);
  for (int i = 0; i < 200; ++i) filter.update(Vec3::Zero(), Vec3(0, 9.81, 0), true, true);
  CHECK(filter.fall() == FallDirection::Side);
  CHECK(filter.roll() > 1.2);
  // Half-way between side and belly (45 deg each) is not a side fall: the
  // front get-up copes with it.
  for (int i = 0; i < 200; ++i) filter.update(Vec3::Zero(), Vec3(-6.94, 6.94, 0), true, true);
  CHECK(filter.fall() == FallDirection::Front);
}

TEST_CASE("IMU filter: at rest, a stale estimate jumps to the accelerometer") {
  ImuFilter filter;
  for (int i = 0; i < 20; ++i) filter.update(Vec3::Zero(), Vec3(0, 0, 9.81), true, true);
  // The robot was laid on its side while the filter was not updated: 80
  // degrees off, and the slow pull
  // alone would take many cycles.
  Vec3 side(0, -9.81 * std::sin(deg2rad(80)), 9.81 * std::cos(deg2rad(80)));
  for (int i = 0; i < 6; ++i) filter.update(Vec3::Zero(), side, true, true);
  CHECK(filter.up().dot(side.normalized()) > 0.999);
  // Moving (gyro above the rest threshold): no jump, only the slow pull.
  ImuFilter moving;
  for (int i = 0; i < 20; ++i) moving.update(Vec3::Zero(), Vec3(0, 0, 9.81), true, true);
  for (int i = 0; i < 6; ++i) moving.update(Vec3(0.0, 0.0, 1.0), side, true, true);  // yaw only: up unchanged by the gyro
  CHECK(moving.up().dot(side.normalized()) < 0.9);
}

TEST_CASE("IMU filter: a chattering accelerometer corrects the tilt through its running mean") {
  // Standing 5 deg pitched forward on a chattering body: the readings swing
  // between 0.4 g and 1.6 g along the true up, so none lies in the trust
  // band (2.5 m/s^2 around g), yet they average to gravity.
  const double lean = deg2rad(5);
  const Vec3 up(-std::sin(lean), 0, std::cos(lean));
  auto run = [&](double smoothing) {
    ImuFilter filter;
    filter.update(Vec3::Zero(), Vec3(0, 0, 9.81), true, true);  // first reading: upright
    filter.set_accel_smoothing(smoothing);
    // A small gyro (above the rest threshold) keeps the rest snap out of it.
    for (int i = 0; i < 400; ++i) filter.update(Vec3(0, 0, 0.5), up * 9.81 * (i % 2 ? 1.6 : 0.4), true, true);
    return filter.pitch();
  };
  CHECK(run(1.0) == doctest::Approx(0.0).epsilon(1e-9));  // each reading alone: never trusted, still upright
  CHECK(run(0.3) == doctest::Approx(lean).epsilon(0.1));    // their mean: the lean
  // Out of range clamps instead of stopping the mean.
  ImuFilter filter;
  filter.set_accel_smoothing(0.0);
  filter.update(Vec3::Zero(), Vec3(0, 0, 9.81), true, true);
  filter.set_accel_smoothing(7.0);
  for (int i = 0; i < 200; ++i) filter.update(Vec3(0, 0, 0.5), up * 9.81, true, true);
  CHECK(filter.pitch() == doctest::Approx(lean).epsilon(0.02));
}

TEST_CASE("IMU filter: pulled towards a reference up, a drifted estimate comes back") {
  const double lean = deg2rad(4);
  const Vec3 truth(-std::sin(lean), 0, std::cos(lean));
  ImuFilterParams params;
  params.accel_gain = 0;  // the accelerometer never corrects: only the reference can
  ImuFilter filter(params);
  filter.pull_towards(truth, 0.5);  // before the first reading: nothing to pull
  CHECK(filter.pitch() == doctest::Approx(0.0));
  filter.update(Vec3::Zero(), Vec3(0, 0, 9.81), true, true);  // upright, 4 deg off the truth
  filter.pull_towards(truth, 0.0);
  CHECK(filter.pitch() == doctest::Approx(0.0));
  for (int i = 0; i < 200; ++i) {
    filter.update(Vec3(0, 0, 0.5), Vec3(0, 0, 9.81), true, true);
    filter.pull_towards(truth, 0.05);
  }
  CHECK(filter.pitch() == doctest::Approx(lean).epsilon(0.01));
  CHECK(filter.up().norm() == doctest::Approx(1.0));
}

namespace {

WalkParams shipped_walk() {
  auto params = load_walk_file(std::string(LIBERO_SOURCE_DIR) + "/robots/nao/walk.lua", 0);
  REQUIRE(params.ok());
  return params.value();
}

// Yaw of the left foot minus the right one's, from the leg targets.
double feet_yaw_gap(const double target[kJointCount]) {
  double yaw[2];
  for (int side = 0; side < 2; ++side) {
    LegAngles leg{};
    for (int k = 0; k < 6; ++k) leg.q[k] = target[leg_joint(static_cast<Side>(side), k)];
    Vec3 ankle;
    Mat3 foot;
    leg_forward(default_leg_geometry(), static_cast<Side>(side), leg, &ankle, &foot);
    yaw[side] = std::atan2(foot(1, 0), foot(0, 0));
  }
  return normalize_angle(yaw[kLeft] - yaw[kRight]);
}

}  // namespace

TEST_CASE("walk: the stand pose does not move when the walking posture is retuned") {
  WalkParams a = shipped_walk(), b = a;
  b.torso_pitch += 0.1;
  b.torso_offset_x += 0.02;
  b.foot_spread += 0.01;
  b.hip_height_ratio -= 0.03;
  b.gyro_ankle_pitch += 0.1;
  b.gyro_hip_pitch += 0.1;
  b.gyro_hip_roll += 0.1;
  WalkEngine wa, wb;
  wa.configure(default_leg_geometry(), a);
  wb.configure(default_leg_geometry(), b);
  double ta[kJointCount] = {}, tb[kJointCount] = {};
  // Standing, with a pitch and roll rate on the gyro: the stand gains act.
  const Vec3 gyro(0.3, -0.4, 0.0);
  wa.step(WalkCommand{}, gyro, a.stand_torso_pitch, 0.0, ta);
  wb.step(WalkCommand{}, gyro, b.stand_torso_pitch, 0.0, tb);
  for (int j = 0; j < kJointCount; ++j) CHECK(ta[j] == doctest::Approx(tb[j]).epsilon(1e-12));
  // And the stand pose's own fields do move it.
  WalkParams c = a;
  c.stand_torso_pitch += 0.1;
  WalkEngine wc;
  wc.configure(default_leg_geometry(), c);
  double tc[kJointCount] = {};
  wc.step(WalkCommand{}, gyro, c.stand_torso_pitch, 0.0, tc);
  CHECK(std::abs(tc[kLHipPitch] - ta[kLHipPitch]) > 0.05);
}

TEST_CASE("walk: standing, rates inside stand_gyro_deadband are not fed back, larger ones less the band") {
  WalkParams p = shipped_walk();
  p.stand_gyro_ankle_pitch = -0.05;
  p.stand_gyro_ankle_roll = 0.1;
  p.stand_gyro_deadband = 0.4;
  auto stand = [&](const Vec3& gyro, double target[kJointCount]) {
    WalkEngine w;
    w.configure(default_leg_geometry(), p);
    w.step(WalkCommand{}, gyro, p.stand_torso_pitch, 0.0, target);
  };
  double still[kJointCount] = {}, small[kJointCount] = {}, large[kJointCount] = {};
  stand(Vec3::Zero(), still);
  stand(Vec3(0.3, -0.35, 0.0), small);
  stand(Vec3(0.9, -1.0, 0.0), large);
  for (int j = 0; j < kJointCount; ++j) CHECK(small[j] == doctest::Approx(still[j]).epsilon(1e-12));
  for (Joint ankle : {kLFootPitch, kRFootPitch}) CHECK(large[ankle] - still[ankle] == doctest::Approx(-0.05 * -0.6));
  for (Joint ankle : {kLFootRoll, kRFootRoll}) CHECK(large[ankle] - still[ankle] == doctest::Approx(0.1 * 0.5));
  // No band: the whole rate, as before the field existed.
  p.stand_gyro_deadband = 0;
  stand(Vec3(0.3, -0.35, 0.0), small);
  CHECK(small[kLFootPitch] - still[kLFootPitch] == doctest::Approx(-0.05 * -0.35));
}

TEST_CASE("walk: a steady yaw drift is corrected in full on the steps led by the foot on its side") {
  // The robot turns left at 0.3 rad/s while told to walk straight: the
  // correction turns right, which only a step led by the right foot can
  // do. The correction of the step in between must not be lost: each
  // right-led step turns the feet apart by two steps' worth.
  WalkParams p = shipped_walk();
  p.heading_feedback = 0;  // the rate feedback (types 2-4); type 0 holds the heading (test below)
  REQUIRE(p.turn_feedback > 0);
  WalkEngine walk;
  walk.configure(default_leg_geometry(), p);
  WalkCommand command;
  command.vx = 0.1;
  const double drift = 0.3;
  double target[kJointCount] = {};
  double widest = 0;
  for (int i = 0; i < 200; ++i) {
    walk.step(command, Vec3(0, 0, drift), p.torso_pitch, 0.0, target);
    if (i > 100) widest = std::max(widest, std::abs(feet_yaw_gap(target)));
  }
  REQUIRE(walk.walking());
  double one_step = p.turn_feedback * drift * walk.period();  // correction measured per step
  // Two steps' worth on each foot: the feet end 4 x one_step apart (with one
  // step's worth, as when half was dropped, 2 x).
  CHECK(widest > 3.0 * one_step);
  CHECK(widest < 5.0 * one_step);
}

TEST_CASE("walk: with heading_feedback a heading lost to slip is stepped back until the gyro saw it made up") {
  // 0.1 rad lost to the left in a burst of slip, then no turning at all:
  // the heading hold keeps stepping right-led yaw corrections (the robot
  // has not turned back yet), where the rate feedback stepped one and
  // stopped. Once the gyro has seen the 0.1 rad turned back, the feet go
  // straight again.
  auto widest_gap = [](double heading_feedback) {
    WalkParams p = shipped_walk();
    p.heading_feedback = heading_feedback;
    p.turn_feedback = 0.5;
    WalkEngine walk;
    walk.configure(default_leg_geometry(), p);
    WalkCommand command;
    command.vx = 0.1;
    double target[kJointCount] = {};
    auto run = [&](int cycles, double yaw_rate, int measure_from) {
      double widest = 0;
      for (int i = 0; i < cycles; ++i) {
        walk.step(command, Vec3(0, 0, yaw_rate), p.torso_pitch, 0.0, target);
        if (i >= measure_from) widest = std::max(widest, std::abs(feet_yaw_gap(target)));
      }
      return widest;
    };
    run(60, 0.0, 60);
    run(10, 0.5, 10);                   // 0.1 rad lost
    double late = run(100, 0.0, 60);    // 1.2-2 s after the slip, the robot never turned back
    run(10, -0.5, 10);                  // turned back
    double after = run(60, 0.0, 30);    // from 0.6 s after turning back
    REQUIRE(walk.walking());
    return std::make_pair(late, after);
  };
  auto [held_late, held_after] = widest_gap(1.0);
  CHECK(held_late > 0.05);
  CHECK(held_after < 0.01);
  auto [rate_late, rate_after] = widest_gap(0.0);
  CHECK(rate_late < 0.01);  // the rate feedback's one correction is long done
  (void)rate_after;
}

TEST_CASE("walk: heading_step_max bounds the yaw the heading hold adds to a step") {
  // The robot keeps turning left at 0.3 rad/s while told to walk straight
  // (a curve under slip turns slower than told): the heading error sits at
  // its bound, and each step the hold corrects takes heading_step_max, so
  // the feet end about twice that apart. 0: no correction at all.
  auto widest_gap = [](double most) {
    WalkParams p = shipped_walk();
    p.heading_feedback = 1.0;  // 0.3 rad of error asks for 0.3 rad, beyond every bound tried
    p.heading_step_max = most;
    WalkEngine walk;
    walk.configure(default_leg_geometry(), p);
    WalkCommand command;
    command.vx = 0.1;
    double target[kJointCount] = {};
    double widest = 0;
    for (int i = 0; i < 200; ++i) {
      walk.step(command, Vec3(0, 0, 0.3), p.torso_pitch, 0.0, target);
      if (i > 100) widest = std::max(widest, std::abs(feet_yaw_gap(target)));
    }
    REQUIRE(walk.walking());
    return widest;
  };
  const double shipped = widest_gap(0.1), tight = widest_gap(0.04), none = widest_gap(0.0);
  CHECK(shipped == doctest::Approx(0.2).epsilon(0.15));
  CHECK(tight == doctest::Approx(0.08).epsilon(0.15));
  CHECK(none < 0.005);
}

TEST_CASE("walk: combined commands are limited by the combine_power norm") {
  // Full speed forward and full turn at once: an ellipsoid (p = 2) keeps
  // 1/sqrt(2) of each, a diamond (p = 1) half of each. A command inside the
  // limits is never scaled.
  auto settled = [](double power, const WalkCommand& command) {
    WalkParams p = shipped_walk();
    p.combine_power = power;
    p.combine_max_turn = 0;  // the norm on max_turn (the split is tested below)
    p.accel_forward = p.accel_side = p.accel_turn = 1000;  // reach the command in a cycle
    WalkEngine walk;
    walk.configure(default_leg_geometry(), p);
    double target[kJointCount] = {};
    for (int i = 0; i < 40; ++i) walk.step(command, Vec3::Zero(), p.torso_pitch, 0.0, target);
    REQUIRE(walk.walking());
    return std::make_pair(p, walk.current());
  };
  const WalkParams shipped = shipped_walk();
  WalkCommand both;
  both.vx = shipped.max_forward;
  both.turn = shipped.max_turn;
  auto [p2, ellipse] = settled(2, both);
  CHECK(ellipse.vx == doctest::Approx(p2.max_forward / std::sqrt(2.0)));
  CHECK(ellipse.turn == doctest::Approx(p2.max_turn / std::sqrt(2.0)));
  auto [p1, diamond] = settled(1, both);
  CHECK(diamond.vx == doctest::Approx(p1.max_forward / 2));
  CHECK(diamond.turn == doctest::Approx(p1.max_turn / 2));
  WalkCommand small;
  small.vx = 0.2 * p1.max_forward;
  small.vy = -0.3 * p1.max_side;
  small.turn = 0.4 * p1.max_turn;
  auto [p3, kept] = settled(1, small);
  CHECK(kept.vx == doctest::Approx(small.vx));
  CHECK(kept.vy == doctest::Approx(small.vy));
  CHECK(kept.turn == doctest::Approx(small.turn));
}

TEST_CASE("walk: the IMU's accelerometer share follows the fast gait while stepping and the block's own at rest") {
  WalkParams p = shipped_walk();
  p.accel_forward = 1000;  // at the command from the second step on
  p.forward = WalkParams::GaitTable{};
  REQUIRE(set_gait_field(&p.forward, "imu_accel_smoothing", 0.4));
  WalkEngine walk;
  walk.configure(default_leg_geometry(), p);
  double target[kJointCount] = {};
  CHECK(walk.imu_accel_smoothing() == doctest::Approx(1.0));  // at rest: the block's own
  WalkCommand fast;
  fast.vx = p.max_forward;
  for (int i = 0; i < 100; ++i) walk.step(fast, Vec3::Zero(), p.torso_pitch, 0.0, target);
  REQUIRE(walk.walking());
  CHECK(walk.imu_accel_smoothing() == doctest::Approx(0.4));  // full speed: the forward table's
  WalkCommand slow;
  slow.vx = 0.1;  // below gait_speed_from: the fast gait blends out, a quarter a step
  for (int i = 0; i < 100; ++i) walk.step(slow, Vec3::Zero(), p.torso_pitch, 0.0, target);
  REQUIRE(walk.walking());
  CHECK(walk.imu_accel_smoothing() == doctest::Approx(1.0));
}

TEST_CASE("walk: step_period_per_speed shortens the steps with the forward speed, torso_pitch_per_speed leans") {
  // Both act on the forward speed beyond gait_speed_from.
  auto walking = [](const WalkParams& p, double vx, double pitch, double target[kJointCount]) {
    WalkEngine walk;
    walk.configure(default_leg_geometry(), p);
    WalkCommand command;
    command.vx = vx;
    for (int i = 0; i < 60; ++i) walk.step(command, Vec3::Zero(), pitch, 0.0, target);
    REQUIRE(walk.walking());
    return walk.period();
  };
  WalkParams p = shipped_walk();
  p.forward = WalkParams::GaitTable{};  // type 0's fast gait sets a step_period of its own
  p.accel_forward = 1000;  // at the command from the second step on
  p.max_forward = 1.0;
  p.step_period = 0.14;
  p.step_period_per_speed = -0.05;
  p.torso_pitch_per_speed = 0;
  p.gait_speed_from = 0;
  double target[kJointCount] = {};
  CHECK(walking(p, 0.8, p.torso_pitch, target) == doctest::Approx(0.14 - 0.05 * 0.8));
  p.gait_speed_from = 0.5;  // only the speed beyond it counts
  CHECK(walking(p, 0.8, p.torso_pitch, target) == doctest::Approx(0.14 - 0.05 * 0.3));
  CHECK(walking(p, 0.4, p.torso_pitch, target) == doctest::Approx(0.14));
  p.gait_speed_from = 0;
  CHECK(walking(p, 0.1, p.torso_pitch, target) == doctest::Approx(0.14 - 0.05 * 0.1));
  p.step_period_per_speed = -0.1;
  CHECK(walking(p, 1.0, p.torso_pitch, target) == doctest::Approx(0.08));  // bounded
  // The lean at speed v is torso_pitch + torso_pitch_per_speed * v: the
  // same targets as a walk with that constant lean (the measured pitch
  // matching it, so the lean feedback is the same too).
  WalkParams leaning = p, constant = p;
  leaning.step_period_per_speed = constant.step_period_per_speed = 0;
  leaning.torso_pitch_per_speed = 0.1;
  constant.torso_pitch += 0.1 * 0.5;
  double a[kJointCount] = {}, b[kJointCount] = {};
  walking(leaning, 0.5, constant.torso_pitch, a);
  walking(constant, 0.5, constant.torso_pitch, b);
  for (int j = 0; j < kJointCount; ++j) CHECK(a[j] == doctest::Approx(b[j]).epsilon(1e-9));
  WalkParams upright = leaning;
  upright.torso_pitch_per_speed = 0;
  double c[kJointCount] = {};
  walking(upright, 0.5, upright.torso_pitch, c);
  CHECK(std::abs(a[kLHipPitch] - c[kLHipPitch]) > 0.01);  // and the lean does move the hips
}

TEST_CASE("walk: step_period_per_turn shortens the turning steps beyond turn_gait_from; at 0 the period does not depend on the turn") {
  // The period a turning step gets, and the widest yaw gap between the feet
  // (a left-led step turns them 2 x turn x period apart: the turn rate is
  // kept, each step turns its share of it).
  auto turning = [](const WalkParams& p, double vx, double turn, double* widest_gap) {
    WalkEngine walk;
    walk.configure(default_leg_geometry(), p);
    WalkCommand command;
    command.vx = vx;
    command.turn = turn;
    double target[kJointCount] = {};
    double widest = 0;
    for (int i = 0; i < 100; ++i) {
      // The gyro reports the turn the walk executes: no heading correction.
      walk.step(command, Vec3(0, 0, walk.current().turn), p.torso_pitch, 0.0, target);
      if (i >= 60) widest = std::max(widest, std::abs(feet_yaw_gap(target)));
    }
    REQUIRE(walk.walking());
    if (widest_gap) *widest_gap = widest;
    return walk.period();
  };
  WalkParams p = shipped_walk();
  p.accel_forward = p.accel_turn = 1000;  // at the command from the second step on
  p.max_turn = 4.0;
  p.step_period = 0.14;
  p.step_period_per_speed = 0;
  p.step_period_per_turn = 0;
  p.turn_gait_from = 0;
  // Off: every step has step_period, as before the field existed.
  CHECK(turning(p, 0, 3.0, nullptr) == 0.14);
  CHECK(turning(p, 0, -3.0, nullptr) == 0.14);
  CHECK(turning(p, 0.2, 1.0, nullptr) == 0.14);
  double old_gap = 0;
  turning(p, 0, 3.0, &old_gap);
  CHECK(old_gap == doctest::Approx(2 * 3.0 * 0.14).epsilon(0.02));
  // On: shorter by step_period_per_turn x |turn|, either way round, and
  // only while turning.
  p.step_period_per_turn = -0.01;
  double new_gap = 0;
  CHECK(turning(p, 0, 3.0, &new_gap) == doctest::Approx(0.14 - 0.03));
  CHECK(turning(p, 0, -3.0, nullptr) == doctest::Approx(0.14 - 0.03));
  CHECK(turning(p, 0.2, 1.0, nullptr) == doctest::Approx(0.14 - 0.01));
  CHECK(turning(p, 0.3, 0, nullptr) == doctest::Approx(0.14));
  CHECK(new_gap == doctest::Approx(2 * 3.0 * 0.11).epsilon(0.02));
  p.step_period_per_turn = -0.05;
  CHECK(turning(p, 0, 3.0, nullptr) == doctest::Approx(0.08));  // bounded like any step
  // turn_gait_from: only the turn beyond it counts; slower turns keep step_period.
  p.step_period_per_turn = -0.01;
  p.turn_gait_from = 2.0;
  CHECK(turning(p, 0, 3.0, nullptr) == doctest::Approx(0.14 - 0.01));
  CHECK(turning(p, 0, -3.0, nullptr) == doctest::Approx(0.14 - 0.01));
  CHECK(turning(p, 0, 1.5, nullptr) == 0.14);
  CHECK(turning(p, 0.2, 2.0, nullptr) == 0.14);
}

TEST_CASE("walk: combine_max_turn limits combined commands as before and lets a turn in place reach max_turn") {
  auto settled = [](const WalkParams& p, const WalkCommand& command) {
    WalkEngine walk;
    walk.configure(default_leg_geometry(), p);
    double target[kJointCount] = {};
    for (int i = 0; i < 40; ++i) walk.step(command, Vec3::Zero(), p.torso_pitch, 0.0, target);
    REQUIRE(walk.walking());
    return walk.current();
  };
  WalkParams old = shipped_walk();
  old.accel_forward = old.accel_side = old.accel_turn = 1000;  // reach the command in a cycle
  old.combine_power = 1;
  old.max_forward = 0.85;
  old.max_turn = 2.0;
  old.combine_max_turn = 0;
  WalkParams split = old;
  split.max_turn = 3.0;
  split.combine_max_turn = 2.0;
  // Commands whose turn is within combine_max_turn: the same as the walk
  // whose max_turn is combine_max_turn, inside the limits or scaled.
  for (WalkCommand c : {WalkCommand{0.2, 0.05, 1.0}, WalkCommand{0.85, 0, 1.5}, WalkCommand{0.4, -0.3, -2.0},
                        WalkCommand{0, 0, 1.9}}) {
    WalkCommand a = settled(old, c), b = settled(split, c);
    CHECK(a.vx == doctest::Approx(b.vx));
    CHECK(a.vy == doctest::Approx(b.vy));
    CHECK(a.turn == doctest::Approx(b.turn));
  }
  // A turn in place goes on to max_turn (the old limit stopped it at 2).
  WalkCommand spin{0, 0, 4.0};
  CHECK(settled(old, spin).turn == doctest::Approx(2.0));
  CHECK(settled(split, spin).turn == doctest::Approx(3.0));
  CHECK(settled(split, WalkCommand{0, 0, -2.5}).turn == doctest::Approx(-2.5));
  // A big turn with some walking: the turn takes the whole norm, the rest is
  // scaled down with it, continuously.
  WalkCommand both = settled(split, WalkCommand{0.17, 0, 2.5});  // 0.2 of max_forward 0.85 + 1
  CHECK(both.turn == doctest::Approx(2.5 / 1.2));
  CHECK(both.vx == doctest::Approx(0.17 / 1.2));
}

TEST_CASE("walk: slow_balance_step_x/y replace the balance step gains up to gait_speed_from") {
  // Leaning forward with a pitch rate: the swing foot's catch step scales
  // with the gain in force at that speed.
  auto targets = [](const WalkParams& p, double vx, double target[kJointCount]) {
    WalkEngine walk;
    walk.configure(default_leg_geometry(), p);
    WalkCommand command;
    command.vx = vx;
    for (int i = 0; i < 60; ++i) walk.step(command, Vec3(0.3, 0.4, 0), p.torso_pitch + 0.05, 0.05, target);
    REQUIRE(walk.walking());
  };
  WalkParams p = shipped_walk();
  p.accel_forward = 1000;
  p.max_forward = 1.0;
  p.gait_speed_from = 0.4;
  p.balance_step_x = p.slow_balance_step_x = 0.01;
  p.balance_step_y = p.slow_balance_step_y = 0.005;
  WalkParams slow_changed = p;
  slow_changed.slow_balance_step_x = 0.03;
  slow_changed.slow_balance_step_y = 0.02;
  auto check_same_targets = [&](const WalkParams& x, const WalkParams& y, double vx) {
    double a[kJointCount] = {}, b[kJointCount] = {};
    targets(x, vx, a);
    targets(y, vx, b);
    for (int j = 0; j < kJointCount; ++j) CHECK(a[j] == doctest::Approx(b[j]).epsilon(1e-12));
  };
  // Above gait_speed_from the slow gains change nothing...
  check_same_targets(p, slow_changed, 0.8);
  // ...at or below it they are the gains in force: the same targets as a
  // walk whose balance_step_x/y are those values everywhere.
  WalkParams everywhere = slow_changed;
  everywhere.balance_step_x = 0.03;
  everywhere.balance_step_y = 0.02;
  check_same_targets(slow_changed, everywhere, 0.3);
  double a[kJointCount] = {}, c[kJointCount] = {};
  targets(p, 0.3, a);
  targets(slow_changed, 0.3, c);
  double largest = 0;
  for (int j = 0; j < kJointCount; ++j) largest = std::max(largest, std::abs(a[j] - c[j]));
  CHECK(largest > 1e-3);  // and they do move the feet
}

// The periods of the steps a walk begins within `cycles` of `command`, in
// order; the walk keeps its loaded parameters whatever gait it blends in.
std::vector<double> step_periods(const WalkParams& params, const WalkCommand& command, int cycles) {
  WalkEngine walk;
  walk.configure(default_leg_geometry(), params);
  double target[kJointCount] = {};
  std::vector<double> seen;
  double last_phase = 1;
  for (int i = 0; i < cycles; ++i) {
    walk.step(command, Vec3::Zero(), params.torso_pitch, 0.0, target);
    if (walk.walking() && walk.phase() < last_phase) seen.push_back(walk.period());  // a step began
    last_phase = walk.walking() ? walk.phase() : 1;
  }
  REQUIRE(walk.walking());
  CHECK(walk.params().step_period == doctest::Approx(params.step_period));
  return seen;
}

TEST_CASE("walk: a forward gait acts beyond gait_speed_from by the forward share, eased in step by step") {
  WalkParams p = shipped_walk();
  p.sideways = p.forward = {};
  REQUIRE(set_gait_field(&p.forward, "step_period", 0.2));
  REQUIRE(set_gait_field(&p.forward, "gyro_ankle_pitch", -0.3));
  CHECK_FALSE(set_gait_field(&p.forward, "max_forward", 2.0));  // limits hold for every gait
  CHECK_FALSE(set_gait_field(&p.forward, "accel_forward", 2.0));
  p.step_period_per_speed = 0;  // the period then comes from the table alone
  p.gait_speed_from = 0.4;
  p.max_forward = 1.0;
  p.accel_forward = p.accel_side = p.accel_turn = 1000;  // the command in a cycle
  auto periods = [&](const WalkCommand& command, int cycles) { return step_periods(p, command, cycles); };
  auto settled = [&](const WalkCommand& command) { return periods(command, 100).back(); };
  WalkCommand slow, full, between, back, full_and_turn;
  slow.vx = 0.4;  // up to gait_speed_from: the block's gait (the kick approach keeps its steps)
  full.vx = 1.0;
  between.vx = 0.7;
  back.vx = -0.2;
  full_and_turn.vx = 1.0;
  full_and_turn.turn = p.combine_max_turn;  // the diamond halves both
  CHECK(settled(slow) == doctest::Approx(p.step_period));
  CHECK(settled(full) == doctest::Approx(0.2));
  CHECK(settled(between) == doctest::Approx(p.step_period + 0.5 * (0.2 - p.step_period)));
  CHECK(settled(back) == doctest::Approx(p.step_period));
  // Limited to vx 0.5 (a sixth of the way from 0.4 to 1.0), and only half
  // of the command forwards: a twelfth of the forward gait.
  CHECK(settled(full_and_turn) == doctest::Approx(p.step_period + (0.2 - p.step_period) / 12.0));
  std::vector<double> start = periods(full, 60);
  REQUIRE(start.size() >= 5);
  for (size_t k = 1; k < start.size(); ++k) CHECK(start[k] - start[k - 1] <= 0.25 * (0.2 - p.step_period) + 1e-9);
  CHECK(start.back() == doctest::Approx(0.2));

  // The table's gains act too: the ankle answers a pitch rate differently
  // at full speed with it than without it.
  WalkParams without = p;
  without.forward = {};
  auto ankle_under_rate = [&](const WalkParams& params) {
    WalkEngine walk;
    walk.configure(default_leg_geometry(), params);
    double target[kJointCount] = {};
    for (int i = 0; i < 80; ++i) walk.step(full, Vec3::Zero(), params.torso_pitch, 0.0, target);
    double still[kJointCount], turning[kJointCount];
    WalkEngine copy = walk;
    walk.step(full, Vec3::Zero(), params.torso_pitch, 0.0, still);
    copy.step(full, Vec3(0, 1.0, 0), params.torso_pitch, 0.0, turning);
    return std::abs(turning[kLFootPitch] - still[kLFootPitch]) + std::abs(turning[kRFootPitch] - still[kRFootPitch]);
  };
  CHECK(ankle_under_rate(p) > ankle_under_rate(without) + 0.05);
}

TEST_CASE("walk: a turning gait acts only on fast turns in place, eased in step by step") {
  WalkParams p = shipped_walk();
  p.sideways = p.forward = p.turning = {};
  REQUIRE(set_gait_field(&p.turning, "step_period", 0.2));
  REQUIRE(p.combine_max_turn > 0);
  REQUIRE(p.turning_from > 0);
  REQUIRE(p.combine_max_turn < p.turning_from * p.max_turn);  // the kick approach's turns stay below it
  p.step_period_per_speed = p.step_period_per_turn = 0;  // one period unless a gait table sets it
  p.accel_forward = p.accel_side = p.accel_turn = 1000;
  auto settled = [&](const WalkCommand& command) { return step_periods(p, command, 100).back(); };
  WalkCommand full_turn, combine_turn, part_turn, forward, turn_and_walk;
  full_turn.turn = -p.max_turn;  // either direction
  combine_turn.turn = p.combine_max_turn;
  part_turn.turn = 0.5 * (1 + p.turning_from) * p.max_turn;  // half way from turning_from to the limit
  forward.vx = p.max_forward;
  turn_and_walk.vx = 0.5 * p.max_forward;
  turn_and_walk.turn = p.max_turn;  // the norm brings the turn below turning_from
  CHECK(settled(full_turn) == doctest::Approx(0.2));
  CHECK(settled(part_turn) == doctest::Approx(0.5 * (p.step_period + 0.2)));
  CHECK(settled(combine_turn) == doctest::Approx(p.step_period));
  CHECK(settled(forward) == doctest::Approx(p.step_period));
  CHECK(settled(turn_and_walk) == doctest::Approx(p.step_period));
  std::vector<double> start = step_periods(p, full_turn, 60);
  REQUIRE(start.size() >= 5);
  for (size_t k = 1; k < start.size(); ++k)
    CHECK(start[k] - start[k - 1] <= 0.25 * (0.2 - p.step_period) + 1e-9);
}

TEST_CASE("walk: a sideways gait acts on sidesteps by their sideways share, eased in step by step") {
  WalkParams p = shipped_walk();
  p.sideways = p.forward = {};
  REQUIRE(set_gait_field(&p.sideways, "step_period", 0.2));
  CHECK_FALSE(set_gait_field(&p.sideways, "max_side", 0.5));  // limits hold for every direction
  p.sideways_from = 0;
  p.step_period_per_speed = 0;  // one gait at every forward speed
  p.accel_forward = p.accel_side = p.accel_turn = 1000;  // the command in a cycle
  auto periods = [&](const WalkParams& params, const WalkCommand& command, int cycles) {
    return step_periods(params, command, cycles);
  };
  auto settled = [&](const WalkParams& params, const WalkCommand& command) { return periods(params, command, 100).back(); };
  WalkCommand side, half_side, three_quarter_side, forward, turn, diagonal;
  side.vy = -p.max_side;  // either direction
  half_side.vy = 0.5 * p.max_side;
  three_quarter_side.vy = 0.75 * p.max_side;
  forward.vx = 0.2;
  turn.turn = 1.0;
  diagonal.vx = 0.5 * p.max_forward;
  diagonal.vy = 0.5 * p.max_side;
  CHECK(settled(p, side) == doctest::Approx(0.2));
  CHECK(settled(p, half_side) == doctest::Approx(0.5 * (p.step_period + 0.2)));
  CHECK(settled(p, forward) == doctest::Approx(p.step_period));
  CHECK(settled(p, turn) == doctest::Approx(p.step_period));
  // Half of the command sideways (of its limit), half of it forwards: a
  // quarter of the sideways gait.
  CHECK(settled(p, diagonal) == doctest::Approx(p.step_period + 0.25 * (0.2 - p.step_period)));
  // Eased in: a quarter more each step, never all at once.
  std::vector<double> start = periods(p, side, 60);
  REQUIRE(start.size() >= 5);
  for (size_t k = 1; k < start.size(); ++k)
    CHECK(start[k] - start[k - 1] <= 0.25 * (0.2 - p.step_period) + 1e-9);
  // From sideways_from on: half the limit sidesteps with the loaded gait.
  WalkParams from_half = p;
  from_half.sideways_from = 0.5;
  CHECK(settled(from_half, half_side) == doctest::Approx(p.step_period));
  CHECK(settled(from_half, three_quarter_side) == doctest::Approx(p.step_period + 0.5 * (0.2 - p.step_period)));
  CHECK(settled(from_half, side) == doctest::Approx(0.2));

  // Stopping goes back to the loaded gait: the stand pose is the same.
  WalkEngine walked, fresh;
  walked.configure(default_leg_geometry(), p);
  fresh.configure(default_leg_geometry(), p);
  double a[kJointCount] = {}, b[kJointCount] = {};
  for (int i = 0; i < 60; ++i) walked.step(side, Vec3::Zero(), p.torso_pitch, 0.0, a);
  for (int i = 0; i < 200 && walked.walking(); ++i) walked.step(WalkCommand{}, Vec3::Zero(), p.torso_pitch, 0.0, a);
  REQUIRE_FALSE(walked.walking());
  for (int i = 0; i < 30; ++i) walked.step(WalkCommand{}, Vec3::Zero(), p.torso_pitch, 0.0, a);  // rise, settle
  walked.stand_pose(a);
  fresh.stand_pose(b);
  for (int j = 0; j < kJointCount; ++j) CHECK(a[j] == doctest::Approx(b[j]).epsilon(1e-9));
}

TEST_CASE("walk: the foot sensors end a step when the swing foot lands, and hold it for a late one") {
  WalkParams p = shipped_walk();
  p.forward = p.sideways = p.turning = WalkParams::GaitTable{};
  p.step_period = 0.2;  // 10 cycles
  p.step_period_per_speed = 0;
  p.step_period_per_turn = 0;
  // Walks the slow gait through nine support exchanges, the swing foot's load
  // `swing_load` (N) and the support foot's 50 N (`loads` false: no sensors
  // at all); returns the cycle and the new step's phase at each exchange.
  struct Exchange {
    int cycle;
    double phase;
  };
  auto walk_exchanges = [&](const WalkParams& params, double swing_load, bool loads, WalkEngine* walk) {
    walk->configure(default_leg_geometry(), params);
    WalkCommand command;
    command.vx = 0.2;
    double target[kJointCount] = {};
    std::vector<Exchange> exchanges;
    Side swing = kLeft;
    for (int i = 0; i < 400 && exchanges.size() < 9; ++i) {
      FootLoads sensed;
      sensed.load[walk->swing_side()] = swing_load;
      sensed.load[walk->swing_side() == kLeft ? kRight : kLeft] = 50;
      walk->step(command, Vec3::Zero(), params.torso_pitch, 0.0, target, loads ? &sensed : nullptr);
      if (walk->walking() && walk->swing_side() != swing) {
        swing = walk->swing_side();
        exchanges.push_back({i, walk->phase()});
      }
    }
    REQUIRE(exchanges.size() == 9);
    return exchanges;
  };
  // Mean cycles per step over steps 3-8.
  auto cycles_per_step = [&](const WalkParams& params, double swing_load, bool loads, WalkEngine* walk) {
    std::vector<Exchange> e = walk_exchanges(params, swing_load, loads, walk);
    return (e[8].cycle - e[2].cycle) / 6.0;
  };
  WalkEngine walk;
  // Off (touchdown_load 0): the plan's timing, whatever the sensors say.
  CHECK(cycles_per_step(p, 0.0, true, &walk) == doctest::Approx(10.0));
  CHECK(walk.touchdown_early_steps() == 0);
  WalkParams on = p;
  on.touchdown_load = 20;
  on.touchdown_from = 0.6;
  // A foot that carries its load early ends the step at touchdown_from.
  CHECK(cycles_per_step(on, 30.0, true, &walk) == doctest::Approx(6.0));
  CHECK(walk.touchdown_early_steps() > 0);
  CHECK(walk.touchdown_held_cycles() == 0);
  // Below the load it is still in the air: the plan's end, not held (wait 0).
  CHECK(cycles_per_step(on, 19.0, true, &walk) == doctest::Approx(10.0));
  CHECK(walk.touchdown_early_steps() == 0);
  // Held for a late foot up to touchdown_wait (3 cycles), which the next
  // step then starts into: the exchange shifts, the cadence holds ...
  on.touchdown_from = 1.0;
  on.touchdown_wait = 0.06;
  std::vector<Exchange> held = walk_exchanges(on, 0.0, true, &walk);
  CHECK((held[8].cycle - held[2].cycle) / 6.0 == doctest::Approx(10.0));
  CHECK(walk.touchdown_held_cycles() >= 18);
  CHECK(held[0].phase == doctest::Approx(0.0));  // the first step, in place, is never held
  CHECK(held[2].phase == doctest::Approx(0.3));  // 3 cycles of the 10 waited
  // ... not once it has landed, and not without sensors.
  CHECK(cycles_per_step(on, 30.0, true, &walk) == doctest::Approx(10.0));
  CHECK(walk.touchdown_held_cycles() == 0);
  CHECK(cycles_per_step(on, 0.0, false, &walk) == doctest::Approx(10.0));
  CHECK(walk_exchanges(on, 0.0, false, &walk)[2].phase == doctest::Approx(0.0));
  // A gait table's sliver of a wait (a blend) holds no cycle.
  on.touchdown_wait = 0.005;
  CHECK(cycles_per_step(on, 0.0, true, &walk) == doctest::Approx(10.0));
  CHECK(walk.touchdown_held_cycles() == 0);
}
