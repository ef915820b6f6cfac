// `libero test`: runs behaviour test files (tests/behaviors/*_test.lua) in
// the mock world. Each file runs in its own plain Lua state (the test
// harness, not sandboxed: tests are the user's own code) with these globals:
//   test(name, fn)              register a test case
//   scene{...}                  build a mock-world scene whose robots run real
//                               BehaviorHosts on the team's scripts
//   expect(cond, msg)           non-fatal check; failures report file:line
//   expect_eq(a, b, msg)        a == b
//   expect_near(a, b, tol, msg) |a - b| <= tol
// The scene API is documented in docs/testing.md.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace libero::mock {

struct BehaviorTestOptions {
  std::string scripts_dir;      // default team scripts for `us`
  std::string mock_model_path;  // robots/nao/mock.lua
  std::string filter;           // run only tests whose name contains this
  bool verbose = false;         // print each passing test too
  // Tests check behaviour logic, not timing: a generous budget keeps a busy
  // machine from turning a slow tick into a fallback (and a flaky test).
  double tick_budget_ms = 50.0;
};

struct BehaviorTestResult {
  int passed = 0, failed = 0;
  std::vector<std::string> failures;  // "file:line: test name: message"
};

// Finds *_test.lua files: each path may be a file or a directory (searched
// recursively). Sorted. Error if a path does not exist.
Result<std::vector<std::string>> find_behavior_tests(const std::vector<std::string>& paths);

// Runs every test of every file; prints progress and failures to stdout.
BehaviorTestResult run_behavior_tests(const std::vector<std::string>& files, const BehaviorTestOptions& options);

}  // namespace libero::mock
