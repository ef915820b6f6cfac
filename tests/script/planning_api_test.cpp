// The planning functions as scripts see them (engine/script/planning_api):
// the team's data file configures the potential field, bad arguments and
// bad data are Lua errors naming the problem (never a crash), and a failed
// field_config keeps the last good configuration.
#include <doctest/doctest.h>

#include <unistd.h>

#include <string>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

#include "script/behavior_host.h"
#include "script/planning_api.h"
#include "script_test_util.h"

namespace {

// A plain Lua state with the host functions in global P (plan_path,
// field_config, ...) and the team's data file in global DATA.
struct State {
  lua_State* L = luaL_newstate();
  State() {
    luaL_openlibs(L);
    lua_newtable(L);
    libero::script::register_planning_functions(L);
    lua_setglobal(L, "P");
    std::string path = std::string(LIBERO_SOURCE_DIR) + "/scripts/data/planning.lua";
    REQUIRE(luaL_dofile(L, path.c_str()) == 0);
    lua_setglobal(L, "DATA");
  }
  ~State() { lua_close(L); }
  // Runs `code`; returns "" on success or the error message.
  std::string run(const std::string& code) {
    if (luaL_dostring(L, code.c_str()) == 0) return "";
    std::string message = lua_tostring(L, -1) ? lua_tostring(L, -1) : "(non-string error)";
    lua_pop(L, 1);
    return message;
  }
  double number(const std::string& expression) {
    REQUIRE(run("RESULT = " + expression) == "");
    lua_getglobal(L, "RESULT");
    double v = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return v;
  }
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("the team's data file configures the field; avoidance distances come from its tables") {
  State s;
  CHECK(s.run("P.field_config(DATA.field)") == "");
  CHECK(s.run("A, B = P.field_avoidance('forward', 'pursue_ball')") == "");
  const double range = s.number("DATA.field.range");
  CHECK(s.number("A") == doctest::Approx(range * 2 / 3));  // F
  CHECK(s.number("B") == doctest::Approx(range * 2 / 3));
  CHECK(s.run("A, B = P.field_avoidance('goalkeeper', 'pursue_ball')") == "");
  CHECK(s.number("A") <= s.number("B"));  // F > N in the table: rho_min lowered to rho_max
  // A step with a robot closing head-on: repulsion acts, velocity bounded.
  CHECK(s.run("P.field_avoidance('forward', 'pursue_ball'); P.field_clear(); assert(P.field_obstacle(1.5, 0, -0.5, 0))") == "");
  CHECK(s.run("VX, VY, N, IN = P.field_step(0, 0, 0.3, 0, 6, 0)") == "");
  CHECK(s.number("N") == 1);
  CHECK(s.number("math.sqrt(VX * VX + VY * VY)") <= s.number("DATA.field.max_speed") + 1e-9);
  CHECK(s.run("assert(IN == false)") == "");
}

TEST_CASE("field functions before field_config, and unknown roles or tasks, are clear errors") {
  State s;
  CHECK(contains(s.run("P.field_step(0, 0, 0, 0, 1, 1)"), "call planning.field_config first"));
  CHECK(contains(s.run("P.field_avoidance('forward', 'shoot')"), "call planning.field_config first"));
  REQUIRE(s.run("P.field_config(DATA.field)") == "");
  CHECK(contains(s.run("P.field_step(0, 0, 0, 0, 1, 1)"), "call planning.field_avoidance first"));
  CHECK(contains(s.run("P.field_avoidance('striker', 'shoot')"), "unknown role 'striker'"));
  CHECK(contains(s.run("P.field_avoidance('forward', 'dance')"), "unknown task 'dance'"));
  CHECK(contains(s.run("P.field_avoidance('forward')"), "task must be a string"));
  REQUIRE(s.run("P.field_avoidance('back', 'intercept')") == "");
  CHECK(contains(s.run("P.field_step(0, 0, 0, 0, 1)"), "planning.field_step: target y must be a number"));
  CHECK(contains(s.run("P.field_step(0, 0, 0/0, 0, 1, 1)"), "planning.field_step: vx must be a finite number"));
  CHECK(contains(s.run("P.field_obstacle(1, 'a')"), "planning.field_obstacle: y must be a number"));
  CHECK(contains(s.run("P.field_obstacle(1, 1, math.huge)"), "vx must be a finite number"));
  // Capacity: 32 obstacles, then false (not an error).
  CHECK(s.run("P.field_clear(); for i = 1, 32 do assert(P.field_obstacle(i, 0)) end; "
              "assert(P.field_obstacle(0, 0) == false)") == "");
}

TEST_CASE("malformed field data: the error names the key, the last good configuration stays") {
  State s;
  REQUIRE(s.run("P.field_config(DATA.field); A0, B0 = P.field_avoidance('midfield', 'find_ball')") == "");
  REQUIRE(s.run("P.field_obstacle(1, 0, -0.4, 0); V0X, V0Y = P.field_step(0, 0, 0.4, 0, 5, 0)") == "");
  // Each mutation of a copy of the good table, with the text its error must contain.
  const char* cases[][2] = {
      {"t.k1 = nil", "planning.field_config: k1: missing"},
      {"t.k3 = 'big'", "k3: must be a number"},
      {"t.m = 1.0", "exponents"},
      {"t.eta_sign = 0", "eta_sign must be 1 or -1"},
      {"t.max_speed = -1", "must be positive"},
      {"t.speed = 3", "speed: unknown key"},
      {"t.labels = { VN = 0.1, N = 0.2, F = 0.2, VF = 0.9 }", "labels must increase"},
      {"t.labels = { VN = 0.1, N = 0.2, F = 0.5 }", "labels.VF: must be a number"},
      {"t.rho_min.shoot.back = 'XX'", "rho_min.shoot.back: must be a label"},
      {"t.rho_max.intercept = nil", "rho_max.intercept: missing"},
      {"t.rho_max.intercept.striker = 'F'", "rho_max.intercept.striker: unknown key"},
      {"t.rho_min = 3", "rho_min: must be a table of tasks"},
      {"t.range = 0", "range must be positive"},
  };
  for (const auto& c : cases) {
    // A deep copy so each case starts from the good table.
    std::string code = std::string(
                           "local function copy(x) if type(x) ~= 'table' then return x end local r = {} "
                           "for k, v in pairs(x) do r[k] = copy(v) end return r end "
                           "local t = copy(DATA.field); ") +
                       c[0] + "; P.field_config(t)";
    std::string error = s.run(code);
    CAPTURE(c[0]);
    CHECK(contains(error, c[1]));
  }
  CHECK(contains(s.run("P.field_config(nil)"), "table expected"));
  // Still the first configuration: same distances, same step.
  REQUIRE(s.run("A1, B1 = P.field_avoidance('midfield', 'find_ball')") == "");
  CHECK(s.number("A1") == s.number("A0"));
  CHECK(s.number("B1") == s.number("B0"));
  REQUIRE(s.run("V1X, V1Y = P.field_step(0, 0, 0.4, 0, 5, 0)") == "");
  CHECK(s.number("V1X") == s.number("V0X"));
  CHECK(s.number("V1Y") == s.number("V0Y"));
}

TEST_CASE("global planner bindings: walls, and bad arguments are errors") {
  State s;
  CHECK(s.run("assert(P.plan_wall(-15.6, -1.05, -15.6, 1.05, 0.2))") == "");
  CHECK(s.run("X, Y, STATUS = P.plan_path(-16.5, 0, -14, 0); assert(STATUS == 'path', STATUS)") == "");
  CHECK(s.number("math.abs(Y)") > 1.05);
  CHECK(contains(s.run("P.plan_wall(0, 0, 1, 1, 0)"), "planning.wall: radius must be positive"));
  CHECK(contains(s.run("P.plan_wall(0, 0, 1, 1)"), "planning.wall: radius must be a number"));
  CHECK(contains(s.run("P.plan_path(0, 0, 'x', 1)"), "planning.path: goal x must be a number"));
  CHECK(contains(s.run("P.plan_obstacle(0, 0, -1)"), "radius must be positive"));
  // A goal inside an obstacle: the nearest point outside it.
  CHECK(s.run("P.plan_clear(); P.plan_obstacle(3, 0, 0.3); X, Y, STATUS = P.plan_path(0, 0, 2.9, 0); "
              "assert(STATUS == 'goal_blocked', STATUS)") == "");
  CHECK(s.number("X") == doctest::Approx(3 - 0.35));
}

TEST_CASE("hot reload: a malformed field table is a load error naming it, the running code keeps its values") {
  using namespace libero::script;
  using namespace libero::script::testing;
  TempScriptDir dir;
  const std::string good = read_source_file("scripts/data/planning.lua");
  REQUIRE(good.find("range = 1.5,") != std::string::npos);
  dir.write("data/planning.lua", good);
  // The team's walk.lua loads the table the same way; this entry walks at rho_min (forward, pursue_ball).
  dir.write("main.lua",
            "local data = require 'data.planning'\n"
            "local ok, problem = pcall(planning.field_config, data.field)\n"
            "if not ok then error('data/planning.lua (field): ' .. tostring(problem), 0) end\n"
            "return function() skill.walk((planning.field_avoidance('forward', 'pursue_ball'))) end\n");
  BehaviorHost host(options_for(dir.path(), /*watch=*/true));
  REQUIRE(host.start().ok());
  TickDriver driver;
  driver.tick(host);
  CHECK(driver.requests.walk_vx == doctest::Approx(1.0));  // F = 2/3 of 1.5 m

  std::string bad = good;
  bad.replace(bad.find("range = 1.5,"), 12, "range = -1,");
  dir.write("data/planning.lua", bad);
  bool failed = false;
  for (int i = 0; i < 400 && !failed; ++i, usleep(5000)) {
    driver.tick(host);
    failed = host.stats().failed_reloads == 1;
  }
  REQUIRE(failed);
  CHECK(contains(host.last_error(), "data/planning.lua (field): planning.field_config: table: range must be positive"));
  for (int i = 0; i < 5; ++i) driver.tick(host);
  CHECK(driver.requests.walk_vx == doctest::Approx(1.0));
  CHECK_FALSE(host.stats().in_fallback);

  std::string other = good;
  other.replace(other.find("range = 1.5,"), 12, "range = 1.2,");
  dir.write("data/planning.lua", other);
  bool reloaded = false;
  for (int i = 0; i < 400 && !reloaded; ++i, usleep(5000)) {
    driver.tick(host);
    reloaded = driver.requests.walk_vx < 0.9;
  }
  CHECK(reloaded);
  CHECK(driver.requests.walk_vx == doctest::Approx(0.8));
}
