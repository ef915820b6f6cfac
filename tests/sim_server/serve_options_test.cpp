// `libero serve` option parsing: good options land in ServerOptions, bad ones
// give an error that names the option.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tools/sim/server/serve_command.h"

using namespace libero;
using namespace libero::sim;

namespace {

Status parse(std::vector<const char*> args, ServerOptions* o, bool* help) {
  return parse_serve_options(static_cast<int>(args.size()), args.data(), o, help);
}

std::string error_of(std::vector<const char*> args) {
  ServerOptions o;
  bool help = false;
  Status s = parse(std::move(args), &o, &help);
  return s.ok() ? std::string() : s.error().describe();
}

}  // namespace

TEST_CASE("serve options: defaults and accepted values") {
  ServerOptions o;
  bool help = false;
  REQUIRE(parse({}, &o, &help).ok());
  CHECK(o.agent_port == 3100);
  CHECK(o.monitor_port == 3200);
  CHECK(o.bind_address == "127.0.0.1");
  CHECK(o.robot_slip < 0);  // the physics file's
  CHECK(o.physics_file.empty());
  CHECK_FALSE(o.sync_mode);
  REQUIRE(parse({"--sync", "--agent-port", "0", "--monitor-port", "off", "--seed", "42", "--robot-types", "0,4",
                 "--max-cycles", "100", "--duration", "2.5", "--ground-truth", "0", "--bind", "0.0.0.0", "--slip", "0.005",
                 "--physics", "/tmp/p.lua"},
                &o, &help)
              .ok());
  CHECK(o.sync_mode);
  CHECK(o.agent_port == 0);
  CHECK(o.monitor_port == -1);
  CHECK(o.seed_given);
  CHECK(o.seed == 42);
  CHECK(o.allowed_types[0]);
  CHECK_FALSE(o.allowed_types[1]);
  CHECK(o.allowed_types[4]);
  CHECK(o.max_cycles == 100);
  CHECK(o.max_wall_seconds == 2.5);
  CHECK(o.ground_truth == "0");
  CHECK(o.bind_address == "0.0.0.0");
  CHECK(o.robot_slip == 0.005);
  CHECK(o.physics_file == "/tmp/p.lua");
  REQUIRE(parse({"--help"}, &o, &help).ok());
  CHECK(help);
}

TEST_CASE("serve options: bad values are clear errors") {
  CHECK(error_of({"--agent-port", "70000"}).find("--agent-port") != std::string::npos);
  CHECK(error_of({"--agent-port"}).find("needs a value") != std::string::npos);
  CHECK(error_of({"--monitor-port", "x"}).find("--monitor-port") != std::string::npos);
  CHECK(error_of({"--robot-types", "0,5"}).find("--robot-types") != std::string::npos);
  CHECK(error_of({"--robot-types", ""}).find("--robot-types") != std::string::npos);
  CHECK(error_of({"--seed", "-1"}).find("--seed") != std::string::npos);
  CHECK(error_of({"--duration", "0"}).find("--duration") != std::string::npos);
  CHECK(error_of({"--slip", "-0.1"}).find("--slip") != std::string::npos);
  CHECK(error_of({"--slip", "0.005x"}).find("--slip") != std::string::npos);
  CHECK(error_of({"--physics"}).find("needs a value") != std::string::npos);
  CHECK(error_of({"--physics", ""}).find("--physics") != std::string::npos);
  CHECK(error_of({"--max-cycles", "abc"}).find("--max-cycles") != std::string::npos);
  CHECK(error_of({"--log-level", "loud"}).find("--log-level") != std::string::npos);
  CHECK(error_of({"--sync", "--realtime"}).find("exclude") != std::string::npos);
  CHECK(error_of({"--frobnicate"}).find("unknown option '--frobnicate'") != std::string::npos);
  CHECK(error_of({"--log", "/nonexistent/dir/x.log"}).find("--log") != std::string::npos);
}
