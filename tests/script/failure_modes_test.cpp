// Nothing a script does can crash or freeze the agent: endless loops (also
// ones that catch the budget error), memory bombs, deep recursion, odd error
// values, bad entry modules. Each ends in the safe fallback with a report.
#include <doctest/doctest.h>

#include <string>
#include <thread>

#include "script/behavior_host.h"
#include "script_test_util.h"

using namespace libero;
using namespace libero::script;
using namespace libero::script::testing;

namespace {

struct Run {
  TempScriptDir dir;
  BehaviorHostOptions options;
  Run(const std::string& main_source, std::size_t memory = 64u << 20) {
    dir.write("main.lua", main_source);
    options = options_for(dir.path());
    options.memory_limit_bytes = memory;
  }
};

// Starts, ticks `ticks` times, checks the host ends in the fallback with an
// error mentioning `expected`, and that it keeps ticking afterwards. Both
// budget mechanisms (CPU-time timer, polling hook) are exercised.
void expect_fallback_with(bool timer, const std::string& source, const std::string& expected, std::size_t memory) {
  Run run(source, memory);
  run.options.budget_timer = timer;
  BehaviorHost host(run.options);
  REQUIRE_MESSAGE(host.start().ok(), host.last_error());
  CHECK(host.stats().budget_timer == timer);
  TickDriver driver;
  for (int i = 0; i < 3; ++i) driver.tick(host);
  CHECK(host.stats().in_fallback);
  // An overrun first holds one tick (a lone overrun); the second, next tick, is the fallback's.
  CHECK(host.stats().held_ticks == (host.stats().budget_overruns > 0 ? 1u : 0u));
  CHECK(host.stats().runtime_errors == 1 + host.stats().held_ticks);
  CHECK_MESSAGE(host.last_error().find(expected) != std::string::npos, host.last_error());
  CHECK(driver.requests.body == motion::kBodyStand);
  CHECK(driver.requests.head == motion::kHeadScan);
}

void expect_fallback(const std::string& source, const std::string& expected, std::size_t memory = 64u << 20) {
  expect_fallback_with(true, source, expected, memory);
  expect_fallback_with(false, source, expected, memory);
}

}  // namespace

TEST_CASE("a tight endless loop is cut off by the tick budget") {
  expect_fallback("return function()\n  while true do end\nend\n", "main.lua:2: tick budget exceeded");
}

TEST_CASE("an endless loop that catches the budget error with pcall is still cut off") {
  expect_fallback("return function()\n  while true do pcall(function() while true do end end) end\nend\n",
                  "tick budget exceeded");
  expect_fallback("return function()\n  while true do xpcall(function() while true do end end, function(e) return e end) end\nend\n",
                  "tick budget exceeded");
  expect_fallback("return function()\n  while true do xpcall(error, function() while true do end end) end\nend\n",
                  "tick budget exceeded");
}

TEST_CASE("endless loops hidden in metamethods and library callbacks are cut off") {
  expect_fallback("local t = setmetatable({}, { __index = function() while true do end end })\n"
                  "return function() return t.x end\n", "tick budget exceeded");
  expect_fallback("return function()\n  local t = {}\n  for i = 1, 100 do t[i] = i end\n"
                  "  table.sort(t, function(a, b) while true do end end)\nend\n", "tick budget exceeded");
  expect_fallback("return function()\n  local s = string.rep('a', 100)\n"
                  "  s:gsub('a', function() while true do end end)\nend\n", "tick budget exceeded");
}

TEST_CASE("a slow but finite tick over the budget is cut off too") {
  expect_fallback("return function()\n  local x = 0\n  for i = 1, 1e10 do x = x + i end\nend\n", "tick budget exceeded");
}

TEST_CASE("memory is bounded per state") {
  constexpr std::size_t kLimit = 8u << 20;
  // One big allocation.
  expect_fallback("return function() local s = string.rep('x', 32 * 1024 * 1024) end\n", "not enough memory", kLimit);
  // Growth across ticks (each tick keeps 1 MB more).
  Run run("local keep = {}\nreturn function() keep[#keep + 1] = string.rep('y', 1024 * 1024) .. #keep end\n", kLimit);
  // Each tick copies megabytes and may collect garbage: on a loaded machine
  // that passed the 2 ms tick budget now and then, and the test saw a
  // budget error instead of the memory error it is about.
  run.options.tick_budget_ms = 100.0;
  BehaviorHost host(run.options);
  REQUIRE(host.start().ok());
  TickDriver driver;
  for (int i = 0; i < 20; ++i) driver.tick(host);
  CHECK(host.stats().in_fallback);
  CHECK(host.stats().peak_memory_bytes <= kLimit);
  CHECK_MESSAGE(host.last_error().find("not enough memory") != std::string::npos, host.last_error());
  // Catching the memory error does not help either.
  expect_fallback("return function()\n  local t = {}\n  while true do pcall(function() t[#t + 1] = string.rep('z', 65536) .. #t end) end\nend\n",
                  "", kLimit);
}

