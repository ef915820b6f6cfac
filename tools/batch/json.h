// A small JSON reader and writer helpers for the batch layer and the
// commands built on it: they read what their trials wrote (a match's
// summary) and their own results files, and must tell a well-formed file
// from a truncated or garbage one rather than trust it.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json_text.h"
#include "core/result.h"

namespace libero::batch {

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<JsonValue> items;                              // kArray
  std::vector<std::pair<std::string, JsonValue>> members;    // kObject, in file order

  bool is_number() const { return kind == Kind::kNumber; }
  bool is_string() const { return kind == Kind::kString; }
  bool is_array() const { return kind == Kind::kArray; }
  bool is_object() const { return kind == Kind::kObject; }
  bool is_bool() const { return kind == Kind::kBool; }
  // The member named `key` of an object, or nullptr (also for non-objects).
  const JsonValue* find(std::string_view key) const;
};

// The whole text must be one JSON value (surrounding white space allowed).
// Errors carry the byte offset. Nesting deeper than 64 levels is refused,
// so garbage cannot exhaust the stack.
Result<JsonValue> parse_json(std::string_view text);

using libero::append_json_string;  // core/json_text.h
// The same as a new string.
std::string json_string(std::string_view text);

// A value written back as compact JSON on one line: strings through
// append_json_string (so the text is also safe inside an HTML <script>),
// numbers with 10 significant digits (integers up to 1e10 exactly).
void append_json(std::string* out, const JsonValue& value);

}  // namespace libero::batch
