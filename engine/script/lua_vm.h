// LuaVm: one LuaJIT state with a bounded allocator and a tick budget.
// The JIT compiler is switched off for the whole state: LuaJIT runs no hooks
// inside compiled traces, so a `while true do end` that got compiled could
// never be interrupted. The interpreter checks the instruction-count hook,
// which compares the clock against the deadline every kBudgetCheckInterval
// instructions and raises an error once it has passed.
#pragma once

#include <cstddef>
#include <cstdint>

struct lua_State;

namespace libero::script {

constexpr int kBudgetCheckInterval = 1000;  // VM instructions between clock reads

struct LuaGuard {
  std::size_t bytes_in_use = 0;
  std::size_t peak_bytes = 0;
  std::size_t limit_bytes = 0;
  int64_t deadline_ns = INT64_MAX;  // INT64_MAX: no budget armed
  bool budget_tripped = false;      // the deadline passed inside Lua
  bool memory_tripped = false;      // an allocation was refused
};

// Creates a state using guard as allocator bookkeeping (guard must outlive
// the state). Returns nullptr if even the empty state does not fit.
lua_State* lua_vm_create(LuaGuard* guard);
void lua_vm_close(lua_State* L);
// Switches the JIT compiler off (again: opening the jit library turns it on).
void lua_vm_disable_jit(lua_State* L);

// Arms the budget for one protected call and clears the trip flags.
void lua_vm_arm(LuaGuard* guard, int64_t budget_ns);
void lua_vm_disarm(LuaGuard* guard);

// The guard of a state created by lua_vm_create.
LuaGuard* lua_vm_guard(lua_State* L);

}  // namespace libero::script
