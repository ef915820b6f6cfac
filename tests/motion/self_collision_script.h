// The scripted motion of the self-collision tests, for a type-0 robot lying
// on its back (tests/motion/self_collision_harness_test.cpp; the protocol
// tests play the same script: tests/sim_referee/self_collision_client.py).
// Joint velocities (rad/s) from the time since the script began and the
// measured angles, a P controller on the targets below.
//
// From 0 s the right leg is raised (thigh pointing up, rlj3 95 deg) and the
// right arm lies along the body, rolled out (raj2 -60 deg): the boxes stay
// apart. From kSelfCollisionApproachStart the arm rolls in (raj2 -4 deg)
// when `collide`, which takes the right lower arm into the right thigh
// (rcssserver3d's check: they overlap by more than 0.04 m), and stays there
// while the shoulder pitch dithers by 3 deg, so a frozen arm shows. The left
// arm swings all along, never near anything: it must never freeze.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "core/nao_joints.h"

namespace libero::test {

constexpr double kSelfCollisionApproachStart = 1.5;  // s
constexpr double kSelfCollisionScriptSeconds = 7.0;  // s: approach, 1 s frozen, 3 s, the second freeze

inline void self_collision_script(double t, bool collide, const double* angle, double* velocity) {
  double target[kJointCount];
  bool driven[kJointCount] = {};
  auto set = [&](Joint j, double deg) {
    target[j] = deg2rad(deg);
    driven[j] = true;
  };
  const bool rolled_in = collide && t >= kSelfCollisionApproachStart;
  set(kRShoulderPitch, -89 + (t >= kSelfCollisionApproachStart ? 3 * std::sin(2 * kPi * t / 0.6) : 0));
  set(kRShoulderYaw, rolled_in ? -4 : -60);
  set(kRArmRoll, -5);
  set(kRArmYaw, 23);
  set(kRHipYawPitch, -29);
  set(kRHipRoll, -8);
  set(kRHipPitch, 95);
  set(kRKneePitch, -31);
  set(kLShoulderPitch, -45 + 30 * std::sin(2 * kPi * t / 1.0));
  // The swinging targets' own rates go out as well, so a joint that stands
  // still is clearly being commanded.
  double rate[kJointCount] = {};
  if (t >= kSelfCollisionApproachStart) rate[kRShoulderPitch] = deg2rad(3) * (2 * kPi / 0.6) * std::cos(2 * kPi * t / 0.6);
  rate[kLShoulderPitch] = deg2rad(30) * (2 * kPi / 1.0) * std::cos(2 * kPi * t / 1.0);
  for (int j = 0; j < kJointCount; ++j)
    velocity[j] = driven[j] ? std::clamp(5.0 * (target[j] - angle[j]) + rate[j], -2.0, 2.0) : 0.0;
}

}  // namespace libero::test