TEST_CASE("a memory limit too small for the state itself fails start cleanly") {
  Run run("return function() end\n", 1024);
  BehaviorHost host(run.options);
  CHECK_FALSE(host.start().ok());
  TickDriver driver;
  driver.tick(host);
  CHECK(host.stats().in_fallback);
  CHECK(driver.requests.head == motion::kHeadScan);
}

TEST_CASE("deep recursion and odd error values are runtime errors") {
  expect_fallback("local function f(n) return 1 + f(n + 1) end\nreturn function() f(1) end\n", "stack overflow");
  expect_fallback("return function() error({ code = 1 }) end\n", "error value is a table");
  expect_fallback("return function() error(setmetatable({}, { __tostring = function() while true do end end })) end\n",
                  "error value is a table");
  expect_fallback("return function() error() end\n", "error value is a nil");
  expect_fallback("local t = setmetatable({}, {})\ngetmetatable(t).__index = function(self, k) return self[k] end\n"
                  "return function() return t.x end\n", "stack overflow");
}

TEST_CASE("load-time failures: endless top-level loop, bad entry value, missing files") {
  {
    Run run("while true do end\n");
    BehaviorHost host(run.options);
    CHECK_FALSE(host.start().ok());
    CHECK(host.last_error().find("tick budget exceeded") != std::string::npos);
  }
  {
    Run run("return 42\n");
    BehaviorHost host(run.options);
    CHECK_FALSE(host.start().ok());
    CHECK(host.last_error().find("must return a function") != std::string::npos);
  }
  {
    Run run("return { tick = function() skill.walk(0.25) end }\n");
    BehaviorHost host(run.options);
    REQUIRE(host.start().ok());
    TickDriver driver;
    driver.tick(host);
    CHECK(driver.requests.walk_vx == doctest::Approx(0.25));
  }
  {
    Run run("return function() end\n");
    run.options.entry = "missing";
    BehaviorHost host(run.options);
    CHECK_FALSE(host.start().ok());
    CHECK(host.last_error().find("module 'missing' not found") != std::string::npos);
  }
  {
    BehaviorHost host(options_for("/nonexistent/libero/scripts"));
    CHECK_FALSE(host.start().ok());
    TickDriver driver;
    driver.tick(host);
    CHECK(host.stats().in_fallback);
  }
  {
    Run run("\x1bLJ binary\n");
    BehaviorHost host(run.options);
    CHECK_FALSE(host.start().ok());
    CHECK(host.last_error().find("precompiled chunks are not allowed") != std::string::npos);
  }
}

TEST_CASE("tick without start runs the fallback") {
  BehaviorHost host(options_for("/tmp"));
  TickDriver driver;
  driver.tick(host);
  CHECK(host.stats().in_fallback);
  CHECK(driver.requests.body == motion::kBodyStand);
  CHECK(driver.requests.head == motion::kHeadScan);
}

TEST_CASE("a host started on one thread and ticked on another still enforces the budget") {
  Run run("local n = 0\nreturn function()\n  n = n + 1\n  if n >= 3 then while true do end end\n  skill.walk(0.1)\nend\n");
  BehaviorHost host(run.options);
  REQUIRE(host.start().ok());
  TickDriver driver;
  driver.tick(host);
  CHECK(driver.requests.walk_vx == doctest::Approx(0.1));
  std::thread other([&] {
    for (int i = 0; i < 3; ++i) driver.tick(host);
  });
  other.join();
  CHECK(host.stats().in_fallback);
  CHECK(host.stats().budget_overruns == 2);  // the first held, the second in a row the fallback's
  CHECK(host.stats().held_ticks == 1);
  CHECK(host.last_error().find("tick budget exceeded") != std::string::npos);
}

// A rare bug or one slow tick must not leave a robot standing for the rest
// of a match: after error_retry_s of fallback the same code runs again.
TEST_CASE("after a runtime error or a budget overrun the code is tried again after the back-off") {
  const char* sources[] = {
      // an error in the first tick only (a rare situation)
      "local n = 0\nreturn function()\n  n = n + 1\n  if n == 1 then error('rare case') end\n  skill.walk(0.1)\nend\n",
      // an endless loop in the first two ticks (two slow ticks in a row: one alone is held, below)
      "local n = 0\nreturn function()\n  n = n + 1\n  if n <= 2 then while true do end end\n  skill.walk(0.1)\nend\n",
  };
  for (const char* source : sources) {
    CAPTURE(source);
    Run run(source);
    run.options.error_retry_s = 0.1;  // 5 ticks
    BehaviorHost host(run.options);
    REQUIRE(host.start().ok());
    TickDriver driver;
    driver.tick(host);
    if (host.stats().held_ticks == 1) driver.tick(host);  // the slow source: its first overrun is held
    CHECK(host.stats().in_fallback);
    CHECK(host.stats().runtime_errors == 1 + host.stats().held_ticks);
    for (int i = 0; i < 4; ++i) {
      driver.tick(host);
      CHECK(host.stats().in_fallback);
      CHECK(driver.requests.body == motion::kBodyStand);
    }
    driver.tick(host);  // the back-off is over
    CHECK_FALSE(host.stats().in_fallback);
    CHECK(host.stats().retries == 1);
    CHECK(host.stats().runtime_errors == 1 + host.stats().held_ticks);
    CHECK(driver.requests.walk_vx == doctest::Approx(0.1));
  }
}

