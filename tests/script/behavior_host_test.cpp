// The host drives the agent through the real default scripts, the sandbox
// holds, and the API writes the requests the docs promise.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "script/behavior_host.h"
#include "script_test_util.h"

using namespace libero;
using namespace libero::script;
using namespace libero::script::testing;

// The default team in scripts/ belongs to the behaviour owners and changes;
// this only checks that it loads and drives the agent without errors. The
// host's own behaviour is tested below on scripts written for the tests.
TEST_CASE("the default scripts load and drive the agent") {
  BehaviorHost host(options_for(std::string(LIBERO_SOURCE_DIR) + "/scripts"));
  Status started = host.start();
  REQUIRE_MESSAGE(started.ok(), host.last_error());
  TickDriver driver;
  driver.world.game.phase = world::kGameBeforeKickOff;
  // A robot that has just connected listens params.beam_join_wait (0.5 s)
  // before its first beam (408c1b6): beam within the first second.
  bool beamed = false;
  for (int i = 0; i < 50 && !beamed; ++i) {
    driver.tick(host);
    beamed = driver.requests.beam == 1;
  }
  CHECK(beamed);
  driver.world.game.phase = world::kGamePlayOn;
  driver.world.ball.valid = 1;
  driver.world.ball.x = 3.0;
  for (int i = 0; i < 100; ++i) driver.tick(host);
  CHECK(host.cycle_trace().activation_count >= 1);
  CHECK(host.cycle_trace().activations[0].depth == 0);
  driver.world.ball.valid = 0;
  driver.world.ball.last_seen_age = 100.0;
  for (int i = 0; i < 100; ++i) driver.tick(host);
  CHECK_MESSAGE(host.stats().runtime_errors == 0, host.last_error());
  CHECK_FALSE(host.stats().in_fallback);
}

// A copy of the library plus the benchmark's soccer behaviour (several
// options, loops over all players) in a temp dir.
std::string soccer_dir(const TempScriptDir& dir) {
  copy_library(dir);
  const char* files[] = {"main.lua", "behaviors/play.lua", "behaviors/roles.lua", "behaviors/striker.lua",
                         "behaviors/supporter.lua", "behaviors/defender.lua", "behaviors/keeper.lua",
                         "behaviors/search.lua"};
  for (const char* file : files)
    dir.write(file, read_source_file(std::string("tools/bench/script/soccer/") + file));
  return dir.path();
}

TEST_CASE("a soccer behaviour drives the agent: walk to the kick pose, then kick") {
  TempScriptDir dir;
  BehaviorHost host(options_for(soccer_dir(dir)));
  REQUIRE_MESSAGE(host.start().ok(), host.last_error());
  TickDriver driver;
  driver.world.game.unum = 9;
  driver.world.ball.valid = 1;
  driver.world.ball.x = 3.0;
  driver.world.ball.y = 1.0;
  driver.tick(host);
  driver.tick(host);
  CHECK(driver.requests.body == motion::kBodyWalkTo);
  CHECK(driver.requests.target_x < 3.0);
  CHECK(driver.requests.target_x > 2.7);
  const CycleTrace& trace = host.cycle_trace();
  REQUIRE(trace.activation_count == 3);
  CHECK(std::string(trace.activations[0].option) == "play");
  CHECK(std::string(trace.activations[0].state) == "playing");
  CHECK(std::string(trace.activations[1].option) == "striker");
  CHECK(std::string(trace.activations[2].option) == "go_to_kick_pose");
  CHECK(trace.activations[2].depth == 2);
  CHECK(std::string(trace.activations[2].params).rfind("x=15, y=", 0) == 0);
  CHECK(std::string(trace.role) == "striker");
  CHECK(trace.drawing_count == 2);  // the aim circle and the path line
  CHECK(trace.unum == 9);
  // Stand on the kick pose: go_to_kick_pose reaches its target state, and the
  // next cycle the striker switches to kick (action_done).
  double heading = std::atan2(0.0 - 1.0, 12.0);  // no opponents: aim at the goal centre
  driver.world.self.x = 3.0 - 0.2 * std::cos(heading);
  driver.world.self.y = 1.0 - 0.2 * std::sin(heading);
  driver.world.self.heading = heading;
  for (int i = 0; i < 3; ++i) driver.tick(host);
  CHECK(driver.requests.body == motion::kBodyKick);
  CHECK(driver.requests.kick_target_x == doctest::Approx(15.0));
  CHECK(host.stats().runtime_errors == 0);
}

