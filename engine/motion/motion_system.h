// MotionSystem: turns this cycle's SkillRequests into joint velocities.
// Owns all motion state (walk phase, keyframe player, joint controller).
#pragma once

#include <string>

#include "core/result.h"
#include "core/skill_requests.h"
#include "protocol/actions.h"
#include "protocol/percepts.h"
#include "world/world_state.h"

namespace libero::motion {

struct MotionOptions {
  std::string robots_dir;   // robots/ folder: description, motions, walk parameters
  int robot_type = 0;
  // Seconds between checks of the motion and walk files for changes (a
  // background thread reloads them); 0 turns hot reload off.
  double reload_poll_seconds = 1.0;
  // Walk parameter file; empty = <robots_dir>/nao/walk.lua (benchmarks
  // point this at a scratch copy to tune).
  std::string walk_file;
};

class MotionSystem {
 public:
  explicit MotionSystem(const MotionOptions& options);
  ~MotionSystem();
  MotionSystem(const MotionSystem&) = delete;
  MotionSystem& operator=(const MotionSystem&) = delete;

  // Loads descriptions, motions and parameters. An error here is fatal for
  // the agent (no body model), so it is reported before connecting.
  Status load();

  // One cycle: writes joint velocities (and nothing else) into *action.
  void step(const protocol::Percept& percept, const world::WorldState& world,
            const SkillRequests& requests, protocol::Action* action);

  const MotionStatus& status() const { return status_; }

  // For tools and tests: the torso tilt estimate (rad) and the fall state
  // seen by the IMU filter (world::FallState values).
  double estimated_pitch() const;
  double estimated_roll() const;
  int fall_state() const;
  // For tools: the joint target sent this cycle (rad).
  double joint_target(int joint) const;
  // For tools and tests: where the ball lay from its spot (m, ahead and to
  // the left, as the motion's own frames see it) when the last kick motion
  // started, as its ball shifts used it.
  double kick_ball_dx() const;
  double kick_ball_dy() const;
  // For tools and tests: steps the foot sensors ended early and cycles they
  // held a step for a late foot (WalkParams::touchdown_*), since load().
  int walk_touchdown_early_steps() const;
  int walk_touchdown_held_cycles() const;

 private:
  MotionOptions options_;
  MotionStatus status_{};
  struct Impl;
  Impl* impl_ = nullptr;
};

}  // namespace libero::motion
