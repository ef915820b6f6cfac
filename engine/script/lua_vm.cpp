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

// The guard whose call is running on this thread (the timer signal is
// delivered to the thread that armed it).
thread_local LuaGuard* t_armed_guard = nullptr;

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

extern "C" void on_budget_signal(int, siginfo_t*, void*) {
  LuaGuard* guard = t_armed_guard;
  if (guard == nullptr || !guard->running) return;
  guard->expiries = guard->expiries + 1;
  if (guard->jit && guard->expiries > kJitWatchdogPeriods) {
    static const char kMessage[] =
        "libero: a behaviour tick is stuck in JIT-compiled Lua (an endless loop?); stopping (JIT mode only)\n";
    (void)!write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
    _exit(kJitWatchdogExitCode);
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
  if (t_armed_guard == guard) t_armed_guard = nullptr;
  delete_timer(guard);
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
  t_armed_guard = guard;
  guard->expiries = 0;
  guard->running = 1;
  itimerspec spec{};
  spec.it_value.tv_sec = static_cast<time_t>(budget_ns / 1000000000LL);
  spec.it_value.tv_nsec = static_cast<long>(budget_ns % 1000000000LL);
  if (spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0) spec.it_value.tv_nsec = 1;
  if (guard->jit) spec.it_interval = spec.it_value;  // the watchdog counts periods
  if (timer_settime(guard->timer, 0, &spec, nullptr) != 0) {
    guard->running = 0;
    t_armed_guard = nullptr;
    use_polling_hook(guard);
    guard->cpu_start_ns = thread_cpu_ns();
    guard->deadline_ns = monotonic_ns() + budget_ns;
  }
}

void lua_vm_disarm(LuaGuard* guard) {
  guard->deadline_ns = INT64_MAX;
  if (!guard->use_timer) return;
  itimerspec stop{};
  timer_settime(guard->timer, 0, &stop, nullptr);
  guard->running = 0;
  t_armed_guard = nullptr;
  remove_hook(guard);
}

LuaGuard* lua_vm_guard(lua_State* L) {
  void* user = nullptr;
  lua_getallocf(L, &user);
  return static_cast<LuaGuard*>(user);
}

bool lua_vm_uses_timer(const LuaGuard* guard) { return guard->use_timer; }

}  // namespace libero::script