TEST_CASE("the host path and a soccer behaviour allocate nothing per tick in steady state") {
  TempScriptDir dir;
  BehaviorHost host(options_for(soccer_dir(dir)));
  REQUIRE(host.start().ok());
  TickDriver driver;
  driver.world.ball.valid = 1;
  driver.world.ball.x = 3.0;
  for (int i = 0; i < 200; ++i) driver.tick(host);  // warm-up: every option activated
  uint64_t before = host.stats().lua_allocations;
  for (int i = 0; i < 500; ++i) {
    driver.world.ball.y = 0.001 * i;
    driver.tick(host);
  }
  CHECK(host.stats().lua_allocations == before);
  CHECK_FALSE(host.stats().in_fallback);
}

namespace {

// Runs one entry module in a temp dir and returns the host after `ticks` ticks.
struct OneScript {
  TempScriptDir dir;
  BehaviorHost host;
  TickDriver driver;
  explicit OneScript(const std::string& main_source, double budget_ms = 2.0, std::size_t memory = 64u << 20)
      : host(make_options(budget_ms, memory)) {
    copy_library(dir);
    dir.write("main.lua", main_source);
  }
  BehaviorHostOptions make_options(double budget_ms, std::size_t memory) {
    BehaviorHostOptions options = options_for(dir.path());
    options.tick_budget_ms = budget_ms;
    options.memory_limit_bytes = memory;
    return options;
  }
};

}  // namespace

TEST_CASE("the sandbox hides os, io, ffi, debug and loaders") {
  OneScript s(R"LUA(
    local hidden = { "os", "io", "ffi", "debug", "jit", "load", "loadstring", "loadfile", "dofile",
                     "getfenv", "setfenv", "collectgarbage", "newproxy", "coroutine", "package",
                     "module", "gcinfo" }
    for _, name in ipairs(hidden) do
      if _G[name] ~= nil then error("visible: " .. name) end
    end
    assert(string.dump == nil and ("x").dump == nil, "string.dump visible")
    assert(getmetatable("") == "string", "string metatable exposed")
    assert(not pcall(require, "ffi"), "require ffi worked")
    for _, bad in ipairs({ "../etc/passwd", "/etc/passwd", "..x", "a..b", "x.", "lib/option", "" }) do
      local ok, message = pcall(require, bad)
      assert(not ok and message:find("invalid module name"), "accepted " .. bad)
    end
    local ok, message = pcall(require, "no.such.module")
    assert(not ok and message:find("not found"), message)
    return function() skill.walk(0.1) end
  )LUA");
  REQUIRE_MESSAGE(s.host.start().ok(), s.host.last_error());
  s.driver.tick(s.host);
  CHECK(s.driver.requests.body == motion::kBodyWalkVelocity);
  CHECK_FALSE(s.host.stats().in_fallback);
}

