#include "core/datafile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <luajit.h>
#include <lualib.h>
}

namespace libero::data {

namespace {

// Enough for any honest data file (the NAO description needs a few thousand
// instructions and well under a megabyte); stops `while true do end` or
// `s = s .. s` in a loop instead of hanging or exhausting start-up.
constexpr int kInstructionBudget = 20'000'000;
constexpr int kHookInterval = 10'000;
constexpr size_t kMemoryBudget = size_t{256} << 20;
constexpr int kMaxDepth = 64;

// Per-state limits, reached from the hook through the allocator's user data
// (no globals, so threads may load files concurrently).
struct Sandbox {
  size_t memory_used = 0;
  int instructions_used = 0;
};

void* sandbox_alloc(void* user, void* block, size_t old_size, size_t new_size) {
  auto* sandbox = static_cast<Sandbox*>(user);
  if (block == nullptr) old_size = 0;  // Lua passes a type tag as old_size for new blocks
  if (new_size == 0) {
    std::free(block);
    sandbox->memory_used -= old_size;
    return nullptr;
  }
  if (new_size > old_size && sandbox->memory_used + (new_size - old_size) > kMemoryBudget) return nullptr;
  void* resized = std::realloc(block, new_size);
  if (resized == nullptr) return nullptr;
  sandbox->memory_used = sandbox->memory_used - old_size + new_size;
  return resized;
}

void count_hook(lua_State* L, lua_Debug*) {
  void* user = nullptr;
  lua_getallocf(L, &user);
  auto* sandbox = static_cast<Sandbox*>(user);
  sandbox->instructions_used += kHookInterval;
  if (sandbox->instructions_used > kInstructionBudget)
    luaL_error(L, "evaluation exceeded %d instructions (a data file should not loop)", kInstructionBudget);
}

// Converts the value at the top of the stack. `path` names it in messages.
Status convert(lua_State* L, const std::string& path, int depth, Value* out) {
  if (depth > kMaxDepth) return make_error(path + ": tables nested too deeply (a cycle?)");
  int type = lua_type(L, -1);
  switch (type) {
    case LUA_TBOOLEAN:
      out->kind = Kind::Boolean;
      out->boolean = lua_toboolean(L, -1) != 0;
      return {};
    case LUA_TNUMBER: {
      out->kind = Kind::Number;
      out->number = lua_tonumber(L, -1);
      if (!std::isfinite(out->number)) return make_error(path + ": number is not finite");
      return {};
    }
    case LUA_TSTRING: {
      size_t length = 0;
      const char* text = lua_tolstring(L, -1, &length);
      out->kind = Kind::String;
      out->string.assign(text, length);
      return {};
    }
    case LUA_TTABLE:
      break;
    default:
      return make_error(path + ": a " + lua_typename(L, type) + " is not data");
  }

  // Table: an array if its keys are exactly 1..n, a map if all keys are strings.
  size_t integer_keys = 0, string_keys = 0, other_keys = 0;
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    lua_pop(L, 1);  // value
    if (lua_type(L, -1) == LUA_TSTRING) {
      ++string_keys;
    } else if (lua_type(L, -1) == LUA_TNUMBER) {
      double key = lua_tonumber(L, -1);
      if (key >= 1 && key == std::floor(key)) ++integer_keys; else ++other_keys;
    } else {
      ++other_keys;
    }
  }
  if (other_keys > 0)
    return make_error(path + ": table keys must be strings or array indices 1..n");
  if (integer_keys > 0 && string_keys > 0)
    return make_error(path + ": table mixes array items and named fields");

  if (string_keys == 0) {
    out->kind = Kind::Array;
    size_t count = lua_objlen(L, -1);
    if (count != integer_keys)
      return make_error(path + ": array has holes (indices must run 1.." +
                        std::to_string(integer_keys) + ")");
    out->items.resize(count);
    for (size_t i = 0; i < count; ++i) {
      lua_rawgeti(L, -1, static_cast<int>(i + 1));
      Status status = convert(L, path + "[" + std::to_string(i + 1) + "]", depth + 1, &out->items[i]);
      lua_pop(L, 1);
      if (!status) return status;
    }
    return {};
  }

