#include "script/lua_vm.h"

#include <lua.hpp>

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

void budget_hook(lua_State* L, lua_Debug* where) {
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
  }
  // Once tripped, every later check fails too, so a script that catches the
  // error with pcall cannot keep running.
  guard->budget_tripped = true;
  if (lua_getinfo(L, "Sl", where) && where->currentline > 0)
    lua_pushfstring(L, "%s:%d: tick budget exceeded", where->short_src, where->currentline);
  else
    lua_pushliteral(L, "tick budget exceeded");
  lua_error(L);
}

int panic_handler(lua_State* L) {
  // Only reachable from an unprotected call, which the host never makes
  // after creation; abort loudly rather than continue in a broken state.
  const char* message = lua_tostring(L, -1);
  (void)message;
  std::abort();
}

}  // namespace

lua_State* lua_vm_create(LuaGuard* guard) {
  lua_State* L = lua_newstate(bounded_alloc, guard);
  if (L == nullptr) return nullptr;
  lua_atpanic(L, panic_handler);
  lua_vm_disable_jit(L);
  lua_sethook(L, budget_hook, LUA_MASKCOUNT, kBudgetCheckInterval);
  return L;
}

void lua_vm_disable_jit(lua_State* L) {
  luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_FLUSH);
  luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);
}

void lua_vm_close(lua_State* L) {
  if (L) lua_close(L);
}

void lua_vm_arm(LuaGuard* guard, int64_t budget_ns) {
  guard->budget_tripped = false;
  guard->memory_tripped = false;
  guard->budget_ns = budget_ns;
  guard->cpu_start_ns = thread_cpu_ns();
  guard->deadline_ns = monotonic_ns() + budget_ns;
}

void lua_vm_disarm(LuaGuard* guard) { guard->deadline_ns = INT64_MAX; }

LuaGuard* lua_vm_guard(lua_State* L) {
  void* user = nullptr;
  lua_getallocf(L, &user);
  return static_cast<LuaGuard*>(user);
}

}  // namespace libero::script
