// Behaviour host benchmark. Three measurements, each repeated --runs times
// (figures are medians over runs):
//   1. tick cost of a representative soccer behaviour (tools/bench/script/soccer
//      with scripts/lib) vs an empty behaviour (baseline), p50/p99/max;
//   2. reading the world model: FFI views (what the host uses) vs cached
//      Lua tables refreshed from C++ every cycle (the alternative), per cycle;
//   3. hot reload: file write -> first tick running the new code, ticking
//      every 1 ms and paced at the real 20 ms cycle; duration of the reload
//      tick and missed cycles (ticks longer than 20 ms).
// Usage: kUsage below (--help prints it).
#include <dirent.h>
#include <lua.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_args.h"
#include "core/clock.h"
#include "core/log.h"
#include "script/behavior_host.h"
#include "script/script_api.h"

using namespace libero;

namespace {

std::string read_file(const std::string& path) {
  std::string text;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) text.append(buffer, n);
    std::fclose(f);
  }
  return text;
}

void write_file(const std::string& path, const std::string& text) {
  for (std::size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1))
    mkdir(path.substr(0, slash).c_str(), 0755);
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(1);
  }
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
}

void copy_lua_tree(const std::string& from, const std::string& to) {
  DIR* dir = opendir(from.c_str());
  if (!dir) return;
  while (dirent* entry = readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    std::string source = from + "/" + entry->d_name, target = to + "/" + entry->d_name;
    struct stat info {};
    if (stat(source.c_str(), &info) != 0) continue;
    if (S_ISDIR(info.st_mode)) copy_lua_tree(source, target);
    else if (std::strstr(entry->d_name, ".lua")) write_file(target, read_file(source));
  }
  closedir(dir);
}

void remove_tree(const std::string& path) {
  std::string command = "rm -rf '" + path + "'";
  if (std::system(command.c_str()) != 0) std::fprintf(stderr, "could not remove %s\n", path.c_str());
}

// scripts/lib + the bench soccer behaviour in a fresh temp dir.
std::string make_soccer_dir() {
  char pattern[] = "/tmp/libero_bench_script_XXXXXX";
  std::string dir = mkdtemp(pattern);
  copy_lua_tree(std::string(LIBERO_SOURCE_DIR) + "/scripts/lib", dir + "/lib");
  copy_lua_tree(std::string(LIBERO_SOURCE_DIR) + "/tools/bench/script/soccer", dir);
  return dir;
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  std::size_t index = static_cast<std::size_t>(std::ceil(p * static_cast<double>(values.size()))) ;
  if (index > 0) --index;
  return values[std::min(index, values.size() - 1)];
}

double median(std::vector<double> values) { return percentile(std::move(values), 0.5); }

// A moving game: ball on a circle, ten teammates and opponents around it,
// the ball lost now and then (search), an opponent close sometimes (dribble).
struct GameDriver {
  world::WorldState world{};
  motion::MotionStatus motion{};
  motion::SkillRequests requests{};
  explicit GameDriver(int unum) {
    world.version = world::kWorldStateVersion;
    world.game.unum = unum;
    world.game.phase = world::kGamePlayOn;
    world.game.server_time = 10.0;
    world.ball.valid = 1;
    for (int i = 0; i < world::kMaxTeamSize; ++i) {
      world.teammates[i].valid = 1;
      world.teammates[i].unum = i + 1;
      world.opponents[i].valid = 1;
      world.opponents[i].unum = i + 1;
    }
  }
  void step(uint32_t cycle) {
    double t = cycle * 0.02;
    world.game.server_time += 0.02;
    world.game.time = t;
    world.game.cycle = cycle;
    world.ball.x = 8.0 * std::cos(t * 0.1);
    world.ball.y = 5.0 * std::sin(t * 0.13);
    world.ball.last_seen_age = (cycle / 500) % 5 == 4 ? 6.0 : 0.0;
    world.ball.last_known_age = world.ball.last_seen_age;
    world.self.x = world.ball.x - 1.0 - 0.5 * std::sin(t);
    world.self.y = world.ball.y + 0.3;
    world.self.heading = std::sin(t * 0.2);
    for (int i = 0; i < world::kMaxTeamSize; ++i) {
      world.teammates[i].x = -12.0 + 2.2 * i + std::sin(t + i);
      world.teammates[i].y = 6.0 * std::cos(t * 0.05 + i);
      world.opponents[i].x = 12.0 - 2.2 * i + std::cos(t + i);
      world.opponents[i].y = 6.0 * std::sin(t * 0.07 + i);
    }
    motion.state = (cycle % 40) < 20 ? motion::kSkillRunning : motion::kSkillDone;
  }
};

