#include "tools/mock/behavior_tests.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <filesystem>
#include <memory>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

#include "script/behavior_host.h"
#include "tools/mock/mock_world.h"

namespace libero::mock {
namespace {

namespace fs = std::filesystem;

const char* const kBodyNames[] = {"stand", "walk_velocity", "walk_to", "kick", "motion", "get_up"};
const char* const kHeadNames[] = {"look_at_ball", "look_at", "scan", "fixed"};
const char* const kSkillStateNames[] = {"idle", "running", "done", "failed"};

template <size_t N>
const char* name_of(const char* const (&names)[N], int value) {
  return value >= 0 && value < static_cast<int>(N) ? names[value] : "unknown";
}

struct SceneRobot {
  std::unique_ptr<script::BehaviorHost> host;  // null: the robot just stands
  motion::SkillRequests requests{};
  std::string start_error;
};

struct Scene {
  explicit Scene(const MockOptions& options) : world(options) {}
  MockWorld world;
  SceneRobot robots[kMaxMockRobots];
};

// Per-file state reachable from the Lua callbacks.
struct Harness {
  const BehaviorTestOptions* options = nullptr;
  MockModel model;
  std::string file_dir;
  std::vector<std::string>* test_failures = nullptr;  // failures of the running test
  std::string current_test;
};

constexpr const char* kSceneMeta = "libero.mock.scene";
constexpr const char* kHarnessKey = "libero.mock.harness";

Harness* harness(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kHarnessKey);
  auto* h = static_cast<Harness*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return h;
}

Scene* check_scene(lua_State* L) {
  auto** box = static_cast<Scene**>(luaL_checkudata(L, 1, kSceneMeta));
  if (!*box) luaL_error(L, "scene already destroyed");
  return *box;
}

// "file:line" of the Lua code that called the current C function.
std::string caller_location(lua_State* L) {
  lua_Debug ar;
  for (int level = 1; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0) return std::string(ar.short_src) + ":" + std::to_string(ar.currentline);
  }
  return "?";
}

void record_failure(lua_State* L, const std::string& message) {
  Harness* h = harness(L);
  if (h->test_failures) h->test_failures->push_back(caller_location(L) + ": " + h->current_test + ": " + message);
}

double field_number(lua_State* L, int table, const char* key, double fallback) {
  lua_getfield(L, table, key);
  double v = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : fallback;
  if (!lua_isnil(L, -1) && !lua_isnumber(L, -1)) luaL_error(L, "scene: '%s' must be a number", key);
  lua_pop(L, 1);
  return v;
}

// Every key of the table at `table` must be one of `allowed` (a typo in a
// test's scene would otherwise be ignored silently).
void check_keys(lua_State* L, int table, const char* where, std::initializer_list<const char*> allowed) {
  lua_pushnil(L);
  while (lua_next(L, table) != 0) {
    lua_pop(L, 1);
    bool known = false;
    if (lua_type(L, -1) == LUA_TSTRING)
      for (const char* name : allowed) known = known || std::strcmp(lua_tostring(L, -1), name) == 0;
    if (!known)
      luaL_error(L, "scene: unknown field '%s' in %s",
                 lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : lua_typename(L, lua_type(L, -1)), where);
  }
}

double positive_field(lua_State* L, int table, const char* key, double fallback) {
  double v = field_number(L, table, key, fallback);
  if (!(v > 0)) luaL_error(L, "scene: model field '%s' must be positive", key);
  return v;
}

