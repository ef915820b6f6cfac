#include "tools/optimize/param_file.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace libero::optimize {
namespace {

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Skips a long bracket [[...]] / [==[...]==] starting at i (text[i] == '['); returns the end or npos.
size_t skip_long_bracket(const std::string& t, size_t i) {
  size_t j = i + 1;
  int level = 0;
  while (j < t.size() && t[j] == '=') ++level, ++j;
  if (j >= t.size() || t[j] != '[') return std::string::npos;
  std::string close = "]" + std::string(static_cast<size_t>(level), '=') + "]";
  size_t end = t.find(close, j + 1);
  return end == std::string::npos ? t.size() : end + close.size();
}

// "range LO..HI" in a comment later on the line that ends a field at `from`.
void read_range_comment(const std::string& t, size_t from, NumberField* field) {
  size_t eol = t.find('\n', from);
  std::string rest = t.substr(from, eol == std::string::npos ? std::string::npos : eol - from);
  size_t comment = rest.find("--");
  if (comment == std::string::npos) return;
  size_t at = rest.find("range ", comment);
  if (at == std::string::npos) return;
  const char* p = rest.c_str() + at + 6;
  char* end = nullptr;
  double lo = std::strtod(p, &end);
  if (end == p || end[0] != '.' || end[1] != '.') return;
  p = end + 2;
  double hi = std::strtod(p, &end);
  if (end == p || !std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi)) return;
  field->has_range = true;
  field->range_lo = lo;
  field->range_hi = hi;
}

}  // namespace

Result<std::vector<NumberField>> scan_number_fields(const std::string& t) {
  std::vector<NumberField> fields;
  // Table names; an unnamed table (a list element, e.g. a keyframe of a
  // motion file) is named by its number among its parent's unnamed tables,
  // from 1, so "frames.3.angles.RHipPitch" is the third frame's.
  std::vector<std::string> stack;
  std::vector<int> unnamed_children;  // per open table: unnamed tables seen in it
  std::string pending;             // "name =" just read
  bool have_pending = false;
  size_t i = 0;
  while (i < t.size()) {
    char c = t[i];
    if (c == '-' && i + 1 < t.size() && t[i + 1] == '-') {  // comment
      if (i + 2 < t.size() && t[i + 2] == '[') {
        size_t end = skip_long_bracket(t, i + 2);
        if (end != std::string::npos) {
          i = end;
          continue;
        }
      }
      size_t nl = t.find('\n', i);
      i = nl == std::string::npos ? t.size() : nl + 1;
      continue;
    }
    if (c == '"' || c == '\'') {
      size_t j = i + 1;
      while (j < t.size() && t[j] != c) j += t[j] == '\\' ? 2 : 1;
      i = j + 1;
      have_pending = false;
      continue;
    }
    if (c == '[') {
      size_t end = skip_long_bracket(t, i);
      if (end != std::string::npos) {
        i = end;
        have_pending = false;
        continue;
      }
      ++i;
      continue;
    }
    if (c == '{') {
      if (have_pending) {
        stack.push_back(pending);
      } else {
        int number = unnamed_children.empty() ? 1 : ++unnamed_children.back();
        stack.push_back(stack.empty() ? "" : std::to_string(number));
      }
      unnamed_children.push_back(0);
      have_pending = false;
      ++i;
      continue;
    }
    if (c == '}') {
      if (stack.empty()) return make_error("unbalanced '}'", static_cast<std::ptrdiff_t>(i));
      stack.pop_back();
      unnamed_children.pop_back();
      have_pending = false;
      ++i;
      continue;
    }
    if (ident_start(c)) {
      size_t j = i;
      while (j < t.size() && ident_char(t[j])) ++j;
      std::string name = t.substr(i, j - i);
      size_t k = j;
      while (k < t.size() && (t[k] == ' ' || t[k] == '\t')) ++k;
      if (k < t.size() && t[k] == '=' && (k + 1 >= t.size() || t[k + 1] != '=')) {
        pending = name;
        have_pending = true;
        ++k;
        while (k < t.size() && std::isspace(static_cast<unsigned char>(t[k]))) ++k;
        // A number value: the field.
        size_t n = k;
        if (n < t.size() && t[n] == '-') ++n;
        if (n < t.size() && (std::isdigit(static_cast<unsigned char>(t[n])) || t[n] == '.')) {
          char* stop = nullptr;
          double value = std::strtod(t.c_str() + k, &stop);
          size_t end = static_cast<size_t>(stop - t.c_str());
          if (end > k && (end >= t.size() || !ident_char(t[end]))) {
            std::string path;
            for (const std::string& s : stack)
              if (!s.empty()) path += s + ".";
            NumberField field{path + name, k, end, value};
            read_range_comment(t, end, &field);
            fields.push_back(field);
            have_pending = false;
            i = end;
            continue;
          }
        }
        i = k;
        continue;
      }
      have_pending = false;
      i = j;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(c))) have_pending = false;
    ++i;
  }
  std::set<std::string> seen;
  for (const NumberField& f : fields)
    if (!seen.insert(f.path).second) return make_error("the field " + f.path + " occurs twice in the file");
  return fields;
}

