#include "script/lua_vm.h"

#include <lua.hpp>

#include <sys/syscall.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <ctime>

#include "core/clock.h"

namespace libero::script {

namespace {

// Frees and shrinks always succeed; growth beyond the limit is refused, which
// LuaJIT turns into a catchable "not enough memory" error.
void* bounded_alloc(void* user, void* block, std::size_t old_size, std::size_t new_size) {
  auto* guard = static_cast<LuaGuard*>(user);
  if (block == nullptr) old_size = 0;
  if (new_size == 0) {
    std::free(block);
    guard->bytes_in_use -= old_size;
    return nullptr;
  }
  if (new_size > old_size && guard->bytes_in_use - old_size + new_size > guard->limit_bytes) {
    guard->memory_tripped = true;
    return nullptr;
  }
  void* grown = std::realloc(block, new_size);
  if (grown == nullptr) {
    guard->memory_tripped = true;
    return nullptr;
  }
  guard->bytes_in_use = guard->bytes_in_use - old_size + new_size;
  if (new_size > old_size) ++guard->allocations;
  if (guard->bytes_in_use > guard->peak_bytes) guard->peak_bytes = guard->bytes_in_use;
  return grown;
}

int64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

long current_thread_id() {
  static thread_local long id = static_cast<long>(syscall(SYS_gettid));
  return id;
}

void raise_budget_error(lua_State* L, lua_Debug* where) {
  if (lua_getinfo(L, "Sl", where) && where->currentline > 0)
    lua_pushfstring(L, "%s:%d: tick budget exceeded", where->short_src, where->currentline);
  else
    lua_pushliteral(L, "tick budget exceeded");
  lua_error(L);
}

// Timer mode: installed by the signal handler once the budget is spent.
// Raises at every instruction from then on, so a script that catches the
// error with pcall cannot keep running.
void tripped_hook(lua_State* L, lua_Debug* where) { raise_budget_error(L, where); }

// Fallback mode: always installed, checks the clocks.
void polling_hook(lua_State* L, lua_Debug* where) {
  LuaGuard* guard = lua_vm_guard(L);
  if (guard->deadline_ns == INT64_MAX) return;
  if (!guard->budget_tripped) {
    int64_t now = monotonic_ns();
    if (now < guard->deadline_ns) return;
    int64_t cpu_used = thread_cpu_ns() - guard->cpu_start_ns;
    if (cpu_used < guard->budget_ns) {
      // Preempted, not busy: wait for the CPU budget that is left.
      guard->deadline_ns = now + (guard->budget_ns - cpu_used);
      return;
    }
    guard->budget_tripped = true;
  }
  raise_budget_error(L, where);
}

const int kBudgetSignal = SIGRTMIN + 5;

// Sets the guard's one-shot to fire after `ns` more CPU time of its thread.
// Async-signal-safe (timer_settime is), so the handler re-arms with it too.
bool set_timer(LuaGuard* guard, int64_t ns, int64_t now_cpu_ns) {
  if (ns < 1) ns = 1;
  itimerspec spec{};
  spec.it_value.tv_sec = static_cast<time_t>(ns / 1000000000LL);
  spec.it_value.tv_nsec = static_cast<long>(ns % 1000000000LL);
  if (timer_settime(guard->timer, 0, &spec, nullptr) != 0) return false;
  guard->timer_due_ns = now_cpu_ns + ns;
  guard->timer_pending = 1;
  return true;
}

extern "C" void on_budget_signal(int, siginfo_t* info, void*) {
  // Each guard's timer carries the guard; the signal goes to the thread that
  // created the timer, which is the thread running (or about to run) it.
  LuaGuard* guard = static_cast<LuaGuard*>(info->si_value.sival_ptr);
  if (guard == nullptr) return;
  guard->timer_pending = 0;
  if (!guard->running) return;  // left over from an earlier tick
  int64_t now = thread_cpu_ns();
  int64_t used = now - guard->cpu_start_ns;
  if (used < guard->budget_ns) {
    set_timer(guard, guard->budget_ns - used, now);
    return;
  }
  if (guard->jit) {
    if (used > (kJitWatchdogPeriods + 1) * guard->budget_ns) {
      static const char kMessage[] =
          "libero: a behaviour tick is stuck in JIT-compiled Lua (an endless loop?); stopping (JIT mode only)\n";
      (void)!write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
      _exit(kJitWatchdogExitCode);
    }
    set_timer(guard, guard->budget_ns, now);  // keep watching a trace that ignores the hook
  }
  guard->budget_tripped = true;
  guard->hook_installed = 1;
  lua_sethook(guard->L, tripped_hook, LUA_MASKCOUNT, 1);
}

bool install_signal_handler() {
  static const bool installed = [] {
    struct sigaction action {};
    action.sa_sigaction = on_budget_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(kBudgetSignal, &action, nullptr) == 0;
  }();
  return installed;
}

void delete_timer(LuaGuard* guard) {
  if (guard->timer_created) timer_delete(guard->timer);
  guard->timer_created = false;
  guard->timer_pending = 0;
}

// A timer on the calling thread's CPU clock, (re)created when the calling
// thread changed. False if timers are unavailable.
bool ensure_timer(LuaGuard* guard) {
  long thread = current_thread_id();
  if (guard->timer_created && guard->timer_thread == thread) return true;
  delete_timer(guard);
  if (!install_signal_handler()) return false;
  sigevent event{};
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = kBudgetSignal;
  event.sigev_value.sival_ptr = guard;
  event._sigev_un._tid = static_cast<pid_t>(thread);  // sigev_notify_thread_id (glibc < 2.41 lacks the name)
  if (timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &guard->timer) != 0) return false;
  guard->timer_created = true;
  guard->timer_thread = thread;
  return true;
}

void remove_hook(LuaGuard* guard) {
  if (guard->hook_installed) {
    lua_sethook(guard->L, nullptr, 0, 0);
    guard->hook_installed = 0;
  }
}

void use_polling_hook(LuaGuard* guard) {
  guard->use_timer = false;
  lua_sethook(guard->L, polling_hook, LUA_MASKCOUNT, kBudgetCheckInterval);
  guard->hook_installed = 1;
}

int panic_handler(lua_State*) {
  // Only reachable from an unprotected call, which the host never makes
  // after creation; abort loudly rather than continue in a broken state.
  std::abort();
}

}  // namespace