// On a loaded machine the CPU-time clock runs on while the thread is held
// back, so a normal tick is now and then measured past its budget: one
// overrun must not stand the robot for a second.
TEST_CASE("a lone budget overrun repeats the last good tick's requests; a second one soon after takes the fallback") {
  Run run("local n = 0\nreturn function()\n  n = n + 1\n"
          "  if n == 3 or n == 5 or n == 80 then while true do end end\n"
          "  skill.walk(0.01 * n)\nend\n");
  run.options.error_retry_s = 0.1;  // 5 ticks of back-off; lone means 50 ticks since the last overrun
  BehaviorHost host(run.options);
  REQUIRE(host.start().ok());
  TickDriver driver;
  driver.tick(host);
  driver.tick(host);
  CHECK(driver.requests.walk_vx == doctest::Approx(0.02));
  driver.tick(host);  // n == 3: overrun, held
  CHECK_FALSE(host.stats().in_fallback);
  CHECK(host.stats().held_ticks == 1);
  CHECK(host.stats().budget_overruns == 1);
  CHECK(driver.requests.body == motion::kBodyWalkVelocity);
  CHECK(driver.requests.walk_vx == doctest::Approx(0.02));
  CHECK(host.last_error().find("tick budget exceeded") != std::string::npos);
  driver.tick(host);  // n == 4: runs again at once
  CHECK(driver.requests.walk_vx == doctest::Approx(0.04));
  driver.tick(host);  // n == 5: a second overrun two ticks later is the script's: fallback
  CHECK(host.stats().in_fallback);
  CHECK(host.stats().held_ticks == 1);
  CHECK(host.stats().budget_overruns == 2);
  CHECK(driver.requests.body == motion::kBodyStand);
  for (int i = 0; i < 5; ++i) driver.tick(host);  // back-off over: n == 6
  CHECK_FALSE(host.stats().in_fallback);
  CHECK(driver.requests.walk_vx == doctest::Approx(0.06));
  while (host.stats().ticks < 84) driver.tick(host);  // n == 80, 75 ticks after the last overrun: lone again
  CHECK_FALSE(host.stats().in_fallback);
  CHECK(host.stats().held_ticks == 2);
  CHECK(host.stats().budget_overruns == 3);
  CHECK(driver.requests.walk_vx == doctest::Approx(0.79));  // n == 79's
}

TEST_CASE("code that fails every time is retried once per back-off; error_retry_s 0 waits for a save") {
  {
    Run run("return function() error('always') end\n");
    run.options.error_retry_s = 0.1;
    BehaviorHost host(run.options);
    REQUIRE(host.start().ok());
    TickDriver driver;
    for (int i = 0; i < 20; ++i) driver.tick(host);  // errors at ticks 1, 6, 11, 16
    CHECK(host.stats().in_fallback);
    CHECK(host.stats().runtime_errors == 4);
    CHECK(host.stats().retries == 3);
    CHECK(driver.requests.body == motion::kBodyStand);
  }
  {
    Run run("return function() error('always') end\n");
    run.options.error_retry_s = 0;
    BehaviorHost host(run.options);
    REQUIRE(host.start().ok());
    TickDriver driver;
    for (int i = 0; i < 200; ++i) driver.tick(host);
    CHECK(host.stats().runtime_errors == 1);
    CHECK(host.stats().retries == 0);
  }
  {
    // Memory errors wait for a save: the failed code's memory must go first.
    Run run("return function() local s = string.rep('x', 32 * 1024 * 1024) end\n", 16u << 20);
    run.options.error_retry_s = 0.02;
    BehaviorHost host(run.options);
    REQUIRE(host.start().ok());
    TickDriver driver;
    for (int i = 0; i < 10; ++i) driver.tick(host);
    CHECK(host.stats().in_fallback);
    CHECK_MESSAGE(host.last_error().find("not enough memory") != std::string::npos, host.last_error());
    CHECK(host.stats().retries == 0);
  }
}
