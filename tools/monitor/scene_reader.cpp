#include "tools/monitor/scene_reader.h"

#include <cmath>
#include <cstring>

namespace libero::monitor {

using sexp::Value;

namespace {

// A full 11 vs 11 scene is about 150 kB with about 60 000 atoms and lists.
sexp::Limits monitor_limits() {
  sexp::Limits limits;
  limits.max_bytes = 8u << 20;
  limits.max_depth = 64;
  limits.max_nodes = 1 << 20;
  return limits;
}

// 4x4 column-major product: out = a * b.
void multiply(const double a[16], const double b[16], double out[16]) {
  for (int col = 0; col < 4; ++col)
    for (int row = 0; row < 4; ++row) {
      double sum = 0;
      for (int k = 0; k < 4; ++k) sum += a[k * 4 + row] * b[col * 4 + k];
      out[col * 4 + row] = sum;
    }
}

// (SLT m0 .. m15): a column-major 4x4 transform.
Status read_matrix(Value slt, double out[16]) {
  if (slt.size() != 17) return make_error("monitor scene: (SLT ...) needs 16 numbers", slt.offset());
  Value v = slt.first().next();
  for (int k = 0; k < 16; ++k, v = v.next())
    if (!v.as_double(&out[k]))
      return make_error("monitor scene: bad number '" + std::string(v.text()) + "' in SLT", v.offset());
  return {};
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && text.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

const SceneRobot* SceneState::find(int team, int unum) const {
  for (int i = 0; i < robot_count; ++i)
    if (robots[i].team == team && robots[i].unum == unum) return &robots[i];
  return nullptr;
}

SceneReader::SceneReader() : parser_(monitor_limits()) {
  for (int m = 0; m < protocol::kPlayModeCount; ++m) play_mode_names_.emplace_back(protocol::kPlayModeNames[m]);
}

Status SceneReader::apply(std::string_view message) {
  if (Status parsed = parser_.parse(message); !parsed) return parsed;
  Value item = parser_.root().first();
  if (!item || !item.is_list()) return make_error("monitor message: expected a list of predicates first");
  // The predicates are one list of lists: ((time 1.2)(half 1)...).
  if (Status s = apply_predicates(item); !s) return s;
  item = item.next();
  if (!item) return {};  // a state without a scene (an old or a minimal server)
  if (!item.is_list() || item.size() < 1)
    return make_error("monitor message: expected (RSG 0 1) or (RDS 0 1) after the predicates", item.offset());
  const std::string_view kind = item.tag();
  Value scene = item.next();
  if (!scene || !scene.is_list())
    return make_error("monitor message: (" + std::string(kind) + " ...) without a scene", item.offset());
  if (kind == "RSG") {
    if (Status s = read_full_scene(scene); !s) return s;
    ++state_.full_states;
  } else if (kind == "RDS") {
    if (nodes_.empty()) return make_error("monitor message: an update (RDS) before any full scene (RSG)");
    if (Status s = read_update(scene); !s) return s;
    ++state_.updates;
  } else {
    return make_error("monitor message: unknown scene kind '" + std::string(kind) + "'", item.offset());
  }
  refresh_objects();
  return {};
}

Status SceneReader::apply_predicates(Value list) {
  for (Value p = list.first(); p; p = p.next()) {
    if (!p.is_list() || p.size() < 1) continue;
    const std::string_view name = p.tag();
    Value arg = p.first().next();
    double number = 0;
    const bool has_number = arg && arg.as_double(&number);
    if (name == "time" && has_number) {
      state_.time = number;
    } else if (name == "half" && has_number) {
      state_.half = static_cast<int>(number);
    } else if (name == "score_left" && has_number) {
      state_.score_left = static_cast<int>(number);
    } else if (name == "score_right" && has_number) {
      state_.score_right = static_cast<int>(number);
    } else if (name == "team_left" && arg && arg.is_atom()) {
      state_.team_left = std::string(arg.text());
    } else if (name == "team_right" && arg && arg.is_atom()) {
      state_.team_right = std::string(arg.text());
    } else if (name == "play_modes") {
      play_mode_names_.clear();
      for (Value m = arg; m; m = m.next()) play_mode_names_.emplace_back(m.text());
    } else if (name == "play_mode" && has_number) {
      const int index = static_cast<int>(number);
      state_.play_mode = index >= 0 && index < static_cast<int>(play_mode_names_.size())
                             ? protocol::play_mode_from_string(play_mode_names_[static_cast<size_t>(index)])
                             : protocol::PlayMode::Unknown;
    } else if (name == "FieldLength" && has_number) {
      state_.field_length = number;
    } else if (name == "FieldWidth" && has_number) {
      state_.field_width = number;
    } else if (name == "RuleHalfTime" && has_number) {
      state_.half_time = number;
    }
  }
  return {};
}

Status SceneReader::read_full_scene(Value scene) {
  nodes_.clear();
  robot_nodes_.clear();
  ball_node_ = -1;
  for (Value child = scene.first(); child; child = child.next())
    if (Status s = walk_full(child, -1); !s) return s;
  return {};
}

// (nd TRF (SLT m0..m15) children...), (nd StaticMesh ...), (nd SMN ...),
// (nd Light ...). Only transforms can have children that matter here, but
// every node is kept so updates match by position.
Status SceneReader::walk_full(Value node, int parent) {
  if (!node.is_list() || node.tag() != "nd") return {};  // e.g. a stray predicate: not a node
  Value type = node.first().next();
  Node entry;
  entry.parent = parent;
  const std::string_view kind = type && type.is_atom() ? type.text() : std::string_view();
  if (kind == "TRF") {
    entry.kind = NodeKind::Transform;
  } else if (kind == "StaticMesh" || kind == "SMN") {
    entry.kind = NodeKind::Mesh;
  } else if (kind == "Light") {
    entry.kind = NodeKind::Light;
  } else {
    return make_error("monitor scene: unknown node type '" + std::string(kind) + "'", node.offset());
  }
  const int index = static_cast<int>(nodes_.size());
  nodes_.push_back(entry);
  for (Value sub = type.next(); sub; sub = sub.next()) {
    if (!sub.is_list()) continue;
    const std::string_view tag = sub.tag();
    if (tag == "SLT") {
      if (Status s = read_matrix(sub, nodes_[static_cast<size_t>(index)].local); !s) return s;
    } else if (tag == "nd") {
      if (Status s = walk_full(sub, entry.kind == NodeKind::Transform ? index : parent); !s) return s;
    }
  }
  if (entry.kind == NodeKind::Mesh) note_mesh(node, parent);
  return {};
}

// Recognises the ball's and the robots' meshes (see the header).
void SceneReader::note_mesh(Value mesh, int parent) {
  std::string_view model;
  Value materials;
  for (Value sub = mesh.first().next(); sub; sub = sub.next()) {
    if (!sub.is_list()) continue;
    if (sub.tag() == "load" && sub.size() >= 2) model = sub[1].text();
    if (sub.tag() == "resetMaterials" || sub.tag() == "sMat") materials = sub;
  }
  if (model == "models/soccerball.obj") {
    ball_node_ = parent;
    return;
  }
  constexpr std::string_view kBody = "models/naobody";
  if (!starts_with(model, kBody) || parent < 0) return;
  RobotNodes robot;
  robot.torso = nodes_[static_cast<size_t>(parent)].parent;  // above the mesh's fixed rotation
  if (robot.torso < 0) robot.torso = parent;
  const std::string_view rest = model.substr(kBody.size());
  robot.type = !rest.empty() && rest[0] >= '0' && rest[0] <= '9' ? rest[0] - '0' : 0;
  if (materials) {
    for (Value m = materials.first().next(); m; m = m.next()) {
      const std::string_view name = m.text();
      if (name == "matLeft") robot.team = 0;
      if (name == "matRight") robot.team = 1;
      if (starts_with(name, "matNum") && name.size() > 6) {
        int unum = 0;
        for (char c : name.substr(6)) unum = c >= '0' && c <= '9' ? unum * 10 + (c - '0') : -1000;
        if (unum > 0) robot.unum = unum;
      }
    }
  }
  robot_nodes_.push_back(robot);
}

// Updates list every node again in the same order: "(nd" plus the changed
// parts only, so a node is matched by its position in the walk.
Status SceneReader::read_update(Value scene) {
  int index = 0;
  for (Value child = scene.first(); child; child = child.next())
    if (Status s = walk_update(child, &index); !s) return s;
  if (index != static_cast<int>(nodes_.size()))
    return make_error("monitor scene: the update has " + std::to_string(index) + " nodes, the scene " +
                      std::to_string(nodes_.size()));
  return {};
}

Status SceneReader::walk_update(Value node, int* index) {
  if (!node.is_list() || node.tag() != "nd") return {};
  if (*index >= static_cast<int>(nodes_.size()))
    return make_error("monitor scene: the update has more nodes than the scene (" + std::to_string(nodes_.size()) + ")",
                      node.offset());
  Node& entry = nodes_[static_cast<size_t>(*index)];
  ++*index;
  for (Value sub = node.first().next(); sub; sub = sub.next()) {
    if (!sub.is_list()) continue;
    const std::string_view tag = sub.tag();
    if (tag == "SLT") {
      if (Status s = read_matrix(sub, entry.local); !s) return s;
    } else if (tag == "nd") {
      if (Status s = walk_update(sub, index); !s) return s;
    }
  }
  return {};
}

void SceneReader::world_of(int index, double out[16]) const {
  const Node& node = nodes_[static_cast<size_t>(index)];
  if (node.parent < 0) {
    std::memcpy(out, node.local, sizeof node.local);
    return;
  }
  double parent[16];
  world_of(node.parent, parent);
  multiply(parent, node.local, out);
}

void SceneReader::refresh_objects() {
  double m[16];
  state_.ball_known = ball_node_ >= 0;
  if (state_.ball_known) {
    world_of(ball_node_, m);
    state_.ball = Vec3(m[12], m[13], m[14]);
  }
  state_.robot_count = 0;
  for (const RobotNodes& r : robot_nodes_) {
    if (state_.robot_count >= kMaxSceneRobots) break;
    SceneRobot& out = state_.robots[state_.robot_count++];
    out.team = r.team;
    out.unum = r.unum;
    out.type = r.type;
    world_of(r.torso, m);
    out.torso = Vec3(m[12], m[13], m[14]);
    for (int col = 0; col < 3; ++col)
      for (int row = 0; row < 3; ++row) out.rotation(row, col) = m[col * 4 + row];
    // SimSpark's torso body faces its own +y axis (a robot beamed to angle 0
    // faces the field's +x with its body's +y; facts §8.2, "agent move").
    const Vec3 forward = out.rotation * Vec3::UnitY();
    out.yaw = std::atan2(forward.y(), forward.x());
    out.up_z = out.rotation(2, 2);
  }
}

}  // namespace libero::monitor
