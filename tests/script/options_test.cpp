// lib/option.lua follows CABSL: initial/target/aborted states, common
// transitions first, one switch per cycle, restart when not run last cycle,
// times, action_done/aborted, parameters, vars, select_option. The tests
// read the activation graph through the C++ accessor (and once from Lua).
#include <doctest/doctest.h>

#include <string>

#include "script/behavior_host.h"
#include "script_test_util.h"

using namespace libero;
using namespace libero::script;
using namespace libero::script::testing;

namespace {

// world.ball.x selects what the root runs this cycle (set from C++).
constexpr const char kOptions[] = R"LUA(
local option = require "lib.option"

local chain = option.define {
  name = "chain",
  states = {
    a = { initial = true, transition = function() return "b" end },
    b = { transition = function() return "c" end },
    c = { target = true },
  },
}

local guarded = option.define {
  name = "guarded",
  common = function(o) if world.ball.y > 0 then return "alarm" end end,
  states = {
    idle = { initial = true, transition = function(o) if o.state_time > 0.09 then return "busy" end end },
    busy = { action = function(o) o.vars.count = o.vars.count + 1; log.info("count=" .. o.vars.count) end },
    alarm = { transition = function(o) return "idle" end },
  },
  vars = function() return { count = 0 } end,
}

local child = option.define {
  name = "child",
  params = { "finish", "label" },
  states = {
    working = { initial = true, transition = function(o, finish) if finish == 1 then return "done" elseif finish == 2 then return "failed" end end },
    done = { target = true },
    failed = { aborted = true },
  },
}

local parent = option.define {
  name = "parent",
  states = {
    running = { initial = true, action = function(o)
      if o.action_done then log.info("action_done") end
      if o.action_aborted then log.info("action_aborted") end
      child(world.ball.y, "x")
    end },
  },
}

local refuses = option.define {
  name = "refuses",
  states = {
    check = { initial = true, transition = function() return "no" end, action = function() skill.walk(9) end },
    no = { aborted = true },
  },
}
local accepts = option.define {
  name = "accepts",
  states = { go = { initial = true, action = function() skill.walk(0.5) end } },
}

local broken = option.define {
  name = "broken",
  states = { s = { initial = true, transition = function() return "nowhere" end } },
}

local root = option.define {
  name = "root",
  states = { only = { initial = true, action = function(o)
    local mode = world.ball.x
    if mode == 1 then chain()
    elseif mode == 2 then guarded()
    elseif mode == 3 then parent()
    elseif mode == 4 then
      local picked = option.select_option({ refuses, accepts })
      log.info("picked " .. (picked and picked.name or "none"))
    elseif mode == 5 then broken()
    elseif mode == 6 then
      local graph = libero.activation_graph()
      log.info(#graph .. ":" .. graph[1].option .. "/" .. graph[2].option .. "/" .. graph[2].state .. "/" .. graph[3].params)
    end
  end } },
}

return function() root() end
)LUA";

struct OptionFixture {
  TempScriptDir dir;
  BehaviorHost host;
  TickDriver driver;
  OptionFixture() : host(options_for(make_dir(dir))) {
    REQUIRE_MESSAGE(host.start().ok(), host.last_error());
  }
  static std::string make_dir(const TempScriptDir& d) {
    copy_library(d);
    d.write("main.lua", kOptions);
    return d.path();
  }
  void tick(int mode, double signal = 0.0) {
    driver.world.ball.x = mode;
    driver.world.ball.y = signal;
    driver.tick(host);
    REQUIRE_MESSAGE(!host.stats().in_fallback, host.last_error());
  }
  const ActivationEntry& entry(int index) {
    const CycleTrace& trace = host.cycle_trace();
    REQUIRE(index < trace.activation_count);
    return trace.activations[index];
  }
  std::string state(int index) { return entry(index).state; }
  std::string log(int index) {
    const CycleTrace& trace = host.cycle_trace();
    REQUIRE(index < trace.log_count);
    return trace.log[index].text;
  }
};

}  // namespace

TEST_CASE("at most one state switch per option per cycle; the initial state's transition runs at once") {
  OptionFixture f;
  f.tick(1);
  CHECK(f.entry(1).depth == 1);
  CHECK(std::string(f.entry(1).option) == "chain");
  CHECK(f.state(1) == "b");
  f.tick(1);
  CHECK(f.state(1) == "c");
  f.tick(1);
  CHECK(f.state(1) == "c");
  CHECK(f.entry(0).depth == 0);
}