// Wall-clock figures include preemption by other processes (the bench
// machine is shared); CPU-time figures are the tick's own cost.
struct TickFigures {
  double p50_us, p99_us, max_us, cpu_p50_us, cpu_p99_us, cpu_max_us, allocations_per_tick, activations;
};

int64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

double g_budget_ms = 2.0;

TickFigures measure_ticks(const std::string& dir, int ticks, int unum) {
  script::BehaviorHostOptions options;
  options.script_dir = dir;
  options.watch = false;
  options.tick_budget_ms = g_budget_ms;
  script::BehaviorHost host(options);
  if (!host.start().ok()) {
    std::fprintf(stderr, "bench: scripts in %s failed to load: %s\n", dir.c_str(), host.last_error().c_str());
    std::exit(1);
  }
  GameDriver game(unum);
  std::vector<double> durations, cpu_durations;
  durations.reserve(static_cast<std::size_t>(ticks));
  cpu_durations.reserve(static_cast<std::size_t>(ticks));
  for (int i = 0; i < 300; ++i) {  // warm-up: options activated, tables grown
    game.step(static_cast<uint32_t>(i));
    host.tick(game.world, game.motion, &game.requests);
  }
  uint64_t allocations_before = host.stats().lua_allocations;
  double activations = 0;
  for (int i = 0; i < ticks; ++i) {
    game.step(static_cast<uint32_t>(300 + i));
    int64_t cpu_start = thread_cpu_ns();
    int64_t start = monotonic_ns();
    host.tick(game.world, game.motion, &game.requests);
    durations.push_back(static_cast<double>(monotonic_ns() - start) / 1000.0);
    cpu_durations.push_back(static_cast<double>(thread_cpu_ns() - cpu_start) / 1000.0);
    activations += host.cycle_trace().activation_count;
  }
  if (host.stats().in_fallback || host.stats().runtime_errors) {
    std::fprintf(stderr, "bench: behaviour failed: %s\n", host.last_error().c_str());
    std::exit(1);
  }
  TickFigures figures{};
  figures.p50_us = percentile(durations, 0.5);
  figures.p99_us = percentile(durations, 0.99);
  figures.max_us = *std::max_element(durations.begin(), durations.end());
  figures.cpu_p50_us = percentile(cpu_durations, 0.5);
  figures.cpu_p99_us = percentile(cpu_durations, 0.99);
  figures.cpu_max_us = *std::max_element(cpu_durations.begin(), cpu_durations.end());
  figures.allocations_per_tick =
      static_cast<double>(host.stats().lua_allocations - allocations_before) / ticks;
  figures.activations = activations / ticks;
  return figures;
}

// --- 2. FFI view vs cached table -------------------------------------------

constexpr const char kReadLoopFfi[] = R"(
local ffi = require "ffi"
ffi.cdef(cdef)
local ws = ffi.cast("const WorldState*", ptr)
local me = ffi.cast("const WsSelf*", ffi.cast("const char*", ws) + ffi.offsetof("WorldState", "self"))[0]
local ball = ffi.cast("const WsBall*", ffi.cast("const char*", ws) + ffi.offsetof("WorldState", "ball"))[0]
local mates = {}
local base = ffi.cast("const WsPlayer*", ffi.cast("const char*", ws) + ffi.offsetof("WorldState", "teammates"))
for i = 1, 11 do mates[i] = base[i - 1] end
return function()
  local s = 0
  for k = 1, 10 do
    s = s + me.x + me.y + me.heading + ball.x + ball.y + ball.last_seen_age
    for i = 1, 11 do local m = mates[i]; s = s + m.x + m.y end
  end
  return s
end
)";

constexpr const char kReadLoopTable[] = R"(
local me, ball, mates = world.self, world.ball, world.teammates
return function()
  local s = 0
  for k = 1, 10 do
    s = s + me.x + me.y + me.heading + ball.x + ball.y + ball.last_seen_age
    for i = 1, 11 do local m = mates[i]; s = s + m.x + m.y end
  end
  return s
end
)";

void set_number(lua_State* L, const char* key, double value) {
  lua_pushnumber(L, value);
  lua_setfield(L, -2, key);
}

