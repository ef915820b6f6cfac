// BehaviorHost: owns the Lua state, the in-memory script directory and the
// per-cycle buffers the FFI views point at. One tick = poll for changed
// files (reload if any) -> copy the inputs -> run the entry function under
// the budget -> copy the requests out (or the safe fallback on any error).
#include "script/behavior_host.h"

#include <lua.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/clock.h"
#include "core/log.h"
#include "script/lua_vm.h"
#include "script/script_api.h"
#include "script/script_files.h"

namespace libero::script {

namespace {

// Loading runs top-level module code: allow a few tick budgets, still well
// inside one 20 ms cycle with the default budget.
constexpr int64_t kLoadBudgetFactor = 4;
constexpr int64_t kPreludeBudgetNs = 1000000000;  // trusted code, generous
constexpr double kCyclePeriodS = 0.02;

// Message handler: appends a traceback for the log. Runs no script code.
int traceback_handler(lua_State* L) {
  if (lua_type(L, 1) != LUA_TSTRING) return 1;  // keep non-string errors as they are
  luaL_traceback(L, L, lua_tostring(L, 1), 1);
  return 1;
}

// A budget overrun this many ticks (or error_retry_s, if longer) after the
// last one is a lone overrun (see tick()).
constexpr uint64_t kLoneOverrunTicks = 50;

void write_fallback(motion::SkillRequests* requests) {
  std::memset(requests, 0, sizeof *requests);
  requests->body = motion::kBodyStand;  // stand keeps balance; get-up stays automatic
  requests->head = motion::kHeadScan;   // look around to re-find the ball
}

// One debug line per cycle: "play/approach > go_to_ball/walk(distance=0.2)".
void log_activation_graph(const CycleTrace& trace) {
  char line[768];
  std::size_t used = 0;
  for (int i = 0; i < trace.activation_count && used < sizeof line; ++i) {
    const ActivationEntry& e = trace.activations[i];
    int n = std::snprintf(line + used, sizeof line - used, "%s%s/%s%s%s%s", i ? " > " : "", e.option,
                          e.state, e.params[0] ? "(" : "", e.params, e.params[0] ? ")" : "");
    if (n < 0) break;
    used += static_cast<std::size_t>(n);
  }
  if (used >= sizeof line) used = sizeof line - 1;
  line[used] = '\0';
  LOG_DEBUG("script", "tick %llu activation: %s", static_cast<unsigned long long>(trace.tick), line);
}

// First line of a (traceback-extended) message.
std::string first_line(const char* text) {
  const char* end = std::strchr(text, '\n');
  return end ? std::string(text, static_cast<std::size_t>(end - text)) : std::string(text);
}

}  // namespace

struct BehaviorHost::Impl {
  LuaGuard guard;
  lua_State* L = nullptr;
  ScriptFiles files;
  bool watching = false;
  uint64_t retry_at_tick = 0;  // tick at which code that failed runs again; 0: none
  uint64_t last_overrun_tick = 0;  // tick of the last budget overrun; 0: none yet

  // The FFI views point at these; they never move.
  world::WorldState world{};
  motion::MotionStatus motion{};
  motion::SkillRequests requests{};
  motion::SkillRequests last_good_requests{};  // of the last tick that ran to its end
  bool have_last_good = false;
  CycleTrace traces[2]{};
  int current_trace = 0;
  ApiContext api;

  int host_ref = LUA_NOREF;   // prelude table {make_env, list_api}
  int env_ref = LUA_NOREF;    // sandbox environment of the running code
  int entry_ref = LUA_NOREF;  // the function run each tick

