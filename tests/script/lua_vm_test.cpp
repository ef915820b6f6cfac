// The budget timer is armed lazily (engine/script/lua_vm.h): a one-shot left
// pending by an earlier call fires early in a later one and is re-armed for
// the rest of that call's budget. These tests drive the VM directly with CPU
// work measured on the thread's CPU clock, so a loaded machine does not
// change the outcome.
#include <doctest/doctest.h>

#include <ctime>
#include <string>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

#include "script/lua_vm.h"

using namespace libero::script;

namespace {

int64_t cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

void burn_cpu(int64_t ns) {
  volatile double x = 0;
  int64_t end = cpu_ns() + ns;
  while (cpu_ns() < end) x = x + 1;
}

struct Vm {
  LuaGuard guard;
  lua_State* L = nullptr;
  Vm() {
    guard.limit_bytes = 64u << 20;
    L = lua_vm_create(&guard, true);
    REQUIRE(L != nullptr);
    REQUIRE(lua_vm_uses_timer(&guard));
    luaL_openlibs(L);
    lua_vm_disable_jit(L);
    REQUIRE(luaL_dostring(L, "count = function(n) local x = 0 for i = 1, n do x = x + i end return x end") == 0);
  }
  ~Vm() { lua_vm_close(L); }

  // Runs count(n) under `budget_ns`; true if it finished, false if cut off.
  // `*spent` gets the CPU time of the call.
  bool count(double n, int64_t budget_ns, int64_t* spent = nullptr) {
    lua_getglobal(L, "count");
    lua_pushnumber(L, n);
    int64_t start = cpu_ns();
    lua_vm_arm(&guard, budget_ns);
    int status = lua_pcall(L, 1, 1, 0);
    lua_vm_disarm(&guard);
    if (spent) *spent = cpu_ns() - start;
    if (status != 0) {
      std::string message = lua_tostring(L, -1) ? lua_tostring(L, -1) : "";
      CHECK_MESSAGE(message.find("tick budget exceeded") != std::string::npos, message);
      CHECK(guard.budget_tripped);
    }
    lua_pop(L, 1);
    return status == 0;
  }
};

}  // namespace

TEST_CASE("lazy budget timer: calls under budget separated by other CPU work never trip; an overrun still does") {
  Vm vm;
  constexpr int64_t kBudget = 20000000;  // 20 ms
  // Calibrate: iterations per ns of CPU, with a budget that cannot trip.
  int64_t spent = 0;
  REQUIRE(vm.count(2e6, 1000000000LL, &spent));
  const double per_ns = 2e6 / static_cast<double>(spent);
  const double sixty_percent = 0.6 * kBudget * per_ns;
  // The one-shot set by the first call is still pending when the second
  // starts, fires inside it (or inside the burn), and must only re-arm.
  for (int i = 0; i < 12; ++i) {
    int64_t used = 0;
    CHECK_MESSAGE(vm.count(sixty_percent, kBudget, &used), "call " << i << " used " << used / 1e6 << " ms of 20");
    burn_cpu(kBudget / 2);
  }
  // An endless call is cut near its budget, not later.
  CHECK_FALSE(vm.count(1e15, kBudget, &spent));
  CHECK(spent >= kBudget);
  CHECK_MESSAGE(spent < 3 * kBudget, "cut after " << spent / 1e6 << " ms");
  // The VM is usable afterwards.
  CHECK(vm.count(10, kBudget));
}

TEST_CASE("lazy budget timer: a one-shot pending from a larger budget does not extend a smaller one") {
  Vm vm;
  constexpr int64_t kBudget = 20000000;
  CHECK(vm.count(10, 2000000000LL));  // leaves a one-shot due in about 2 s of CPU
  int64_t spent = 0;
  CHECK_FALSE(vm.count(1e15, kBudget, &spent));
  CHECK_MESSAGE(spent < 3 * kBudget, "cut after " << spent / 1e6 << " ms, budget 20");
}
