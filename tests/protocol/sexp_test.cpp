// The S-expression parser: structure, navigation, numbers, limits and every
// error path.
#include <doctest/doctest.h>

#include <clocale>
#include <string>

#include "protocol/sexp.h"

using namespace libero;

namespace {

// Parses and returns the error offset, or -2 when the parse succeeded.
std::ptrdiff_t error_offset(sexp::Parser& parser, std::string_view text) {
  Status s = parser.parse(text);
  if (s.ok()) return -2;
  CHECK_FALSE(s.error().message.empty());
  return s.error().offset;
}

}  // namespace

TEST_CASE("sexp parses nested lists and atoms") {
  sexp::Parser parser;
  REQUIRE(parser.parse("(HJ (n hj1) (ax -0.50))(syn)").ok());
  sexp::Value root = parser.root();
  CHECK(root.is_list());
  CHECK(root.offset() == 0);
  CHECK(root.size() == 2);
  sexp::Value hj = root.first();
  CHECK(hj.tag() == "HJ");
  CHECK(hj.size() == 3);
  CHECK(hj.offset() == 0);
  CHECK(hj.text() == "(HJ (n hj1) (ax -0.50))");
  CHECK(hj[1].tag() == "n");
  CHECK(hj[1][1].text() == "hj1");
  CHECK(hj[1][1].offset() == 7);
  CHECK(hj[1][1].is("hj1"));
  CHECK_FALSE(hj[1].is("hj1"));
  double angle = 0;
  CHECK(hj[2][1].as_double(&angle));
  CHECK(angle == -0.5);
  CHECK(hj.next().tag() == "syn");
  CHECK(hj.next().size() == 1);
  CHECK_FALSE(hj.next().next().valid());
  CHECK(parser.node_count() == 11);  // root + 10
}

TEST_CASE("sexp range-for visits every element in order") {
  sexp::Parser parser;
  REQUIRE(parser.parse("(a 1 2 (b) 3)").ok());
  std::string seen;
  for (sexp::Value v : parser.root().first()) {
    seen += v.is_list() ? std::string(v.tag()) + "()" : std::string(v.text());
    seen += ',';
  }
  CHECK(seen == "a,1,2,b(),3,");
  int count = 0;
  for (sexp::Value v : parser.root()) count += v.valid() ? 1 : 0;
  CHECK(count == 1);
}

TEST_CASE("sexp missing values answer safely") {
  sexp::Parser parser;
  REQUIRE(parser.parse("(a) () b").ok());
  sexp::Value root = parser.root();
  CHECK(root.size() == 3);
  sexp::Value missing = root[7];
  CHECK_FALSE(missing.valid());
  CHECK_FALSE(missing);
  CHECK(missing.text().empty());
  CHECK(missing.tag().empty());
  CHECK(missing.size() == 0);
  CHECK(missing.offset() == -1);
  CHECK_FALSE(missing.first().valid());
  CHECK_FALSE(missing.next().valid());
  CHECK_FALSE(missing[0].valid());
  double d = 42;
  CHECK_FALSE(missing.as_double(&d));
  CHECK(d == 42);
  CHECK_FALSE(root[-1].valid());

  sexp::Value empty = root[1];
  CHECK(empty.is_list());
  CHECK(empty.size() == 0);
  CHECK(empty.tag().empty());
  CHECK_FALSE(empty.first().valid());
  CHECK(root[2].is_atom());
  CHECK(root[2].size() == 0);
  CHECK(root[2].tag().empty());
  CHECK_FALSE(root[0].as_double(&d));  // a list is not a number
}

TEST_CASE("sexp whitespace and atom bytes") {
  sexp::Parser parser;
  REQUIRE(parser.parse(" \t\r\n( say\t\"q;x!~ )\n").ok());
  sexp::Value say = parser.root().first();
  CHECK(say.size() == 2);
  CHECK(say[1].text() == "\"q;x!~");
  // Bytes above 0x7F are ordinary atom bytes (e.g. UTF-8 in names).
  REQUIRE(parser.parse("(team \xC3\xA9quipe)").ok());
  CHECK(parser.root().first()[1].text() == "\xC3\xA9quipe");
  // Empty input is an empty message.
  REQUIRE(parser.parse("").ok());
  CHECK(parser.root().size() == 0);
  REQUIRE(parser.parse("   ").ok());
  CHECK(parser.root().size() == 0);
}