  out->kind = Kind::Map;
  out->fields.reserve(string_keys);
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    size_t length = 0;
    // lua_tolstring on a string key does not change it, so lua_next stays valid.
    const char* key = lua_tolstring(L, -2, &length);
    std::string name(key, length);
    Value child;
    Status status = convert(L, path.empty() ? name : path + "." + name, depth + 1, &child);
    lua_pop(L, 1);
    if (!status) {
      lua_pop(L, 1);  // key
      return status;
    }
    out->fields.emplace_back(std::move(name), std::move(child));
  }
  std::sort(out->fields.begin(), out->fields.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return {};
}

struct StateCloser {
  lua_State* L;
  ~StateCloser() {
    if (L != nullptr) lua_close(L);
  }
};

}  // namespace

const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::Boolean: return "a boolean";
    case Kind::Number: return "a number";
    case Kind::String: return "a string";
    case Kind::Array: return "an array";
    case Kind::Map: return "a table of named fields";
  }
  return "?";
}

const Value* Value::find(std::string_view key) const {
  if (kind != Kind::Map) return nullptr;
  auto it = std::lower_bound(fields.begin(), fields.end(), key,
                             [](const auto& field, std::string_view k) { return field.first < k; });
  if (it == fields.end() || it->first != key) return nullptr;
  return &it->second;
}

int DataFile::line_of_entry(std::string_view entry_name) const {
  if (entry_name.empty()) return 0;
  size_t at = 0;
  while ((at = source.find("name", at)) != std::string::npos) {
    size_t i = at + 4;
    bool starts_word = at == 0 || !(std::isalnum(static_cast<unsigned char>(source[at - 1])) ||
                                    source[at - 1] == '_');
    at = i;
    if (!starts_word) continue;
    while (i < source.size() && (source[i] == ' ' || source[i] == '\t')) ++i;
    if (i >= source.size() || source[i] != '=') continue;
    ++i;
    while (i < source.size() && (source[i] == ' ' || source[i] == '\t')) ++i;
    if (i >= source.size() || (source[i] != '"' && source[i] != '\'')) continue;
    char quote = source[i++];
    if (source.compare(i, entry_name.size(), entry_name) != 0) continue;
    if (i + entry_name.size() >= source.size() || source[i + entry_name.size()] != quote) continue;
    return 1 + static_cast<int>(std::count(source.begin(), source.begin() + static_cast<long>(i), '\n'));
  }
  return 0;
}

Result<DataFile> parse_data_text(std::string_view text, const std::string& name) {
  Sandbox sandbox;  // outlives the state (declared first, destroyed last)
  StateCloser closer{lua_newstate(sandbox_alloc, &sandbox)};
  lua_State* L = closer.L;
  if (L == nullptr) return make_error(name + ": cannot create a Lua state");
  // Interpreter only: compiled traces do not run the count hook.
  luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);

  // The sandbox: a fresh table holding a copy of math, nothing else.
  lua_pushcfunction(L, luaopen_math);
  lua_pushstring(L, LUA_MATHLIBNAME);
  lua_call(L, 1, 1);
  lua_newtable(L);  // env
  lua_newtable(L);  // env.math
  lua_pushnil(L);
  while (lua_next(L, -4) != 0) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_settable(L, -4);
  }
  lua_setfield(L, -2, "math");
  lua_remove(L, -2);  // the original math table; env stays on the stack

  std::string chunk_name = "@" + name;  // '@' makes messages read "name:line:"
  if (luaL_loadbufferx(L, text.data(), text.size(), chunk_name.c_str(), "t") != 0) {
    std::string message = lua_tostring(L, -1) ? lua_tostring(L, -1) : "unknown load error";
    if (message.compare(0, name.size(), name) != 0) message = name + ": " + message;  // e.g. binary chunks
    return make_error(message);
  }
  lua_insert(L, -2);
  lua_setfenv(L, -2);

  lua_sethook(L, count_hook, LUA_MASKCOUNT, kHookInterval);
  int call_status = lua_pcall(L, 0, 1, 0);
  if (call_status == LUA_ERRMEM)
    return make_error(name + ": evaluation exceeded " + std::to_string(kMemoryBudget >> 20) +
                      " MB of memory (a data file should be small)");
  if (call_status != 0) {
    std::string message = lua_tostring(L, -1) ? lua_tostring(L, -1) : "error object is not a string";
    return make_error(message);
  }
  lua_sethook(L, nullptr, 0, 0);

  if (lua_type(L, -1) != LUA_TTABLE)
    return make_error(name + ": the file must return a table (it returned a " +
                      luaL_typename(L, -1) + ")");

  DataFile file;
  file.name = name;
  file.source.assign(text.data(), text.size());
  Status status = convert(L, "", 0, &file.root);
  if (!status) return make_error(name + ": " + status.error().message);
  return file;
}

