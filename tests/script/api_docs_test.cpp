// docs/scripting.md must list every function a script can call (enumerated
// from a live sandbox, so it cannot drift) and the current API version.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "script/behavior_host.h"
#include "script/script_api.h"
#include "script_test_util.h"

using namespace libero::script;
using namespace libero::script::testing;

TEST_CASE("docs/scripting.md documents every API function and the API version") {
  std::ifstream file(std::string(LIBERO_SOURCE_DIR) + "/docs/scripting.md");
  REQUIRE(file.good());
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string docs = buffer.str();

  TempScriptDir dir;
  copy_library(dir);
  dir.write("main.lua", "return function() end\n");
  BehaviorHost host(options_for(dir.path()));
  REQUIRE_MESSAGE(host.start().ok(), host.last_error());
  std::vector<std::string> names = host.api_functions({"lib.option", "lib.geometry"});
  REQUIRE(names.size() > 30);
  for (const std::string& name : names) {
    // Library functions are documented under their module: lib.option.define
    // appears as `option.define(`.
    std::string shown = name;
    if (shown.rfind("lib.", 0) == 0) shown = shown.substr(4);
    CHECK_MESSAGE(docs.find("`" + shown + "(") != std::string::npos, "undocumented: " << shown);
  }
  CHECK(docs.find("API version " + std::to_string(kScriptApiVersion)) != std::string::npos);
}
