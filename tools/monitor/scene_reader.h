// Reads the monitor protocol of rcssserver3d (and of `libero serve`, which
// speaks it too): full states `(<predicates>)(RSG 0 1)(<scene>)` and
// incremental ones `(<predicates>)(RDS 0 1)(<scene>)` (facts §8.1). Keeps
// the scene's transform nodes in tree order, matches each update to them by
// position, and derives what a match runner or viewer needs: the ball, every
// robot's team, number, type and torso pose, the clock, half, score and play
// mode. Knows nothing of sockets.
//
// How things are recognised, from rcssserver3d's scene descriptions:
// - the ball is the transform whose mesh loads models/soccerball.obj;
// - a robot's torso is the transform two levels above the mesh that loads
//   models/naobody<type>.obj (the torso body, then a fixed rotation for the
//   mesh); that mesh's materials name the team (matLeft / matRight) and the
//   number (matNum<N>) once the robot's init has placed it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/math.h"
#include "core/result.h"
#include "protocol/percepts.h"
#include "protocol/sexp.h"

namespace libero::monitor {

constexpr int kMaxSceneRobots = 22;

struct SceneRobot {
  int team = -1;        // 0 left, 1 right, -1 not yet assigned (before init)
  int unum = 0;
  int type = 0;         // hetero type from the body mesh's name
  Vec3 torso;           // torso centre, world frame
  Mat3 rotation = Mat3::Identity();  // torso body frame -> world
  double yaw = 0;       // rad, heading of the robot's forward axis, 0 = +x
  double up_z = 1;      // z of the torso's up axis (1 upright, 0 lying)
};

struct SceneState {
  double time = 0;                  // game time
  int half = 1;
  int score_left = 0, score_right = 0;
  protocol::PlayMode play_mode = protocol::PlayMode::BeforeKickOff;
  std::string team_left, team_right;
  bool ball_known = false;
  Vec3 ball = Vec3::Zero();
  int robot_count = 0;
  SceneRobot robots[kMaxSceneRobots];
  long full_states = 0, updates = 0;
  // Facts the full state carries (0 until seen).
  double field_length = 0, field_width = 0, half_time = 0;

  const SceneRobot* find(int team, int unum) const;
};

class SceneReader {
 public:
  SceneReader();
  // Applies one monitor message. An update that does not match the scene
  // held (a different node count, or an update before any full state) is an
  // error; the caller should then ask for a full state with (reqfullstate).
  Status apply(std::string_view message);
  const SceneState& state() const { return state_; }
  bool has_scene() const { return !nodes_.empty(); }

 private:
  enum class NodeKind : uint8_t { Transform, Mesh, Light };
  struct Node {
    NodeKind kind = NodeKind::Transform;
    int parent = -1;        // nearest enclosing transform, -1 at the top
    double local[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  };
  struct RobotNodes {
    int torso = -1;         // transform index
    int team = -1, unum = 0, type = 0;
  };

  Status apply_predicates(sexp::Value list);
  Status read_full_scene(sexp::Value scene);
  Status read_update(sexp::Value scene);
  Status walk_full(sexp::Value node, int parent);
  Status walk_update(sexp::Value node, int* index);
  void note_mesh(sexp::Value mesh, int parent);
  void world_of(int index, double out[16]) const;
  void refresh_objects();

  sexp::Parser parser_;
  SceneState state_;
  std::vector<Node> nodes_;
  std::vector<RobotNodes> robot_nodes_;
  int ball_node_ = -1;
  std::vector<std::string> play_mode_names_;  // from (play_modes ...), else the standard order
};

}  // namespace libero::monitor
