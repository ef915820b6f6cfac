// The planners of engine/planning bound for scripts: adds plan_clear,
// plan_obstacle, plan_wall, plan_path and field_config, field_avoidance,
// field_clear, field_obstacle, field_step to the prelude's host table at the
// top of the stack; the prelude exposes them as `planning.clear/obstacle/
// wall/path/field_*` (docs/scripting.md). One PathPlanner and one potential
// field configuration per Lua state, in a userdata: they outlive hot reloads,
// so a reload whose data fails to load keeps the last good configuration.
#pragma once

struct lua_State;

namespace libero::script {

void register_planning_functions(lua_State* L);

}  // namespace libero::script
