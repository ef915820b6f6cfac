#include "physics_params.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iterator>

#include "core/datafile.h"

namespace libero::sim {
namespace {

// Ranges: what MuJoCo accepts (impedances strictly inside 0..1, time
// constants of at least 2 steps, which MuJoCo would otherwise raise silently)
// and what keeps the world meaningful (a bounce above 1 adds energy).
const PhysicsParamField kFields[] = {
    {"motor_time_constant_substeps", &PhysicsParams::motor_time_constant_substeps, 2, 100},
    {"motor_impedance", &PhysicsParams::motor_impedance, 0.0001, 0.9999},
    {"motor_max_torque", &PhysicsParams::motor_max_torque, 0.01, 1000},
    {"motor_impulse_per_cycle", &PhysicsParams::motor_impulse_per_cycle, 0, 1},
    {"limit_time_constant_substeps", &PhysicsParams::limit_time_constant_substeps, 2, 100},
    {"limit_impedance", &PhysicsParams::limit_impedance, 0.0001, 0.9999},
    {"robot_contact_time_constant", &PhysicsParams::robot_contact_time_constant, 0.0001, 1},
    {"robot_contact_damp_ratio", &PhysicsParams::robot_contact_damp_ratio, 0.01, 100},
    {"robot_contact_normal_damp_ratio", &PhysicsParams::robot_contact_normal_damp_ratio, 0.01, 100},
    {"robot_contact_surface_layer", &PhysicsParams::robot_contact_surface_layer, 0, 0.01},
    {"robot_contact_impedance_min", &PhysicsParams::robot_contact_impedance_min, 0.0001, 0.9999},
    {"robot_contact_impedance_max", &PhysicsParams::robot_contact_impedance_max, 0.0001, 0.9999},
    {"robot_contact_impedance_width", &PhysicsParams::robot_contact_impedance_width, 0, 1},
    {"robot_friction", &PhysicsParams::robot_friction, 0.001, 1e6},
    {"robot_slip", &PhysicsParams::robot_slip, 0, 1},
    {"slip_robot_friction", &PhysicsParams::slip_robot_friction, 0.001, 1e6},
    {"ball_contact_time_constant_substeps", &PhysicsParams::ball_contact_time_constant_substeps, 2, 100},
    {"ball_contact_damp_ratio", &PhysicsParams::ball_contact_damp_ratio, 0.01, 100},
    {"ball_contact_impedance_min", &PhysicsParams::ball_contact_impedance_min, 0.0001, 0.9999},
    {"ball_contact_impedance_max", &PhysicsParams::ball_contact_impedance_max, 0.0001, 0.9999},
    {"ball_contact_impedance_width", &PhysicsParams::ball_contact_impedance_width, 0, 1},
    {"ball_bounce", &PhysicsParams::ball_bounce, 0, 1},
    {"ball_bounce_min_speed", &PhysicsParams::ball_bounce_min_speed, 0, 100},
    {"ball_bounce_min_speed_static", &PhysicsParams::ball_bounce_min_speed_static, 0, 100},
    {"ball_friction", &PhysicsParams::ball_friction, 0.001, 1e6},
    {"ball_solmix", &PhysicsParams::ball_solmix, 0.0001, 1e6},
    {"body_linear_drag", &PhysicsParams::body_linear_drag, 0, 100},
    {"body_angular_drag", &PhysicsParams::body_angular_drag, 0, 100},
    {"ball_linear_drag", &PhysicsParams::ball_linear_drag, 0, 100},
    {"ball_angular_drag", &PhysicsParams::ball_angular_drag, 0, 100},
    {"rest_idle_steps", &PhysicsParams::rest_idle_steps, 0, 1000},
    {"rest_linear_speed", &PhysicsParams::rest_linear_speed, 0, 10},
    {"rest_angular_speed", &PhysicsParams::rest_angular_speed, 0, 10},
};

// 1-based line of the first `key =` in the source (a table carries no line
// numbers), 0 when it is not written that way.
int line_of_key(const std::string& source, const std::string& key) {
  size_t at = 0;
  while ((at = source.find(key, at)) != std::string::npos) {
    const size_t start = at;
    size_t i = at + key.size();
    at = i;
    auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    if (start > 0 && word_char(source[start - 1])) continue;
    if (i < source.size() && word_char(source[i])) continue;
    while (i < source.size() && (source[i] == ' ' || source[i] == '\t')) ++i;
    if (i >= source.size() || source[i] != '=' || (i + 1 < source.size() && source[i + 1] == '=')) continue;
    return 1 + static_cast<int>(std::count(source.begin(), source.begin() + static_cast<long>(start), '\n'));
  }
  return 0;
}

std::string where(const data::DataFile& file, const std::string& key) {
  const int line = line_of_key(file.source, key);
  return file.name + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": ";
}

std::string number_text(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

Result<PhysicsParams> read_params(const data::DataFile& file) {
  if (!file.root.is_map()) return make_error(file.name + ": must return a table of physics parameters");
  for (const auto& field : file.root.fields) {
    if (field.first == "self_collision") continue;  // the referee's rule, not physics (self_collision_data.cpp)
    const bool known = std::any_of(std::begin(kFields), std::end(kFields),
                                   [&](const PhysicsParamField& f) { return field.first == f.key; });
    if (!known) return make_error(where(file, field.first) + "unknown key '" + field.first + "'");
  }
  // Wrong values first (they have a line to point at), then missing keys.
  PhysicsParams params;
  const char* missing = nullptr;
  for (const PhysicsParamField& f : kFields) {
    const data::Value* value = file.root.find(f.key);
    if (value == nullptr) {
      if (missing == nullptr) missing = f.key;
      continue;
    }
    if (!value->is_number())
      return make_error(where(file, f.key) + "'" + f.key + "' must be a number (it is " +
                        data::kind_name(value->kind) + ")");
    if (!(value->number >= f.min && value->number <= f.max))
      return make_error(where(file, f.key) + "'" + f.key + "' must be between " + number_text(f.min) + " and " +
                        number_text(f.max) + " (it is " + number_text(value->number) + ")");
    params.*f.member = value->number;
  }
  if (missing != nullptr)
    return make_error(file.name + ": '" + missing + "' is missing (every physics parameter must be set)");
  return params;
}

}  // namespace

const PhysicsParamField* physics_param_fields(int* count) {
  *count = static_cast<int>(std::size(kFields));
  return kFields;
}

std::string default_physics_file(const std::string& robots_dir) { return robots_dir + "/simulator.lua"; }

Result<PhysicsParams> load_physics_params(const std::string& path) {
  Result<data::DataFile> file = data::load_data_file(path);
  if (!file.ok()) return file.error();
  return read_params(*file);
}

Result<PhysicsParams> parse_physics_params(std::string_view text, const std::string& name) {
  Result<data::DataFile> file = data::parse_data_text(text, name);
  if (!file.ok()) return file.error();
  return read_params(*file);
}

}  // namespace libero::sim
