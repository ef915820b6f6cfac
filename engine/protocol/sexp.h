// A zero-copy S-expression parser for SimSpark-style messages, usable in
// both directions (server percepts, agent effector messages).
//
// Grammar: a message is a sequence of expressions; an expression is an atom
// or a parenthesised list of expressions. Atoms are maximal runs of bytes
// other than whitespace (space, \t, \n, \r) and parentheses. There is no
// quoting: SimSpark prints strings verbatim, and say/hear messages can
// never contain spaces or parentheses. Control bytes (0x00-0x1F other than
// whitespace, and 0x7F) are rejected, except NUL bytes at the very end of
// the message, which some clients append and which are ignored.
//
// Usage:
//   sexp::Parser parser;                       // allocates its node pool once
//   if (Status s = parser.parse(text); !s.ok()) ...s.error().describe()...
//   for (sexp::Value item : parser.root()) {   // top-level expressions
//     if (item.tag() == "HJ") ...
//   }
//
// Parsing never allocates: nodes come from a fixed-capacity pool owned by the
// Parser, atoms are views into the input text. Values are small handles
// (parser pointer + node index); they are valid until the next parse() and
// the input text must outlive them. Limits (bytes, depth, nodes) are checked
// and reported as an Error with the byte offset where the limit was hit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "core/result.h"

namespace libero::sexp {

struct Limits {
  size_t max_bytes = 64 * 1024;  // real messages 0.6-2.5 kB; 22 robots in view with all parts ~7 kB
  int max_depth = 16;            // deepest real nesting is 4: (See (P (head (pol ...))))
  int max_nodes = 8192;          // atoms + lists per message; that fullest message has ~1600
};

// One atom or list in the pool. Public so tools can inspect a parse, but
// normal code walks Values.
struct Node {
  uint32_t begin = 0;          // offset of the atom's first byte, or of '('
  uint32_t end = 0;            // one past the atom's last byte, or past ')'
  int32_t first_child = -1;    // lists only; -1 when empty
  int32_t next_sibling = -1;   // -1 for the last element of a list
  uint32_t child_count = 0;    // lists only
  bool is_list = false;
};

class Parser;

// A handle to one node of the last parse. A default-constructed Value (or the
// Value returned past the end of a list) is "missing": valid() is false and
// every accessor returns an empty/zero answer, so chains such as
// item[1].as_double(&x) fail cleanly instead of crashing.
class Value {
 public:
  Value() = default;

  bool valid() const { return parser_ != nullptr && index_ >= 0; }
  explicit operator bool() const { return valid(); }
  bool is_list() const;
  bool is_atom() const;

  // Atom text; for a list, its whole source text including the parentheses.
  std::string_view text() const;
  // Byte offset of this node in the input (for error messages); -1 if missing.
  std::ptrdiff_t offset() const;

  // Lists: number of elements, first element, i-th element (linear time).
  int size() const;
  Value first() const;
  Value operator[](int i) const;
  // Next element of the enclosing list (missing after the last one).
  Value next() const;

  // The text of a list's first element when that is an atom ("" otherwise):
  // the tag of "(HJ (n hj1) (ax 0.00))" is "HJ".
  std::string_view tag() const;
  // True for an atom whose text equals s.
  bool is(std::string_view s) const { return is_atom() && text() == s; }

  // Strict, locale-independent number reads of an atom (see parse_double).
  // Return false (and leave *out untouched) for lists, missing values and
  // text that is not a whole number.
  bool as_double(double* out) const;
  bool as_float(float* out) const;
  bool as_int(int* out) const;

  // Range-for over a list's elements (see ValueIterator below).
  class ValueIterator begin() const;
  class ValueIterator end() const;

 private:
  friend class Parser;
  friend class ValueIterator;
  Value(const Parser* parser, int32_t index) : parser_(parser), index_(index) {}
  const Node* node() const;

  const Parser* parser_ = nullptr;
  int32_t index_ = -1;
};

class ValueIterator {
 public:
  explicit ValueIterator(Value v) : v_(v) {}
  Value operator*() const { return v_; }
  ValueIterator& operator++() {
    v_ = v_.next();
    return *this;
  }
  bool operator!=(const ValueIterator& other) const { return v_.index_ != other.v_.index_; }

 private:
  Value v_;
};

inline ValueIterator Value::begin() const { return ValueIterator(first()); }
inline ValueIterator Value::end() const { return ValueIterator(Value()); }

class Parser {
 public:
  explicit Parser(Limits limits = {});
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // Parses `text` (which must outlive the Values read from it). On error the
  // root is an empty list and the Error carries the byte offset.
  Status parse(std::string_view text);

  // A list holding the top-level expressions of the last successful parse
  // (it has no parentheses of its own; its offset is 0).
  Value root() const { return Value(this, 0); }

  int node_count() const { return node_count_; }
  const Node& node(int index) const { return nodes_[index]; }
  std::string_view input() const { return input_; }
  const Limits& limits() const { return limits_; }

 private:
  Limits limits_;
  std::unique_ptr<Node[]> nodes_;
  std::unique_ptr<int32_t[]> parent_stack_;      // enclosing open lists while parsing, max_depth + 1
  std::unique_ptr<int32_t[]> last_child_stack_;  // their last elements so far, same size
  int node_count_ = 0;
  std::string_view input_;
};

// ---- inline accessors (hot in the decoders)

inline const Node* Value::node() const { return valid() ? &parser_->node(index_) : nullptr; }
inline bool Value::is_list() const {
  const Node* n = node();
  return n != nullptr && n->is_list;
}
inline bool Value::is_atom() const {
  const Node* n = node();
  return n != nullptr && !n->is_list;
}
inline std::string_view Value::text() const {
  const Node* n = node();
  if (n == nullptr) return {};
  return std::string_view(parser_->input().data() + n->begin, n->end - n->begin);
}
inline std::ptrdiff_t Value::offset() const {
  const Node* n = node();
  return n == nullptr ? -1 : static_cast<std::ptrdiff_t>(n->begin);
}
inline int Value::size() const {
  const Node* n = node();
  return n != nullptr && n->is_list ? static_cast<int>(n->child_count) : 0;
}
inline Value Value::first() const {
  const Node* n = node();
  if (n == nullptr || !n->is_list || n->first_child < 0) return Value();
  return Value(parser_, n->first_child);
}
inline Value Value::next() const {
  const Node* n = node();
  if (n == nullptr || n->next_sibling < 0) return Value();
  return Value(parser_, n->next_sibling);
}
inline Value Value::operator[](int i) const {
  if (i < 0 || i >= size()) return Value();
  Value v = first();
  for (; i > 0; --i) v = v.next();
  return v;
}
inline std::string_view Value::tag() const {
  Value head = first();
  return head.is_atom() ? head.text() : std::string_view();
}

// Strict, locale-independent number parsing shared by both codec directions.
// Accepted: an optional '-' (or '+'), digits with an optional fraction, an
// optional exponent ("-0.00", "12", "1.5e3", ".5"). Rejected: empty text,
// trailing garbage ("1.2.3", "12abc"), hex, "nan"/"inf" in any spelling, and
// values that overflow (the result must be finite). Returns false and leaves
// *out untouched on rejection.
bool parse_double(std::string_view text, double* out);
// As parse_double, and the value must be finite as a float too.
bool parse_float(std::string_view text, float* out);
// Decimal integer with an optional sign, in int range; no fraction.
bool parse_int(std::string_view text, int* out);

}  // namespace libero::sexp