Result<std::string> set_number_fields(const std::string& text, const std::map<std::string, double>& values) {
  Result<std::vector<NumberField>> fields = scan_number_fields(text);
  if (!fields.ok()) return fields.error();
  std::map<size_t, std::pair<size_t, double>> edits;  // begin -> (end, value)
  for (const auto& [path, value] : values) {
    const NumberField* found = nullptr;
    for (const NumberField& f : *fields)
      if (f.path == path) found = &f;
    if (!found) return make_error("no number field " + path + " in the file");
    edits[found->begin] = {found->end, value};
  }
  std::string out;
  size_t at = 0;
  for (const auto& [begin, edit] : edits) {
    out += text.substr(at, begin - at);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", edit.second);
    out += buf;
    at = edit.first;
  }
  out += text.substr(at);
  return out;
}

Result<std::vector<ParamSpec>> parse_param_specs(const std::string& list, const std::vector<NumberField>& fields) {
  std::vector<ParamSpec> specs;
  std::set<std::string> seen;
  std::vector<std::string> items;
  for (size_t at = 0;;) {
    size_t comma = list.find(',', at);
    items.push_back(list.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  for (const std::string& item : items) {
    if (item.empty()) return make_error("an empty parameter in '" + list + "'");
    ParamSpec spec;
    size_t eq = item.find('=');
    spec.path = item.substr(0, eq);
    const NumberField* field = nullptr;
    for (const NumberField& f : fields)
      if (f.path == spec.path) field = &f;
    if (!field) return make_error("no number field '" + spec.path + "' in the file");
    if (!seen.insert(spec.path).second) return make_error("'" + spec.path + "' is listed twice");
    spec.start = field->value;
    if (eq == std::string::npos && field->has_range) {
      spec.lo = field->range_lo;
      spec.hi = field->range_hi;
    } else if (eq == std::string::npos) {
      double half = spec.start == 0 ? 1 : std::fabs(spec.start) * 0.5;
      spec.lo = spec.start - half;
      spec.hi = spec.start + half;
    } else {
      std::string range = item.substr(eq + 1);
      size_t colon = range.find(':');
      char* end1 = nullptr;
      char* end2 = nullptr;
      if (colon == std::string::npos) return make_error("'" + item + "': the range is LO:HI");
      std::string lo = range.substr(0, colon), hi = range.substr(colon + 1);
      spec.lo = std::strtod(lo.c_str(), &end1);
      spec.hi = std::strtod(hi.c_str(), &end2);
      if (lo.empty() || hi.empty() || *end1 != '\0' || *end2 != '\0' || !std::isfinite(spec.lo) ||
          !std::isfinite(spec.hi) || !(spec.lo < spec.hi))
        return make_error("'" + item + "': the range is LO:HI with LO < HI");
    }
    specs.push_back(spec);
  }
  if (specs.empty()) return make_error("no parameters");
  return specs;
}

}  // namespace libero::optimize