lua_State* lua_vm_create(LuaGuard* guard, bool use_timer) {
  lua_State* L = lua_newstate(bounded_alloc, guard);
  if (L == nullptr) return nullptr;
  guard->L = L;
  lua_atpanic(L, panic_handler);
  lua_vm_disable_jit(L);
  guard->use_timer = use_timer && ensure_timer(guard);
  if (!guard->use_timer) use_polling_hook(guard);
  return L;
}

void lua_vm_disable_jit(lua_State* L) {
  luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_FLUSH);
  luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);
}

bool lua_vm_enable_jit(LuaGuard* guard) {
  if (!guard->use_timer) return false;
  guard->jit = true;
  luaJIT_setmode(guard->L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_ON);
  return true;
}

void lua_vm_close(lua_State* L) {
  if (L == nullptr) return;
  LuaGuard* guard = lua_vm_guard(L);
  guard->running = 0;
  delete_timer(guard);  // also drops a signal still queued for this guard
  lua_close(L);
  guard->L = nullptr;
}

void lua_vm_arm(LuaGuard* guard, int64_t budget_ns) {
  guard->budget_tripped = false;
  guard->memory_tripped = false;
  guard->budget_ns = budget_ns;
  if (guard->use_timer && !ensure_timer(guard)) use_polling_hook(guard);
  if (!guard->use_timer) {
    guard->cpu_start_ns = thread_cpu_ns();
    guard->deadline_ns = monotonic_ns() + budget_ns;
    return;
  }
  remove_hook(guard);  // left over from a signal that raced the last disarm
  guard->cpu_start_ns = thread_cpu_ns();
  guard->running = 1;
  // A pending one-shot from an earlier tick that fires within this budget
  // is kept: the handler re-arms it for the rest of the budget. One due
  // later (set for a larger budget) is moved.
  if (guard->timer_pending && guard->timer_due_ns <= guard->cpu_start_ns + budget_ns) return;
  if (set_timer(guard, budget_ns, guard->cpu_start_ns)) return;
  guard->running = 0;
  use_polling_hook(guard);
  guard->cpu_start_ns = thread_cpu_ns();
  guard->deadline_ns = monotonic_ns() + budget_ns;
}

void lua_vm_disarm(LuaGuard* guard) {
  guard->deadline_ns = INT64_MAX;
  if (!guard->use_timer) return;
  guard->running = 0;  // the one-shot may stay pending: cheaper than stopping it
  remove_hook(guard);
}

LuaGuard* lua_vm_guard(lua_State* L) {
  void* user = nullptr;
  lua_getallocf(L, &user);
  return static_cast<LuaGuard*>(user);
}

bool lua_vm_uses_timer(const LuaGuard* guard) { return guard->use_timer; }

}  // namespace libero::script
