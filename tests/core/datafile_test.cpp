// Data files: real temp files through the sandboxed LuaJIT loader, and the
// error messages a person editing them will read.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/datafile.h"

using namespace libero;
using namespace libero::data;

namespace {

// Writes `text` to a fresh file under the build tree and returns its path.
std::string write_temp(const std::string& name, const std::string& text) {
  std::filesystem::path dir = std::filesystem::path(LIBERO_BINARY_DIR) / "test_tmp" / "datafile";
  std::filesystem::create_directories(dir);
  std::filesystem::path path = dir / name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return path.string();
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

TEST_CASE("a data file becomes a tree of numbers, strings, booleans, arrays and maps") {
  std::string path = write_temp("good.lua",
                                "-- comment\n"
                                "local half = 0.5\n"
                                "return {\n"
                                "  name = 'nao', mass = 1 + half, flag = true,\n"
                                "  list = { 1, 2, { x = math.sqrt(16) } },\n"
                                "  empty = {},\n"
                                "}\n");
  Result<DataFile> file = load_data_file(path);
  REQUIRE_MESSAGE(file.ok(), file.error().message);
  const Value& root = file->root;
  CHECK(root.kind == Kind::Map);
  REQUIRE(root.find("name") != nullptr);
  CHECK(root.find("name")->string == "nao");
  CHECK(root.find("mass")->number == doctest::Approx(1.5));
  CHECK(root.find("flag")->boolean);
  const Value* list = root.find("list");
  REQUIRE(list != nullptr);
  REQUIRE(list->is_array());
  REQUIRE(list->items.size() == 3);
  CHECK(list->items[1].number == 2);
  CHECK(list->items[2].find("x")->number == 4);
  CHECK(root.find("empty")->is_array());
  CHECK(root.find("empty")->is_map());
  CHECK(root.find("missing") == nullptr);
  CHECK(file->line_of_entry("nao") == 4);
}

TEST_CASE("line_of_entry finds name = \"...\" entries") {
  Result<DataFile> file = parse_data_text("return {\n  { name = \"a\" },\n  {name='bb'},\n}\n", "x.lua");
  REQUIRE(file.ok());
  CHECK(file->line_of_entry("a") == 2);
  CHECK(file->line_of_entry("bb") == 3);
  CHECK(file->line_of_entry("b") == 0);
  CHECK(file->line_of_entry("") == 0);
}

TEST_CASE("syntax errors name the file and line") {
  std::string path = write_temp("syntax.lua", "return {\n  a = 1,\n  b = = 2,\n}\n");
  Result<DataFile> file = load_data_file(path);
  REQUIRE_FALSE(file.ok());
  CHECK_MESSAGE(starts_with(file.error().message, path + ":3:"), file.error().message);
}

TEST_CASE("the sandbox is empty apart from math") {
  std::string path = write_temp("sandbox.lua",
                                "return { os = os == nil, io = io == nil, require = require == nil,\n"
                                "  load = load == nil, loadstring = loadstring == nil, ffi = ffi == nil,\n"
                                "  string = string == nil, debug = debug == nil, print = print == nil,\n"
                                "  setfenv = setfenv == nil, pi = math.pi }\n");
  Result<DataFile> file = load_data_file(path);
  REQUIRE_MESSAGE(file.ok(), file.error().message);
  for (const char* name : {"os", "io", "require", "load", "loadstring", "ffi", "string", "debug", "print",
                           "setfenv"}) {
    INFO(name);
    CHECK(file->root.find(name)->boolean);
  }
  CHECK(file->root.find("pi")->number == doctest::Approx(3.14159265358979));
}

TEST_CASE("runtime errors in a data file name the file and line") {
  std::string path = write_temp("runtime.lua", "local x = 1\nos.exit(1)\nreturn {}\n");
  Result<DataFile> file = load_data_file(path);
  REQUIRE_FALSE(file.ok());
  CHECK_MESSAGE(starts_with(file.error().message, path + ":2:"), file.error().message);
  CHECK(file.error().message.find("os") != std::string::npos);
}

TEST_CASE("an endless loop is stopped by the instruction budget") {
  std::string path = write_temp("loop.lua", "local i = 0\nwhile true do i = i + 1 end\nreturn {}\n");
  Result<DataFile> file = load_data_file(path);
  REQUIRE_FALSE(file.ok());
  CHECK_MESSAGE(file.error().message.find("instructions") != std::string::npos, file.error().message);
}

TEST_CASE("a memory blow-up is stopped by the memory budget") {
  std::string path = write_temp("memory.lua", "local s = 'x'\nfor i = 1, 40 do s = s .. s end\nreturn {}\n");
  Result<DataFile> file = load_data_file(path);
  REQUIRE_FALSE(file.ok());
  CHECK_MESSAGE(file.error().message == path + ": evaluation exceeded 256 MB of memory (a data file should be small)",
                file.error().message);
  // The loader still works afterwards.
  CHECK(parse_data_text("return { 1 }", "after.lua").ok());
}

TEST_CASE("binary chunks are refused") {
  std::string path = write_temp("binary.lua", std::string("\x1bLJ\x02\x00junk", 9));
  Result<DataFile> file = load_data_file(path);
  REQUIRE_FALSE(file.ok());
  CHECK(starts_with(file.error().message, path));
}

TEST_CASE("only data converts: bad shapes of tables and values are errors with a path") {
  struct Case {
    const char* text;
    const char* expected;
  };
  const Case cases[] = {
      {"return 42", "must return a table (it returned a number)"},
      {"return { f = function() end }", "f: a function is not data"},
      {"return { a = { 1, x = 2 } }", "a: table mixes array items and named fields"},
      {"return { a = { [1] = 1, [3] = 3 } }", "a: array has holes"},
      {"return { a = { [0.5] = 1 } }", "a: table keys must be strings"},
      {"return { a = { b = { 1, 2, true, { 0/0 } } } }", "a.b[4][1]: number is not finite"},
      {"local t = {}\nt.self = t\nreturn t", "nested too deeply"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    Result<DataFile> file = parse_data_text(c.text, "case.lua");
    REQUIRE_FALSE(file.ok());
    CHECK_MESSAGE(file.error().message.find(c.expected) != std::string::npos, file.error().message);
    CHECK(starts_with(file.error().message, "case.lua"));
  }
}

TEST_CASE("a missing file is a clear error") {
  Result<DataFile> file = load_data_file("/nonexistent/dir/robot.lua");
  REQUIRE_FALSE(file.ok());
  CHECK(file.error().message == "/nonexistent/dir/robot.lua: cannot open file");
}

TEST_CASE("FieldReader reports missing, wrongly typed and unknown fields with file:line and context") {
  Result<DataFile> file = parse_data_text(
      "return {\n"
      "  joints = {\n"
      "    { name = \"rlj3\", min = -25, max = 'lots' },\n"
      "    { name = \"rlj4\", min = -130 },\n"
      "    { name = \"rlj5\", min = -45, max = 75, mas = 1 },\n"
      "    { name = \"rlj6\", min = -25, max = 45, speed = 3 },\n"
      "  },\n"
      "}\n",
      "robots/nao/nao.lua");
  REQUIRE(file.ok());
  const Value& joints = *file->root.find("joints");

  FieldReader wrong_type(*file, joints.items[0], "joint rlj3", "rlj3");
  CHECK(wrong_type.number("min") == -25);
  CHECK(wrong_type.number("max") == 0);
  CHECK_FALSE(wrong_type.ok());
  CHECK(wrong_type.error().message ==
        "robots/nao/nao.lua:3: joint rlj3: 'max' must be a number (it is a string)");

  FieldReader missing(*file, joints.items[1], "joint rlj4", "rlj4");
  missing.number("min");
  missing.number("max");
  CHECK(missing.error().message == "robots/nao/nao.lua:4: joint rlj4: 'max' is missing");

  FieldReader misspelt(*file, joints.items[2], "joint rlj5", "rlj5");
  misspelt.string("name");
  misspelt.number("min");
  misspelt.number("max");
  CHECK(misspelt.ok());
  Status status = misspelt.finish();
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().message == "robots/nao/nao.lua:5: joint rlj5: unknown field 'mas'");

  FieldReader optional(*file, joints.items[3], "joint rlj6", "rlj6");
  optional.string("name");
  CHECK(optional.number_or("torque", 10) == 10);
  CHECK(optional.number_or("speed", 1) == 3);
  CHECK(optional.string_or("only_if", "none") == "none");
  CHECK(optional.boolean_or("flag", true));
  optional.number("min");
  optional.number("max");
  CHECK(optional.finish().ok());

  FieldReader not_a_map(*file, joints.items[0].find("min") ? *joints.items[0].find("min") : joints,
                        "joint x");
  CHECK_FALSE(not_a_map.ok());
  CHECK(not_a_map.error().message == "robots/nao/nao.lua: joint x: must be a table of named fields");
}
