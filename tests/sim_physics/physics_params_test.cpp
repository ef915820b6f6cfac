// The physics file (robots/simulator.lua): the shipped file is the built-in
// default, every way a file can be wrong is a clear error naming the file,
// line and key, and a value changed in a file changes what the world does.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "physics_params.h"
#include "physics_world.h"
#include "robot/description.h"

using namespace libero;
using namespace libero::sim;

namespace {

const std::string kShipped = std::string(LIBERO_SOURCE_DIR) + "/robots/simulator.lua";

std::string shipped_text() {
  std::ifstream in(kShipped);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The shipped text with the line setting `key` replaced by `replacement`.
std::string with_line(const std::string& key, const std::string& replacement) {
  std::istringstream in(shipped_text());
  std::string line, out;
  bool replaced = false;
  while (std::getline(in, line)) {
    const size_t at = line.find_first_not_of(' ');
    if (!replaced && at != std::string::npos && line.compare(at, key.size() + 2, key + " =") == 0) {
      line = replacement;
      replaced = true;
    }
    out += line + "\n";
  }
  REQUIRE(replaced);
  return out;
}

int line_of(const std::string& text, const std::string& needle) {
  const size_t at = text.find(needle);
  REQUIRE(at != std::string::npos);
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

std::string error_of(const std::string& text) {
  Result<PhysicsParams> r = parse_physics_params(text, "test/physics.lua");
  REQUIRE_FALSE(r.ok());
  return r.error().describe();
}

// A type-0 NAO laid on its side and pushed along the ground with a steady
// force for 1 s: how far its torso slides (m).
double slide_of_lying_robot(const PhysicsParams& params, double force) {
  PhysicsOptions options;
  options.params = params;
  options.robot_slip = -1;  // the params' own
  auto world = PhysicsWorld::create(options);
  REQUIRE(world.ok());
  auto nao = robot::load_robot_description(std::string(LIBERO_SOURCE_DIR) + "/robots", "nao", 0);
  REQUIRE(nao.ok());
  RobotPlacement on_side;
  on_side.torso_position = Vec3(0, 0, 0.25);
  on_side.roll = -kPi / 2;
  auto id = (*world)->add_robot(nao.value(), 1, 1, on_side);
  REQUIRE(id.ok());
  for (int i = 0; i < 100; ++i) (*world)->step();  // drops and settles
  const Vec3 start = (*world)->torso_position(id.value());
  for (int i = 0; i < 50; ++i) {
    (*world)->push_robot(id.value(), Vec3(force, 0, 0));
    (*world)->step();
  }
  CHECK((*world)->unstable_steps() == 0);
  return ((*world)->torso_position(id.value()) - start).head<2>().norm();
}

}  // namespace

TEST_CASE("the shipped physics file is the built-in default") {
  Result<PhysicsParams> loaded = load_physics_params(default_physics_file(std::string(LIBERO_SOURCE_DIR) + "/robots"));
  REQUIRE_MESSAGE(loaded.ok(), loaded.error().describe());
  const PhysicsParams defaults;
  int count = 0;
  const PhysicsParamField* fields = physics_param_fields(&count);
  CHECK(count >= 25);
  for (int i = 0; i < count; ++i) {
    INFO(fields[i].key);
    CHECK(loaded.value().*fields[i].member == defaults.*fields[i].member);
    CHECK(defaults.*fields[i].member >= fields[i].min);
    CHECK(defaults.*fields[i].member <= fields[i].max);
  }
}

TEST_CASE("a broken physics file is an error naming the file, the line and the key") {
  const std::string text = shipped_text();
  // Not there at all.
  Result<PhysicsParams> missing = load_physics_params("/nonexistent/simulator.lua");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().describe().find("/nonexistent/simulator.lua") != std::string::npos);
  // Lua syntax: the loader's own file:line.
  CHECK(error_of("return { robot_friction = }").find("test/physics.lua:1:") != std::string::npos);
  // Not a table of parameters.
  CHECK(error_of("return 3").find("test/physics.lua") != std::string::npos);
  CHECK(error_of("return { 1, 2 }").find("table of physics parameters") != std::string::npos);

  // A misspelt key, with its line.
  std::string e = error_of(with_line("robot_friction", "  robot_frction = 1.5,"));
  CHECK(e.find("test/physics.lua:" + std::to_string(line_of(text, "  robot_friction =")) + ":") != std::string::npos);
  CHECK(e.find("unknown key 'robot_frction'") != std::string::npos);
  // A key left out.
  e = error_of(with_line("ball_bounce", ""));
  CHECK(e.find("'ball_bounce' is missing") != std::string::npos);
  // Not a number.
  e = error_of(with_line("robot_friction", "  robot_friction = 'grippy',"));
  CHECK(e.find("test/physics.lua:" + std::to_string(line_of(text, "  robot_friction =")) + ":") != std::string::npos);
  CHECK(e.find("'robot_friction' must be a number (it is a string)") != std::string::npos);
  e = error_of(with_line("motor_impedance", "  motor_impedance = { 0.99 },"));
  CHECK(e.find("'motor_impedance' must be a number") != std::string::npos);
  // Out of range, NaN, infinite.
  e = error_of(with_line("ball_bounce", "  ball_bounce = 1.5,"));
  CHECK(e.find("test/physics.lua:" + std::to_string(line_of(text, "  ball_bounce =")) + ":") != std::string::npos);
  CHECK(e.find("'ball_bounce' must be between 0 and 1 (it is 1.5)") != std::string::npos);
  CHECK(error_of(with_line("robot_slip", "  robot_slip = -0.005,")).find("'robot_slip' must be between") !=
        std::string::npos);
  // The data loader refuses NaN and infinities itself, naming the key.
  e = error_of(with_line("motor_impedance", "  motor_impedance = 0/0,"));
  CHECK(e.find("motor_impedance") != std::string::npos);
  CHECK(e.find("not finite") != std::string::npos);
  e = error_of(with_line("motor_max_torque", "  motor_max_torque = math.huge,"));
  CHECK(e.find("motor_max_torque") != std::string::npos);
  CHECK(e.find("not finite") != std::string::npos);
  CHECK(error_of(with_line("motor_time_constant_substeps", "  motor_time_constant_substeps = 1,"))
            .find("'motor_time_constant_substeps' must be between 2 and 100") != std::string::npos);

  // Values set in code are checked by the world as well.
  PhysicsOptions options;
  options.params.robot_friction = -1;
  Result<std::unique_ptr<PhysicsWorld>> world = PhysicsWorld::create(options);
  REQUIRE_FALSE(world.ok());
  CHECK(world.error().describe().find("robot_friction") != std::string::npos);
}

TEST_CASE("the file's friction and slip change how a robot slides") {
  // Lying on its side a type-0 NAO (46 N) holds a 30 N push with friction
  // 1.5 (up to 68 N; it only rocks, 0.16 m) but slides with 0.3 (14 N),
  // about (30 - 14) / 4.6 kg = 3.5 m/s^2: 1.73 m in the second of pushing.
  Result<PhysicsParams> shipped = load_physics_params(kShipped);
  REQUIRE(shipped.ok());
  const double grip = slide_of_lying_robot(shipped.value(), 30);

  const std::string dir = std::filesystem::temp_directory_path() /
                          ("libero_physics_params_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string file = dir + "/slippery.lua";
  {
    std::ofstream out(file);
    out << with_line("robot_friction", "  robot_friction = 0.3,");
  }
  Result<PhysicsParams> slippery = load_physics_params(file);
  std::filesystem::remove_all(dir);
  REQUIRE_MESSAGE(slippery.ok(), slippery.error().describe());
  CHECK(slippery.value().robot_friction == 0.3);
  const double slide = slide_of_lying_robot(slippery.value(), 30);
  MESSAGE("a 30 N push for 1 s slides a lying robot " << grip << " m at friction 1.5, " << slide << " m at 0.3");
  CHECK(grip < 0.3);
  CHECK(slide > 1.0);

  // The file's robot_slip turns SimSpark's slip on (PhysicsOptions::robot_slip
  // < 0): at 0.05 m/s per N the robot gives way under the push (0.30 m).
  PhysicsParams with_slip = shipped.value();
  with_slip.robot_slip = 0.05;
  const double slipping = slide_of_lying_robot(with_slip, 30);
  MESSAGE("with the file's slip 0.05: " << slipping << " m");
  CHECK(slipping > grip + 0.05);
}
