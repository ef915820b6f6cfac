#include "tools/sim/server/scene_graph.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

namespace libero::sim {
namespace {

// Matrices of the reference's static transforms and mesh holders, as its
// monitor stream prints them (float rotations of setLocalRotation, so the
// tiny terms and the negative zeros are the reference's own).
constexpr float kIdentity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
// Field and sky box: setLocalRotation 90 180 0.
constexpr float kFieldRotation[16] = {-1, -8.74228e-08f, -3.82137e-15f, 0, 0, -4.37114e-08f, 1, 0,
                                      -8.74228e-08f, 1, 4.37114e-08f, -0.0f, 0, 0, 0, 1};
// The right goal's box: setLocalRotation 0 0 180.
constexpr float kRightGoalRotation[16] = {-1, -8.74228e-08f, -0.0f, -0.0f, 8.74228e-08f, -1, 0, 0,
                                          0, 0, 1, 0, 15.3f, 0, 0.4f, 1};
// A goal's net mesh inside its box: setLocalPos 0.3 0 -0.4, setLocalRotation 90 90 0.
constexpr float kGoalMesh[16] = {-4.37114e-08f, 1, 4.37114e-08f, 0, 0, -4.37114e-08f, 1, 0,
                                 1, 4.37114e-08f, 1.91069e-15f, 0, 0.3f, 0, -0.4f, 1};
// The torso's and the head's mesh holder: setLocalRotation -90 0 180.
constexpr float kNaoMeshRotation[16] = {-1, 3.82137e-15f, 8.74228e-08f, -0.0f, 8.74228e-08f, 4.37114e-08f, 1, 0,
                                        0, 1, -4.37114e-08f, 0, 0, 0, 0, 1};

// How the reference draws one body part (rsg/agent/nao/*.rsg with
// Nao.UseTexture). Materials are the mesh's own, in the reference's order;
// "matTeam" and "matNum" become the robot's team and number once it has them.
enum class PartShape : uint8_t { BodyMesh, HeadMesh, Mesh, Sphere, RedSphere, Capsule };

struct PartSpec {
  const char* body;        // description body name
  PartShape shape;
  const char* model;       // "%d" = the robot type
  bool typed_materials;    // the mesh carries matType<T> (types 0-3)
  const char* materials;   // before matType / after it
  const char* materials_tail;
};

constexpr PartSpec kParts[] = {
    {"torso", PartShape::BodyMesh, "models/naobody%d.obj", true, "matNum matTeam", "naowhite"},
    {"neck", PartShape::Capsule, nullptr, false, nullptr, nullptr},
    {"head", PartShape::HeadMesh, "models/naohead.obj", false, "matTeam naoblack naogrey naowhite", nullptr},
    {"rshoulder", PartShape::Sphere, nullptr, false, nullptr, nullptr},
    {"rupperarm", PartShape::Mesh, "models/rupperarm%d.obj", true, "matTeam", "naowhite"},
    {"relbow", PartShape::Sphere, nullptr, false, nullptr, nullptr},
    {"rlowerarm", PartShape::Mesh, "models/rlowerarm.obj", false, "matTeam naowhite", nullptr},
    {"lshoulder", PartShape::Sphere, nullptr, false, nullptr, nullptr},
    {"lupperarm", PartShape::Mesh, "models/lupperarm%d.obj", true, "matTeam", "naowhite"},
    {"lelbow", PartShape::Sphere, nullptr, false, nullptr, nullptr},
    {"llowerarm", PartShape::Mesh, "models/llowerarm.obj", false, "matTeam naowhite", nullptr},
    {"rhip1", PartShape::Sphere, nullptr, false, nullptr, nullptr},
    {"rhip2", PartShape::Sphere, nullptr, false, nullptr, nullptr},
    {"rthigh", PartShape::Mesh, "models/rthigh.obj", false, "matNum matTeam naowhite", nullptr},
    {"rshank", PartShape::Mesh, "models/rshank%d.obj", true, "matTeam", "naowhite"},
    {"rankle", PartShape::RedSphere, nullptr, false, nullptr, nullptr},
    {"rfoot", PartShape::Mesh, "models/rfoot.obj", false, "matTeam naowhite", nullptr},
    {"rtoe", PartShape::Mesh, "models/rfoot.obj", false, "matTeam naowhite", nullptr},
    {"lhip1", PartShape::Sphere, nullptr, false, nullptr, nullptr},
    {"lhip2", PartShape::Sphere, nullptr, false, nullptr, nullptr},
    {"lthigh", PartShape::Mesh, "models/lthigh.obj", false, "matTeam naowhite", nullptr},
    {"lshank", PartShape::Mesh, "models/lshank%d.obj", true, "matTeam", "naowhite"},
    {"lankle", PartShape::RedSphere, nullptr, false, nullptr, nullptr},
    {"lfoot", PartShape::Mesh, "models/lfoot.obj", false, "matTeam naowhite", nullptr},
    {"ltoe", PartShape::Mesh, "models/lfoot.obj", false, "matTeam naowhite", nullptr},
};
constexpr int kPartCount = static_cast<int>(sizeof kParts / sizeof kParts[0]);

// Mesh scale of a part (sSc): the reference scales the feet of the toed
// type 4 to the foot's share of the whole foot length, and the toe to the rest.
const char* part_scale(const PartSpec& part, int type) {
  const std::string_view body = part.body;
  if (body == "torso" || body == "head") return "0.1 0.1 0.1";
  if (body == "rupperarm" || body == "lupperarm" || body == "rthigh" || body == "lthigh") return "0.07 0.07 0.07";
  if (body == "rlowerarm" || body == "llowerarm") return "0.05 0.05 0.05";
  if (body == "rtoe" || body == "ltoe") return "0.08 0.0228259 0.04";
  if ((body == "rfoot" || body == "lfoot") && type == 4) return "0.08 0.062241 0.08";
  return "0.08 0.08 0.08";
}

void set_translation(float* m, float x, float y, float z) {
  std::memcpy(m, kIdentity, sizeof kIdentity);
  m[12] = x;
  m[13] = y;
  m[14] = z;
}

}  // namespace

// Appends nodes in tree order; depth tracking gives each node's closing count.
struct SceneGraph::Builder {
  SceneGraph& g;
  int depth = 0;
  uint8_t node_depth[kMaxSceneNodes] = {};

