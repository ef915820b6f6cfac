// The path planner (engine/planning) bound for scripts: adds plan_clear,
// plan_obstacle and plan_path to the prelude's host table at the top of the
// stack; the prelude exposes them as `planning.clear/obstacle/path`
// (docs/scripting.md). One PathPlanner per Lua state, in a userdata.
#pragma once

struct lua_State;

namespace libero::script {

void register_planning_functions(lua_State* L);

}  // namespace libero::script