TEST_CASE("common transitions come first; state_time and option_time; vars; restart after a pause") {
  OptionFixture f;
  f.tick(2);
  CHECK(f.state(1) == "idle");
  CHECK(f.entry(1).option_time == doctest::Approx(0.0));
  for (int i = 0; i < 5; ++i) f.tick(2);  // 0.1 s in idle
  CHECK(f.state(1) == "busy");
  CHECK(f.entry(1).state_time == doctest::Approx(0.0));
  CHECK(f.entry(1).option_time == doctest::Approx(0.1));
  f.tick(2);
  f.tick(2);
  CHECK(f.entry(1).state_time == doctest::Approx(0.04));
  // The common transition wins over busy's (absent) transition...
  f.tick(2, 1.0);
  CHECK(f.state(1) == "alarm");
  // (alarm's own transition, straight back to idle, waits for the next
  // cycle: one switch per cycle.)
  f.tick(2, 0.0);
  CHECK(f.state(1) == "idle");
  // Not run for one cycle: restarts in the initial state with fresh times.
  for (int i = 0; i < 6; ++i) f.tick(2);
  CHECK(f.state(1) == "busy");
  f.tick(0);
  CHECK(f.host.cycle_trace().activation_count == 1);
  f.tick(2);
  CHECK(f.state(1) == "idle");
  CHECK(f.entry(1).option_time == doctest::Approx(0.0));
}

TEST_CASE("state variables are rebuilt on re-activation") {
  OptionFixture f;
  for (int i = 0; i < 9; ++i) f.tick(2);  // idle 5 cycles, then busy 4
  CHECK(f.log(0) == "count=4");
  f.tick(0);
  for (int i = 0; i < 6; ++i) f.tick(2);
  CHECK(f.state(1) == "busy");
  CHECK(f.log(0) == "count=1");
}

TEST_CASE("action_done and action_aborted refer to the last sub-option of the previous cycle") {
  OptionFixture f;
  f.tick(3, 0);
  CHECK(std::string(f.entry(2).option) == "child");
  CHECK(std::string(f.entry(2).params) == "finish=0, label=x");
  CHECK(f.entry(2).depth == 2);
  CHECK(f.host.cycle_trace().log_count == 0);
  f.tick(3, 1);  // the child reaches its target state this cycle...
  CHECK(f.state(2) == "done");
  CHECK(f.host.cycle_trace().log_count == 0);  // ...the parent saw the cycle before
  f.tick(3, 1);
  CHECK(f.log(0) == "action_done");
  // The activation graph of the previous cycle, read from Lua.
  f.tick(6);
  CHECK(f.log(0) == "3:root/parent/running/finish=1, label=x");
  // The child was not run last cycle: it restarts, then aborts.
  f.tick(3, 2);
  CHECK(f.state(2) == "failed");
  CHECK(f.host.cycle_trace().log_count == 0);
  f.tick(3, 2);
  CHECK(f.log(0) == "action_aborted");
}

TEST_CASE("select_option keeps the first candidate that does not abort") {
  OptionFixture f;
  f.tick(4);
  CHECK(f.driver.requests.walk_vx == doctest::Approx(0.5));
  CHECK(f.log(0) == "picked accepts");
  const CycleTrace& t = f.host.cycle_trace();
  REQUIRE(t.activation_count == 3);
  CHECK(std::string(t.activations[1].option) == "refuses");
  CHECK(std::string(t.activations[1].state) == "no");
  CHECK(std::string(t.activations[2].option) == "accepts");
  // The aborted candidate counts as not run: next cycle it starts over.
  f.tick(4);
  CHECK(std::string(f.host.cycle_trace().activations[1].state) == "no");
}

TEST_CASE("a transition to an unknown state is a runtime error naming the option") {
  OptionFixture f;
  f.driver.world.ball.x = 5;
  f.driver.tick(f.host);
  CHECK(f.host.stats().in_fallback);
  CHECK(f.host.last_error().find("option broken: transition from s to unknown state nowhere") != std::string::npos);
  CHECK(f.driver.requests.head == motion::kHeadScan);
}

TEST_CASE("malformed option definitions fail at load time with file:line") {
  TempScriptDir dir;
  copy_library(dir);
  dir.write("main.lua", "local option = require 'lib.option'\n"
                        "local o = option.define { name = 'x', states = { a = {}, b = {} } }\n"
                        "return function() o() end\n");
  BehaviorHost host(options_for(dir.path()));
  CHECK_FALSE(host.start().ok());
  CHECK(host.last_error().find("main.lua:2: option x: no initial state") != std::string::npos);
  TickDriver driver;
  driver.tick(host);
  CHECK(host.stats().in_fallback);
}