// The cached-table alternative: C++ copies every field into existing tables.
void refresh_tables(lua_State* L, int world_ref, const world::WorldState& w) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, world_ref);
  lua_getfield(L, -1, "game");
  set_number(L, "time", w.game.time), set_number(L, "server_time", w.game.server_time);
  set_number(L, "phase", w.game.phase), set_number(L, "raw_play_mode", w.game.raw_play_mode);
  set_number(L, "our_score", w.game.our_score), set_number(L, "their_score", w.game.their_score);
  set_number(L, "side", w.game.side), set_number(L, "unum", w.game.unum);
  set_number(L, "robot_type", w.game.robot_type), set_number(L, "cycle", w.game.cycle);
  lua_pop(L, 1);
  lua_getfield(L, -1, "self");
  set_number(L, "x", w.self.x), set_number(L, "y", w.self.y), set_number(L, "heading", w.self.heading);
  set_number(L, "z", w.self.z), set_number(L, "roll", w.self.roll), set_number(L, "pitch", w.self.pitch);
  set_number(L, "position_sigma", w.self.position_sigma), set_number(L, "heading_sigma", w.self.heading_sigma);
  set_number(L, "localised", w.self.localised), set_number(L, "fall", w.self.fall);
  set_number(L, "left_foot_contact", w.self.left_foot_contact);
  set_number(L, "right_foot_contact", w.self.right_foot_contact);
  set_number(L, "com_x", w.self.com_x), set_number(L, "com_y", w.self.com_y), set_number(L, "com_z", w.self.com_z);
  set_number(L, "odometry_x", w.self.odometry_x), set_number(L, "odometry_y", w.self.odometry_y);
  set_number(L, "odometry_heading", w.self.odometry_heading);
  lua_pop(L, 1);
  lua_getfield(L, -1, "ball");
  set_number(L, "x", w.ball.x), set_number(L, "y", w.ball.y), set_number(L, "vx", w.ball.vx);
  set_number(L, "vy", w.ball.vy), set_number(L, "last_seen_age", w.ball.last_seen_age);
  set_number(L, "last_known_age", w.ball.last_known_age), set_number(L, "stop_x", w.ball.stop_x);
  set_number(L, "stop_y", w.ball.stop_y), set_number(L, "valid", w.ball.valid);
  set_number(L, "moving_towards_me", w.ball.moving_towards_me);
  lua_pop(L, 1);
  for (const char* list : {"teammates", "opponents"}) {
    lua_getfield(L, -1, list);
    const world::WsPlayer* players = list[0] == 't' ? w.teammates : w.opponents;
    for (int i = 0; i < world::kMaxTeamSize; ++i) {
      lua_rawgeti(L, -1, i + 1);
      const world::WsPlayer& p = players[i];
      set_number(L, "valid", p.valid), set_number(L, "unum", p.unum), set_number(L, "x", p.x);
      set_number(L, "y", p.y), set_number(L, "heading", p.heading), set_number(L, "fall", p.fall);
      set_number(L, "last_seen_age", p.last_seen_age);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

struct ReadFigures {
  double ffi_ns, table_read_ns, table_fill_ns;
};

ReadFigures measure_reads(int ticks) {
  lua_State* L = luaL_newstate();
  luaL_openlibs(L);
  luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);  // as in the host
  GameDriver game(7);
  game.step(1);

  lua_pushstring(L, script::ffi_cdef_source());
  lua_setglobal(L, "cdef");
  lua_pushlightuserdata(L, &game.world);
  lua_setglobal(L, "ptr");
  if (luaL_dostring(L, kReadLoopFfi) != 0) {
    std::fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
    std::exit(1);
  }
  int ffi_ref = luaL_ref(L, LUA_REGISTRYINDEX);

  // world = { game = {}, self = {}, ball = {}, teammates = {{}...}, opponents = {{}...} }
  if (luaL_dostring(L, "local w = { game = {}, self = {}, ball = {}, teammates = {}, opponents = {} }\n"
                       "for i = 1, 11 do w.teammates[i] = {}; w.opponents[i] = {} end\n"
                       "world = w; return w") != 0) std::exit(1);
  int world_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  refresh_tables(L, world_ref, game.world);  // create the keys once
  if (luaL_dostring(L, kReadLoopTable) != 0) {
    std::fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
    std::exit(1);
  }
  int table_ref = luaL_ref(L, LUA_REGISTRYINDEX);

  auto time_calls = [&](int ref) {
    int64_t start = monotonic_ns();
    for (int i = 0; i < ticks; ++i) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
      lua_call(L, 0, 1);
      lua_pop(L, 1);
    }
    return static_cast<double>(monotonic_ns() - start) / ticks;
  };
  ReadFigures figures{};
  figures.ffi_ns = time_calls(ffi_ref);
  figures.table_read_ns = time_calls(table_ref);
  int64_t start = monotonic_ns();
  for (int i = 0; i < ticks; ++i) refresh_tables(L, world_ref, game.world);
  figures.table_fill_ns = static_cast<double>(monotonic_ns() - start) / ticks;
  lua_close(L);
  return figures;
}

