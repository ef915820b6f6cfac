// LuaVm: one LuaJIT state with a bounded allocator and a tick budget.
// The JIT compiler is switched off for the whole state: LuaJIT runs no hooks
// inside compiled traces, so a `while true do end` that got compiled could
// never be interrupted. The interpreter calls an instruction-count hook every
// kBudgetCheckInterval instructions; it compares the monotonic clock (cheap)
// with the deadline and, once that has passed, the thread's CPU time (a
// syscall, so only then): the budget is CPU time, so a tick that was merely
// preempted on a loaded machine is not cut off, while a runaway loop is.
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
  uint64_t allocations = 0;         // growing (re)allocations ever made, for benchmarks
  int64_t deadline_ns = INT64_MAX;  // monotonic; INT64_MAX: no budget armed
  int64_t budget_ns = 0;
  int64_t cpu_start_ns = 0;         // thread CPU time when armed
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