Result<DataFile> load_data_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(path + ": cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return make_error(path + ": read error");
  return parse_data_text(text.str(), path);
}

// ---------------------------------------------------------------------------

FieldReader::FieldReader(const DataFile& file, const Value& table, std::string context,
                         std::string_view entry_name)
    : file_(file), table_(table), context_(std::move(context)), line_(file.line_of_entry(entry_name)) {
  if (!table_.is_map()) fail("must be " + std::string(kind_name(Kind::Map)));
}

std::string FieldReader::prefix() const {
  std::string text = file_.name;
  if (line_ > 0) text += ":" + std::to_string(line_);
  text += ": ";
  if (!context_.empty()) text += context_ + ": ";
  return text;
}

void FieldReader::fail(const std::string& what) {
  if (failed_) return;
  failed_ = true;
  error_ = make_error(prefix() + what);
}

const Value* FieldReader::lookup(std::string_view key, bool required) {
  used_.emplace_back(key);
  if (failed_) return nullptr;
  const Value* value = table_.find(key);
  if (value == nullptr && required) fail("'" + std::string(key) + "' is missing");
  return value;
}

const Value* FieldReader::typed(std::string_view key, Kind kind, bool required) {
  const Value* value = lookup(key, required);
  if (value == nullptr) return nullptr;
  bool matches = value->kind == kind || (kind == Kind::Map && value->is_map());
  if (!matches) {
    fail("'" + std::string(key) + "' must be " + kind_name(kind) + " (it is " +
         kind_name(value->kind) + ")");
    return nullptr;
  }
  return value;
}

double FieldReader::number(std::string_view key) {
  const Value* value = typed(key, Kind::Number, true);
  return value ? value->number : 0.0;
}

double FieldReader::number_or(std::string_view key, double fallback) {
  const Value* value = typed(key, Kind::Number, false);
  return value ? value->number : fallback;
}

std::string FieldReader::string(std::string_view key) {
  const Value* value = typed(key, Kind::String, true);
  return value ? value->string : std::string();
}

std::string FieldReader::string_or(std::string_view key, std::string fallback) {
  const Value* value = typed(key, Kind::String, false);
  return value ? value->string : fallback;
}

bool FieldReader::boolean_or(std::string_view key, bool fallback) {
  const Value* value = typed(key, Kind::Boolean, false);
  return value ? value->boolean : fallback;
}

const Value* FieldReader::array(std::string_view key) { return typed(key, Kind::Array, true); }
const Value* FieldReader::array_or_null(std::string_view key) { return typed(key, Kind::Array, false); }
const Value* FieldReader::map(std::string_view key) { return typed(key, Kind::Map, true); }
const Value* FieldReader::map_or_null(std::string_view key) { return typed(key, Kind::Map, false); }
const Value* FieldReader::any(std::string_view key) { return lookup(key, true); }
const Value* FieldReader::any_or_null(std::string_view key) { return lookup(key, false); }

Status FieldReader::finish() {
  if (!failed_ && table_.kind == Kind::Map) {
    for (const auto& field : table_.fields) {
      if (std::find(used_.begin(), used_.end(), field.first) == used_.end()) {
        fail("unknown field '" + field.first + "'");
        break;
      }
    }
  }
  if (failed_) return error_;
  return {};
}

}  // namespace libero::data
