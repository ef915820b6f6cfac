#include <doctest/doctest.h>

#include "core/math.h"
#include "core/nao_joints.h"
#include "core/result.h"
#include "core/log.h"

using namespace libero;

TEST_CASE("normalize_angle wraps into (-pi, pi]") {
  CHECK(normalize_angle(0.0) == doctest::Approx(0.0));
  CHECK(normalize_angle(kPi) == doctest::Approx(kPi));
  CHECK(normalize_angle(-kPi) == doctest::Approx(kPi));
  CHECK(normalize_angle(3 * kPi / 2) == doctest::Approx(-kPi / 2));
  CHECK(normalize_angle(-5 * kPi / 2) == doctest::Approx(-kPi / 2));
}

TEST_CASE("joint names round-trip and toes only on type 4") {
  for (int i = 0; i < kJointCount; ++i) {
    CHECK(joint_from_perceptor(kJointPerceptorNames[i]) == i);
    CHECK(joint_from_effector(kJointEffectorNames[i]) == i);
  }
  CHECK(joint_from_perceptor("xyz") == kJointCount);
  CHECK(joint_from_effector("hj1") == kJointCount);
  CHECK(joint_count_for_type(0) == 22);
  CHECK(joint_count_for_type(4) == 24);
}

TEST_CASE("Result carries a value or an error with offset") {
  Result<int> good = 3;
  REQUIRE(good.ok());
  CHECK(*good == 3);
  Result<int> bad = make_error("unbalanced parenthesis", 17);
  CHECK_FALSE(bad.ok());
  CHECK(bad.error().describe() == "unbalanced parenthesis (at byte 17)");
  Status fine;
  CHECK(fine.ok());
}

TEST_CASE("log level parsing rejects unknown names") {
  log::Level level;
  CHECK(log::parse_level("warn", &level));
  CHECK(level == log::Level::Warn);
  CHECK_FALSE(log::parse_level("loud", &level));
}