  bool had_good_code = false;  // scripts loaded at least once
  bool memory_exhausted = false;  // the last tick error was the memory limit
  std::string last_error;
  char error_text[2048] = {};
};

// No code is loaded until start() succeeds: until then the fallback runs.
BehaviorHost::BehaviorHost(const BehaviorHostOptions& options) : options_(options), impl_(new Impl) {
  stats_.in_fallback = true;
}

BehaviorHost::~BehaviorHost() {
  lua_vm_close(impl_->L);
  delete impl_;
}

const CycleTrace& BehaviorHost::cycle_trace() const { return impl_->traces[impl_->current_trace]; }
const std::string& BehaviorHost::last_error() const { return impl_->last_error; }

namespace {

// The traceback handler is created once (pushing a C function allocates a
// closure, which would be one allocation per tick).
int g_traceback_key;  // its address keys the handler in the registry

void push_traceback_handler(lua_State* L) {
  lua_pushlightuserdata(L, &g_traceback_key);
  lua_rawget(L, LUA_REGISTRYINDEX);
  if (lua_isfunction(L, -1)) return;
  lua_pop(L, 1);
  lua_pushcfunction(L, traceback_handler);
  lua_pushlightuserdata(L, &g_traceback_key);
  lua_pushvalue(L, -2);
  lua_rawset(L, LUA_REGISTRYINDEX);
}

int create_traceback_handler(lua_State* L) {
  push_traceback_handler(L);
  return 0;
}

// Runs the function below nargs arguments on the stack under a budget with
// the traceback handler. Leaves nresults values, or the error text in
// error_text. Returns the Lua status.
int protected_call(lua_State* L, LuaGuard* guard, int nargs, int nresults, int64_t budget_ns,
                   char* error_text, std::size_t error_capacity) {
  int function_index = lua_gettop(L) - nargs;
  push_traceback_handler(L);
  lua_insert(L, function_index);
  lua_vm_arm(guard, budget_ns);
  int status = lua_pcall(L, nargs, nresults, function_index);
  lua_vm_disarm(guard);
  if (status != 0) {
    describe_lua_error(L, -1, error_text, error_capacity);
    lua_pop(L, 1);
  }
  lua_remove(L, function_index);
  return status;
}

}  // namespace

Status BehaviorHost::start() {
  Impl& impl = *impl_;
  if (impl.L != nullptr) return make_error("behavior host already started");
  impl.guard.limit_bytes = options_.memory_limit_bytes;
  impl.L = lua_vm_create(&impl.guard, options_.budget_timer);
  if (impl.L == nullptr) {
    stats_.in_fallback = true;
    impl.last_error = "cannot create a Lua state with a bounded allocator (memory limit too small?)";
    return make_error(impl.last_error);
  }
  impl.api.world = &impl.world;
  impl.api.motion = &impl.motion;
  impl.api.requests = &impl.requests;
  impl.api.trace = &impl.traces[0];
  impl.api.previous = &impl.traces[1];
  impl.api.files = &impl.files;
  impl.api.guard = &impl.guard;

  lua_State* L = impl.L;
  lua_vm_arm(&impl.guard, kPreludeBudgetNs);
  int status = open_script_api(L, &impl.api);
  lua_vm_disarm(&impl.guard);
  if (status != 0) {
    describe_lua_error(L, -1, impl.error_text, sizeof impl.error_text);
    lua_pop(L, 1);
    stats_.in_fallback = true;
    impl.last_error = std::string("script API setup failed: ") + impl.error_text;
    return make_error(impl.last_error);
  }
  impl.host_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_vm_disable_jit(L);
  if (options_.jit && !lua_vm_enable_jit(&impl.guard))
    LOG_WARN("script", "JIT mode needs the budget timer; running interpreted");
  stats_.budget_timer = lua_vm_uses_timer(&impl.guard);
  if (lua_cpcall(L, create_traceback_handler, nullptr) != 0) {
    lua_pop(L, 1);
    stats_.in_fallback = true;
    impl.last_error = "script API setup failed: out of memory";
    return make_error(impl.last_error);
  }

  Status loaded = impl.files.load(options_.script_dir);
  if (!loaded) {
    stats_.in_fallback = true;
    impl.last_error = loaded.error().message;
    LOG_ERROR("script", "%s", impl.last_error.c_str());
    return loaded;
  }
  if (options_.watch) {
    Status watched = impl.files.watch();
    impl.watching = watched.ok();
    if (!watched) LOG_WARN("script", "hot reload off: %s", watched.error().message.c_str());
  }
  if (!load_scripts()) {
    stats_.in_fallback = true;
    return make_error(impl.last_error);
  }
  return {};
}

// Builds a fresh sandbox, requires the entry module and, on success, swaps
// it in. On failure the previous code (if any) keeps running.
bool BehaviorHost::load_scripts() {
  Impl& impl = *impl_;
  lua_State* L = impl.L;
  int base = lua_gettop(L);
  int64_t budget_ns = static_cast<int64_t>(options_.tick_budget_ms * 1e6) * kLoadBudgetFactor;

  // Code that failed at runtime is not kept as "previous good code": drop it
  // and collect now, or the new code might not fit next to the old garbage.
  // Whatever the failure was: a script near the memory limit can trip the
  // tick budget first (on a loaded machine, or because the collector is slow
  // on its big heap). This costs a full collection once per save that leaves
  // the fallback, never a tick of running code.
  if (stats_.in_fallback) {
    luaL_unref(L, LUA_REGISTRYINDEX, impl.entry_ref);
    luaL_unref(L, LUA_REGISTRYINDEX, impl.env_ref);
    impl.entry_ref = impl.env_ref = LUA_NOREF;
    lua_gc(L, LUA_GCCOLLECT, 0);
  }
  impl.memory_exhausted = false;

  lua_rawgeti(L, LUA_REGISTRYINDEX, impl.host_ref);
  lua_getfield(L, -1, "make_env");
  int status = protected_call(L, &impl.guard, 0, 1, budget_ns, impl.error_text, sizeof impl.error_text);
  if (status == 0) {
    // stack: host, env
    lua_getfield(L, -1, "require");
    lua_pushstring(L, options_.entry.c_str());
    status = protected_call(L, &impl.guard, 1, 1, budget_ns, impl.error_text, sizeof impl.error_text);
    if (status == 0) {
      // stack: host, env, module. Accept a function or a table with tick().
      if (lua_type(L, -1) == LUA_TTABLE) {
        lua_getfield(L, -1, "tick");
        lua_remove(L, -2);
      }
      if (lua_type(L, -1) != LUA_TFUNCTION) {
        std::snprintf(impl.error_text, sizeof impl.error_text,
                      "%s.lua: the entry module must return a function (or a table with tick)",
                      options_.entry.c_str());
        status = -1;
      }
    }
  }
  if (status != 0) {
    lua_settop(L, base);
    ++stats_.failed_reloads;
    impl.last_error = first_line(impl.error_text);
    LOG_ERROR("script", "load failed, %s: %s", impl.entry_ref == LUA_NOREF ? "no behaviour running"
                                                                          : "previous code keeps running",
              impl.error_text);
    return false;
  }
  int entry = luaL_ref(L, LUA_REGISTRYINDEX);  // pops the function
  int env = luaL_ref(L, LUA_REGISTRYINDEX);    // pops env
  lua_settop(L, base);
  luaL_unref(L, LUA_REGISTRYINDEX, impl.entry_ref);
  luaL_unref(L, LUA_REGISTRYINDEX, impl.env_ref);
  impl.entry_ref = entry;
  impl.env_ref = env;
  if (stats_.in_fallback && impl.had_good_code) LOG_INFO("script", "scripts loaded, leaving the safe fallback");
  impl.had_good_code = true;
  impl.retry_at_tick = 0;
  stats_.in_fallback = false;
  impl.last_error.clear();
  return true;
}

bool BehaviorHost::poll_reload() {
  Impl& impl = *impl_;
  if (!impl.watching || !impl.files.poll_changed()) return false;
  int64_t start = monotonic_ns();
  Status loaded = impl.files.load(options_.script_dir);
  bool ok = false;
  if (!loaded) {
    ++stats_.failed_reloads;
    impl.last_error = loaded.error().message;
    LOG_ERROR("script", "reload failed: %s", impl.last_error.c_str());
  } else if (load_scripts()) {
    ++stats_.reloads;
    ok = true;
    LOG_INFO("script", "reloaded %zu script files", impl.files.file_count());
  }
  stats_.last_reload_ns = monotonic_ns() - start;
  return ok;
}

void BehaviorHost::tick(const world::WorldState& world, const motion::MotionStatus& motion,
                        motion::SkillRequests* requests) {
  Impl& impl = *impl_;
  int64_t start = monotonic_ns();
  ++stats_.ticks;
  if (options_.watch && impl.L != nullptr) poll_reload();

  impl.current_trace ^= 1;
  CycleTrace* trace = &impl.traces[impl.current_trace];
  impl.api.trace = trace;
  impl.api.previous = &impl.traces[impl.current_trace ^ 1];
  trace->tick = stats_.ticks;
  trace->unum = world.game.unum;
  trace->drawing_count = trace->drawings_dropped = 0;
  std::memcpy(impl.api.draw_layer, "default", sizeof "default");
  trace->log_count = trace->log_dropped = 0;
  trace->activation_count = trace->activations_dropped = 0;

  impl.world = world;
  impl.motion = motion;
  std::memset(&impl.requests, 0, sizeof impl.requests);  // stand, look at the ball
  impl.api.tick = stats_.ticks;
  impl.api.now = world.game.server_time > 0.0 ? world.game.server_time
                                              : static_cast<double>(stats_.ticks) * kCyclePeriodS;

  // A robot must not stand for the rest of a match because one tick went
  // wrong: after the back-off the code that failed runs again.
  if (stats_.in_fallback && impl.retry_at_tick != 0 && stats_.ticks >= impl.retry_at_tick &&
      impl.entry_ref != LUA_NOREF) {
    impl.retry_at_tick = 0;
    stats_.in_fallback = false;
    ++stats_.retries;
    LOG_INFO("script", "trying the scripts again after: %s", impl.last_error.c_str());
  }
  if (!stats_.in_fallback && impl.entry_ref != LUA_NOREF) {
    lua_State* L = impl.L;
    int base = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.entry_ref);
    int64_t budget_ns = static_cast<int64_t>(options_.tick_budget_ms * 1e6);
    int status = protected_call(L, &impl.guard, 0, 0, budget_ns, impl.error_text, sizeof impl.error_text);
    lua_settop(L, base);
    if (status == 0) {
      impl.last_good_requests = impl.requests;
      impl.have_last_good = true;
    } else {
      ++stats_.runtime_errors;
      const uint64_t retry_ticks = static_cast<uint64_t>(std::lround(options_.error_retry_s / kCyclePeriodS));
      const char* kind = "runtime error";
      bool lone_overrun = false;
      if (impl.guard.budget_tripped) {
        ++stats_.budget_overruns;
        kind = "tick budget exceeded";
        lone_overrun = !impl.guard.memory_tripped && status != LUA_ERRMEM &&
                       (impl.last_overrun_tick == 0 ||
                        stats_.ticks - impl.last_overrun_tick > std::max<uint64_t>(retry_ticks, kLoneOverrunTicks));
        impl.last_overrun_tick = stats_.ticks;
      } else if (impl.guard.memory_tripped || status == LUA_ERRMEM) {
        kind = "memory limit reached";
        impl.memory_exhausted = true;
      }
      impl.last_error = first_line(impl.error_text);
      if (lone_overrun) {
        // The CPU-time clock also runs while a loaded (virtual) machine
        // holds the thread back, so a 70 us tick is now and then measured
        // past 2 ms. Standing for the back-off would cost the robot a second
        // of play: this tick repeats the last good one's requests and the
        // next runs the code again. A second overrun soon after is the
        // script's own and takes the fallback.
        ++stats_.held_ticks;
        if (impl.have_last_good) impl.requests = impl.last_good_requests;
        else write_fallback(&impl.requests);
        LOG_WARN("script", "tick budget exceeded once, the last tick's requests held: %s", impl.last_error.c_str());
      } else {
        stats_.in_fallback = true;
        // A budget or memory error raised inside an error handler surfaces as
        // "error in error handling"; say what really happened.
        if (impl.last_error.find(kind) == std::string::npos && std::strcmp(kind, "runtime error") != 0)
          impl.last_error = std::string(kind) + " (" + impl.last_error + ")";
        impl.retry_at_tick = impl.memory_exhausted || options_.error_retry_s <= 0 ? 0 : stats_.ticks + std::max<uint64_t>(1, retry_ticks);
        if (impl.retry_at_tick != 0)
          LOG_ERROR("script", "%s, safe fallback, trying again in %.1f s (or at the next good save): %s", kind,
                    options_.error_retry_s, impl.error_text);
        else
          LOG_ERROR("script", "%s, safe fallback until the next good save: %s", kind, impl.error_text);
      }
    }
  }
  if (stats_.in_fallback) write_fallback(&impl.requests);
  trace->fallback = stats_.in_fallback;
  if (log::level() == log::Level::Debug) log_activation_graph(*trace);
  std::memcpy(trace->role, impl.api.role, sizeof trace->role);
  *requests = impl.requests;

