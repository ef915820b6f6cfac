#include "script/planning_api.h"

#include <cmath>
#include <new>

#include <lua.hpp>

#include "planning/path_planner.h"

namespace libero::script {
namespace {

planning::PathPlanner* planner_of(lua_State* L) {
  return static_cast<planning::PathPlanner*>(lua_touserdata(L, lua_upvalueindex(1)));
}

double check_finite(lua_State* L, int index, const char* what) {
  double v = luaL_checknumber(L, index);
  if (!std::isfinite(v)) luaL_error(L, "%s must be a finite number", what);
  return v;
}

// planning.clear(): forget the obstacles of the last plan.
int plan_clear(lua_State* L) {
  planner_of(L)->clear_obstacles();
  return 0;
}

// planning.obstacle(x, y, radius) -> true, or false when the set is full.
int plan_obstacle(lua_State* L) {
  double x = check_finite(L, 1, "planning.obstacle: x");
  double y = check_finite(L, 2, "planning.obstacle: y");
  double r = check_finite(L, 3, "planning.obstacle: radius");
  if (r <= 0) return luaL_error(L, "planning.obstacle: radius must be positive");
  lua_pushboolean(L, planner_of(L)->add_obstacle(x, y, r));
  return 1;
}

// planning.path(sx, sy, gx, gy) -> waypoint x, y, status, path length.
int plan_path(lua_State* L) {
  double sx = check_finite(L, 1, "planning.path: start x");
  double sy = check_finite(L, 2, "planning.path: start y");
  double gx = check_finite(L, 3, "planning.path: goal x");
  double gy = check_finite(L, 4, "planning.path: goal y");
  planning::PlanResult r = planner_of(L)->plan(sx, sy, gx, gy);
  static const char* const kStatus[] = {"direct", "path", "goal_blocked", "no_path", "invalid"};
  lua_pushnumber(L, r.waypoint_x);
  lua_pushnumber(L, r.waypoint_y);
  lua_pushstring(L, kStatus[static_cast<int>(r.status)]);
  lua_pushnumber(L, r.length);
  return 4;
}

}  // namespace

void register_planning_functions(lua_State* L) {
  void* memory = lua_newuserdata(L, sizeof(planning::PathPlanner));
  new (memory) planning::PathPlanner();  // trivially destructible: no __gc needed
  const int planner = lua_gettop(L);
  static const luaL_Reg kFunctions[] = {
      {"plan_clear", plan_clear}, {"plan_obstacle", plan_obstacle}, {"plan_path", plan_path}};
  for (const luaL_Reg& reg : kFunctions) {
    lua_pushvalue(L, planner);
    lua_pushcclosure(L, reg.func, 1);
    lua_setfield(L, planner - 1, reg.name);
  }
  lua_pop(L, 1);
}

}  // namespace libero::script