// --- 3. Hot reload -----------------------------------------------------------

struct ReloadFigures {
  std::vector<double> latency_fast_ms;    // ticking every 1 ms
  std::vector<double> latency_paced_ms;   // ticking every 20 ms
  std::vector<double> reload_tick_ms;     // duration of the tick that reloaded
  std::vector<double> reload_tick_cpu_ms;
  double max_tick_ms = 0, max_tick_cpu_ms = 0;
  int missed_cycles = 0;       // ticks longer than a cycle, wall clock (includes preemption)
  int missed_cycles_cpu = 0;   // ticks using more than a cycle of CPU
  int failed = 0;
};

std::string versioned_main(int version) {
  return "-- version " + std::to_string(version) +
         "\nlocal play = require \"behaviors.play\"\n"
         "return function() play(); skill.say(\"v" + std::to_string(version) + "\") end\n";
}

void measure_reloads(int reloads, int period_us, std::vector<double>* latencies, ReloadFigures* figures) {
  std::string dir = make_soccer_dir();
  write_file(dir + "/main.lua", versioned_main(0));
  script::BehaviorHostOptions options;
  options.script_dir = dir;
  options.watch = true;
  script::BehaviorHost host(options);
  if (!host.start().ok()) std::exit(1);
  GameDriver game(9);
  uint32_t cycle = 0;
  auto tick = [&] {
    game.step(++cycle);
    uint64_t reloads_before = host.stats().reloads;
    int64_t cpu_start = thread_cpu_ns();
    host.tick(game.world, game.motion, &game.requests);
    double cpu_ms = static_cast<double>(thread_cpu_ns() - cpu_start) / 1e6;
    double ms = static_cast<double>(host.stats().last_tick_ns) / 1e6;
    figures->max_tick_ms = std::max(figures->max_tick_ms, ms);
    figures->max_tick_cpu_ms = std::max(figures->max_tick_cpu_ms, cpu_ms);
    if (ms > 20.0) ++figures->missed_cycles;
    if (cpu_ms > 20.0) ++figures->missed_cycles_cpu;
    if (host.stats().reloads != reloads_before) {
      figures->reload_tick_ms.push_back(ms);
      figures->reload_tick_cpu_ms.push_back(cpu_ms);
    }
  };
  // Cycles at fixed times next, next + period, ...; the edit lands at a
  // varying phase between two ticks, as it would while the agent plays.
  int64_t next = monotonic_ns();
  auto sleep_until = [](int64_t when) {
    int64_t left = when - monotonic_ns();
    if (left > 0) usleep(static_cast<useconds_t>(left / 1000));
  };
  for (int i = 0; i < 100; ++i) {
    tick();
    next += period_us * 1000LL;
    sleep_until(next);
  }
  for (int version = 1; version <= reloads; ++version) {
    sleep_until(next);
    tick();
    next += period_us * 1000LL;
    int64_t phase_ns = static_cast<int64_t>((version * 7919) % period_us) * 1000;
    sleep_until(next - period_us * 1000LL + phase_ns);
    write_file(dir + "/main.lua", versioned_main(version));
    int64_t written = monotonic_ns();
    std::string expected = "v" + std::to_string(version);
    bool seen = false;
    for (int i = 0; i < 200 && !seen; ++i) {
      sleep_until(next);
      tick();
      next += period_us * 1000LL;
      if (game.requests.say && expected == game.requests.say_text) {
        latencies->push_back(static_cast<double>(monotonic_ns() - written) / 1e6);
        if (std::getenv("BENCH_VERBOSE"))
          std::fprintf(stderr, "period %d us, edit %d at phase %.2f ms: %.2f ms after %d ticks\n", period_us, version,
                       static_cast<double>(phase_ns) / 1e6, latencies->back(), i + 1);
        seen = true;
      }
    }
    if (!seen) ++figures->failed;
    for (int i = 0; i < 5; ++i) {
      sleep_until(next);
      tick();
      next += period_us * 1000LL;
    }
  }
  remove_tree(dir);
}

const char kUsage[] =
    "usage: libero_bench_script [--ticks N] [--runs R] [--reloads K] [--budget-ms MS]\n"
    "  --budget-ms MS: the behaviour host's tick budget (default 2)\n";

}  // namespace