  explicit Builder(SceneGraph& graph) : g(graph) {}

  int add(SceneNodeKind kind, const float* matrix, bool moves, const char* attributes) {
    if (g.node_count_ >= kMaxSceneNodes) {
      g.overflowed_ = true;
      return -1;
    }
    const int i = g.node_count_++;
    SceneNode& n = g.nodes_[i];
    n = SceneNode();
    n.kind = kind;
    n.moves = moves;
    node_depth[i] = static_cast<uint8_t>(depth);
    if (matrix) std::memcpy(g.matrices_[i], matrix, sizeof g.matrices_[i]);
    if (attributes) {
      const size_t length = std::strlen(attributes);
      if (g.text_size_ + length > kTextCapacity) {
        g.overflowed_ = true;
      } else {
        std::memcpy(g.text_ + g.text_size_, attributes, length);
        n.text_begin = static_cast<uint32_t>(g.text_size_);
        n.text_length = static_cast<uint32_t>(length);
        g.text_size_ += length;
        n.visible = std::strncmp(attributes, " (setVisible 0)", 15) != 0;
      }
    }
    return i;
  }
  // A transform whose children follow until close().
  int open(const float* matrix, bool moves = false) {
    int i = add(SceneNodeKind::Transform, matrix, moves, nullptr);
    ++depth;
    return i;
  }
  void close() { --depth; }
  void leaf(SceneNodeKind kind, const char* attributes) { add(kind, nullptr, false, attributes); }

