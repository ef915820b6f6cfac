#include "tools/batch/json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace libero::batch {
namespace {

constexpr int kMaxDepth = 64;

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Result<JsonValue> parse_document() {
    JsonValue value;
    if (Status ok = parse_value(&value, 0); !ok.ok()) return ok.error();
    skip_space();
    if (pos_ != text_.size()) return fail("text after the JSON value");
    return value;
  }

 private:
  Error fail(const char* what) const { return make_error(std::string("JSON: ") + what, static_cast<std::ptrdiff_t>(pos_)); }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  Status parse_value(JsonValue* out, int depth) {
    if (depth > kMaxDepth) return fail("nested too deeply");
    skip_space();
    if (pos_ >= text_.size()) return fail("unexpected end");
    char c = text_[pos_];
    if (c == '{') return parse_object(out, depth);
    if (c == '[') return parse_array(out, depth);
    if (c == '"') {
      out->kind = JsonValue::Kind::kString;
      return parse_string(&out->string);
    }
    if (literal("true")) {
      out->kind = JsonValue::Kind::kBool;
      out->boolean = true;
      return {};
    }
    if (literal("false")) {
      out->kind = JsonValue::Kind::kBool;
      return {};
    }
    if (literal("null")) {
      out->kind = JsonValue::Kind::kNull;
      return {};
    }
    return parse_number(out);
  }

  Status parse_number(JsonValue* out) {
    size_t start = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    size_t digits = pos_;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    if (pos_ == digits) return fail("expected a value");
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      size_t frac = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      if (pos_ == frac) return fail("digits expected after '.'");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      size_t exp = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      if (pos_ == exp) return fail("digits expected in the exponent");
    }
    std::string number(text_.substr(start, pos_ - start));
    out->kind = JsonValue::Kind::kNumber;
    out->number = std::strtod(number.c_str(), nullptr);
    if (!std::isfinite(out->number)) return fail("number out of range");
    return {};
  }

  static void append_utf8(std::string* out, unsigned code) {
    if (code < 0x80) {
      out->push_back(static_cast<char>(code));
    } else if (code < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (code >> 6)));
      out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
      out->push_back(static_cast<char>(0xE0 | (code >> 12)));
      out->push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xF0 | (code >> 18)));
      out->push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
    }
  }

  Result<unsigned> hex4() {
    if (pos_ + 4 > text_.size()) return fail("short \\u escape");
    unsigned code = 0;
    for (int i = 0; i < 4; ++i) {
      char h = text_[pos_++];
      code <<= 4;
      if (h >= '0' && h <= '9') code |= static_cast<unsigned>(h - '0');
      else if (h >= 'a' && h <= 'f') code |= static_cast<unsigned>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') code |= static_cast<unsigned>(h - 'A' + 10);
      else return fail("bad \\u escape");
    }
    return code;
  }

  Status parse_string(std::string* out) {
    ++pos_;  // the opening quote
    for (;;) {
      if (pos_ >= text_.size()) return fail("unterminated string");
      char c = text_[pos_++];
      if (c == '"') return {};
      if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
      if (c != '\\') {
        out->push_back(c);
        continue;
      }
      if (pos_ >= text_.size()) return fail("unterminated string");
      char e = text_[pos_++];
      switch (e) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          Result<unsigned> code = hex4();
          if (!code.ok()) return code.error();
          unsigned value = *code;
          if (value >= 0xD800 && value < 0xDC00 && text_.substr(pos_, 2) == "\\u") {
            pos_ += 2;
            Result<unsigned> low = hex4();
            if (!low.ok()) return low.error();
            if (*low < 0xDC00 || *low >= 0xE000) return fail("bad surrogate pair");
            value = 0x10000 + ((value - 0xD800) << 10) + (*low - 0xDC00);
          }
          append_utf8(out, value);
          break;
        }
        default:
          return fail("bad escape");
      }
    }
  }

  Status parse_array(JsonValue* out, int depth) {
    out->kind = JsonValue::Kind::kArray;
    ++pos_;
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      return {};
    }
    for (;;) {
      out->items.emplace_back();
      if (Status ok = parse_value(&out->items.back(), depth + 1); !ok.ok()) return ok;
      skip_space();
      if (pos_ >= text_.size()) return fail("unterminated array");
      char c = text_[pos_++];
      if (c == ']') return {};
      if (c != ',') return fail("expected ',' or ']'");
    }
  }

  Status parse_object(JsonValue* out, int depth) {
    out->kind = JsonValue::Kind::kObject;
    ++pos_;
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      return {};
    }
    for (;;) {
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != '"') return fail("expected a member name");
      std::string key;
      if (Status ok = parse_string(&key); !ok.ok()) return ok;
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != ':') return fail("expected ':'");
      ++pos_;
      out->members.emplace_back(std::move(key), JsonValue{});
      if (Status ok = parse_value(&out->members.back().second, depth + 1); !ok.ok()) return ok;
      skip_space();
      if (pos_ >= text_.size()) return fail("unterminated object");
      char c = text_[pos_++];
      if (c == '}') return {};
      if (c != ',') return fail("expected ',' or '}'");
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

const JsonValue* JsonValue::find(std::string_view key) const {
  if (kind != Kind::kObject) return nullptr;
  for (const auto& [name, value] : members)
    if (name == key) return &value;
  return nullptr;
}

Result<JsonValue> parse_json(std::string_view text) { return Parser(text).parse_document(); }

void append_json(std::string* out, const JsonValue& v) {
  switch (v.kind) {
    case JsonValue::Kind::kNull: out->append("null"); return;
    case JsonValue::Kind::kBool: out->append(v.boolean ? "true" : "false"); return;
    case JsonValue::Kind::kNumber: {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.10g", v.number);
      out->append(buf);
      return;
    }
    case JsonValue::Kind::kString: append_json_string(out, v.string); return;
    case JsonValue::Kind::kArray:
      out->push_back('[');
      for (size_t i = 0; i < v.items.size(); ++i) {
        if (i) out->push_back(',');
        append_json(out, v.items[i]);
      }
      out->push_back(']');
      return;
    case JsonValue::Kind::kObject:
      out->push_back('{');
      for (size_t i = 0; i < v.members.size(); ++i) {
        if (i) out->push_back(',');
        append_json_string(out, v.members[i].first);
        out->push_back(':');
        append_json(out, v.members[i].second);
      }
      out->push_back('}');
      return;
  }
}

std::string json_string(std::string_view text) {
  std::string out;
  append_json_string(&out, text);
  return out;
}

}  // namespace libero::batch