  stats_.memory_bytes = impl.guard.bytes_in_use;
  stats_.peak_memory_bytes = impl.guard.peak_bytes;
  stats_.lua_allocations = impl.guard.allocations;
  stats_.last_tick_ns = monotonic_ns() - start;
  stats_.max_tick_ns = std::max(stats_.max_tick_ns, stats_.last_tick_ns);
}

std::vector<std::string> BehaviorHost::api_functions(const std::vector<std::string>& modules) {
  std::vector<std::string> names;
  Impl& impl = *impl_;
  if (impl.L == nullptr || impl.host_ref == LUA_NOREF) return names;
  lua_State* L = impl.L;
  int base = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, impl.host_ref);
  lua_getfield(L, -1, "list_api");
  if (impl.env_ref != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.env_ref);
  } else {
    lua_getfield(L, -2, "make_env");
    if (protected_call(L, &impl.guard, 0, 1, kPreludeBudgetNs, impl.error_text, sizeof impl.error_text) != 0) {
      lua_settop(L, base);
      return names;
    }
  }
  lua_createtable(L, static_cast<int>(modules.size()), 0);
  for (std::size_t i = 0; i < modules.size(); ++i) {
    lua_pushstring(L, modules[i].c_str());
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  if (protected_call(L, &impl.guard, 2, 1, kPreludeBudgetNs, impl.error_text, sizeof impl.error_text) == 0) {
    int count = static_cast<int>(lua_objlen(L, -1));
    for (int i = 1; i <= count; ++i) {
      lua_rawgeti(L, -1, i);
      if (const char* name = lua_tostring(L, -1)) names.emplace_back(name);
      lua_pop(L, 1);
    }
  }
  lua_settop(L, base);
  return names;
}

}  // namespace libero::script