TEST_CASE("sexp ignores trailing NUL bytes but rejects other NULs") {
  sexp::Parser parser;
  REQUIRE(parser.parse(std::string_view("(syn)\0\0", 7)).ok());
  CHECK(parser.root().size() == 1);
  CHECK(error_offset(parser, std::string_view("(s\0yn)", 6)) == 2);
  CHECK(error_offset(parser, std::string_view("(syn)\0 ", 7)) == 5);
}

TEST_CASE("sexp structural errors carry the byte offset") {
  sexp::Parser parser;
  CHECK(error_offset(parser, ")") == 0);
  CHECK(error_offset(parser, "(a))") == 3);
  CHECK(error_offset(parser, "(a)(b") == 5);           // truncated: offset = end of input
  CHECK(error_offset(parser, "(a (b (c)") == 9);
  CHECK(error_offset(parser, "(a\x01)") == 2);           // control byte
  CHECK(error_offset(parser, "(a\x7F)") == 2);
  Status s = parser.parse("(a (b (c)");
  CHECK(s.error().message.find("byte 3") != std::string::npos);  // names the unclosed list
  CHECK(s.error().describe().find("at byte 9") != std::string::npos);
  // A failed parse leaves an empty root, not half a tree.
  CHECK(parser.root().size() == 0);
  CHECK(parser.node_count() == 1);
}

TEST_CASE("sexp truncation at every byte of a message is an error or a shorter message") {
  const std::string message = "(time (now 13.20))(GS (sl 0) (sr 0) (t 0.00) (pm BeforeKickOff))(HJ (n hj1) (ax -0.00))";
  sexp::Parser parser;
  for (size_t cut = 0; cut <= message.size(); ++cut) {
    Status s = parser.parse(std::string_view(message).substr(0, cut));
    if (!s.ok()) {
      CHECK(s.error().offset >= 0);
      CHECK(static_cast<size_t>(s.error().offset) <= cut);
    }
  }
}

TEST_CASE("sexp limits: size, depth, node count") {
  sexp::Limits limits;
  limits.max_bytes = 32;
  limits.max_depth = 3;
  limits.max_nodes = 6;
  sexp::Parser parser(limits);
  CHECK(parser.limits().max_bytes == 32);

  CHECK(error_offset(parser, std::string(33, ' ')) == 32);
  CHECK(error_offset(parser, std::string(32, ' ')) == -2);

  CHECK(error_offset(parser, "(((a)))") == -2);   // depth 3
  CHECK(error_offset(parser, "((((a))))") == 3);  // 4th '(' is the offence
  Status deep = parser.parse("((((a))))");
  CHECK(deep.error().message.find("deeper") != std::string::npos);

  CHECK(error_offset(parser, "(a b c d e)") == -2);  // 6 nodes
  CHECK(error_offset(parser, "(a b c d e f)") == 11);
  Status many = parser.parse("(a b c d e f)");
  CHECK(many.error().message.find("nodes") != std::string::npos);

  // The default limits hold a very deep or very wide hostile message safely.
  sexp::Parser defaults;
  CHECK(error_offset(defaults, std::string(100000, '(')) == static_cast<std::ptrdiff_t>(sexp::Limits{}.max_bytes));
  CHECK(error_offset(defaults, std::string(1000, '(')) == sexp::Limits{}.max_depth);
  std::string wide = "(";
  for (int i = 0; i < 20000; ++i) wide += "a ";
  wide += ")";
  CHECK(error_offset(defaults, wide) > 0);
  // And recovers for the next message.
  CHECK(defaults.parse("(syn)").ok());
  CHECK(defaults.root().first().tag() == "syn");
}

