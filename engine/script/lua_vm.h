// LuaVm: one LuaJIT state with a bounded allocator and a tick budget.
//
// The JIT compiler is switched off for the whole state: LuaJIT runs no hooks
// inside compiled traces, so a `while true do end` that got compiled could
// never be interrupted. In the interpreter a hook always works, but an
// installed count hook slows every instruction (≈ 60 % measured), so by
// default no hook is installed while the tick runs: a POSIX timer on the
// thread's CPU-time clock fires when the budget is used up, and its signal
// handler installs a count-1 hook (lua_sethook is async-signal-safe in LuaJIT;
// its own REPL stops scripts the same way). The hook raises the budget
// error at the next VM instruction. The budget is CPU time, so a tick that
// was merely preempted on a loaded machine is not cut off.
// The timer is armed lazily: arming a tick records its start on the CPU
// clock and sets the one-shot only if none is pending; disarming only clears
// `running`. A one-shot left over from an earlier tick fires early, and the
// handler re-arms it for what is left of the running tick's budget. Arming
// and disarming every tick cost two timer_settime calls, a fifth of a 50 Hz
// mock match's CPU time (docs/benchmarks.md).
// If the timer cannot be created (or is disabled), a count hook checks the
// clocks every kBudgetCheckInterval instructions instead.
//
// JIT mode (lua_vm_enable_jit, for the mock world's fast matches only): the
// compiler is on, so a loop compiled into a trace never sees the hook. The
// timer then keeps firing every budget period; a tick still running after
// kJitWatchdogPeriods of them is stuck in compiled code, and the process
// ends with a message and exit code kJitWatchdogExitCode rather than hang.
// The agent never uses JIT mode: a robot must never stop.
#pragma once

#include <csignal>
#include <cstddef>
#include <cstdint>
#include <ctime>

struct lua_State;

namespace libero::script {

constexpr int kBudgetCheckInterval = 1000;  // VM instructions between clock reads (fallback mode)
constexpr int kJitWatchdogPeriods = 50;     // budget periods a JIT-mode tick may overrun before exit
constexpr int kJitWatchdogExitCode = 70;

struct LuaGuard {
  std::size_t bytes_in_use = 0;
  std::size_t peak_bytes = 0;
  std::size_t limit_bytes = 0;
  uint64_t allocations = 0;         // growing (re)allocations ever made, for benchmarks
  bool budget_tripped = false;      // the budget ran out inside Lua
  bool memory_tripped = false;      // an allocation was refused

  // Budget machinery (owned by lua_vm.cpp).
  lua_State* L = nullptr;
  bool use_timer = true;            // false: count-hook fallback
  bool timer_created = false;
  timer_t timer{};
  long timer_thread = 0;            // thread whose CPU clock the timer measures
  volatile sig_atomic_t running = 0;  // a budgeted call is in progress
  volatile sig_atomic_t timer_pending = 0;  // the one-shot is set and has not fired
  int64_t timer_due_ns = 0;         // thread CPU time at which the pending one-shot fires
  volatile sig_atomic_t hook_installed = 0;
  int64_t deadline_ns = INT64_MAX;  // fallback mode: monotonic deadline
  int64_t budget_ns = 0;
  int64_t cpu_start_ns = 0;         // thread CPU time when the current call was armed
  bool jit = false;                 // JIT mode (see above)
};

// Creates a state using guard as allocator bookkeeping (guard must outlive
// the state). use_timer=false selects the count-hook budget. Returns nullptr
// if even the empty state does not fit.
lua_State* lua_vm_create(LuaGuard* guard, bool use_timer = true);
// Closes the state and releases the guard's timer.
void lua_vm_close(lua_State* L);
// Switches the JIT compiler off (again: opening the jit library turns it on).
void lua_vm_disable_jit(lua_State* L);
// JIT mode: compiler on, budget timer with the stuck-trace watchdog. Needs
// the timer (returns false, and leaves the JIT off, without one).
bool lua_vm_enable_jit(LuaGuard* guard);

// Arms the budget for one protected call and clears the trip flags; disarm
// right after the call returns.
void lua_vm_arm(LuaGuard* guard, int64_t budget_ns);
void lua_vm_disarm(LuaGuard* guard);

// The guard of a state created by lua_vm_create.
LuaGuard* lua_vm_guard(lua_State* L);
// True if the budget uses the CPU-time timer (false: count-hook fallback).
bool lua_vm_uses_timer(const LuaGuard* guard);

}  // namespace libero::script
