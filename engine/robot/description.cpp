// Loads robots/<model>/<model>.lua (see docs/robot-model.md for the format)
// into a RobotDescription: resolves type parameters, converts the RSG frame
// (x right, y forward) to the engine frame (x forward, y left) and degrees to
// radians, and checks the tree (parents first, one joint per body, the joint
// set of the type).
#include "robot/description.h"

#include <algorithm>
#include <cmath>

#include "core/datafile.h"

namespace libero::robot {

namespace {

using data::DataFile;
using data::FieldReader;
using data::Kind;
using data::Value;

Vec3 rsg_to_engine(const Vec3& v) { return Vec3(v.y(), -v.x(), v.z()); }
Vec3 rsg_size_to_engine(const Vec3& s) { return Vec3(s.y(), s.x(), s.z()); }

// The parameters of one type: the type's own entries over the shared ones.
// Names looked up are remembered so parameters nobody uses (usually a
// misspelling) are reported.
struct Parameters {
  const Value* shared = nullptr;
  const Value* own = nullptr;
  mutable std::vector<std::string> used;

  const Value* find(std::string_view key) const {
    if (std::find(used.begin(), used.end(), key) == used.end()) used.emplace_back(key);
    if (own != nullptr)
      if (const Value* v = own->find(key)) return v;
    return shared != nullptr ? shared->find(key) : nullptr;
  }
};

// A number, or a string naming a numeric parameter, optionally '-'-prefixed.
double resolve_number(const Value& value, const Parameters& parameters, FieldReader& reader,
                      const std::string& what) {
  if (value.kind == Kind::Number) return value.number;
  if (value.kind != Kind::String) {
    reader.fail(what + " must be a number or a parameter name (it is " + data::kind_name(value.kind) + ")");
    return 0;
  }
  std::string_view name = value.string;
  double sign = 1;
  if (!name.empty() && name[0] == '-') {
    sign = -1;
    name.remove_prefix(1);
  }
  const Value* found = parameters.find(name);
  if (found == nullptr) {
    reader.fail(what + " names unknown parameter '" + std::string(name) + "'");
    return 0;
  }
  if (found->kind != Kind::Number) {
    reader.fail(what + ": parameter '" + std::string(name) + "' must be a number");
    return 0;
  }
  return sign * found->number;
}

double read_number(FieldReader& reader, std::string_view key, const Parameters& parameters) {
  const Value* value = reader.any(key);
  if (value == nullptr) return 0;
  return resolve_number(*value, parameters, reader, "'" + std::string(key) + "'");
}

double read_number_or(FieldReader& reader, std::string_view key, const Parameters& parameters,
                      const Value* fallback_parameter) {
  const Value* value = reader.any_or_null(key);
  if (value == nullptr) value = fallback_parameter;
  if (value == nullptr) {
    reader.fail("'" + std::string(key) + "' is missing and has no default parameter");
    return 0;
  }
  return resolve_number(*value, parameters, reader, "'" + std::string(key) + "'");
}

Vec3 read_vector(FieldReader& reader, std::string_view key, const Parameters& parameters,
                 int count = 3) {
  const Value* value = reader.array(key);
  Vec3 out = Vec3::Zero();
  if (value == nullptr) return out;
  if (static_cast<int>(value->items.size()) != count) {
    reader.fail("'" + std::string(key) + "' must have " + std::to_string(count) + " numbers");
    return out;
  }
  for (int i = 0; i < count; ++i)
    out[i] = resolve_number(value->items[i], parameters, reader,
                            "'" + std::string(key) + "'[" + std::to_string(i + 1) + "]");
  return out;
}

// Entries with `only_if = "<boolean parameter>"` exist only when it is true.
bool entry_exists(FieldReader& reader, const Parameters& parameters) {
  std::string condition = reader.string_or("only_if", "");
  if (condition.empty()) return true;
  const Value* flag = parameters.find(condition);
  if (flag == nullptr || flag->kind != Kind::Boolean) {
    reader.fail("'only_if' must name a boolean parameter ('" + condition + "' is not one)");
    return false;
  }
  return flag->boolean;
}

std::string entry_name(const Value& entry, size_t index) {
  const Value* name = entry.find("name");
  if (name != nullptr && name->is_string()) return name->string;
  return "#" + std::to_string(index + 1);
}

Status load_bodies(const DataFile& file, const Value& list, const Parameters& parameters,
                   RobotDescription* robot) {
  for (size_t i = 0; i < list.items.size(); ++i) {
    const Value& entry = list.items[i];
    std::string name = entry_name(entry, i);
    FieldReader reader(file, entry, "body " + name, name);
    if (!entry_exists(reader, parameters)) {
      if (!reader.ok()) return reader.error();
      continue;
    }
    BodyDesc body;
    body.name = reader.string("name");
    if (reader.ok() && robot->body_index(body.name) >= 0) reader.fail("defined twice");

    std::string parent = reader.string_or("parent", "");
    if (robot->bodies.empty()) {
      if (!parent.empty()) reader.fail("the first body is the root and must have no parent");
    } else if (parent.empty()) {
      reader.fail("'parent' is missing (only the first body is the root)");
    } else {
      body.parent = robot->body_index(parent);
      if (body.parent < 0) reader.fail("parent '" + parent + "' is not defined before it");
    }
    if (body.parent >= 0) {
      Vec3 offset = read_vector(reader, "offset", parameters);
      body.position = robot->bodies[body.parent].position + rsg_to_engine(offset);
    }
    body.mass = read_number(reader, "mass", parameters);
    if (reader.ok() && !(body.mass > 0)) reader.fail("'mass' must be positive");

    int shapes = 0;
    if (reader.any_or_null("box") != nullptr) {
      ++shapes;
      body.inertia_shape.kind = ShapeKind::Box;
      body.inertia_shape.size = rsg_size_to_engine(read_vector(reader, "box", parameters));
    }
    if (const Value* sphere = reader.any_or_null("sphere")) {
      ++shapes;
      body.inertia_shape.kind = ShapeKind::Sphere;
      body.inertia_shape.size = Vec3(resolve_number(*sphere, parameters, reader, "'sphere'"), 0, 0);
    }
    if (reader.any_or_null("capsule") != nullptr) {
      ++shapes;
      Vec3 capsule = read_vector(reader, "capsule", parameters, 2);
      body.inertia_shape.kind = ShapeKind::Capsule;
      body.inertia_shape.size = Vec3(capsule.x(), capsule.y(), 0);
    }
    if (shapes != 1) reader.fail("needs exactly one shape: box, sphere or capsule");
    for (int k = 0; k < 3 && reader.ok(); ++k)
      if (body.inertia_shape.size[k] < 0) reader.fail("shape sizes must not be negative");
    if (reader.ok() && !(body.inertia_shape.size[0] > 0)) reader.fail("shape size must be positive");

    body.has_collider = reader.boolean_or("collider", false);
    body.marker = reader.string_or("marker", "");
    if (Status status = reader.finish(); !status) return status;
    robot->bodies.push_back(std::move(body));
  }
  if (robot->bodies.empty()) return make_error(file.name + ": 'bodies' is empty");
  return {};
}

Status load_joints(const DataFile& file, const Value& list, const Parameters& parameters,
                   RobotDescription* robot) {
  const Value* default_speed = parameters.find("joint_max_speed");
  const Value* default_torque = parameters.find("joint_max_torque");
  for (size_t i = 0; i < list.items.size(); ++i) {
    const Value& entry = list.items[i];
    std::string name = entry_name(entry, i);
    FieldReader reader(file, entry, "joint " + name, name);
    if (!entry_exists(reader, parameters)) {
      if (!reader.ok()) return reader.error();
      continue;
    }
    reader.string("name");
    Joint id = joint_from_perceptor(name);
    if (reader.ok() && id == kJointCount) reader.fail("unknown joint name (not a SimSpark perceptor name)");
    if (reader.ok() && robot->joints[id].exists) reader.fail("defined twice");

    JointDesc joint;
    joint.exists = true;
    joint.id = id;
    std::string child = reader.string("child");
    joint.child_body = robot->body_index(child);
    if (reader.ok() && joint.child_body < 0)
      reader.fail("child '" + child + "' does not exist for type " + std::to_string(robot->type));
    if (reader.ok() && joint.child_body == 0) reader.fail("the root body cannot be a joint's child");
    if (reader.ok() && robot->bodies[joint.child_body].joint >= 0)
      reader.fail("body '" + child + "' already has a joint");

    Vec3 axis = rsg_to_engine(read_vector(reader, "axis", parameters));
    Vec3 anchor = rsg_to_engine(read_vector(reader, "anchor", parameters));
    double min_deg = read_number(reader, "min", parameters);
    double max_deg = read_number(reader, "max", parameters);
    joint.max_speed = read_number_or(reader, "max_speed", parameters, default_speed);
    joint.max_torque = read_number_or(reader, "max_torque", parameters, default_torque);
    if (reader.ok() && axis.norm() < 1e-9) reader.fail("'axis' must not be zero");
    if (reader.ok() && !(min_deg <= max_deg)) reader.fail("'min' must not exceed 'max'");
    if (reader.ok() && !(joint.max_speed > 0)) reader.fail("'max_speed' must be positive");
    if (reader.ok() && !(joint.max_torque > 0)) reader.fail("'max_torque' must be positive");
    if (Status status = reader.finish(); !status) return status;

    BodyDesc& body = robot->bodies[joint.child_body];
    joint.parent_body = body.parent;
    joint.axis = axis.normalized();
    joint.anchor = body.position + anchor;
    joint.min_angle = deg2rad(min_deg);
    joint.max_angle = deg2rad(max_deg);
    body.joint = id;
    robot->joints[id] = joint;
  }
  for (size_t b = 1; b < robot->bodies.size(); ++b)
    if (robot->bodies[b].joint < 0)
      return make_error(file.name + ": body " + robot->bodies[b].name + ": no joint connects it to its parent");
  int expected = joint_count_for_type(robot->type);
  for (int j = 0; j < kJointCount; ++j) {
    bool wanted = j < expected;
    if (robot->joints[j].exists != wanted)
      return make_error(file.name + ": type " + std::to_string(robot->type) + " must " +
                        (wanted ? "have" : "not have") + " joint " + std::string(kJointPerceptorNames[j]));
  }
  return {};
}

Status load_camera_and_soles(const DataFile& file, const Value& root, const Parameters& parameters,
                             RobotDescription* robot) {
  const Value* camera = root.find("camera");
  FieldReader camera_reader(file, *camera, "camera");
  std::string body = camera_reader.string("body");
  robot->camera_body = robot->body_index(body);
  if (camera_reader.ok() && robot->camera_body < 0) camera_reader.fail("body '" + body + "' does not exist");
  robot->camera_offset = rsg_to_engine(read_vector(camera_reader, "offset", parameters));
  if (Status status = camera_reader.finish(); !status) return status;

  const Value* soles = root.find("soles");
  bool first = true;
  for (const Value& item : soles->items) {
    int index = item.is_string() ? robot->body_index(item.string) : -1;
    if (index < 0) return make_error(file.name + ": soles: each item must name an existing body");
    const BodyDesc& foot = robot->bodies[index];
    if (foot.inertia_shape.kind != ShapeKind::Box)
      return make_error(file.name + ": soles: body " + foot.name + " must be a box");
    double height = -(foot.position.z() - 0.5 * foot.inertia_shape.size.z());
    if (first) robot->sole_height = height;
    if (std::abs(height - robot->sole_height) > 1e-9)
      return make_error(file.name + ": soles: the soles are not level in the zero pose");
    first = false;
  }
  if (first) return make_error(file.name + ": 'soles' is empty");
  return {};
}

}  // namespace

int RobotDescription::body_index(const std::string& name) const {
  for (size_t i = 0; i < bodies.size(); ++i)
    if (bodies[i].name == name) return static_cast<int>(i);
  return -1;
}

Result<RobotDescription> load_robot_description(const std::string& robots_dir, const std::string& model,
                                                int type) {
  std::string path = robots_dir + "/" + model + "/" + model + ".lua";
  Result<DataFile> loaded = data::load_data_file(path);
  if (!loaded) return loaded.error();
  const DataFile& file = *loaded;

  FieldReader root(file, file.root, "");
  std::string file_model = root.string("model");
  const Value* shared = root.map("parameters");
  const Value* types = root.array("types");
  const Value* bodies = root.array("bodies");
  const Value* joints = root.array("joints");
  root.map("camera");
  root.array("soles");
  root.map_or_null("self_collision");  // the simulator's referee reads it (tools/sim/referee/self_collision_data.cpp)
  if (Status status = root.finish(); !status) return status.error();
  if (file_model != model)
    return make_error(path + ": 'model' is \"" + file_model + "\", expected \"" + model + "\"");

  RobotDescription robot;
  robot.model = model;
  robot.type = type;
  Parameters parameters;
  parameters.shared = shared;
  std::string known_types;
  for (size_t i = 0; i < types->items.size(); ++i) {
    const Value& entry = types->items[i];
    const Value* number = entry.find("type");
    if (number == nullptr || !number->is_number())
      return make_error(path + ": types[" + std::to_string(i + 1) + "]: 'type' must be a number");
    known_types += (known_types.empty() ? "" : ", ") + std::to_string(static_cast<int>(number->number));
    if (number->number == type) parameters.own = &entry;
  }
  if (parameters.own == nullptr)
    return make_error(path + ": no robot type " + std::to_string(type) + " (types: " + known_types + ")");

  if (Status status = load_bodies(file, *bodies, parameters, &robot); !status) return status.error();
  if (Status status = load_joints(file, *joints, parameters, &robot); !status) return status.error();
  if (Status status = load_camera_and_soles(file, file.root, parameters, &robot); !status)
    return status.error();
  for (const Value* table : {parameters.shared, parameters.own}) {
    for (const auto& field : table->fields) {
      const std::vector<std::string>& used = parameters.used;
      if (field.first != "type" && std::find(used.begin(), used.end(), field.first) == used.end())
        return make_error(path + ": " +
                          (table == parameters.shared ? std::string("parameters") : "type " + std::to_string(type)) +
                          ": parameter '" + field.first + "' is not used by any body or joint");
    }
  }
  for (const BodyDesc& body : robot.bodies) robot.total_mass += body.mass;
  return robot;
}

}  // namespace libero::robot
