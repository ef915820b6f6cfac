// Named numbers in a Lua data file (robots/, scripts/data/): `name = 1.5`
// inside nested tables is field "outer.inner.name". The optimiser reads a
// field's current value and writes candidates by replacing the number's
// text only, so comments, layout and every other field stay as they were.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/result.h"

namespace libero::optimize {

struct NumberField {
  std::string path;    // dotted: "kick_taker.reach"
  size_t begin = 0, end = 0;  // the number's text in the file
  double value = 0;
  // A search range written in the file: a comment on the field's line
  // holding "range LO..HI" (e.g. `reach = 0.45,  -- m, range 0.3..0.6`).
  bool has_range = false;
  double range_lo = 0, range_hi = 0;
};

// Every `name = <number>` of the file (comments and strings skipped).
// A path that occurs twice is an error (it could not be named).
Result<std::vector<NumberField>> scan_number_fields(const std::string& text);

// The file with the named fields' numbers replaced (%.6g). Unknown names are errors.
Result<std::string> set_number_fields(const std::string& text, const std::map<std::string, double>& values);

// A searched parameter: a field and its range. "name=LO:HI", or "name"
// alone for the range the file gives it, else the file's value +- 50 %
// (+-1 for a zero).
struct ParamSpec {
  std::string path;
  double lo = 0, hi = 0, start = 0;
};
Result<std::vector<ParamSpec>> parse_param_specs(const std::string& list, const std::vector<NumberField>& fields);

}  // namespace libero::optimize
