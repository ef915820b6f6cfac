// The server's side of the self-collision rule (tools/sim/referee/
// self_collision.h): one model per robot type, one state per agent slot.
// The server calls judge() after each cycle's physics step and referee, and
// filters every hinge command through command() when it applies it, so a
// freeze found at the end of cycle n zeroes the commands of cycles n+1 ..
// n+50, as on rcssserver3d (its referee runs after the physics step, its
// hinge effectors apply the next commands).
#pragma once

#include <cstdint>
#include <string>

#include "core/result.h"
#include "robot/description.h"
#include "tools/sim/physics/physics_world.h"
#include "tools/sim/referee/self_collision.h"
#include "tools/sim/server/team.h"

namespace libero::sim {

// A robot the rule judges this cycle.
struct JudgedRobot {
  int slot = 0;            // the server's agent slot (index of its state)
  RobotId robot = kNoRobot;
  int type = 0;
  Team team = Team::None;
  int unum = 0;
};

class SelfCollisionLink {
 public:
  static constexpr int kSlots = 32;
  static constexpr int kTypes = 5;

  // Reads the switch and numbers from `physics_file` and each loaded type's
  // boxes from `robots_dir` (`descriptions[t]` may be null for types not served).
  Status load(const std::string& robots_dir, const std::string& physics_file,
              const robot::RobotDescription* const descriptions[kTypes]);
  bool enabled() const { return params_.enabled; }

  // A new robot in `slot`: nothing frozen.
  void reset(int slot) { states_[slot].reset(); }
  // The velocity the joint really gets: 0 while frozen.
  double command(int slot, int joint, double velocity) const { return states_[slot].filter(joint, velocity); }
  bool frozen(int slot, int joint) const { return states_[slot].frozen(joint); }

  // One referee check of every robot at the end of `cycle`. While the game
  // is paused (BeforeKickOff) nothing is checked and everything thaws, as on
  // rcssserver3d. Logs each colliding pair like rcssserver3d's
  // PrintSelfCollisions: "ANALYSECOLLISIONS: Collision GTime 1.4 Team 1 Pl 1
  // rlowerarm rthigh" (Team 1 = left, 2 = right).
  void judge(const PhysicsWorld& physics, const JudgedRobot* robots, int count, bool paused, double game_time,
             int64_t cycle);

  int64_t collisions() const { return collisions_; }  // colliding pairs counted so far
  int64_t freezes() const { return freezes_; }        // checks that froze at least one joint

 private:
  SelfCollisionParams params_;
  SelfCollisionModel models_[kTypes];
  bool model_loaded_[kTypes] = {};
  SelfCollisionState states_[kSlots];
  SelfCollisionCheck check_;   // scratch
  RobotReadings readings_;     // scratch
  int64_t collisions_ = 0, freezes_ = 0;
};

}  // namespace libero::sim
