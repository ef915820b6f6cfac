// Data files: Lua tables (robots/, motions, tunables) evaluated by LuaJIT in
// an empty sandbox and turned into a small tree of numbers, strings,
// booleans, arrays and maps. Load time only: this allocates freely and must
// not be called from the per-cycle path.
//
// Sandbox: the chunk sees an environment holding only a private copy of
// `math`; no os/io/require/load/ffi/string/debug, text chunks only (no
// bytecode), and an instruction budget so a loop cannot hang the loader.
// The chunk must `return` a table.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace libero::data {

enum class Kind : unsigned char { Boolean, Number, String, Array, Map };

const char* kind_name(Kind kind);  // "a boolean", "a number", ... for messages

struct Value {
  Kind kind = Kind::Map;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Value> items;                            // Array: Lua indices 1..n
  std::vector<std::pair<std::string, Value>> fields;   // Map: sorted by key

  bool is_number() const { return kind == Kind::Number; }
  bool is_string() const { return kind == Kind::String; }
  bool is_boolean() const { return kind == Kind::Boolean; }
  // An empty Lua table `{}` is an empty Array; it also counts as an empty Map.
  bool is_array() const { return kind == Kind::Array; }
  bool is_map() const { return kind == Kind::Map || (kind == Kind::Array && items.empty()); }

  const Value* find(std::string_view key) const;  // nullptr if absent or not a map
};

struct DataFile {
  std::string name;    // as given to the loader; used as the prefix of every message
  std::string source;  // the text, kept to point messages at lines
  Value root;          // always a Map or Array

  // 1-based line of the first `name = "<entry_name>"` in the source, or 0.
  // Lets messages about an entry point at it (tables carry no line numbers).
  int line_of_entry(std::string_view entry_name) const;
};

// Reads and evaluates `path`. Errors read "<path>:<line>: <what>" for syntax
// and runtime errors, "<path>: <what>" otherwise.
Result<DataFile> load_data_file(const std::string& path);

// Evaluates `text` as if it were a file called `name`.
Result<DataFile> parse_data_text(std::string_view text, const std::string& name);

// Typed field access for loaders, with messages like
//   robots/nao/nao.lua:120: joint rlj3: 'max' must be a number
// The first problem is kept; later calls return defaults, so a loader reads
// all fields and checks ok() once per entry. finish() also rejects fields
// nobody asked for, which catches misspelt keys.
class FieldReader {
 public:
  // `context` names the entry ("joint rlj3"); `entry_name` is used to find
  // its line (see DataFile::line_of_entry), may be empty.
  FieldReader(const DataFile& file, const Value& table, std::string context,
              std::string_view entry_name = {});

  double number(std::string_view key);
  double number_or(std::string_view key, double fallback);
  std::string string(std::string_view key);
  std::string string_or(std::string_view key, std::string fallback);
  bool boolean_or(std::string_view key, bool fallback);
  const Value* array(std::string_view key);      // required; nullptr after an error
  const Value* array_or_null(std::string_view key);
  const Value* map(std::string_view key);        // required
  const Value* map_or_null(std::string_view key);
  const Value* any(std::string_view key);        // required, any kind
  const Value* any_or_null(std::string_view key);

  // Records an error about this entry (for checks the reader cannot do).
  void fail(const std::string& what);
  bool ok() const { return failed_ == false; }
  // Checks for unknown keys; returns the first error or success.
  Status finish();
  const Error& error() const { return error_; }
  std::string prefix() const;  // "file:line: context: "

 private:
  const Value* lookup(std::string_view key, bool required);
  const Value* typed(std::string_view key, Kind kind, bool required);

  const DataFile& file_;
  const Value& table_;
  std::string context_;
  int line_ = 0;
  std::vector<std::string> used_;
  bool failed_ = false;
  Error error_;
};

}  // namespace libero::data
