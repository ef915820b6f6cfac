// The scene a monitor draws, laid out like rcssserver3d 0.7.2's scene graph
// (facts §8.1) so that RoboViz, rcssmonitor3d and tools written for the real
// server find the ball and identify each robot: lights, field, goals, the
// ball, then every robot's body parts in joining order, each a transform
// holding the reference's mesh (models/naobody0.obj, ...) with its team and
// number materials (matLeft / matRight, matNum<N>).
//
// The node list is rebuilt only when a robot joins, leaves or gets its team
// (the reference then marks its scene modified and sends full states). Every
// monitor cycle update_poses() moves the transforms to the physics snapshot:
// the ball, and each body part from the torso pose and the joint angles
// (forward kinematics of the robot description, the same rigid tree the
// physics steps). A body part's local matrix is its world pose in SimSpark's
// RSG frame (x right, y forward, z up): the reference's part transforms hang
// under a non-transform space node, so their local matrix is their world
// pose. update_poses() does not allocate.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "core/result.h"
#include "robot/description.h"
#include "robot/kinematics.h"
#include "tools/sim/physics/physics_world.h"
#include "tools/sim/server/team.h"
#include "tools/sim/server/team_registry.h"

namespace libero::sim {

constexpr int kMaxSceneNodes = 2048;
constexpr int kMaxSceneRobots = 32;

enum class SceneNodeKind : uint8_t { Transform, StaticMesh, SingleMat, Light };

struct SceneNode {
  SceneNodeKind kind = SceneNodeKind::Transform;
  bool moves = false;        // transform driven by the physics (ball, robot parts)
  bool visible = true;       // meshes: shown (the selection marker is not)
  uint8_t closes = 1;        // ')' after this node: its own and those of the levels it ends
  uint32_t text_begin = 0;   // full-state attributes (meshes, lights), in the text pool
  uint32_t text_length = 0;
};

// A robot on the scene. Team None until its init is accepted; the reference
// shows it with the model's default materials until then.
struct SceneRobot {
  RobotId id = kNoRobot;
  int type = 0;
  Team team = Team::None;
  int unum = 0;
};

class SceneGraph {
 public:
  // Kinematic models for the robot types present (nullptr = type not served).
  static Result<std::unique_ptr<SceneGraph>> create(const robot::RobotDescription* const descriptions[kRobotTypeCount]);
  ~SceneGraph();
  SceneGraph(const SceneGraph&) = delete;
  SceneGraph& operator=(const SceneGraph&) = delete;

  // Rebuilds the node list if the robots (ids, types, teams, numbers) differ
  // from the current ones; returns true when it did. Robots in `robots` must
  // be in joining order (ascending id). Allocates nothing.
  bool set_robots(const SceneRobot* robots, int count);
  // Moves the transforms to the snapshot. Robots missing from the snapshot
  // keep their last pose.
  void update_poses(const WorldSnapshot& world);

  int node_count() const { return node_count_; }
  const SceneNode& node(int i) const { return nodes_[i]; }
  // The local 4x4 matrix of a transform, column-major (m12..m14 translation).
  const float* matrix(int i) const { return matrices_[i]; }
  std::string_view attributes(int i) const { return {text_ + nodes_[i].text_begin, nodes_[i].text_length}; }
  // Changes with every rebuild: a monitor's per-node memory is valid only for one layout.
  uint64_t layout() const { return layout_; }
  int robot_count() const { return robot_count_; }
  // A node rebuild that ran out of room (the scene is then cut short).
  bool overflowed() const { return overflowed_; }

 private:
  SceneGraph();
  struct Builder;
  void rebuild();

  robot::KinematicModel models_[kRobotTypeCount];
  bool has_model_[kRobotTypeCount] = {};
  int body_count_[kRobotTypeCount] = {};
  int body_part_[kRobotTypeCount][robot::kMaxBodies] = {};  // reference part index of each body, -1 none

  SceneRobot robots_[kMaxSceneRobots];
  int robot_count_ = 0;
  // First node of each robot's part transforms, by body index (-1: not shown).
  int body_node_[kMaxSceneRobots][robot::kMaxBodies] = {};
  int ball_node_ = -1;
  // The ball's orientation, integrated from its angular velocity (the
  // snapshot has no orientation), so monitors show it rolling.
  Quat ball_orientation_ = Quat::Identity();
  double ball_time_ = -1;

  SceneNode nodes_[kMaxSceneNodes];
  float matrices_[kMaxSceneNodes][16] = {};
  int node_count_ = 0;
  static constexpr size_t kTextCapacity = 256 * 1024;
  char text_[kTextCapacity];
  size_t text_size_ = 0;
  uint64_t layout_ = 0;
  bool overflowed_ = false;
  robot::BodyPoses poses_;
};

}  // namespace libero::sim
