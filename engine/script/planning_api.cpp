#include "script/planning_api.h"

#include <cmath>
#include <cstring>
#include <new>

#include <lua.hpp>

#include "planning/path_planner.h"
#include "planning/potential_field.h"

namespace libero::script {
namespace {

// Everything a Lua state's `planning` functions share. Trivially
// destructible (fixed arrays only), so the userdata needs no __gc.
struct PlanningService {
  static constexpr int kMaxFieldObstacles = 32;
  planning::PathPlanner planner;
  planning::FieldParams field;         // gains from field_config, rho from field_avoidance
  planning::AvoidanceTable table;      // range == 0 until field_config succeeds
  bool avoidance_set = false;
  planning::MovingPoint field_obstacles[kMaxFieldObstacles];
  int field_count = 0;
};

PlanningService* service_of(lua_State* L) {
  return static_cast<PlanningService*>(lua_touserdata(L, lua_upvalueindex(1)));
}

double check_finite(lua_State* L, int index, const char* what) {
  if (!lua_isnumber(L, index)) luaL_error(L, "%s must be a number, got %s", what, luaL_typename(L, index));
  double v = lua_tonumber(L, index);
  if (!std::isfinite(v)) luaL_error(L, "%s must be a finite number", what);
  return v;
}

// planning.clear(): forget the obstacles of the last plan.
int plan_clear(lua_State* L) {
  service_of(L)->planner.clear_obstacles();
  return 0;
}

// planning.obstacle(x, y, radius) -> true, or false when the set is full.
int plan_obstacle(lua_State* L) {
  double x = check_finite(L, 1, "planning.obstacle: x");
  double y = check_finite(L, 2, "planning.obstacle: y");
  double r = check_finite(L, 3, "planning.obstacle: radius");
  if (r <= 0) return luaL_error(L, "planning.obstacle: radius must be positive");
  lua_pushboolean(L, service_of(L)->planner.add_obstacle(x, y, r));
  return 1;
}

// planning.wall(x1, y1, x2, y2, radius) -> true, or false when the set is full.
int plan_wall(lua_State* L) {
  double x1 = check_finite(L, 1, "planning.wall: x1");
  double y1 = check_finite(L, 2, "planning.wall: y1");
  double x2 = check_finite(L, 3, "planning.wall: x2");
  double y2 = check_finite(L, 4, "planning.wall: y2");
  double r = check_finite(L, 5, "planning.wall: radius");
  if (r <= 0) return luaL_error(L, "planning.wall: radius must be positive");
  lua_pushboolean(L, service_of(L)->planner.add_wall(x1, y1, x2, y2, r));
  return 1;
}

// planning.path(sx, sy, gx, gy) -> waypoint x, y, status, path length.
int plan_path(lua_State* L) {
  double sx = check_finite(L, 1, "planning.path: start x");
  double sy = check_finite(L, 2, "planning.path: start y");
  double gx = check_finite(L, 3, "planning.path: goal x");
  double gy = check_finite(L, 4, "planning.path: goal y");
  planning::PlanResult r = service_of(L)->planner.plan(sx, sy, gx, gy);
  static const char* const kStatus[] = {"direct", "path", "goal_blocked", "no_path", "invalid"};
  lua_pushnumber(L, r.waypoint_x);
  lua_pushnumber(L, r.waypoint_y);
  lua_pushstring(L, kStatus[static_cast<int>(r.status)]);
  lua_pushnumber(L, r.length);
  return 4;
}

// --- potential field ------------------------------------------------------

// Reading a config table: every problem raises "planning.field_config: key: what".
[[noreturn]] void config_error(lua_State* L, const char* key, const char* what) {
  luaL_error(L, "planning.field_config: %s: %s", key, what);
  __builtin_unreachable();
}

// Raises an error for any string key of the table at `index` not in `known`
// (a misspelt gain would otherwise silently keep its old value).
void reject_unknown(lua_State* L, int index, const char* const* known, int count, const char* where) {
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) config_error(L, where, "keys must be names");
    const char* key = lua_tostring(L, -1);
    bool found = false;
    for (int i = 0; i < count && !found; ++i) found = std::strcmp(known[i], key) == 0;
    if (!found) luaL_error(L, "planning.field_config: %s%s%s: unknown key", where, *where ? "." : "", key);
  }
}

double config_number(lua_State* L, int table, const char* key) {
  lua_getfield(L, table, key);
  if (lua_type(L, -1) != LUA_TNUMBER) config_error(L, key, lua_isnil(L, -1) ? "missing" : "must be a number");
  double v = lua_tonumber(L, -1);
  lua_pop(L, 1);
  if (!std::isfinite(v)) config_error(L, key, "must be finite");
  return v;
}

