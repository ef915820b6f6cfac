#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <unistd.h>

#include "tools/mock/behavior_tests.h"

using namespace libero::mock;

namespace {
std::string fixtures() { return std::string(LIBERO_SOURCE_DIR) + "/tests/mock/fixtures"; }

BehaviorTestOptions options() {
  BehaviorTestOptions o;
  o.scripts_dir = std::string(LIBERO_SOURCE_DIR) + "/scripts";
  o.mock_model_path = std::string(LIBERO_SOURCE_DIR) + "/robots/nao/mock.lua";
  return o;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& text) {
  for (const auto& l : lines)
    if (l.find(text) != std::string::npos) return true;
  return false;
}
}  // namespace

TEST_CASE("the runner counts passes and failures and reports file:line") {
  BehaviorTestResult result = run_behavior_tests({fixtures() + "/runner_cases.lua"}, options());
  CHECK(result.passed == 2);
  CHECK(result.failed == 2);
  CHECK(any_contains(result.failures, "runner_cases.lua:11: deliberate failure: one is not two"));
  CHECK(any_contains(result.failures, "boom"));
}

TEST_CASE("the filter selects tests by name") {
  BehaviorTestOptions o = options();
  o.filter = "walker";
  BehaviorTestResult result = run_behavior_tests({fixtures() + "/runner_cases.lua"}, o);
  CHECK(result.passed == 1);
  CHECK(result.failed == 0);
}

TEST_CASE("a scene's game clock starts where the scene says; a bad time is a clear failure") {
  std::string path = "/tmp/libero_scene_time_" + std::to_string(::getpid()) + "_test.lua";
  FILE* f = std::fopen(path.c_str(), "w");
  REQUIRE(f);
  std::fputs("test('second half', function()\n"
             "  local s = scene{ play_mode = 'BeforeKickOff', time = 120, us = { { unum = 2 } } }\n"
             "  s:run(5)\n"
             "  expect_near(s:game_time(), 120, 1e-9, 'the clock stands before the kick-off')\n"
             "end)\n"
             "test('negative', function() scene{ time = -5 } end)\n"
             "test('not a number', function() scene{ time = 'half' } end)\n",
             f);
  std::fclose(f);
  BehaviorTestResult result = run_behavior_tests({path}, options());
  CHECK(result.passed == 1);
  CHECK(result.failed == 2);
  CHECK(any_contains(result.failures, "scene: time must be 0-3600 s"));
  CHECK(any_contains(result.failures, "scene: 'time' must be a number"));
  std::remove(path.c_str());
}

TEST_CASE("a test file with a syntax error is one failure, not a crash") {
  std::string path = "/tmp/libero_bad_" + std::to_string(::getpid()) + "_test.lua";
  FILE* f = std::fopen(path.c_str(), "w");
  REQUIRE(f);
  std::fputs("test('x', function() expect(true) end\n", f);
  std::fclose(f);
  BehaviorTestResult result = run_behavior_tests({path}, options());
  CHECK(result.failed == 1);
  CHECK(result.passed == 0);
  CHECK(any_contains(result.failures, path));
  std::remove(path.c_str());
}

TEST_CASE("finding tests: folders are searched, missing paths are errors") {
  auto found = find_behavior_tests({std::string(LIBERO_SOURCE_DIR) + "/tests/behaviors"});
  REQUIRE(found.ok());
  for (const auto& f : *found) CHECK(f.size() > 9);
  auto missing = find_behavior_tests({"/no/such/dir"});
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message.find("/no/such/dir") != std::string::npos);
  CHECK_FALSE(run_behavior_tests({}, [] {
                auto o = options();
                o.mock_model_path = "/no/model.lua";
                return o;
              }()).failed == 0);
}
