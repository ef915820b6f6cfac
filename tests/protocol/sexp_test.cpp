#include <doctest/doctest.h>

#include "protocol/sexp.h"

using namespace libero;

TEST_CASE("sexp parses nested lists and atoms") {
  sexp::Parser parser;
  REQUIRE(parser.parse("(HJ (n hj1) (ax -0.50))(syn)").ok());
  sexp::Value root = parser.root();
  CHECK(root.size() == 2);
  sexp::Value hj = root.first();
  CHECK(hj.tag() == "HJ");
  CHECK(hj.size() == 3);
  CHECK(hj[1].tag() == "n");
  CHECK(hj[1][1].text() == "hj1");
  double angle = 0;
  CHECK(hj[2][1].as_double(&angle));
  CHECK(angle == -0.5);
  CHECK(hj.next().tag() == "syn");
  CHECK_FALSE(hj.next().next().valid());
}