TEST_CASE("world views are read-only, bounded and do not allocate") {
  OneScript s(R"LUA(
    local me, ball, game = world.self, world.ball, world.game
    return function()
      assert(me.x == 1.5 and me.y == -2.0 and ball.x == 4.0 and game.unum == 7)
      assert(world.teammates[7].x == 1.5 and world.teammates[7].valid == 1)
      assert(#world.teammates == 11 and #world.opponents == 11)
      assert(world.teammates[12] == nil)
      assert(world.joint_angle(3) == 0.25)
      assert(not pcall(world.joint_angle, 24) and not pcall(world.joint_angle, -1))
      assert(not pcall(function() me.x = 3 end), "wrote through a view")
      assert(not pcall(function() return ball + 1 end), "pointer arithmetic on a view")
      assert(not pcall(function() return ball[100000] end), "indexed a view")
      assert(not pcall(function() world.ball = nil end), "replaced world.ball")
      assert(motion.status.kick_distance_estimate == 6.5)
      -- Reading the world model allocates nothing (the allocator's own count).
      local before = libero.memory_kb()
      local sum = 0
      for i = 1, 200 do
        sum = sum + me.x + me.y + me.heading + ball.x + ball.y + ball.last_seen_age + game.time
        local mate = world.teammates[(i % 11) + 1]
        sum = sum + mate.x + mate.y + mate.valid + world.joint_angle(i % 24)
      end
      local after = libero.memory_kb()
      if after ~= before then error(string.format("reading allocated %.3f kB", after - before)) end
      skill.walk(sum > 0 and 0.3 or 0.0)
    end
  )LUA");
  s.driver.world.self.x = 1.5;
  s.driver.world.self.y = -2.0;
  s.driver.world.ball.x = 4.0;
  s.driver.world.teammates[6].valid = 1;
  s.driver.world.teammates[6].x = 1.5;
  s.driver.world.joint_angles[3] = 0.25;
  s.driver.motion.kick_distance_estimate = 6.5;
  REQUIRE_MESSAGE(s.host.start().ok(), s.host.last_error());
  for (int i = 0; i < 5; ++i) s.driver.tick(s.host);
  CHECK_MESSAGE(!s.host.stats().in_fallback, s.host.last_error());
  CHECK(s.driver.requests.walk_vx == doctest::Approx(0.3));
}

TEST_CASE("skill functions write the requests; bad arguments are clear errors") {
  OneScript s(R"LUA(
    local step = 0
    return function()
      step = step + 1
      if step == 1 then skill.walk(0.2, -0.1, 0.3); skill.look_at(1, 2); skill.say("hi!"); skill.set_radio_payload(0xABCDEF); skill.request_pass_mode() end
      if step == 2 then skill.walk_to(-3, 4, 1.5); skill.scan(); skill.beam(-5, 1, 0.5) end
      if step == 3 then skill.kick(15, 0.5, "short"); skill.look_fixed(0.4, -0.2) end
      if step == 4 then skill.play("wave_hello"); skill.look_at_ball() end
      if step == 5 then skill.get_up() end
      if step == 6 then
        local function fails(f, ...)
          local ok, message = pcall(f, ...)
          assert(not ok, "no error")
          return message
        end
        assert(fails(skill.walk, 0/0):find("finite"))
        assert(fails(skill.walk, "fast"):find("vx must be a finite number"))
        assert(fails(skill.walk_to, 1, math.huge):find("finite"))
        assert(fails(skill.kick, 1, 2, "banana"):find("unknown kick type"))
        assert(fails(skill.say, "has space"):find("not allowed"))
        assert(fails(skill.say, "(paren)"):find("not allowed"))
        assert(fails(skill.say, string.rep("x", 21)):find("1..20"))
        assert(fails(skill.play, string.rep("x", 32)):find("1..31"))
        assert(fails(skill.play, 5):find("string"))
        assert(fails(skill.set_radio_payload, 2^24):find("0..16777215"))
        assert(fails(skill.set_radio_payload, -1):find("0..16777215"))
        assert(fails(skill.set_radio_payload, 1.5):find("integer"))
        assert(fails(skill.set_radio_payload, 0/0):find("integer"))
        assert(fails(skill.set_radio_payload, "7"):find("integer"))
        assert(fails(draw.line, 0, 0, 1):find("number"))
        assert(fails(draw.circle, 0, 0, 1, "ultraviolet"):find("unknown color"))
        assert(fails(libero.set_role, string.rep("r", 16)):find("at most"))
        skill.stand()
      end
    end
  )LUA");
  REQUIRE_MESSAGE(s.host.start().ok(), s.host.last_error());
  const motion::SkillRequests& r = s.driver.requests;
  s.driver.tick(s.host);
  CHECK(r.body == motion::kBodyWalkVelocity);
  CHECK(r.walk_vx == doctest::Approx(0.2));
  CHECK(r.walk_vy == doctest::Approx(-0.1));
  CHECK(r.walk_turn == doctest::Approx(0.3));
  CHECK(r.head == motion::kHeadLookAt);
  CHECK(r.head_target_y == doctest::Approx(2.0));
  CHECK(r.say == 1);
  CHECK(std::string(r.say_text) == "hi!");
  CHECK(r.radio_payload_set == 1);
  CHECK(r.radio_payload == 0xABCDEFu);
  CHECK(r.pass_mode == 1);
  s.driver.tick(s.host);
  CHECK(r.say == 0);  // requests are per cycle
  CHECK(r.radio_payload_set == 0);
  CHECK(r.pass_mode == 0);
  CHECK(r.body == motion::kBodyWalkTo);
  CHECK(r.target_x == doctest::Approx(-3.0));
  CHECK(r.target_heading == doctest::Approx(1.5));
  CHECK(r.head == motion::kHeadScan);
  CHECK(r.beam == 1);
  CHECK(r.beam_x == doctest::Approx(-5.0));
  CHECK(r.beam_heading == doctest::Approx(0.5));
  s.driver.tick(s.host);
  CHECK(r.body == motion::kBodyKick);
  CHECK(r.kick_type == motion::kKickShort);
  CHECK(r.kick_target_y == doctest::Approx(0.5));
  CHECK(r.head == motion::kHeadFixed);
  CHECK(r.head_pitch == doctest::Approx(-0.2));
  s.driver.tick(s.host);
  CHECK(r.body == motion::kBodyMotion);
  CHECK(std::string(r.motion_name) == "wave_hello");
  s.driver.tick(s.host);
  CHECK(r.body == motion::kBodyGetUp);
  s.driver.tick(s.host);
  CHECK_MESSAGE(!s.host.stats().in_fallback, s.host.last_error());
  CHECK(r.body == motion::kBodyStand);
}

TEST_CASE("drawings, log lines and role land in the cycle trace, bounded") {
  OneScript s(R"LUA(
    return function()
      libero.set_role("striker")
      draw.point(1, 2, "red")
      draw.line(0, 0, 3, 4, 0x00FF00)
      draw.circle(1, 1, 0.5)
      draw.text(2, 2, "a long label that will be cut at thirty-nine characters", "blue")
      log.info("ball at %.2f", 2.25)
      print("printed", 3)
      for i = 1, 200 do draw.point(i, 0) end
      for i = 1, 40 do log.debug("line %d", i) end
    end
  )LUA");
  REQUIRE_MESSAGE(s.host.start().ok(), s.host.last_error());
  s.driver.tick(s.host);
  const CycleTrace& t = s.host.cycle_trace();
  CHECK(std::string(t.role) == "striker");
  REQUIRE(t.drawing_count == kMaxDrawings);
  CHECK(t.drawings_dropped == 204 - kMaxDrawings);
  CHECK(t.drawings[0].kind == DrawKind::Point);
  CHECK(t.drawings[0].rgba == 0xFF0000FFu);
  CHECK(t.drawings[1].kind == DrawKind::Line);
  CHECK(t.drawings[1].rgba == 0x00FF00FFu);
  CHECK(t.drawings[1].y2 == doctest::Approx(4.0));
  CHECK(t.drawings[2].radius == doctest::Approx(0.5));
  CHECK(std::strlen(t.drawings[3].text) == kDrawTextLength);
  CHECK(std::string(t.drawings[3].layer) == "default");
  CHECK(t.log_count == kMaxLogLines);
  CHECK(std::string(t.log[0].text) == "ball at 2.25");
  CHECK(std::string(t.log[1].text) == "printed 3");
  CHECK(t.log_dropped == 42 - kMaxLogLines);
  CHECK_FALSE(t.fallback);
}

TEST_CASE("draw.layer and draw.polygon: layers per tick, vertices as numbers, bad calls are errors") {
  OneScript s(R"LUA(
    return function()
      draw.point(0, 0)
      draw.layer("probe")
      draw.polygon(0, 0, 1, 0, 1, 1, "red")
      draw.polygon(0, 0, 2, 0, 2, 2, 0, 2)
      draw.layer("x")
      draw.line(0, 0, 1, 1)
    end
  )LUA");
  REQUIRE_MESSAGE(s.host.start().ok(), s.host.last_error());
  for (int tick = 0; tick < 2; ++tick) {  // the second tick starts in "default" again
    s.driver.tick(s.host);
    const CycleTrace& t = s.host.cycle_trace();
    REQUIRE(t.drawing_count == 4);
    CHECK(std::string(t.drawings[0].layer) == "default");
    CHECK(std::string(t.drawings[1].layer) == "probe");
    CHECK(t.drawings[1].kind == DrawKind::Polygon);
    CHECK(t.drawings[1].point_count == 3);
    CHECK(t.drawings[1].rgba == 0xFF0000FFu);
    CHECK(t.drawings[1].points[4] == doctest::Approx(1.0));
    CHECK(t.drawings[2].point_count == 4);
    CHECK(t.drawings[2].rgba == 0xFFFFFFFFu);
    CHECK(t.drawings[2].points[7] == doctest::Approx(2.0));
    CHECK(std::string(t.drawings[3].layer) == "x");
  }
  for (const char* bad : {"draw.polygon(0, 0, 1, 1)", "draw.polygon(0,0,1,0,1,1,2,2,3,3,4,4,5,5,6,6,7,7)",
                          "draw.polygon(0, 0, 1, 0, 1, 0/0)", "draw.layer('')", "draw.layer('has space')",
                          "draw.layer('a_name_far_too_long')"}) {
    CAPTURE(bad);
    OneScript e(std::string("return function() ") + bad + " end");
    REQUIRE(e.host.start().ok());
    e.driver.tick(e.host);
    CHECK(e.host.stats().runtime_errors == 1);
  }
}