  void finish() {
    for (int i = 0; i < g.node_count_; ++i) {
      const int next = i + 1 < g.node_count_ ? node_depth[i + 1] : 0;
      g.nodes_[i].closes = static_cast<uint8_t>(node_depth[i] - next + 1);
    }
  }
};

SceneGraph::SceneGraph() = default;
SceneGraph::~SceneGraph() = default;

Result<std::unique_ptr<SceneGraph>> SceneGraph::create(
    const robot::RobotDescription* const descriptions[kRobotTypeCount]) {
  std::unique_ptr<SceneGraph> g(new SceneGraph());
  for (int type = 0; type < kRobotTypeCount; ++type) {
    for (int b = 0; b < robot::kMaxBodies; ++b) g->body_part_[type][b] = -1;
    if (!descriptions[type]) continue;
    Result<robot::KinematicModel> model = robot::build_kinematic_model(*descriptions[type]);
    if (!model.ok()) return make_error("monitor scene: " + model.error().describe());
    g->models_[type] = model.value();
    g->has_model_[type] = true;
    g->body_count_[type] = model.value().body_count;
    for (int b = 0; b < g->body_count_[type]; ++b)
      for (int p = 0; p < kPartCount; ++p)
        if (descriptions[type]->bodies[static_cast<size_t>(b)].name == kParts[p].body) g->body_part_[type][b] = p;
    if (g->body_part_[type][0] != 0) return make_error("monitor scene: the robot's first body is not its torso");
  }
  g->rebuild();
  return g;
}

bool SceneGraph::set_robots(const SceneRobot* robots, int count) {
  if (count > kMaxSceneRobots) count = kMaxSceneRobots;
  bool same = count == robot_count_;
  for (int i = 0; same && i < count; ++i) {
    const SceneRobot& a = robots[i];
    const SceneRobot& b = robots_[i];
    same = a.id == b.id && a.type == b.type && a.team == b.team && a.unum == b.unum;
  }
  if (same) return false;
  for (int i = 0; i < count; ++i) robots_[i] = robots[i];
  robot_count_ = count;
  rebuild();
  return true;
}

void SceneGraph::rebuild() {
  node_count_ = 0;
  text_size_ = 0;
  overflowed_ = false;
  ++layout_;
  Builder b(*this);
  float m[16];

  // The static part, in the reference's order: two lights, field, sky box,
  // the goals, the four outer walls, the corner flags, the field lines.
  // Lights above opposite corners.
  set_translation(m, -10, 10, 10);
  b.open(m);
  b.leaf(SceneNodeKind::Light, " (setDiffuse 1 1 1 1) (setAmbient 0.8 0.8 0.8 1) (setSpecular 0.1 0.1 0.1 1)");
  b.close();
  set_translation(m, 10, -10, 10);
  b.open(m);
  b.leaf(SceneNodeKind::Light, " (setDiffuse 1 1 1 1) (setAmbient 0 0 0 1) (setSpecular 0.1 0.1 0.1 1)");
  b.close();
  // Field and sky box.
  b.open(kFieldRotation);
  b.leaf(SceneNodeKind::StaticMesh,
         " (setVisible 1) (load models/naosoccerfield.obj) (sSc 2.5 1 2.5)(resetMaterials None_rcs-naofield.png)");
  b.close();
  b.open(kFieldRotation);
  b.leaf(SceneNodeKind::StaticMesh,
         " (setVisible 1) (load models/skybox.obj) (sSc 10 10 10)(resetMaterials Material_skyrender_0001.tif "
         "Material_skyrender_0002.tif Material_skyrender_0003.tif Material_skyrender_0004.tif "
         "Material_skyrender_0005.tif Material_skyrender_0006.tif)");
  b.close();
  // Goals: the box at the goal's centre, the net mesh, and the holders of
  // the side bars, back bar, roof and the two goal-post flags.
  for (int side = 0; side < 2; ++side) {
    if (side == 0) {
      set_translation(m, -15.3f, 0, 0.4f);
      b.open(m);
    } else {
      b.open(kRightGoalRotation);
    }
    b.open(kGoalMesh);
    b.leaf(SceneNodeKind::StaticMesh, side == 0 ? " (setVisible 1) (setTransparent) (load models/leftsoccergoal.obj) "
                                                  "(sSc 2.18 0.88 0.68)(resetMaterials naogoalnet yellow)"
                                                : " (setVisible 1) (setTransparent) (load models/rightsoccergoal.obj) "
                                                  "(sSc 2.18 0.88 0.68)(resetMaterials naogoalnet sky-blue)");
    b.close();
    const float holders[6][3] = {{0, -1.07f, 0}, {0, 1.07f, 0},     {-0.28f, 0, 0},
                                 {0, 0, 0.42f},  {0.3f, 1.05f, 0.4f}, {0.3f, -1.05f, 0.4f}};
    for (const auto& h : holders) {
      set_translation(m, h[0], h[1], h[2]);
      b.open(m);
      b.close();
    }
    b.close();
  }
  // Outer walls.
  const struct {
    float x, y;
    const char* attributes;
  } walls[4] = {{-24.99f, 0, " (setVisible 1) (load StdUnitBox) (sSc 1 51 1) (sMat matGrey)"},
                {24.99f, 0, " (setVisible 1) (load StdUnitBox) (sSc 1 51 1) (sMat matGrey)"},
                {0, 25, " (setVisible 1) (load StdUnitBox) (sSc 50.98 1 1) (sMat matGrey)"},
                {0, -25, " (setVisible 1) (load StdUnitBox) (sSc 50.98 1 1) (sMat matGrey)"}};
  for (const auto& w : walls) {
    set_translation(m, w.x, w.y, 0);
    b.open(m);
    b.leaf(SceneNodeKind::SingleMat, w.attributes);
    b.close();
  }
  // Corner flags, then the field lines and centre circle (drawn by the
  // monitors from the field model; their holders carry no geometry here).
  const float flags[4][2] = {{-15, 10}, {-15, -10}, {15, 10}, {15, -10}};
  for (const auto& f : flags) {
    set_translation(m, f[0], f[1], 0);
    b.open(m);
    b.close();
  }
  for (int i = 0; i < 21; ++i) {
    b.open(kIdentity);
    b.close();
  }
  // The ball.
  set_translation(m, 0, 0, static_cast<float>(kBallRadius));
  ball_node_ = b.open(m, true);
  b.leaf(SceneNodeKind::StaticMesh,
         " (setVisible 1) (load models/soccerball.obj) (sSc 0.042 0.042 0.042)"
         "(resetMaterials soccerball_rcs-soccerball.png)");
  b.close();

  // Robots in joining order: a holder, then every body part's transform
  // (its world pose) with the reference's mesh.
  char attributes[256];
  for (int r = 0; r < robot_count_; ++r) {
    const SceneRobot& robot = robots_[r];
    for (int k = 0; k < robot::kMaxBodies; ++k) body_node_[r][k] = -1;
    const int type = robot.type;
    if (type < 0 || type >= kRobotTypeCount || !has_model_[type]) continue;
    char team_material[16], number_material[16];
    std::snprintf(team_material, sizeof team_material, "%s",
                  robot.team == Team::Left    ? "matLeft"
                  : robot.team == Team::Right ? "matRight"
                                              : "matTeam");
    if (robot.team == Team::None)
      std::snprintf(number_material, sizeof number_material, "matNum");
    else
      std::snprintf(number_material, sizeof number_material, "matNum%d", robot.unum);

    b.open(kIdentity);
    for (int body = 0; body < body_count_[type]; ++body) {
      const int p = body_part_[type][body];
      if (p < 0) continue;
      const PartSpec& part = kParts[p];
      body_node_[r][body] = b.open(kIdentity, true);
      switch (part.shape) {
        case PartShape::Sphere:
        case PartShape::RedSphere:
          b.leaf(SceneNodeKind::SingleMat, part.shape == PartShape::Sphere
                                               ? " (setVisible 1) (load StdUnitSphere) (sSc 0.01 0.01 0.01) (sMat matYellow)"
                                               : " (setVisible 1) (load StdUnitSphere) (sSc 0.01 0.01 0.01) (sMat matRed)");
          break;
        case PartShape::Capsule:
          b.leaf(SceneNodeKind::SingleMat,
                 " (setVisible 1) (load StdCapsule 0.015 0.08) (sSc 1 1 1) (sMat matDarkGrey)");
          break;
        case PartShape::BodyMesh:
        case PartShape::HeadMesh:
        case PartShape::Mesh: {
          char model[64];
          std::snprintf(model, sizeof model, part.model, type);
          // Material names with the robot's team and number substituted.
          char materials[128];
          int n = 0;
          auto append = [&](const char* list) {
            const char* s = list;
            while (*s) {
              const char* e = std::strchr(s, ' ');
              const size_t len = e ? static_cast<size_t>(e - s) : std::strlen(s);
              const std::string_view name(s, len);
              const char* out = name == "matTeam" ? team_material : name == "matNum" ? number_material : nullptr;
              if (out)
                n += std::snprintf(materials + n, sizeof materials - static_cast<size_t>(n), " %s", out);
              else
                n += std::snprintf(materials + n, sizeof materials - static_cast<size_t>(n), " %.*s",
                                   static_cast<int>(len), s);
              s = e ? e + 1 : s + len;
            }
          };
          append(part.materials);
          if (part.typed_materials && type < 4)
            n += std::snprintf(materials + n, sizeof materials - static_cast<size_t>(n), " matType%d", type);
          if (part.materials_tail) append(part.materials_tail);
          std::snprintf(attributes, sizeof attributes, " (setVisible 1) (load %s) (sSc %s)(resetMaterials%s)", model,
                        part_scale(part, type), materials);
          if (part.shape == PartShape::Mesh) {
            b.leaf(SceneNodeKind::StaticMesh, attributes);
          } else {
            b.open(kNaoMeshRotation);
            b.leaf(SceneNodeKind::StaticMesh, attributes);
            b.close();
          }
          if (part.shape == PartShape::BodyMesh) {
            // The trainer's selection marker, hidden unless selected.
            b.open(kIdentity);
            b.leaf(SceneNodeKind::SingleMat,
                   " (setVisible 0) (setTransparent) (load StdUnitCylinder 1 1) (sSc 0.2 0.2 0.02) (sMat matSelect)");
            b.close();
          }
          break;
        }
      }
      b.close();
    }
    b.close();
  }
  b.finish();
}

void SceneGraph::update_poses(const WorldSnapshot& world) {
  if (ball_node_ >= 0) {
    const double dt = ball_time_ < 0 ? 0 : world.time - ball_time_;
    ball_time_ = world.time;
    const Vec3& w = world.ball_angular_velocity;
    const double angle = w.norm() * dt;
    if (angle > 1e-9 && std::isfinite(angle))
      ball_orientation_ = (Quat(Eigen::AngleAxisd(angle, w.normalized())) * ball_orientation_).normalized();
    const Mat3 R = ball_orientation_.toRotationMatrix();
    float* m = matrices_[ball_node_];
    for (int col = 0; col < 3; ++col)
      for (int row = 0; row < 3; ++row) m[col * 4 + row] = static_cast<float>(R(row, col));
    m[12] = static_cast<float>(world.ball_position.x());
    m[13] = static_cast<float>(world.ball_position.y());
    m[14] = static_cast<float>(world.ball_position.z());
  }
  for (int r = 0; r < robot_count_; ++r) {
    const SceneRobot& robot = robots_[r];
    if (robot.type < 0 || robot.type >= kRobotTypeCount || !has_model_[robot.type]) continue;
    const RobotSnapshot* snap = nullptr;
    for (int i = 0; i < world.robot_count; ++i)
      if (world.robots[i].id == robot.id) snap = &world.robots[i];
    if (!snap) continue;
    const robot::KinematicModel& model = models_[robot.type];
    robot::forward_kinematics(model, snap->joint_angle, &poses_);
    Iso3 torso = Iso3::Identity();
    torso.linear() = snap->torso_orientation.normalized().toRotationMatrix();
    torso.translation() = snap->torso_position;
    for (int body = 0; body < model.body_count; ++body) {
      const int node = body_node_[r][body];
      if (node < 0) continue;
      const Iso3 pose = torso * poses_.pose[body];
      const Mat3 R = pose.linear();
      const Vec3& p = pose.translation();
      // Body frame (x forward, y left) to SimSpark's RSG frame (x right, y forward).
      float* m = matrices_[node];
      m[0] = static_cast<float>(-R(0, 1));
      m[1] = static_cast<float>(-R(1, 1));
      m[2] = static_cast<float>(-R(2, 1));
      m[3] = 0;
      m[4] = static_cast<float>(R(0, 0));
      m[5] = static_cast<float>(R(1, 0));
      m[6] = static_cast<float>(R(2, 0));
      m[7] = 0;
      m[8] = static_cast<float>(R(0, 2));
      m[9] = static_cast<float>(R(1, 2));
      m[10] = static_cast<float>(R(2, 2));
      m[11] = 0;
      m[12] = static_cast<float>(p.x());
      m[13] = static_cast<float>(p.y());
      m[14] = static_cast<float>(p.z());
      m[15] = 1;
    }
  }
}

}  // namespace libero::sim
