#include "script/script_api.h"

#include <lua.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "core/log.h"
#include "script/lua_vm.h"
#include "script/planning_api.h"
#include "script/script_files.h"

namespace libero::script {

namespace {

// ---------------------------------------------------------------------------
// FFI declarations. Must match world/world_state.h and core/skill_requests.h
// field by field; tests/script/ffi_layout_test.cpp compares every offset.
constexpr const char kFfiCdef[] = R"(
typedef struct {
  double time; double server_time;
  int32_t phase; int32_t raw_play_mode;
  int32_t our_score, their_score;
  int32_t side; int32_t unum; int32_t robot_type;
  uint32_t cycle;
} WsGame;
typedef struct {
  double x, y, heading;
  double z, roll, pitch;
  double position_sigma;
  double heading_sigma;
  int32_t localised;
  int32_t fall;
  int32_t left_foot_contact, right_foot_contact;
  double com_x, com_y, com_z;
  double odometry_x, odometry_y, odometry_heading;
} WsSelf;
typedef struct {
  double x, y;
  double vx, vy;
  double last_seen_age;
  double last_known_age;
  double stop_x, stop_y;
  int32_t valid;
  int32_t moving_towards_me;
  double rel_x, rel_y;
} WsBall;
typedef struct {
  int32_t valid;
  int32_t unum;
  double x, y;
  double heading;
  int32_t fall;
  double last_seen_age;
  double last_heard_age;
  uint32_t radio_payload;
  double radio_payload_age;
} WsPlayer;
typedef struct {
  int32_t valid;
  int32_t id;
  int32_t from_self;
  double age;
  double direction;
  char text[21];
} WsHeard;
typedef struct {
  uint32_t version;
  WsGame game;
  WsSelf self;
  WsBall ball;
  WsPlayer teammates[11];
  WsPlayer opponents[11];
  double joint_angles[24];
  WsHeard heard[4];
} WorldState;
typedef struct {
  int32_t body;
  double walk_vx, walk_vy;
  double walk_turn;
  double target_x, target_y, target_heading;
  int32_t kick_type;
  double kick_target_x, kick_target_y;
  char motion_name[32];
  int32_t head;
  double head_target_x, head_target_y;
  double head_yaw, head_pitch;
  int32_t beam;
  double beam_x, beam_y, beam_heading;
  int32_t say;
  char say_text[21];
  int32_t radio_payload_set;
  uint32_t radio_payload;
  int32_t pass_mode;
} SkillRequests;
typedef struct {
  int32_t active_body;
  int32_t state;
  int32_t interruptible;
  int32_t getting_up;
  double kick_distance_estimate;
  double walk_speed_x, walk_speed_y, walk_speed_turn;
  double kick_distance[3];
  double max_walk_forward, max_walk_side, max_walk_turn;
  double kick_ball_x[3], kick_ball_y[3];
  double kick_duration[3];
  double kick_over_bar_from[3], kick_over_bar_to[3];
} MotionStatus;
)";

// ---------------------------------------------------------------------------
// The trusted prelude. It runs once per state with the full standard library
// (it needs ffi) and hands out sandbox environments that see none of it.
// Called as prelude(c, world_ptr, motion_ptr, requests_ptr, cdef).
constexpr const char kPrelude[] = R"LUA(
local c, world_ptr, motion_ptr, requests_ptr, cdef = ...
local ffi = require("ffi")
ffi.cdef(cdef)
-- Opening the jit library switched the compiler back on; the host relies on
-- interpreter-only execution for its budget hook (see lua_vm.h).
jit.off()
jit.flush()

local type, error, tostring, select, pairs = type, error, tostring, select, pairs
local setmetatable, rawget, format = setmetatable, rawget, string.format
local huge = math.huge

-- Scripts reach the real string library through the string metatable; take
-- out what could load bytecode and hide the metatable itself.
string.dump = nil
debug.getmetatable("").__metatable = "string"

-- Views. Struct references read a field without allocating; arrays are
-- exposed as Lua tables of element references so an index can never leave
-- the struct (FFI arrays are not bounds-checked).
local ws = ffi.cast("const WorldState*", world_ptr)
local ms = ffi.cast("const MotionStatus*", motion_ptr)
local req = ffi.cast("SkillRequests*", requests_ptr)[0]
-- A field of a const reference is not const itself: cast each sub-struct.
local function const_view(type_name, field)
  return ffi.cast("const " .. type_name .. "*", ffi.cast("const char*", ws) + ffi.offsetof("WorldState", field))[0]
end
local game_ref, self_ref, ball_ref = const_view("WsGame", "game"), const_view("WsSelf", "self"), const_view("WsBall", "ball")
local mates_ptr = ffi.cast("const WsPlayer*", ws[0].teammates)
local opps_ptr = ffi.cast("const WsPlayer*", ws[0].opponents)
local joints_ptr = ffi.cast("const double*", ws[0].joint_angles)
local status_ref = ms[0]
local heard_ptr = ffi.cast("const WsHeard*", ws[0].heard)
local teammates, opponents, heard = {}, {}, {}
for i = 1, 11 do
  teammates[i] = mates_ptr[i - 1]
  opponents[i] = opps_ptr[i - 1]
end
for i = 1, 4 do heard[i] = heard_ptr[i - 1] end

local function check_number(value, name, fn)
  if type(value) ~= "number" or value ~= value or value == huge or value == -huge then
    error(format("%s: %s must be a finite number, got %s", fn, name, tostring(value)), 3)
  end
  return value
end

local function optional_number(value, default, name, fn)
  if value == nil then return default end
  return check_number(value, name, fn)
end

local function readonly(name, fields)
  return setmetatable({}, {
    __index = fields,
    __newindex = function(_, key) error(format("%s.%s is read-only", name, tostring(key)), 2) end,
    __metatable = name,
  })
end

local PHASE = {
  BEFORE_KICK_OFF = 0, OUR_KICK_OFF = 1, THEIR_KICK_OFF = 2, PLAY_ON = 3,
  OUR_KICK_IN = 4, THEIR_KICK_IN = 5, OUR_CORNER_KICK = 6, THEIR_CORNER_KICK = 7,
  OUR_GOAL_KICK = 8, THEIR_GOAL_KICK = 9, OUR_OFFSIDE = 10, THEIR_OFFSIDE = 11,
  GAME_OVER = 12, OUR_GOAL = 13, THEIR_GOAL = 14, OUR_FREE_KICK = 15, THEIR_FREE_KICK = 16,
  OUR_DIRECT_FREE_KICK = 17, THEIR_DIRECT_FREE_KICK = 18, OUR_PASS = 19, THEIR_PASS = 20,
  UNKNOWN = 21,
}
local FALL = { NONE = 0, FRONT = 1, BACK = 2, SIDE = 3 }
local BODY = { STAND = 0, WALK_VELOCITY = 1, WALK_TO = 2, KICK = 3, MOTION = 4, GET_UP = 5 }
local SKILL_STATE = { IDLE = 0, RUNNING = 1, DONE = 2, FAILED = 3 }
local KICK = { long = 0, short = 1, lofted = 2 }

local function copy_table(source, skip)
  local t = {}
  for k, v in pairs(source) do
    if not (skip and skip[k]) then t[k] = v end
  end
  return t
end

-- Top-level API tables are read-only proxies (a typo like `skill.walk = 1`
-- fails loudly); nested lists are plain per-environment copies so `ipairs`
-- and `#` work and a script can only spoil its own copy.
local function make_world()
  return readonly("world", {
    game = game_ref, self = self_ref, ball = ball_ref,
    teammates = copy_table(teammates),
    opponents = copy_table(opponents),
    heard = copy_table(heard),
    -- The text of heard message i (1..4), or nil: a new Lua string, so read
    -- it when a message's id is new, not every tick.
    heard_text = function(index)
      if type(index) ~= "number" or index < 1 or index > 4 or index % 1 ~= 0 then
        error("world.heard_text: index must be an integer in 1..4", 2)
      end
      local h = heard_ptr[index - 1]
      if h.valid ~= 1 then return nil end
      return ffi.string(h.text)
    end,
    PHASE = copy_table(PHASE),
    FALL = copy_table(FALL),
    joint_angle = function(index)
      if type(index) ~= "number" or index < 0 or index >= 24 or index % 1 ~= 0 then
        error("world.joint_angle: index must be an integer in 0..23", 2)
      end
      return joints_ptr[index]
    end,
  })
end

local function make_motion()
  return readonly("motion", {
    status = status_ref,
    BODY = copy_table(BODY),
    STATE = copy_table(SKILL_STATE),
  })
end

local function make_skill()
  local skill = {}
  function skill.stand() req.body = 0 end
  function skill.walk(vx, vy, turn)
    req.walk_vx = check_number(vx, "vx", "skill.walk")
    req.walk_vy = optional_number(vy, 0, "vy", "skill.walk")
    req.walk_turn = optional_number(turn, 0, "turn", "skill.walk")
    req.body = 1
  end
  function skill.walk_to(x, y, heading)
    req.target_x = check_number(x, "x", "skill.walk_to")
    req.target_y = check_number(y, "y", "skill.walk_to")
    req.target_heading = optional_number(heading, self_ref.heading, "heading", "skill.walk_to")
    req.body = 2
  end
  function skill.kick(x, y, kind)
    req.kick_target_x = check_number(x, "x", "skill.kick")
    req.kick_target_y = check_number(y, "y", "skill.kick")
    local kick_type = KICK[kind or "long"]
    if kick_type == nil then
      error(format("skill.kick: unknown kick type %s (use \"long\", \"short\" or \"lofted\")", tostring(kind)), 2)
    end
    req.kick_type = kick_type
    req.body = 3
  end
  function skill.play(name)
    c.set_motion_name(name)
    req.body = 4
  end
  function skill.get_up() req.body = 5 end
  function skill.look_at_ball() req.head = 0 end
  function skill.look_at(x, y)
    req.head_target_x = check_number(x, "x", "skill.look_at")
    req.head_target_y = check_number(y, "y", "skill.look_at")
    req.head = 1
  end
  function skill.scan() req.head = 2 end
  function skill.look_fixed(yaw, pitch)
    req.head_yaw = check_number(yaw, "yaw", "skill.look_fixed")
    req.head_pitch = optional_number(pitch, 0, "pitch", "skill.look_fixed")
    req.head = 3
  end
  function skill.beam(x, y, heading)
    req.beam_x = check_number(x, "x", "skill.beam")
    req.beam_y = check_number(y, "y", "skill.beam")
    req.beam_heading = optional_number(heading, 0, "heading", "skill.beam")
    req.beam = 1
  end
  function skill.say(text)
    c.set_say(text)
    req.say = 1
  end
  -- 24 opaque bits for the teammates, sent with our next team message
  -- (they read them as world.teammates[n].radio_payload). Set every tick.
  function skill.set_radio_payload(bits)
    if type(bits) ~= "number" or bits % 1 ~= 0 or bits < 0 or bits > 16777215 then
      error(format("skill.set_radio_payload: bits must be an integer in 0..16777215, got %s", tostring(bits)), 2)
    end
    req.radio_payload = bits
    req.radio_payload_set = 1
  end
  -- Ask the server for pass mode this cycle (SimSpark's `pass`): granted when
  -- the ball is still, we stand within 0.5 m of it and no opponent within
  -- 1 m; our goals in the 10 s after it do not count.
  function skill.request_pass_mode() req.pass_mode = 1 end
  return readonly("skill", skill)
end

local function make_draw()
  return readonly("draw", {
    point = c.draw_point, line = c.draw_line, circle = c.draw_circle, text = c.draw_text,
    polygon = c.draw_polygon, layer = c.draw_layer,
  })
end

local function make_log()
  local write = c.log_write
  local function writer(level)
    return function(text, ...)
      if select("#", ...) > 0 then text = format(text, ...) end
      write(level, text)
    end
  end
  return readonly("log", {
    debug = writer(0), info = writer(1), warn = writer(2), error = writer(3),
  })
end

local FIELD = {
  length = 30.0, width = 20.0,
  goal_width = 2.1, goal_depth = 0.6, goal_height = 0.8,
  penalty_length = 1.8, penalty_width = 6.0,
  centre_circle_radius = 2.0, ball_radius = 0.042,
  own_goal_x = -15.0, opponent_goal_x = 15.0,
  half_length = 15.0, half_width = 10.0,
}

-- Survives reloads: option state lives here, keyed by name.
local persistent_root = {}

local function make_libero()
  return readonly("libero", {
    api_version = c.api_version,
    tick = c.tick,
    now = c.now,
    role = c.role,
    set_role = c.set_role,
    memory_kb = c.memory_kb,
    record_option = c.record_option,
    activation_graph = c.activation_graph,
    persistent = function(name)
      if type(name) ~= "string" then error("libero.persistent: name must be a string", 2) end
      local t = persistent_root[name]
      if t == nil then t = {}; persistent_root[name] = t end
      return t
    end,
  })
end

local LOADING = {}
local raw_pcall = pcall
local setfenv = setfenv

local function make_env()
  local env = {
    assert = assert, error = error, ipairs = ipairs, next = next, pairs = pairs,
    pcall = c.pcall, xpcall = c.xpcall, rawequal = rawequal, rawget = rawget, rawset = rawset,
    select = select, setmetatable = setmetatable, getmetatable = getmetatable,
    tonumber = tonumber, tostring = tostring, type = type, unpack = unpack,
    _VERSION = _VERSION,
    math = copy_table(math), string = copy_table(string, { dump = true }),
    table = copy_table(table), bit = copy_table(bit),
    world = make_world(), motion = make_motion(), skill = make_skill(),
    draw = make_draw(), log = make_log(), libero = make_libero(),
    field = readonly("field", FIELD),
    planning = readonly("planning", { clear = c.plan_clear, obstacle = c.plan_obstacle, wall = c.plan_wall,
                                      path = c.plan_path, field_config = c.field_config,
                                      field_avoidance = c.field_avoidance, field_clear = c.field_clear,
                                      field_obstacle = c.field_obstacle, field_step = c.field_step }),
  }
  env.print = function(...)
    local n = select("#", ...)
    local parts = {}
    for i = 1, n do parts[i] = tostring((select(i, ...))) end
    c.log_write(1, table.concat(parts, " "))
  end
  env._G = env
  local loaded = {}
  env.require = function(name)
    if type(name) ~= "string" then error("require: module name must be a string", 2) end
    local module = loaded[name]
    if module == LOADING then error(format("require: circular require of '%s'", name), 2) end
    if module ~= nil then return module end
    local chunk, message = c.load_module(name)
    if chunk == nil then error(message, 0) end
    setfenv(chunk, env)
    loaded[name] = LOADING
    local ok, result = raw_pcall(chunk, name)
    if not ok then
      loaded[name] = nil
      error(result, 0)
    end
    if result == nil then result = true end
    loaded[name] = result
    return result
  end
  return env
end

-- Every function reachable from the environment's API tables and from the
-- given library modules, as "table.name" (for the docs check).
local function list_api(env, modules)
  local names = {}
  local api_tables = { "world", "motion", "skill", "draw", "log", "libero", "field" }
  local function visit(prefix, t, depth)
    local mt = getmetatable(t)
    local fields = t
    if type(mt) == "string" then fields = rawget(debug.getmetatable(t), "__index") end
    for k, v in pairs(fields) do
      if type(v) == "function" then names[#names + 1] = prefix .. "." .. k
      elseif type(v) == "table" and depth < 2 then visit(prefix .. "." .. k, v, depth + 1) end
    end
  end
  for _, name in ipairs(api_tables) do visit(name, env[name], 1) end
  names[#names + 1] = "require"
  for _, module_name in ipairs(modules or {}) do
    local ok, module = raw_pcall(env.require, module_name)
    if ok and type(module) == "table" then
      for k, v in pairs(module) do
        if type(v) == "function" then names[#names + 1] = module_name .. "." .. k end
      end
    end
  end
  table.sort(names)
  return names
end

return { make_env = make_env, list_api = list_api }
)LUA";

// ---------------------------------------------------------------------------
// C functions. Each gets the ApiContext as upvalue 1.

ApiContext* context_of(lua_State* L) {
  return static_cast<ApiContext*>(lua_touserdata(L, lua_upvalueindex(1)));
}

double check_finite(lua_State* L, int index, const char* fn, const char* what) {
  if (lua_type(L, index) != LUA_TNUMBER) luaL_error(L, "%s: %s must be a number", fn, what);
  double value = lua_tonumber(L, index);
  if (!std::isfinite(value)) luaL_error(L, "%s: %s must be finite", fn, what);
  return value;
}

// Copies at most capacity-1 bytes and terminates.
void copy_text(char* out, std::size_t capacity, const char* text, std::size_t length) {
  if (length >= capacity) length = capacity - 1;
  std::memcpy(out, text, length);
  out[length] = '\0';
}

struct NamedColor {
  const char* name;
  uint32_t rgba;
};
constexpr NamedColor kColors[] = {
    {"white", 0xFFFFFFFFu},  {"black", 0x000000FFu}, {"red", 0xFF0000FFu},
    {"green", 0x00C000FFu},  {"blue", 0x0000FFFFu},  {"yellow", 0xFFFF00FFu},
    {"orange", 0xFF8000FFu}, {"cyan", 0x00FFFFFFu},  {"magenta", 0xFF00FFFFu},
    {"gray", 0x808080FFu},
};

uint32_t check_color(lua_State* L, int index, const char* fn) {
  int type = lua_type(L, index);
  if (type == LUA_TNONE || type == LUA_TNIL) return 0xFFFFFFFFu;
  if (type == LUA_TNUMBER) {
    double value = lua_tonumber(L, index);
    if (!(value >= 0 && value <= 16777215.0)) luaL_error(L, "%s: color number must be 0xRRGGBB", fn);
    return (static_cast<uint32_t>(value) << 8) | 0xFFu;
  }
  if (type == LUA_TSTRING) {
    const char* name = lua_tostring(L, index);
    for (const NamedColor& color : kColors)
      if (std::strcmp(color.name, name) == 0) return color.rgba;
  }
  return static_cast<uint32_t>(luaL_error(L, "%s: unknown color (use a name like \"red\" or 0xRRGGBB)", fn));
}

DrawCommand* next_drawing(ApiContext* context) {
  CycleTrace* trace = context->trace;
  if (trace->drawing_count >= kMaxDrawings) {
    ++trace->drawings_dropped;
    return nullptr;
  }
  DrawCommand* command = &trace->drawings[trace->drawing_count++];
  std::memset(command, 0, sizeof *command);
  std::memcpy(command->layer, context->draw_layer, sizeof command->layer);
  return command;
}

int api_draw_point(lua_State* L) {
  double x = check_finite(L, 1, "draw.point", "x"), y = check_finite(L, 2, "draw.point", "y");
  uint32_t rgba = check_color(L, 3, "draw.point");
  if (DrawCommand* d = next_drawing(context_of(L))) {
    d->kind = DrawKind::Point;
    d->x1 = x, d->y1 = y, d->radius = 0.05, d->rgba = rgba;
  }
  return 0;
}

int api_draw_line(lua_State* L) {
  double x1 = check_finite(L, 1, "draw.line", "x1"), y1 = check_finite(L, 2, "draw.line", "y1");
  double x2 = check_finite(L, 3, "draw.line", "x2"), y2 = check_finite(L, 4, "draw.line", "y2");
  uint32_t rgba = check_color(L, 5, "draw.line");
  if (DrawCommand* d = next_drawing(context_of(L))) {
    d->kind = DrawKind::Line;
    d->x1 = x1, d->y1 = y1, d->x2 = x2, d->y2 = y2, d->rgba = rgba;
  }
  return 0;
}

int api_draw_circle(lua_State* L) {
  double x = check_finite(L, 1, "draw.circle", "x"), y = check_finite(L, 2, "draw.circle", "y");
  double r = check_finite(L, 3, "draw.circle", "radius");
  uint32_t rgba = check_color(L, 4, "draw.circle");
  if (DrawCommand* d = next_drawing(context_of(L))) {
    d->kind = DrawKind::Circle;
    d->x1 = x, d->y1 = y, d->radius = r, d->rgba = rgba;
  }
  return 0;
}

int api_draw_text(lua_State* L) {
  double x = check_finite(L, 1, "draw.text", "x"), y = check_finite(L, 2, "draw.text", "y");
  std::size_t length = 0;
  const char* text = luaL_checklstring(L, 3, &length);
  uint32_t rgba = check_color(L, 4, "draw.text");
  if (DrawCommand* d = next_drawing(context_of(L))) {
    d->kind = DrawKind::Text;
    d->x1 = x, d->y1 = y, d->rgba = rgba;
    copy_text(d->text, sizeof d->text, text, length);
  }
  return 0;
}

// draw.polygon(x1, y1, x2, y2, x3, y3, ... [, color]): 3 to 8 vertices as
// plain numbers, not a table, so a tick that draws allocates nothing; an odd
// argument count means the last one is the colour.
int api_draw_polygon(lua_State* L) {
  const int n = lua_gettop(L);
  const int coordinates = n - (n % 2);
  if (coordinates < 6 || coordinates > 2 * kMaxPolygonPoints)
    return luaL_error(L, "draw.polygon: needs 3 to %d vertices (x, y numbers), got %d numbers", int{kMaxPolygonPoints},
                      coordinates);
  double points[2 * kMaxPolygonPoints];
  for (int i = 0; i < coordinates; ++i) points[i] = check_finite(L, i + 1, "draw.polygon", i % 2 ? "y" : "x");
  uint32_t rgba = check_color(L, n % 2 ? n : n + 1, "draw.polygon");
  if (DrawCommand* d = next_drawing(context_of(L))) {
    d->kind = DrawKind::Polygon;
    d->rgba = rgba;
    d->point_count = coordinates / 2;
    std::memcpy(d->points, points, sizeof(double) * static_cast<size_t>(coordinates));
    d->x1 = points[0], d->y1 = points[1];
  }
  return 0;
}

// draw.layer(name): the layer the tick's next drawings belong to (a viewer
// shows or hides each layer); every tick starts in "default".
int api_draw_layer(lua_State* L) {
  std::size_t length = 0;
  const char* name = luaL_checklstring(L, 1, &length);
  if (length == 0 || length > kDrawLayerLength)
    return luaL_error(L, "draw.layer: a name of 1 to %d characters", int{kDrawLayerLength});
  for (std::size_t i = 0; i < length; ++i) {
    const char c = name[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.'))
      return luaL_error(L, "draw.layer: '%s' has a character other than letters, digits, _ - .", name);
  }
  ApiContext* context = context_of(L);
  std::memcpy(context->draw_layer, name, length);
  context->draw_layer[length] = '\0';
  return 0;
}

int api_log_write(lua_State* L) {
  int level = static_cast<int>(luaL_checkinteger(L, 1));
  std::size_t length = 0;
  const char* text = luaL_checklstring(L, 2, &length);
  if (level < 0 || level > 3) level = 1;
  CycleTrace* trace = context_of(L)->trace;
  if (trace->log_count < kMaxLogLines) {
    ScriptLogLine* line = &trace->log[trace->log_count++];
    line->level = static_cast<ScriptLogLevel>(level);
    copy_text(line->text, sizeof line->text, text, length);
  } else {
    ++trace->log_dropped;
  }
  static constexpr log::Level kLevels[] = {log::Level::Debug, log::Level::Info, log::Level::Warn,
                                           log::Level::Error};
  LIBERO_LOG(kLevels[level], "script", "%.*s", static_cast<int>(length > 400 ? 400 : length), text);
  return 0;
}

// Appends "name=value" to out (bounded); used for the activation graph.
void append_param(lua_State* L, int index, const char* name, char* out, std::size_t* used,
                  std::size_t capacity) {
  char value[48];
  switch (lua_type(L, index)) {
    case LUA_TNUMBER: std::snprintf(value, sizeof value, "%.4g", lua_tonumber(L, index)); break;
    case LUA_TBOOLEAN: std::snprintf(value, sizeof value, "%s", lua_toboolean(L, index) ? "true" : "false"); break;
    case LUA_TSTRING: std::snprintf(value, sizeof value, "%s", lua_tostring(L, index)); break;
    case LUA_TNIL: case LUA_TNONE: std::snprintf(value, sizeof value, "nil"); break;
    default: std::snprintf(value, sizeof value, "<%s>", lua_typename(L, lua_type(L, index))); break;
  }
  if (*used >= capacity - 1) return;
  int written = std::snprintf(out + *used, capacity - *used, "%s%s=%s", *used ? ", " : "",
                              name ? name : "?", value);
  if (written > 0) *used += static_cast<std::size_t>(written);
  if (*used > capacity - 1) *used = capacity - 1;
}

// record_option(depth, name, state, option_time, state_time, param_names, ...)
int api_record_option(lua_State* L) {
  int depth = static_cast<int>(luaL_checkinteger(L, 1));
  std::size_t name_length = 0, state_length = 0;
  const char* name = luaL_checklstring(L, 2, &name_length);
  const char* state = luaL_checklstring(L, 3, &state_length);
  double option_time = luaL_checknumber(L, 4), state_time = luaL_checknumber(L, 5);
  CycleTrace* trace = context_of(L)->trace;
  if (trace->activation_count >= kMaxActivations) {
    ++trace->activations_dropped;
    return 0;
  }
  ActivationEntry* entry = &trace->activations[trace->activation_count++];
  entry->depth = depth;
  copy_text(entry->option, sizeof entry->option, name, name_length);
  copy_text(entry->state, sizeof entry->state, state, state_length);
  entry->option_time = option_time;
  entry->state_time = state_time;
  entry->params[0] = '\0';
  std::size_t used = 0;
  int top = lua_gettop(L);
  bool have_names = lua_type(L, 6) == LUA_TTABLE;
  for (int i = 7; i <= top; ++i) {
    const char* param_name = nullptr;
    if (have_names) {
      lua_rawgeti(L, 6, i - 6);
      param_name = lua_tostring(L, -1);  // a string owned by the names table
      lua_pop(L, 1);
    }
    append_param(L, i, param_name, entry->params, &used, sizeof entry->params);
  }
  return 0;
}

// Returns the previous tick's activation graph as a list of tables.
int api_activation_graph(lua_State* L) {
  const CycleTrace* trace = context_of(L)->previous;
  lua_createtable(L, trace->activation_count, 0);
  for (int i = 0; i < trace->activation_count; ++i) {
    const ActivationEntry& entry = trace->activations[i];
    lua_createtable(L, 0, 6);
    lua_pushinteger(L, entry.depth), lua_setfield(L, -2, "depth");
    lua_pushstring(L, entry.option), lua_setfield(L, -2, "option");
    lua_pushstring(L, entry.state), lua_setfield(L, -2, "state");
    lua_pushnumber(L, entry.option_time), lua_setfield(L, -2, "option_time");
    lua_pushnumber(L, entry.state_time), lua_setfield(L, -2, "state_time");
    lua_pushstring(L, entry.params), lua_setfield(L, -2, "params");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

int api_tick(lua_State* L) {
  lua_pushnumber(L, static_cast<double>(context_of(L)->tick));
  return 1;
}

int api_now(lua_State* L) {
  lua_pushnumber(L, context_of(L)->now);
  return 1;
}

int api_role(lua_State* L) {
  lua_pushstring(L, context_of(L)->role);
  return 1;
}

int api_set_role(lua_State* L) {
  std::size_t length = 0;
  const char* role = luaL_checklstring(L, 1, &length);
  if (length > kRoleLength) luaL_error(L, "libero.set_role: role names have at most %d characters", kRoleLength);
  ApiContext* context = context_of(L);
  copy_text(context->role, sizeof context->role, role, length);
  return 0;
}

int api_memory_kb(lua_State* L) {
  lua_pushnumber(L, static_cast<double>(context_of(L)->guard->bytes_in_use) / 1024.0);
  return 1;
}

int api_set_motion_name(lua_State* L) {
  std::size_t length = 0;
  if (lua_type(L, 1) != LUA_TSTRING) luaL_error(L, "skill.play: motion name must be a string");
  const char* name = lua_tolstring(L, 1, &length);
  if (length == 0 || length > motion::kMotionNameLength)
    luaL_error(L, "skill.play: motion names have 1..%d characters", static_cast<int>(motion::kMotionNameLength));
  motion::SkillRequests* requests = context_of(L)->requests;
  copy_text(requests->motion_name, sizeof requests->motion_name, name, length);
  return 0;
}

int api_set_say(lua_State* L) {
  std::size_t length = 0;
  if (lua_type(L, 1) != LUA_TSTRING) luaL_error(L, "skill.say: message must be a string");
  const char* text = lua_tolstring(L, 1, &length);
  if (length == 0 || length > motion::kSayLength)
    luaL_error(L, "skill.say: messages have 1..%d characters", static_cast<int>(motion::kSayLength));
  for (std::size_t i = 0; i < length; ++i) {
    unsigned char ch = static_cast<unsigned char>(text[i]);
    if (ch <= 0x20 || ch > 0x7E || ch == '(' || ch == ')')
      luaL_error(L, "skill.say: character %d is not allowed (printable ASCII without space and parentheses)",
                 static_cast<int>(i + 1));
  }
  motion::SkillRequests* requests = context_of(L)->requests;
  copy_text(requests->say_text, sizeof requests->say_text, text, length);
  return 0;
}

// load_module(name) -> chunk | nil, message. The chunk is compiled from the
// in-memory copy of the script directory, named "@path" so errors read
// "lib/option.lua:12: ...".
int api_load_module(lua_State* L) {
  std::size_t length = 0;
  const char* name = luaL_checklstring(L, 1, &length);
  std::string path;
  if (!module_name_to_path(name, length, &path)) {
    lua_pushnil(L);
    lua_pushfstring(L, "require: invalid module name '%s' (use dotted names inside the script dir)", name);
    return 2;
  }
  const std::string* source = context_of(L)->files->find(path);
  if (source == nullptr) {
    lua_pushnil(L);
    lua_pushfstring(L, "require: module '%s' not found (no %s in the script dir)", name, path.c_str());
    return 2;
  }
  std::string chunk_name = "@" + path;
  // Text only: binary chunks could break the VM's invariants.
  if (!source->empty() && (*source)[0] == '\x1b') {
    lua_pushnil(L);
    lua_pushfstring(L, "%s: precompiled chunks are not allowed", path.c_str());
    return 2;
  }
  if (luaL_loadbuffer(L, source->data(), source->size(), chunk_name.c_str()) != 0) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  return 1;
}

// pcall/xpcall for scripts: once the budget or memory limit tripped, the error
// is re-raised so a script cannot swallow it and keep running.
int rethrow_if_tripped(lua_State* L) {
  LuaGuard* guard = lua_vm_guard(L);
  if (guard->budget_tripped || guard->memory_tripped) return lua_error(L);
  return 0;
}

int api_pcall(lua_State* L) {
  luaL_checkany(L, 1);
  int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  if (status != 0) rethrow_if_tripped(L);
  lua_pushboolean(L, status == 0);
  lua_insert(L, 1);
  return lua_gettop(L);
}

int api_xpcall(lua_State* L) {
  luaL_checkany(L, 2);
  int top = lua_gettop(L);
  lua_pushvalue(L, 2);      // handler
  lua_pushvalue(L, 1);      // function
  for (int i = 3; i <= top; ++i) lua_pushvalue(L, i);
  int handler = top + 1;
  int status = lua_pcall(L, top - 2, LUA_MULTRET, handler);
  if (status != 0) rethrow_if_tripped(L);
  int results = lua_gettop(L) - handler;
  lua_pushboolean(L, status == 0);
  lua_replace(L, handler);
  return results + 1;
}

struct PreludeArgs {
  ApiContext* context;
};

int run_prelude(lua_State* L) {
  auto* args = static_cast<PreludeArgs*>(lua_touserdata(L, 1));
  luaL_openlibs(L);
  if (luaL_loadbuffer(L, kPrelude, sizeof kPrelude - 1, "=prelude") != 0) return lua_error(L);
  static const luaL_Reg kFunctions[] = {
      {"draw_point", api_draw_point},
      {"draw_line", api_draw_line},
      {"draw_circle", api_draw_circle},
      {"draw_text", api_draw_text},
      {"draw_polygon", api_draw_polygon},
      {"draw_layer", api_draw_layer},
      {"log_write", api_log_write},
      {"record_option", api_record_option},
      {"activation_graph", api_activation_graph},
      {"tick", api_tick},
      {"now", api_now},
      {"role", api_role},
      {"set_role", api_set_role},
      {"memory_kb", api_memory_kb},
      {"set_motion_name", api_set_motion_name},
      {"set_say", api_set_say},
      {"load_module", api_load_module},
      {"pcall", api_pcall},
      {"xpcall", api_xpcall},
  };
  lua_createtable(L, 0, 20);
  for (const luaL_Reg& reg : kFunctions) {
    lua_pushlightuserdata(L, args->context);
    lua_pushcclosure(L, reg.func, 1);
    lua_setfield(L, -2, reg.name);
  }
  register_planning_functions(L);
  lua_pushinteger(L, kScriptApiVersion);
  lua_setfield(L, -2, "api_version");
  lua_pushlightuserdata(L, const_cast<world::WorldState*>(args->context->world));
  lua_pushlightuserdata(L, const_cast<motion::MotionStatus*>(args->context->motion));
  lua_pushlightuserdata(L, args->context->requests);
  lua_pushstring(L, kFfiCdef);
  lua_call(L, 5, 1);
  return 1;
}

}  // namespace

const char* ffi_cdef_source() { return kFfiCdef; }

int open_script_api(lua_State* L, ApiContext* context) {
  PreludeArgs args{context};
  lua_pushcfunction(L, run_prelude);
  lua_pushlightuserdata(L, &args);
  return lua_pcall(L, 1, 1, 0);
}

void describe_lua_error(lua_State* L, int index, char* text, std::size_t capacity) {
  if (lua_type(L, index) == LUA_TSTRING) {
    std::size_t length = 0;
    const char* message = lua_tolstring(L, index, &length);
    copy_text(text, capacity, message, length);
  } else {
    std::snprintf(text, capacity, "(error value is a %s)", lua_typename(L, lua_type(L, index)));
  }
}

}  // namespace libero::script