// scene{ model = { max_forward =, max_side =, max_turn =, kicks = { long = { distance =, ... } } } }:
// a robot whose skills differ from robots/nao/mock.lua, e.g. the simulator
// robot's shorter kick, to test that behaviours adapt to what the body can do.
void apply_model(lua_State* L, int scene_table, MockModel* model) {
  lua_getfield(L, scene_table, "model");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return;
  }
  if (!lua_istable(L, -1)) luaL_error(L, "scene: 'model' must be a table");
  const int m = lua_gettop(L);
  check_keys(L, m, "model", {"max_forward", "max_backward", "max_side", "max_turn", "kicks"});
  model->max_forward = positive_field(L, m, "max_forward", model->max_forward);
  model->max_backward = positive_field(L, m, "max_backward", model->max_backward);
  model->max_side = positive_field(L, m, "max_side", model->max_side);
  model->max_turn = positive_field(L, m, "max_turn", model->max_turn);
  lua_getfield(L, m, "kicks");
  if (!lua_isnil(L, -1)) {
    if (!lua_istable(L, -1)) luaL_error(L, "scene: 'model.kicks' must be a table");
    const int kicks = lua_gettop(L);
    check_keys(L, kicks, "model.kicks", {"long", "short", "lofted"});
    const char* const* names = motion::kKickTypeNames;
    for (int k = 0; k < motion::kKickTypeCount; ++k) {
      lua_getfield(L, kicks, names[k]);
      if (lua_istable(L, -1)) {
        const int kick = lua_gettop(L);
        check_keys(L, kick, names[k],
                   {"distance", "duration", "distance_sigma", "direction_sigma", "ball_x", "over_bar_from", "over_bar_to",
                    "approach"});
        KickModel& km = model->kicks[k];
        km.distance = positive_field(L, kick, "distance", km.distance);
        km.duration = positive_field(L, kick, "duration", km.duration);
        km.distance_sigma = field_number(L, kick, "distance_sigma", km.distance_sigma);
        km.direction_sigma = field_number(L, kick, "direction_sigma", km.direction_sigma);
        km.ball_x = positive_field(L, kick, "ball_x", km.ball_x);
        km.over_bar_from = field_number(L, kick, "over_bar_from", km.over_bar_from);
        km.over_bar_to = field_number(L, kick, "over_bar_to", km.over_bar_to);
        km.approach = field_number(L, kick, "approach", km.approach);
        if (!(km.approach >= 0)) luaL_error(L, "scene: 'model.kicks.%s': approach must be at least 0", names[k]);
        if (!(km.over_bar_from >= 0 && km.over_bar_from <= km.over_bar_to))
          luaL_error(L, "scene: 'model.kicks.%s': over_bar_from must be in [0, over_bar_to]", names[k]);
      } else if (!lua_isnil(L, -1)) {
        luaL_error(L, "scene: 'model.kicks.%s' must be a table", names[k]);
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 2);
}

protocol::PlayMode play_mode_from(lua_State* L, const char* text) {
  protocol::PlayMode mode = protocol::play_mode_from_string(text);
  if (mode == protocol::PlayMode::Unknown) luaL_error(L, "unknown play mode '%s' (use the SimSpark names, e.g. PlayOn, KickOff_Left)", text);
  return mode;
}

std::string resolve_dir(const std::string& base, const std::string& dir) {
  if (dir.empty() || fs::path(dir).is_absolute()) return dir;
  fs::path beside = fs::path(base) / dir;
  if (fs::exists(beside)) return beside.lexically_normal().string();
  return dir;
}

// Adds the robots listed in spec[key] to the scene.
void add_team(lua_State* L, Scene* scene, int spec, const char* key, TeamSide team, const std::string& scripts,
              double tick_budget_ms) {
  lua_getfield(L, spec, key);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return;
  }
  if (!lua_istable(L, -1)) luaL_error(L, "scene: '%s' must be a list of robots", key);
  const int list = lua_gettop(L);
  const int n = static_cast<int>(lua_objlen(L, list));
  for (int k = 1; k <= n; ++k) {
    lua_rawgeti(L, list, k);
    const int entry = lua_gettop(L);
    if (!lua_istable(L, entry)) luaL_error(L, "scene: %s[%d] must be a table", key, k);
    const int unum = static_cast<int>(field_number(L, entry, "unum", k));
    const int type = static_cast<int>(field_number(L, entry, "type", 0));
    const int index = scene->world.add_robot(team, unum, type);
    if (index < 0) luaL_error(L, "scene: cannot add %s robot #%d (duplicate or out of range 1-11)", key, unum);
    // Positions are given in our team frame; the opponents' own frame is mirrored.
    const double x = field_number(L, entry, "x", scene->world.robot(index).x);
    const double y = field_number(L, entry, "y", scene->world.robot(index).y);
    const double heading = field_number(L, entry, "heading", team == TeamSide::Left ? 0.0 : 3.14159265358979);
    scene->world.place_robot(index, x, y, heading);
    lua_getfield(L, entry, "fallen");
    if (lua_toboolean(L, -1)) scene->world.knock_over(index);
    lua_pop(L, 1);
    const double number_unknown_for = field_number(L, entry, "number_unknown_for", 0);
    if (!(number_unknown_for >= 0)) luaL_error(L, "scene: %s[%d].number_unknown_for must be >= 0", key, k);
    scene->world.robot(index).number_known_time = scene->world.time() + number_unknown_for;
    if (!scripts.empty()) {
      script::BehaviorHostOptions host_options;
      host_options.script_dir = scripts;
      host_options.watch = false;
      host_options.tick_budget_ms = tick_budget_ms;
      SceneRobot& robot = scene->robots[index];
      robot.host = std::make_unique<script::BehaviorHost>(host_options);
      Status started = robot.host->start();
      if (!started.ok()) robot.start_error = started.error().describe();
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

int scene_new(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  Harness* h = harness(L);
  MockOptions options;
  options.model = h->model;
  options.seed = static_cast<uint32_t>(field_number(L, 1, "seed", 1));
  apply_model(L, 1, &options.model);
  auto** box = static_cast<Scene**>(lua_newuserdata(L, sizeof(Scene*)));
  *box = nullptr;
  luaL_getmetatable(L, kSceneMeta);
  lua_setmetatable(L, -2);
  *box = new Scene(options);
  Scene* scene = *box;

  lua_getfield(L, 1, "scripts");
  std::string scripts = lua_isstring(L, -1) ? resolve_dir(h->file_dir, lua_tostring(L, -1)) : h->options->scripts_dir;
  lua_pop(L, 1);
  lua_getfield(L, 1, "them_scripts");
  std::string them_scripts = lua_isstring(L, -1) ? resolve_dir(h->file_dir, lua_tostring(L, -1)) : std::string();
  lua_pop(L, 1);
  add_team(L, scene, 1, "us", TeamSide::Left, scripts, h->options->tick_budget_ms);
  add_team(L, scene, 1, "them", TeamSide::Right, them_scripts, h->options->tick_budget_ms);

  lua_getfield(L, 1, "ball");
  if (lua_istable(L, -1)) {
    const int ball = lua_gettop(L);
    scene->world.set_ball(field_number(L, ball, "x", 0), field_number(L, ball, "y", 0), field_number(L, ball, "vx", 0),
                          field_number(L, ball, "vy", 0));
  }
  lua_pop(L, 1);
  lua_getfield(L, 1, "play_mode");
  const char* mode = lua_isstring(L, -1) ? lua_tostring(L, -1) : "PlayOn";
  // A scene that starts in a set piece has it taken where the scene's ball is
  // (in a match the referee remembers where the ball left the field).
  scene->world.referee().set_last_in_field(scene->world.ball_x(), scene->world.ball_y());
  scene->world.referee().set_play_mode(play_mode_from(L, mode));
  lua_pop(L, 1);
  // The game clock at the start: 120 with "BeforeKickOff" is a second half's
  // line-up (the clock stops between the halves).
  const double time = field_number(L, 1, "time", 0);
  if (!(time >= 0 && time <= 3600)) return luaL_error(L, "scene: time must be 0-3600 s, got %f", time);
  scene->world.referee().set_time(time);
  return 1;
}

int scene_gc(lua_State* L) {
  auto** box = static_cast<Scene**>(luaL_checkudata(L, 1, kSceneMeta));
  delete *box;
  *box = nullptr;
  return 0;
}

void step_scene(Scene* scene) {
  const motion::SkillRequests* requests[kMaxMockRobots] = {};
  for (int i = 0; i < scene->world.robot_count(); ++i) {
    SceneRobot& robot = scene->robots[i];
    if (robot.host && scene->world.robot(i).active) {
      robot.host->tick(scene->world.world_state(i), scene->world.motion_status(i), &robot.requests);
    } else {
      std::memset(&robot.requests, 0, sizeof robot.requests);
      robot.requests.body = motion::kBodyStand;
    }
    requests[i] = &robot.requests;
  }
  scene->world.step(requests);
}

int scene_run(lua_State* L) {
  Scene* scene = check_scene(L);
  const lua_Integer cycles = luaL_optinteger(L, 2, 1);
  if (cycles < 0 || cycles > 10'000'000) return luaL_error(L, "run: cycle count out of range");
  for (lua_Integer c = 0; c < cycles; ++c) step_scene(scene);
  return 0;
}

// s:run_until(fn, max_cycles): steps until fn(s) is true; returns true and
// the cycles used, or false if it never became true.
int scene_run_until(lua_State* L) {
  Scene* scene = check_scene(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  const lua_Integer limit = luaL_optinteger(L, 3, 3000);
  for (lua_Integer c = 0; c <= limit; ++c) {
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    const bool done = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (done) {
      lua_pushboolean(L, 1);
      lua_pushinteger(L, c);
      return 2;
    }
    if (c < limit) step_scene(scene);
  }
  lua_pushboolean(L, 0);
  lua_pushinteger(L, limit);
  return 2;
}

int robot_index(lua_State* L, Scene* scene, int unum_arg) {
  const int unum = static_cast<int>(luaL_checkinteger(L, unum_arg));
  const char* team = luaL_optstring(L, unum_arg + 1, "us");
  TeamSide side;
  if (std::strcmp(team, "us") == 0) side = TeamSide::Left;
  else if (std::strcmp(team, "them") == 0) side = TeamSide::Right;
  else return luaL_error(L, "team must be \"us\" or \"them\", got \"%s\"", team);
  const int index = scene->world.find_robot(side, unum);
  if (index < 0) return luaL_error(L, "no robot #%d in team \"%s\"", unum, team);
  return index;
}

void set_number(lua_State* L, const char* key, double value) {
  lua_pushnumber(L, value);
  lua_setfield(L, -2, key);
}
void set_string(lua_State* L, const char* key, const char* value) {
  lua_pushstring(L, value);
  lua_setfield(L, -2, key);
}

int scene_requests(lua_State* L) {
  Scene* scene = check_scene(L);
  const motion::SkillRequests& r = scene->robots[robot_index(L, scene, 2)].requests;
  lua_createtable(L, 0, 16);
  set_string(L, "body", name_of(kBodyNames, r.body));
  set_number(L, "walk_vx", r.walk_vx);
  set_number(L, "walk_vy", r.walk_vy);
  set_number(L, "walk_turn", r.walk_turn);
  set_number(L, "target_x", r.target_x);
  set_number(L, "target_y", r.target_y);
  set_number(L, "target_heading", r.target_heading);
  set_string(L, "kick_type", name_of(motion::kKickTypeNames, r.kick_type));
  set_number(L, "kick_target_x", r.kick_target_x);
  set_number(L, "kick_target_y", r.kick_target_y);
  set_string(L, "motion", r.motion_name);
  set_string(L, "head", name_of(kHeadNames, r.head));
  set_number(L, "head_target_x", r.head_target_x);
  set_number(L, "head_target_y", r.head_target_y);
  lua_pushboolean(L, r.beam != 0);
  lua_setfield(L, -2, "beam");
  set_number(L, "beam_x", r.beam_x);
  set_number(L, "beam_y", r.beam_y);
  set_number(L, "beam_heading", r.beam_heading);
  if (r.say) set_string(L, "say", r.say_text);
  if (r.radio_payload_set) set_number(L, "radio_payload", r.radio_payload);
  lua_pushboolean(L, r.pass_mode != 0);
  lua_setfield(L, -2, "pass_mode");
  return 1;
}

int scene_robot(lua_State* L) {
  Scene* scene = check_scene(L);
  const int index = robot_index(L, scene, 2);
  const MockRobot& r = scene->world.robot(index);
  lua_createtable(L, 0, 8);
  set_number(L, "x", r.x);
  set_number(L, "y", r.y);
  set_number(L, "heading", r.heading);
  lua_pushboolean(L, r.fallen);
  lua_setfield(L, -2, "fallen");
  set_string(L, "body", name_of(kBodyNames, r.active_body));
  set_string(L, "state", name_of(kSkillStateNames, r.skill_state));
  return 1;
}

int scene_ball(lua_State* L) {
  Scene* scene = check_scene(L);
  lua_createtable(L, 0, 4);
  set_number(L, "x", scene->world.ball_x());
  set_number(L, "y", scene->world.ball_y());
  set_number(L, "vx", scene->world.ball_vx());
  set_number(L, "vy", scene->world.ball_vy());
  return 1;
}

int scene_play_mode(lua_State* L) {
  Scene* scene = check_scene(L);
  lua_pushstring(L, protocol::play_mode_name(scene->world.referee().state().play_mode).data());
  return 1;
}

int scene_score(lua_State* L) {
  Scene* scene = check_scene(L);
  lua_pushinteger(L, scene->world.referee().state().score_left);
  lua_pushinteger(L, scene->world.referee().state().score_right);
  return 2;
}

int scene_time(lua_State* L) {
  Scene* scene = check_scene(L);
  lua_pushnumber(L, scene->world.time());
  return 1;
}

// The game clock as the referee keeps it (what the scripts read as game.time).
int scene_game_time(lua_State* L) {
  Scene* scene = check_scene(L);
  lua_pushnumber(L, scene->world.referee().state().game_time);
  return 1;
}

const script::BehaviorHost* host_of(lua_State* L, Scene* scene, int index) {
  const script::BehaviorHost* host = scene->robots[index].host.get();
  if (!host) luaL_error(L, "robot has no scripts (give the scene `them_scripts` to run the opponents' behaviours)");
  return host;
}

// s:activation(unum) -> { {option=, state=, depth=, params=}, ... } in call order.
int scene_activation(lua_State* L) {
  Scene* scene = check_scene(L);
  const script::CycleTrace& trace = host_of(L, scene, robot_index(L, scene, 2))->cycle_trace();
  lua_createtable(L, trace.activation_count, 0);
  for (int i = 0; i < trace.activation_count; ++i) {
    const script::ActivationEntry& e = trace.activations[i];
    lua_createtable(L, 0, 4);
    set_string(L, "option", e.option);
    set_string(L, "state", e.state);
    set_number(L, "depth", e.depth);
    set_string(L, "params", e.params);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

// s:active(unum, option [, state [, team]]) -> true if the option (in that state) ran last cycle.
int scene_active(lua_State* L) {
  Scene* scene = check_scene(L);
  const int unum = static_cast<int>(luaL_checkinteger(L, 2));
  const char* option = luaL_checkstring(L, 3);
  const char* state = luaL_optstring(L, 4, nullptr);
  const char* team = luaL_optstring(L, 5, "us");
  lua_settop(L, 1);
  lua_pushinteger(L, unum);
  lua_pushstring(L, team);
  const script::CycleTrace& trace = host_of(L, scene, robot_index(L, scene, 2))->cycle_trace();
  for (int i = 0; i < trace.activation_count; ++i) {
    const script::ActivationEntry& e = trace.activations[i];
    if (std::strcmp(e.option, option) == 0 && (!state || std::strcmp(e.state, state) == 0)) {
      lua_pushboolean(L, 1);
      return 1;
    }
  }
  lua_pushboolean(L, 0);
  return 1;
}

int scene_role(lua_State* L) {
  Scene* scene = check_scene(L);
  lua_pushstring(L, host_of(L, scene, robot_index(L, scene, 2))->cycle_trace().role);
  return 1;
}

// s:script_error(unum) -> the host's last load/runtime error, or nil.
int scene_script_error(lua_State* L) {
  Scene* scene = check_scene(L);
  const int index = robot_index(L, scene, 2);
  const SceneRobot& robot = scene->robots[index];
  const std::string& error = robot.host ? robot.host->last_error() : robot.start_error;
  if (error.empty()) lua_pushnil(L);
  else lua_pushstring(L, error.c_str());
  return 1;
}

int scene_in_fallback(lua_State* L) {
  Scene* scene = check_scene(L);
  lua_pushboolean(L, host_of(L, scene, robot_index(L, scene, 2))->stats().in_fallback);
  return 1;
}

int scene_said(lua_State* L) {
  Scene* scene = check_scene(L);
  lua_pushstring(L, scene->world.robot(robot_index(L, scene, 2)).last_say);
  return 1;
}

int scene_set_play_mode(lua_State* L) {
  Scene* scene = check_scene(L);
  const protocol::PlayMode mode = play_mode_from(L, luaL_checkstring(L, 2));
  scene->world.referee().set_last_in_field(scene->world.ball_x(), scene->world.ball_y());
  scene->world.referee().set_play_mode(mode);
  return 0;
}

int scene_set_ball(lua_State* L) {
  Scene* scene = check_scene(L);
  luaL_checktype(L, 2, LUA_TTABLE);
  scene->world.set_ball(field_number(L, 2, "x", scene->world.ball_x()), field_number(L, 2, "y", scene->world.ball_y()),
                        field_number(L, 2, "vx", 0), field_number(L, 2, "vy", 0));
  return 0;
}

// s:place(unum, x, y, heading [, team])
int scene_place(lua_State* L) {
  Scene* scene = check_scene(L);
  const double x = luaL_checknumber(L, 3), y = luaL_checknumber(L, 4), heading = luaL_optnumber(L, 5, 0);
  const char* team = luaL_optstring(L, 6, "us");
  lua_settop(L, 2);
  lua_pushstring(L, team);
  scene->world.place_robot(robot_index(L, scene, 2), x, y, heading);
  return 0;
}

int scene_knock_over(lua_State* L) {
  Scene* scene = check_scene(L);
  scene->world.knock_over(robot_index(L, scene, 2));
  return 0;
}

int scene_remove(lua_State* L) {
  Scene* scene = check_scene(L);
  scene->world.remove_robot(robot_index(L, scene, 2));
  return 0;
}

int scene_silence(lua_State* L) {
  Scene* scene = check_scene(L);
  scene->world.silence_robot(robot_index(L, scene, 2));
  return 0;
}

// s:hide_ball(unum [, unseen_for [, team]]): unseen_for in seconds, default 0.
int scene_hide_ball(lua_State* L) {
  Scene* scene = check_scene(L);
  const double unseen_for = luaL_optnumber(L, 3, 0);
  if (!(unseen_for >= 0)) luaL_error(L, "hide_ball: unseen_for must be >= 0");
  const char* team = luaL_optstring(L, 4, "us");
  lua_settop(L, 2);
  lua_pushstring(L, team);
  scene->world.hide_ball(robot_index(L, scene, 2), unseen_for);
  return 0;
}

// s:lose_pose(unum [, team]): its localisation is lost until it turns (MockWorld::lose_pose).
int scene_lose_pose(lua_State* L) {
  Scene* scene = check_scene(L);
  scene->world.lose_pose(robot_index(L, scene, 2));
  return 0;
}

int scene_show_ball(lua_State* L) {
  Scene* scene = check_scene(L);
  scene->world.show_ball(robot_index(L, scene, 2));
  return 0;
}

int lua_test(lua_State* L) {
  luaL_checkstring(L, 1);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_getglobal(L, "__libero_tests");
  const int n = static_cast<int>(lua_objlen(L, -1));
  lua_createtable(L, 2, 0);
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, 1);
  lua_pushvalue(L, 2);
  lua_rawseti(L, -2, 2);
  lua_rawseti(L, -2, n + 1);
  return 0;
}

std::string describe(lua_State* L, int index) {
  lua_getglobal(L, "tostring");
  lua_pushvalue(L, index < 0 ? index - 1 : index);
  lua_call(L, 1, 1);
  std::string s = lua_tostring(L, -1) ? lua_tostring(L, -1) : "?";
  lua_pop(L, 1);
  return s;
}

int lua_expect(lua_State* L) {
  if (!lua_toboolean(L, 1)) record_failure(L, luaL_optstring(L, 2, "expectation failed"));
  return 0;
}

int lua_expect_eq(lua_State* L) {
  if (!lua_equal(L, 1, 2)) {
    std::string message = "expected " + describe(L, 2) + ", got " + describe(L, 1);
    if (lua_isstring(L, 3)) message = std::string(lua_tostring(L, 3)) + ": " + message;
    record_failure(L, message);
  }
  return 0;
}

int lua_expect_near(lua_State* L) {
  const double a = luaL_checknumber(L, 1), b = luaL_checknumber(L, 2), tolerance = luaL_checknumber(L, 3);
  if (!(std::fabs(a - b) <= tolerance)) {
    char text[160];
    std::snprintf(text, sizeof text, "expected %.4g within %.4g of %.4g", a, tolerance, b);
    std::string message = text;
    if (lua_isstring(L, 4)) message = std::string(lua_tostring(L, 4)) + ": " + message;
    record_failure(L, message);
  }
  return 0;
}

int traceback_handler(lua_State* L) {
  const char* message = lua_tostring(L, 1);
  luaL_traceback(L, L, message ? message : "(error object is not a string)", 1);
  return 1;
}

void register_harness(lua_State* L, Harness* h) {
  lua_pushlightuserdata(L, h);
  lua_setfield(L, LUA_REGISTRYINDEX, kHarnessKey);
  luaL_newmetatable(L, kSceneMeta);
  static const luaL_Reg methods[] = {
      {"run", scene_run},           {"run_until", scene_run_until},     {"requests", scene_requests},
      {"robot", scene_robot},       {"ball", scene_ball},               {"play_mode", scene_play_mode},
      {"score", scene_score},       {"time", scene_time},               {"game_time", scene_game_time},
      {"activation", scene_activation},
      {"active", scene_active},     {"role", scene_role},               {"script_error", scene_script_error},
      {"in_fallback", scene_in_fallback}, {"said", scene_said},         {"set_play_mode", scene_set_play_mode},
      {"set_ball", scene_set_ball}, {"place", scene_place},             {"knock_over", scene_knock_over},
      {"remove", scene_remove},     {"silence", scene_silence},         {"hide_ball", scene_hide_ball},
      {"lose_pose", scene_lose_pose},
      {"show_ball", scene_show_ball},
      {nullptr, nullptr}};
  lua_createtable(L, 0, 20);
  luaL_register(L, nullptr, methods);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, scene_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  lua_register(L, "scene", scene_new);
  lua_register(L, "test", lua_test);
  lua_register(L, "expect", lua_expect);
  lua_register(L, "expect_eq", lua_expect_eq);
  lua_register(L, "expect_near", lua_expect_near);
  lua_newtable(L);
  lua_setglobal(L, "__libero_tests");
}

void run_file(const std::string& file, const BehaviorTestOptions& options, const MockModel& model,
              BehaviorTestResult* result) {
  Harness h;
  h.options = &options;
  h.model = model;
  h.file_dir = fs::path(file).parent_path().string();
  lua_State* L = luaL_newstate();
  if (!L) {
    ++result->failed;
    result->failures.push_back(file + ": cannot create a Lua state");
    return;
  }
  luaL_openlibs(L);
  register_harness(L, &h);
  // Test files may require helpers that sit next to them.
  lua_getglobal(L, "package");
  std::string path = h.file_dir + "/?.lua;";
  lua_getfield(L, -1, "path");
  path += lua_tostring(L, -1) ? lua_tostring(L, -1) : "";
  lua_pop(L, 1);
  lua_pushstring(L, path.c_str());
  lua_setfield(L, -2, "path");
  lua_pop(L, 1);

  lua_pushcfunction(L, traceback_handler);
  const int handler = lua_gettop(L);
  if (luaL_loadfile(L, file.c_str()) != 0 || lua_pcall(L, 0, 0, handler) != 0) {
    ++result->failed;
    result->failures.push_back(std::string(lua_tostring(L, -1) ? lua_tostring(L, -1) : file.c_str()));
    std::printf("FAIL %s\n", result->failures.back().c_str());
    lua_close(L);
    return;
  }
  lua_getglobal(L, "__libero_tests");
  const int tests = lua_gettop(L);
  const int count = static_cast<int>(lua_objlen(L, tests));
  for (int i = 1; i <= count; ++i) {
    lua_rawgeti(L, tests, i);
    lua_rawgeti(L, -1, 1);
    h.current_test = lua_tostring(L, -1) ? lua_tostring(L, -1) : "?";
    lua_pop(L, 1);
    if (!options.filter.empty() && h.current_test.find(options.filter) == std::string::npos) {
      lua_pop(L, 1);
      continue;
    }
    std::vector<std::string> failures;
    h.test_failures = &failures;
    lua_rawgeti(L, -1, 2);
    if (lua_pcall(L, 0, 0, handler) != 0) {
      failures.push_back(h.current_test + ": " + (lua_tostring(L, -1) ? lua_tostring(L, -1) : "error"));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_gc(L, LUA_GCCOLLECT, 0);  // destroy this test's scenes now
    h.test_failures = nullptr;
    if (failures.empty()) {
      ++result->passed;
      if (options.verbose) std::printf("ok   %s: %s\n", file.c_str(), h.current_test.c_str());
    } else {
      ++result->failed;
      for (const auto& f : failures) {
        std::printf("FAIL %s\n", f.c_str());
        result->failures.push_back(f);
      }
    }
    std::fflush(stdout);
  }
  lua_close(L);
}

}  // namespace

Result<std::vector<std::string>> find_behavior_tests(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
    } else if (fs::is_directory(p, ec)) {
      for (auto it = fs::recursive_directory_iterator(p, ec); it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec) break;
        const std::string name = it->path().filename().string();
        if (it->is_regular_file() && name.size() > 9 && name.compare(name.size() - 9, 9, "_test.lua") == 0)
          files.push_back(it->path().string());
      }
    } else {
      return make_error("no such test file or directory: " + p);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

BehaviorTestResult run_behavior_tests(const std::vector<std::string>& files, const BehaviorTestOptions& options) {
  BehaviorTestResult result;
  auto model = load_mock_model(options.mock_model_path);
  if (!model.ok()) {
    result.failed = 1;
    result.failures.push_back(model.error().describe());
    std::printf("FAIL %s\n", result.failures.back().c_str());
    return result;
  }
  for (const auto& file : files) run_file(file, options, *model, &result);
  return result;
}

}  // namespace libero::mock
