// Named numbers of Lua data files: found through nested tables, not in
// comments or strings; replaced without touching anything else; parameter
// ranges parsed and refused.
#include <doctest/doctest.h>

#include <cmath>

#include "tools/optimize/optimize.h"
#include "tools/optimize/param_file.h"

using namespace libero::optimize;

namespace {
const char* kFile = R"(-- a data file: x = 99 in a comment is no field
return {
  walk = 0.6, turn = -1.5e-1,   -- two on a line
  name = "speed = 7",           -- a string is no field
  --[[ long comment: hidden = 3 ]]
  kick = { reach = 0.45, inner = { depth = 2 } },
  gain = 1.5,                   -- its search range 0.5..2.5, from the file
  bad_range = 3,                -- range 5..1 is refused (LO < HI)
  list = { 1, 2, { first = 5 }, { second = 6, deeper = { 7, { x = 8 } } } },
  flag = true,
}
)";
}

TEST_CASE("number fields are found by their dotted path") {
  auto fields = scan_number_fields(kFile);
  REQUIRE(fields.ok());
  std::vector<std::string> paths;
  for (const auto& f : *fields) paths.push_back(f.path);
  // Unnamed tables (list elements: a motion file's frames) are numbered
  // among their parent's unnamed tables.
  CHECK(paths == std::vector<std::string>{"walk", "turn", "kick.reach", "kick.inner.depth", "gain", "bad_range",
                                          "list.1.first", "list.2.second", "list.2.deeper.1.x"});
  CHECK((*fields)[4].has_range);
  CHECK((*fields)[4].range_lo == doctest::Approx(0.5));
  CHECK((*fields)[4].range_hi == doctest::Approx(2.5));
  CHECK_FALSE((*fields)[5].has_range);
  CHECK_FALSE((*fields)[0].has_range);
  CHECK((*fields)[1].value == doctest::Approx(-0.15));
  CHECK(std::string(kFile).substr((*fields)[2].begin, (*fields)[2].end - (*fields)[2].begin) == "0.45");
  CHECK_FALSE(scan_number_fields("return { a = 1, a = 2 }").ok());
  CHECK_FALSE(scan_number_fields("return { a = 1 }}").ok());
}

TEST_CASE("setting fields replaces only their numbers") {
  auto edited = set_number_fields(kFile, {{"turn", 0.25}, {"kick.inner.depth", 3.5}});
  REQUIRE(edited.ok());
  std::string expected = kFile;
  expected.replace(expected.find("-1.5e-1"), 7, "0.25");
  expected.replace(expected.find("depth = 2"), 9, "depth = 3.5");
  CHECK(*edited == expected);
  auto again = scan_number_fields(*edited);
  REQUIRE(again.ok());
  CHECK((*again)[3].value == doctest::Approx(3.5));
  CHECK_FALSE(set_number_fields(kFile, {{"missing", 1}}).ok());
  CHECK_FALSE(set_number_fields(kFile, {{"name", 1}}).ok());  // a string, not a number
}

TEST_CASE("parameter lists: ranges given or around the file's value") {
  auto fields = scan_number_fields(kFile);
  REQUIRE(fields.ok());
  auto specs = parse_param_specs("walk=0.2:1.0,kick.reach", *fields);
  REQUIRE(specs.ok());
  REQUIRE(specs->size() == 2);
  CHECK((*specs)[0].lo == doctest::Approx(0.2));
  CHECK((*specs)[0].hi == doctest::Approx(1.0));
  CHECK((*specs)[0].start == doctest::Approx(0.6));
  CHECK((*specs)[1].lo == doctest::Approx(0.225));  // 0.45 -+ 50 %
  CHECK((*specs)[1].hi == doctest::Approx(0.675));
  auto from_file = parse_param_specs("gain,gain=1:2", *fields);
  CHECK_FALSE(from_file.ok());  // listed twice
  from_file = parse_param_specs("gain", *fields);
  REQUIRE(from_file.ok());
  CHECK((*from_file)[0].lo == doctest::Approx(0.5));  // the file's range
  CHECK((*from_file)[0].hi == doctest::Approx(2.5));
  from_file = parse_param_specs("gain=1:2", *fields);  // the command line's wins
  REQUIRE(from_file.ok());
  CHECK((*from_file)[0].lo == doctest::Approx(1));
  for (const char* bad : {"", "walk,walk", "nope", "walk=1", "walk=1:0", "walk=a:b", "walk=0:1,", "name"})
    CHECK_MESSAGE(!parse_param_specs(bad, *fields).ok(), bad);
}

TEST_CASE("the run's plot holds every generation and the held-out points") {
  Generation g;
  g.index = 0;
  g.fitness = {1.0, -2.0, NAN};
  g.values = {{0.1}, {0.2}, {0.3}};
  g.mean = {0.15};
  std::string html = progress_html("run <1>", {"walk"}, {g}, {{"start", {0.6}, 0.5, 4}});
  CHECK(html.find("run &lt;1&gt;") != std::string::npos);
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("<circle") != std::string::npos);
  CHECK(html.find("held out") != std::string::npos);
  std::string json = generation_json(g);
  CHECK(json.find("\"generation\":0") != std::string::npos);
}
