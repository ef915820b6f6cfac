// The scripting API bound from C++: the C functions behind `draw`, `log`,
// `libero`, `require` and the sandbox's `pcall`, plus the trusted Lua
// prelude that builds the sandbox and the FFI views over WorldState,
// MotionStatus and SkillRequests. docs/scripting.md describes this API;
// tests/script checks the two cannot drift.
#pragma once

#include <cstdint>

#include "core/skill_requests.h"
#include "script/cycle_trace.h"
#include "world/world_state.h"

struct lua_State;

namespace libero::script {

// Bump when a script-visible name or meaning changes (docs/scripting.md says
// which version it documents; a test compares).
constexpr int kScriptApiVersion = 8;  // 2: world.heard, world.heard_text; 3: last_heard_age, kick_ball_x/y, kick_duration;
                                      // 4: skill.set_radio_payload, teammates' radio_payload, radio_payload_age
                                      // 5: kick kind "lofted", motion.status.kick_over_bar_from/to
                                      // 6: draw.layer, draw.polygon
                                      // 7: world.ball.rel_x/rel_y
                                      // 8: skill.request_pass_mode

class ScriptFiles;
struct LuaGuard;

// What the C functions reach through their upvalue. Owned by the host; the
// pointers stay valid (and at the same address) for the state's lifetime.
struct ApiContext {
  const world::WorldState* world = nullptr;
  const motion::MotionStatus* motion = nullptr;
  motion::SkillRequests* requests = nullptr;
  CycleTrace* trace = nullptr;           // being filled this tick
  const CycleTrace* previous = nullptr;  // the last completed tick
  const ScriptFiles* files = nullptr;
  LuaGuard* guard = nullptr;
  uint64_t tick = 0;
  double now = 0.0;                      // behaviour clock, s
  char role[kRoleLength + 1] = {};
  char draw_layer[kDrawLayerLength + 1] = "default";  // draw.layer(), reset every tick
};

// The ffi.cdef text mirroring world_state.h and skill_requests.h.
const char* ffi_cdef_source();

// Runs the prelude (inside a protected call) and leaves its host table on
// the stack: { make_env = function(), list_api = function(env) }.
// Returns 0 or a Lua error status with the message on the stack.
int open_script_api(lua_State* L, ApiContext* context);

// Copies a Lua error value into text without running any script code
// (__tostring is not called: the budget may already have run out).
void describe_lua_error(lua_State* L, int index, char* text, std::size_t capacity);

}  // namespace libero::script
