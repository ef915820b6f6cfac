#include "self_collision_data.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "core/datafile.h"

namespace libero::sim {
namespace {

using data::DataFile;
using data::FieldReader;
using data::Value;

std::string number_text(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

Result<SelfCollisionParams> read_params(const DataFile& file) {
  const Value* table = file.root.find("self_collision");
  if (table == nullptr)
    return make_error(file.name + ": 'self_collision' is missing (the self-collision rule's switch and numbers)");
  if (!table->is_map()) return make_error(file.name + ": 'self_collision' must be a table");
  FieldReader reader(file, *table, "self_collision");
  SelfCollisionParams params;
  const Value* enabled = reader.any("enabled");
  if (reader.ok() && !enabled->is_boolean()) reader.fail("'enabled' must be true or false");
  if (reader.ok()) params.enabled = enabled->boolean;
  struct Range {
    const char* key;
    double* value;
    double min, max;
  };
  const Range ranges[] = {{"tolerance", &params.tolerance, 0, 1},
                          {"frozen_seconds", &params.frozen_seconds, 0, 60},
                          {"thaw_seconds", &params.thaw_seconds, 0, 60}};
  for (const Range& r : ranges) {
    const double v = reader.number(r.key);
    if (reader.ok() && !(v >= r.min && v <= r.max))
      reader.fail(std::string("'") + r.key + "' must be between " + number_text(r.min) + " and " +
                  number_text(r.max) + " (it is " + number_text(v) + ")");
    if (reader.ok()) *r.value = v;
  }
  if (Status status = reader.finish(); !status) return status.error();
  return params;
}

// A list of names (an array of strings) from `reader`'s table.
bool read_names(FieldReader& reader, const char* key, std::vector<std::string>* out) {
  const Value* list = reader.array(key);
  if (list == nullptr) return false;
  for (const Value& item : list->items) {
    if (!item.is_string()) {
      reader.fail(std::string("'") + key + "' must list names");
      return false;
    }
    out->push_back(item.string);
  }
  return true;
}

}  // namespace

Result<SelfCollisionParams> load_self_collision_params(const std::string& physics_file) {
  Result<DataFile> file = data::load_data_file(physics_file);
  if (!file.ok()) return file.error();
  return read_params(*file);
}

Result<SelfCollisionParams> parse_self_collision_params(std::string_view text, const std::string& name) {
  Result<DataFile> file = data::parse_data_text(text, name);
  if (!file.ok()) return file.error();
  return read_params(*file);
}

Result<SelfCollisionModel> load_self_collision_model(const std::string& robots_dir,
                                                     const robot::RobotDescription& description) {
  const std::string path = robots_dir + "/" + description.model + "/" + description.model + ".lua";
  Result<DataFile> loaded = data::load_data_file(path);
  if (!loaded.ok()) return loaded.error();
  const DataFile& file = *loaded;

  // Every body any hetero type has: a name outside it is a mistake, a name
  // this type lacks (the toes) is skipped.
  std::vector<std::string> known;
  if (const Value* bodies = file.root.find("bodies"); bodies != nullptr)
    for (const Value& body : bodies->items)
      if (const Value* name = body.find("name"); name != nullptr && name->is_string()) known.push_back(name->string);
  auto is_known = [&](const std::string& name) { return std::find(known.begin(), known.end(), name) != known.end(); };

  const Value* table = file.root.find("self_collision");
  if (table == nullptr || !table->is_map())
    return make_error(path + ": 'self_collision' is missing (the referee's limbs and exempt pairs)");
  FieldReader reader(file, *table, "self_collision");
  const Value* exempt = reader.array("exempt");
  const Value* limbs = reader.array("limbs");
  if (Status status = reader.finish(); !status) return status.error();

  Result<robot::KinematicModel> kinematics = robot::build_kinematic_model(description);
  if (!kinematics.ok()) return kinematics.error();
  SelfCollisionModel model;
  model.kinematics = kinematics.value();

  // The boxes, in body order (SimSpark's scene order: torso, arms, legs).
  int box_of_body[robot::kMaxBodies];
  std::fill(std::begin(box_of_body), std::end(box_of_body), -1);
  for (size_t b = 0; b < description.bodies.size(); ++b) {
    const robot::BodyDesc& body = description.bodies[b];
    if (!body.has_collider || body.inertia_shape.kind != robot::ShapeKind::Box) continue;
    if (model.box_count == kMaxSelfCollisionBoxes)
      return make_error(path + ": more than " + std::to_string(kMaxSelfCollisionBoxes) + " box colliders");
    const int i = model.box_count++;
    model.box_body[i] = static_cast<int>(b);
    model.half_extent[i] = 0.5 * body.inertia_shape.size;
    model.radius[i] = model.half_extent[i].norm();
    std::snprintf(model.name[i], sizeof model.name[i], "%s", body.name.c_str());
    box_of_body[b] = i;
  }

  // A body name of the file -> its box, -1 when this type lacks the body; an
  // error for anything else.
  auto box_named = [&](FieldReader& r, const std::string& name) -> int {
    const int body = description.body_index(name);
    if (body < 0) {
      if (!is_known(name)) r.fail("no body named '" + name + "'");
      return -1;
    }
    if (box_of_body[body] < 0) r.fail("body '" + name + "' is not a box collider");
    return box_of_body[body];
  };

  for (size_t l = 0; l < limbs->items.size(); ++l) {
    FieldReader limb(file, limbs->items[l], "self_collision limb " + std::to_string(l + 1));
    std::vector<std::string> boxes, joints;
    read_names(limb, "boxes", &boxes);
    read_names(limb, "joints", &joints);
    JointMask mask = 0;
    for (const std::string& name : joints) {
      const Joint joint = joint_from_perceptor(name);
      if (joint == kJointCount) {
        limb.fail("no joint named '" + name + "' (perceptor names: raj1, rlj7, ...)");
        break;
      }
      if (description.joints[joint].exists) mask |= joint_bit(joint);
    }
    for (const std::string& name : boxes) {
      const int box = box_named(limb, name);
      if (!limb.ok()) break;
      if (box < 0) continue;
      if (model.freezes[box] != 0) {
        limb.fail("box '" + name + "' is in two limbs");
        break;
      }
      model.freezes[box] = mask;
    }
    if (Status status = limb.finish(); !status) return status.error();
  }

  bool exempt_pair[kMaxSelfCollisionBoxes][kMaxSelfCollisionBoxes] = {};
  for (size_t e = 0; e < exempt->items.size(); ++e) {
    FieldReader pair(file, *table, "self_collision exempt pair " + std::to_string(e + 1));
    const Value& item = exempt->items[e];
    if (!item.is_array() || item.items.size() != 2 || !item.items[0].is_string() || !item.items[1].is_string()) {
      pair.fail("must be two body names");
      return pair.error();
    }
    const int a = box_named(pair, item.items[0].string);
    const int b = box_named(pair, item.items[1].string);
    if (!pair.ok()) return pair.error();
    if (a >= 0 && b >= 0) exempt_pair[a][b] = exempt_pair[b][a] = true;
  }

  for (int a = 0; a < model.box_count; ++a)
    for (int b = a + 1; b < model.box_count; ++b) {
      if (exempt_pair[a][b]) continue;
      model.pair[model.pair_count][0] = static_cast<uint8_t>(a);
      model.pair[model.pair_count][1] = static_cast<uint8_t>(b);
      ++model.pair_count;
    }
  return model;
}

}  // namespace libero::sim