int main(int argc, char** argv) {
  int ticks = 20000, runs = 5, reloads = 20;
  bench::Args args(argc, argv);
  while (args.next()) {
    if (args.arg() == "--ticks") ticks = args.whole(1, 10000000);
    else if (args.arg() == "--runs") runs = args.whole(1, 1000);
    else if (args.arg() == "--reloads") reloads = args.whole(1, 10000);
    else if (args.arg() == "--budget-ms") g_budget_ms = args.number_above(0, 1000);
    else args.unknown_option();
  }
  if (std::optional<int> status = args.finish("libero_bench_script", kUsage)) return *status;
  log::set_level(log::Level::Warn);

  std::string soccer = make_soccer_dir();
  char pattern[] = "/tmp/libero_bench_empty_XXXXXX";
  std::string empty = mkdtemp(pattern);
  write_file(empty + "/main.lua", "return function() end\n");

  std::vector<TickFigures> base_runs, full_runs;
  for (int run = 0; run < runs; ++run) {
    base_runs.push_back(measure_ticks(empty, ticks, 9));
    full_runs.push_back(measure_ticks(soccer, ticks, 9));
  }
  auto med = [](const std::vector<TickFigures>& runs_of, double TickFigures::*field) {
    std::vector<double> values;
    for (const TickFigures& f : runs_of) values.push_back(f.*field);
    return median(values);
  };
  std::printf("behaviour tick (%d ticks x %d runs, medians over runs)\n", ticks, runs);
  for (int pass = 0; pass < 2; ++pass) {
    const auto& set = pass == 0 ? base_runs : full_runs;
    std::printf("  %-28s CPU p50 %6.1f us  p99 %6.1f us  max %7.1f us | wall p50 %6.1f us  p99 %7.1f us  max %7.1f us\n",
                pass == 0 ? "empty behaviour (baseline):" : "soccer behaviour:", med(set, &TickFigures::cpu_p50_us),
                med(set, &TickFigures::cpu_p99_us), med(set, &TickFigures::cpu_max_us), med(set, &TickFigures::p50_us),
                med(set, &TickFigures::p99_us), med(set, &TickFigures::max_us));
  }
  std::printf("  soccer CPU p99 / empty CPU p99: %.1fx; options run per tick %.1f; Lua allocations per tick %.2f (empty: %.2f)\n",
              med(full_runs, &TickFigures::cpu_p99_us) / med(base_runs, &TickFigures::cpu_p99_us),
              med(full_runs, &TickFigures::activations), med(full_runs, &TickFigures::allocations_per_tick),
              med(base_runs, &TickFigures::allocations_per_tick));

  std::vector<double> ffi, table_read, table_fill;
  for (int run = 0; run < runs; ++run) {
    ReadFigures r = measure_reads(ticks);
    ffi.push_back(r.ffi_ns), table_read.push_back(r.table_read_ns), table_fill.push_back(r.table_fill_ns);
  }
  std::printf("world reads (280 field reads per cycle, interpreter)\n");
  std::printf("  cached tables (baseline): read %.2f us + refresh from C++ %.2f us = %.2f us per cycle\n",
              median(table_read) / 1000, median(table_fill) / 1000, (median(table_read) + median(table_fill)) / 1000);
  std::printf("  FFI views:                read %.2f us per cycle, no refresh (ratio %.2fx baseline)\n",
              median(ffi) / 1000, median(ffi) / (median(table_read) + median(table_fill)));

  ReloadFigures reload;
  measure_reloads(reloads, 1000, &reload.latency_fast_ms, &reload);
  measure_reloads(reloads, 20000, &reload.latency_paced_ms, &reload);
  std::printf("hot reload (%d edits of main.lua per mode)\n", reloads);
  std::printf("  write -> new code, ticking every 1 ms:  median %.2f ms  max %.2f ms\n",
              median(reload.latency_fast_ms), percentile(reload.latency_fast_ms, 1.0));
  std::printf("  write -> new code, 20 ms cycles:        median %.2f ms  max %.2f ms\n",
              median(reload.latency_paced_ms), percentile(reload.latency_paced_ms, 1.0));
  std::printf("  reload tick: CPU median %.2f ms max %.2f ms | wall median %.2f ms max %.2f ms\n",
              median(reload.reload_tick_cpu_ms), percentile(reload.reload_tick_cpu_ms, 1.0),
              median(reload.reload_tick_ms), percentile(reload.reload_tick_ms, 1.0));
  std::printf("  all ticks of both modes: longest CPU %.2f ms, wall %.2f ms; over 20 ms: CPU %d, wall %d; failed %d\n",
              reload.max_tick_cpu_ms, reload.max_tick_ms, reload.missed_cycles_cpu,
              reload.missed_cycles, reload.failed);
  remove_tree(soccer);
  remove_tree(empty);
  return reload.failed == 0 ? 0 : 1;
}