TEST_CASE("parse_double accepts plain decimals") {
  double d = 0;
  CHECK(sexp::parse_double("0", &d));
  CHECK(d == 0);
  CHECK(sexp::parse_double("-0.00", &d));
  CHECK(d == 0);
  CHECK(sexp::parse_double("13.20", &d));
  CHECK(d == doctest::Approx(13.2));
  CHECK(sexp::parse_double("-57.82", &d));
  CHECK(d == doctest::Approx(-57.82));
  CHECK(sexp::parse_double("+1.5", &d));
  CHECK(d == 1.5);
  CHECK(sexp::parse_double(".5", &d));
  CHECK(d == 0.5);
  CHECK(sexp::parse_double("-.25", &d));
  CHECK(d == -0.25);
  CHECK(sexp::parse_double("1.5e3", &d));
  CHECK(d == 1500);
  CHECK(sexp::parse_double("2E-2", &d));
  CHECK(d == doctest::Approx(0.02));
  CHECK(sexp::parse_double("7.", &d));
  CHECK(d == 7);
}

TEST_CASE("parse_double rejects garbage and non-finite values") {
  const char* bad[] = {"",     "-",    "+",     ".",     "1.2.3", "12abc", "abc",  "nan",  "NaN",
                       "-nan", "inf",  "-inf",  "+inf",  "infinity", "0x10", "1e",   "1e+",  "--1",
                       "+-1",  "1-",   "1e999", "-1e999", " 1",   "1 ",    "1,5",  "e5",   "1..2"};
  for (const char* text : bad) {
    double d = 42;
    CHECK_MESSAGE(!sexp::parse_double(text, &d), text);
    CHECK(d == 42);  // untouched on rejection
  }
}

TEST_CASE("parse_float and parse_int") {
  float f = 0;
  CHECK(sexp::parse_float("-0.5", &f));
  CHECK(f == -0.5f);
  CHECK_FALSE(sexp::parse_float("1e39", &f));  // finite as double, not as float
  CHECK_FALSE(sexp::parse_float("nan", &f));
  int i = 0;
  CHECK(sexp::parse_int("11", &i));
  CHECK(i == 11);
  CHECK(sexp::parse_int("-3", &i));
  CHECK(i == -3);
  CHECK(sexp::parse_int("+4", &i));
  CHECK(i == 4);
  const char* bad[] = {"", "-", "1.0", "1e2", "abc", "99999999999", "0x1", "1 ", "--1"};
  for (const char* text : bad) {
    int v = 42;
    CHECK_MESSAGE(!sexp::parse_int(text, &v), text);
    CHECK(v == 42);
  }
}

TEST_CASE("number parsing does not depend on the C locale") {
  // Debian containers often have no other locale; where one exists, a comma
  // decimal separator must not change the result.
  const char* comma_locales[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8"};
  const char* previous = std::setlocale(LC_NUMERIC, nullptr);
  const std::string saved = previous != nullptr ? previous : "C";
  for (const char* name : comma_locales) {
    if (std::setlocale(LC_NUMERIC, name) == nullptr) continue;
    double d = 0;
    CHECK(sexp::parse_double("1.25", &d));
    CHECK(d == 1.25);
    CHECK_FALSE(sexp::parse_double("1,25", &d));
  }
  std::setlocale(LC_NUMERIC, saved.c_str());
  double d = 0;
  CHECK(sexp::parse_double("1.25", &d));
  CHECK(d == 1.25);
}

TEST_CASE("sexp parses agent effector messages for the simulator side") {
  sexp::Parser parser;
  REQUIRE(parser.parse("(init (unum 1)(teamname Probe))(he1 0.5)(rle4 -3.2)(beam -5 0 90)(say hi!)(syn)").ok());
  sexp::Value root = parser.root();
  REQUIRE(root.size() == 6);
  sexp::Value init = root[0];
  CHECK(init.tag() == "init");
  int unum = 0;
  CHECK(init[1].tag() == "unum");
  CHECK(init[1][1].as_int(&unum));
  CHECK(unum == 1);
  CHECK(init[2][1].text() == "Probe");
  float v = 0;
  CHECK(root[2].tag() == "rle4");
  CHECK(root[2][1].as_float(&v));
  CHECK(v == doctest::Approx(-3.2f));
  CHECK(root[4][1].text() == "hi!");
  CHECK(root[5].tag() == "syn");
}