// Reads rho_min / rho_max: { task = { role = "LABEL", ... }, ... }, every cell present.
void config_cells(lua_State* L, int table, const char* key, int8_t (&cells)[planning::kFieldTasks][planning::kFieldRoles]) {
  lua_getfield(L, table, key);
  const int t = lua_gettop(L);
  if (!lua_istable(L, t)) config_error(L, key, lua_isnil(L, t) ? "missing" : "must be a table of tasks");
  const char* tasks[planning::kFieldTasks];
  const char* roles[planning::kFieldRoles];
  for (int i = 0; i < planning::kFieldTasks; ++i) tasks[i] = planning::field_task_name(i);
  for (int i = 0; i < planning::kFieldRoles; ++i) roles[i] = planning::field_role_name(i);
  reject_unknown(L, t, tasks, planning::kFieldTasks, key);
  for (int task = 0; task < planning::kFieldTasks; ++task) {
    lua_getfield(L, t, tasks[task]);
    const int row = lua_gettop(L);
    if (!lua_istable(L, row))
      luaL_error(L, "planning.field_config: %s.%s: %s", key, tasks[task],
                 lua_isnil(L, row) ? "missing" : "must be a table of roles");
    lua_pushfstring(L, "%s.%s", key, tasks[task]);
    reject_unknown(L, row, roles, planning::kFieldRoles, lua_tostring(L, -1));
    lua_pop(L, 1);
    for (int role = 0; role < planning::kFieldRoles; ++role) {
      lua_getfield(L, row, roles[role]);
      const int label = lua_type(L, -1) == LUA_TSTRING ? planning::field_label_index(lua_tostring(L, -1)) : -1;
      if (label < 0)
        luaL_error(L, "planning.field_config: %s.%s.%s: must be a label \"VN\", \"N\", \"F\" or \"VF\"", key,
                   tasks[task], roles[role]);
      cells[task][role] = static_cast<int8_t>(label);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

// planning.field_config(t): gains, limits and the role x task tables from a
// data table. Everything is read and checked into temporaries first, so a
// bad table raises an error and leaves the last good configuration in place.
int field_config(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  static const char* const kKeys[] = {"k1", "m", "k2", "n", "k3", "s", "k4", "t", "eta_sign", "delta_zeta",
                                      "parallel_tolerance", "mass", "max_acceleration", "max_speed", "period",
                                      "range", "labels", "rho_min", "rho_max"};
  reject_unknown(L, 1, kKeys, sizeof kKeys / sizeof kKeys[0], "");
  planning::FieldParams p;
  p.k1 = config_number(L, 1, "k1"), p.m = config_number(L, 1, "m");
  p.k2 = config_number(L, 1, "k2"), p.n = config_number(L, 1, "n");
  p.k3 = config_number(L, 1, "k3"), p.s = config_number(L, 1, "s");
  p.k4 = config_number(L, 1, "k4"), p.t = config_number(L, 1, "t");
  p.eta_sign = config_number(L, 1, "eta_sign");
  p.delta_zeta = config_number(L, 1, "delta_zeta");
  p.parallel_tolerance = config_number(L, 1, "parallel_tolerance");
  p.mass = config_number(L, 1, "mass");
  p.max_acceleration = config_number(L, 1, "max_acceleration");
  p.max_speed = config_number(L, 1, "max_speed");
  p.period = config_number(L, 1, "period");
  if (const char* problem = planning::check_params(p)) config_error(L, "parameters", problem);
  planning::AvoidanceTable table;
  table.range = config_number(L, 1, "range");
  lua_getfield(L, 1, "labels");
  if (!lua_istable(L, 2)) config_error(L, "labels", lua_isnil(L, 2) ? "missing" : "must be a table");
  static const char* const kLabels[] = {"VN", "N", "F", "VF"};
  reject_unknown(L, 2, kLabels, 4, "labels");
  for (int i = 0; i < planning::kFieldLabels; ++i) {
    lua_getfield(L, 2, kLabels[i]);
    if (lua_type(L, -1) != LUA_TNUMBER)
      luaL_error(L, "planning.field_config: labels.%s: must be a number", kLabels[i]);
    table.label[i] = lua_tonumber(L, -1);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  config_cells(L, 1, "rho_min", table.rho_min);
  config_cells(L, 1, "rho_max", table.rho_max);
  if (const char* problem = planning::check_table(table)) config_error(L, "table", problem);
  PlanningService* s = service_of(L);
  // Keep the avoidance distances chosen so far: they are re-chosen from the
  // new table by the next field_avoidance call.
  p.rho_min = s->field.rho_min, p.rho_max = s->field.rho_max;
  s->field = p;
  s->table = table;
  s->avoidance_set = false;
  return 0;
}

// planning.field_avoidance(role, task) -> rho_min, rho_max (m) from the tables.
int field_avoidance(lua_State* L) {
  PlanningService* s = service_of(L);
  if (s->table.range <= 0) return luaL_error(L, "planning.field_avoidance: no tables (call planning.field_config first)");
  if (lua_type(L, 1) != LUA_TSTRING) return luaL_error(L, "planning.field_avoidance: role must be a string");
  if (lua_type(L, 2) != LUA_TSTRING) return luaL_error(L, "planning.field_avoidance: task must be a string");
  const int role = planning::field_role_index(lua_tostring(L, 1));
  const int task = planning::field_task_index(lua_tostring(L, 2));
  if (role < 0)
    return luaL_error(L, "planning.field_avoidance: unknown role '%s' (forward, midfield, back, goalkeeper)",
                      lua_tostring(L, 1));
  if (task < 0)
    return luaL_error(L,
                      "planning.field_avoidance: unknown task '%s' (find_ball, pursue_ball, keep_ball, "
                      "follow_opponent, intercept, shoot)",
                      lua_tostring(L, 2));
  planning::set_avoidance(&s->field, s->table, static_cast<planning::FieldRole>(role),
                          static_cast<planning::FieldTask>(task));
  s->avoidance_set = true;
  lua_pushnumber(L, s->field.rho_min);
  lua_pushnumber(L, s->field.rho_max);
  return 2;
}

// planning.field_clear(): forget the moving obstacles of the last step.
int field_clear(lua_State* L) {
  service_of(L)->field_count = 0;
  return 0;
}

// planning.field_obstacle(x, y, vx, vy) -> true, or false when the set is full.
int field_obstacle(lua_State* L) {
  planning::MovingPoint o;
  o.x = check_finite(L, 1, "planning.field_obstacle: x");
  o.y = check_finite(L, 2, "planning.field_obstacle: y");
  o.vx = lua_isnoneornil(L, 3) ? 0.0 : check_finite(L, 3, "planning.field_obstacle: vx");
  o.vy = lua_isnoneornil(L, 4) ? 0.0 : check_finite(L, 4, "planning.field_obstacle: vy");
  PlanningService* s = service_of(L);
  const bool room = s->field_count < PlanningService::kMaxFieldObstacles;
  if (room) s->field_obstacles[s->field_count++] = o;
  lua_pushboolean(L, room);
  return 1;
}

// planning.field_step(x, y, vx, vy, tx, ty, tvx, tvy) -> vx, vy, acting, inside_min.
int field_step(lua_State* L) {
  PlanningService* s = service_of(L);
  if (s->table.range <= 0) return luaL_error(L, "planning.field_step: no parameters (call planning.field_config first)");
  if (!s->avoidance_set)
    return luaL_error(L, "planning.field_step: no avoidance distances (call planning.field_avoidance first)");
  planning::MovingPoint robot, target;
  robot.x = check_finite(L, 1, "planning.field_step: x");
  robot.y = check_finite(L, 2, "planning.field_step: y");
  robot.vx = check_finite(L, 3, "planning.field_step: vx");
  robot.vy = check_finite(L, 4, "planning.field_step: vy");
  target.x = check_finite(L, 5, "planning.field_step: target x");
  target.y = check_finite(L, 6, "planning.field_step: target y");
  target.vx = lua_isnoneornil(L, 7) ? 0.0 : check_finite(L, 7, "planning.field_step: target vx");
  target.vy = lua_isnoneornil(L, 8) ? 0.0 : check_finite(L, 8, "planning.field_step: target vy");
  planning::FieldStep r = planning::potential_field_step(s->field, robot, target, s->field_obstacles, s->field_count);
  lua_pushnumber(L, r.vx);
  lua_pushnumber(L, r.vy);
  lua_pushinteger(L, r.acting);
  lua_pushboolean(L, r.inside_min);
  return 4;
}

}  // namespace

void register_planning_functions(lua_State* L) {
  void* memory = lua_newuserdata(L, sizeof(PlanningService));
  new (memory) PlanningService();
  const int service = lua_gettop(L);
  static const luaL_Reg kFunctions[] = {
      {"plan_clear", plan_clear},       {"plan_obstacle", plan_obstacle},     {"plan_wall", plan_wall},
      {"plan_path", plan_path},         {"field_config", field_config},       {"field_avoidance", field_avoidance},
      {"field_clear", field_clear},     {"field_obstacle", field_obstacle},   {"field_step", field_step}};
  for (const luaL_Reg& reg : kFunctions) {
    lua_pushvalue(L, service);
    lua_pushcclosure(L, reg.func, 1);
    lua_setfield(L, service - 1, reg.name);
  }
  lua_pop(L, 1);
}

}  // namespace libero::script
