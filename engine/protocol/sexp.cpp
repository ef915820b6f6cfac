#include "protocol/sexp.h"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <system_error>

namespace libero::sexp {

namespace {

enum ByteClass : uint8_t { kAtomByte = 0, kSpace, kOpen, kClose, kBadByte };

constexpr std::array<uint8_t, 256> make_byte_classes() {
  std::array<uint8_t, 256> table{};
  for (int i = 0; i < 256; ++i) table[i] = kAtomByte;
  for (int i = 0; i < 0x20; ++i) table[i] = kBadByte;
  table[0x7F] = kBadByte;
  table[' '] = kSpace;
  table['\t'] = kSpace;
  table['\n'] = kSpace;
  table['\r'] = kSpace;
  table['('] = kOpen;
  table[')'] = kClose;
  return table;
}
constexpr std::array<uint8_t, 256> kByteClass = make_byte_classes();

std::string hex_byte(unsigned char c) {
  const char* digits = "0123456789ABCDEF";
  std::string s = "0x";
  s += digits[c >> 4];
  s += digits[c & 15];
  return s;
}

// from_chars does not take a leading '+'; we accept one when a digit or '.'
// follows, so "+1" reads like "1" but "+-1" and "+" stay garbage.
std::string_view strip_plus(std::string_view text) {
  if (text.size() >= 2 && text[0] == '+' && (text[1] == '.' || (text[1] >= '0' && text[1] <= '9')))
    return text.substr(1);
  return text;
}

// ---------------------------------------------------------------- numbers

// Fast path for the server's own format ("-12.34": sign, at most 15 digits,
// optional fraction, no exponent). The digits form an exact integer below
// 2^53 and 10^k (k <= 15) is exact, so one IEEE division gives the correctly
// rounded result, the same as from_chars. Everything else takes from_chars.
bool parse_plain_decimal(std::string_view text, double* out) {
  static constexpr double kPow10[16] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  const char* p = text.data();
  const char* end = p + text.size();
  const bool negative = p != end && *p == '-';
  if (negative) ++p;
  uint64_t mantissa = 0;
  int digits = 0, fraction_digits = 0;
  for (; p != end && *p >= '0' && *p <= '9'; ++p, ++digits) mantissa = mantissa * 10 + static_cast<uint64_t>(*p - '0');
  if (p != end && *p == '.') {
    for (++p; p != end && *p >= '0' && *p <= '9'; ++p, ++digits, ++fraction_digits)
      mantissa = mantissa * 10 + static_cast<uint64_t>(*p - '0');
  }
  if (p != end || digits == 0 || digits > 15) return false;
  const double value = static_cast<double>(mantissa) / kPow10[fraction_digits];
  *out = negative ? -value : value;
  return true;
}

}  // namespace

bool parse_double(std::string_view text, double* out) {
  text = strip_plus(text);
  if (text.empty()) return false;
  if (parse_plain_decimal(text, out)) return true;
  // from_chars would accept "nan"/"inf"; they are never valid data here.
  // A cheap first-byte check keeps them out before parsing.
  const char c0 = text[0] == '-' && text.size() > 1 ? text[1] : text[0];
  if (!((c0 >= '0' && c0 <= '9') || c0 == '.')) return false;
  double value = 0;
  const char* first = text.data();
  const char* last = first + text.size();
  auto [ptr, ec] = std::from_chars(first, last, value, std::chars_format::general);
  if (ec != std::errc() || ptr != last) return false;
  if (!std::isfinite(value)) return false;
  *out = value;
  return true;
}

bool parse_float(std::string_view text, float* out) {
  double value = 0;
  if (!parse_double(text, &value)) return false;
  if (std::fabs(value) > static_cast<double>(std::numeric_limits<float>::max())) return false;
  *out = static_cast<float>(value);
  return true;
}

bool parse_int(std::string_view text, int* out) {
  text = strip_plus(text);
  if (text.empty()) return false;
  int value = 0;
  const char* first = text.data();
  const char* last = first + text.size();
  auto [ptr, ec] = std::from_chars(first, last, value, 10);
  if (ec != std::errc() || ptr != last) return false;
  *out = value;
  return true;
}

// ---------------------------------------------------------------- Value

bool Value::as_double(double* out) const { return is_atom() && parse_double(text(), out); }
bool Value::as_float(float* out) const { return is_atom() && parse_float(text(), out); }
bool Value::as_int(int* out) const { return is_atom() && parse_int(text(), out); }

// ---------------------------------------------------------------- Parser

Parser::Parser(Limits limits) : limits_(limits) {
  // Offsets are stored in 32 bits; depth and node counts need at least the root.
  if (limits_.max_bytes > 0x7FFFFFFFu) limits_.max_bytes = 0x7FFFFFFFu;
  if (limits_.max_depth < 1) limits_.max_depth = 1;
  if (limits_.max_nodes < 1) limits_.max_nodes = 1;
  nodes_ = std::make_unique<Node[]>(static_cast<size_t>(limits_.max_nodes) + 1);
  parent_stack_ = std::make_unique<int32_t[]>(static_cast<size_t>(limits_.max_depth) + 1);
  last_child_stack_ = std::make_unique<int32_t[]>(static_cast<size_t>(limits_.max_depth) + 1);
  nodes_[0] = Node{0, 0, -1, -1, 0, true};
  node_count_ = 1;
}

Status Parser::parse(std::string_view text) {
  // Start from an empty root so a failed parse leaves nothing half-linked.
  input_ = {};
  nodes_[0] = Node{0, 0, -1, -1, 0, true};
  node_count_ = 1;

  if (text.size() > limits_.max_bytes)
    return make_error("message of " + std::to_string(text.size()) + " bytes exceeds the limit of " +
                          std::to_string(limits_.max_bytes),
                      static_cast<std::ptrdiff_t>(limits_.max_bytes));
  while (!text.empty() && text.back() == '\0') text.remove_suffix(1);

  // Locals instead of members in the loop: node writes (int32 fields) could
  // alias members as far as the compiler knows, forcing reloads per byte.
  const char* data = text.data();
  const uint32_t size = static_cast<uint32_t>(text.size());
  const int32_t node_limit = limits_.max_nodes + 1;  // + the root
  const int max_depth = limits_.max_depth;
  Node* nodes = nodes_.get();
  int32_t* saved_parent = parent_stack_.get();  // enclosing lists' state, by depth
  int32_t* saved_last = last_child_stack_.get();
  int32_t count = 1;
  int depth = 0;            // open lists besides the root
  int32_t parent = 0;       // innermost open list
  int32_t last_child = -1;  // its last element so far

  auto link = [&](int32_t index) {
    if (last_child < 0)
      nodes[parent].first_child = index;
    else
      nodes[last_child].next_sibling = index;
    last_child = index;
    ++nodes[parent].child_count;
  };
  auto fail = [&](std::string message, uint32_t offset) -> Status {
    nodes[0] = Node{0, 0, -1, -1, 0, true};
    node_count_ = 1;
    return make_error(std::move(message), static_cast<std::ptrdiff_t>(offset));
  };

  uint32_t i = 0;
  while (i < size) {
    const unsigned char c = static_cast<unsigned char>(data[i]);
    switch (kByteClass[c]) {
      case kSpace:
        ++i;
        break;
      case kOpen: {
        if (depth >= max_depth) return fail("lists nested deeper than " + std::to_string(max_depth), i);
        if (count >= node_limit) return fail("more than " + std::to_string(limits_.max_nodes) + " nodes", i);
        const int32_t index = count++;
        nodes[index] = Node{i, i, -1, -1, 0, true};
        link(index);
        saved_parent[depth] = parent;
        saved_last[depth] = last_child;
        ++depth;
        parent = index;
        last_child = -1;
        ++i;
        break;
      }
      case kClose:
        if (depth == 0) return fail("unexpected ')' with no open list", i);
        nodes[parent].end = i + 1;
        --depth;
        parent = saved_parent[depth];
        last_child = saved_last[depth];
        ++i;
        break;
      case kBadByte:
        return fail("unexpected control byte " + hex_byte(c), i);
      default: {
        if (count >= node_limit) return fail("more than " + std::to_string(limits_.max_nodes) + " nodes", i);
        const uint32_t begin = i;
        while (i < size && kByteClass[static_cast<unsigned char>(data[i])] == kAtomByte) ++i;
        const int32_t index = count++;
        nodes[index] = Node{begin, i, -1, -1, 0, false};
        link(index);
        break;
      }
    }
  }
  if (depth > 0)
    return fail("truncated: list opened at byte " + std::to_string(nodes[parent].begin) + " is not closed", size);
  nodes[0].end = size;
  node_count_ = count;
  input_ = text;
  return {};
}

}  // namespace libero::sexp
