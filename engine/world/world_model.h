// WorldModel: folds each decoded percept into the WorldState behaviours read.
// Owns the WorldState; nothing else writes it.
#pragma once

#include <string>

#include "core/skill_requests.h"
#include "protocol/percepts.h"
#include "world/world_state.h"

namespace libero::world {

struct WorldModelOptions {
  std::string robots_dir;   // robots/ folder (for kinematics)
  std::string team_name;
  int robot_type = 0;
};

class WorldModel {
 public:
  explicit WorldModel(const WorldModelOptions& options);
  ~WorldModel();
  WorldModel(const WorldModel&) = delete;
  WorldModel& operator=(const WorldModel&) = delete;

  // One cycle: percept k and what motion reported after cycle k-1.
  void update(const protocol::Percept& percept, const motion::MotionStatus& motion);

  const WorldState& state() const { return state_; }

  // After the behaviours ran: what they asked to send to the teammates
  // (SkillRequests.radio_payload; `set` false when they set nothing). It goes
  // into this cycle's team message when it is our turn to speak, and into
  // our own slot's radio_payload.
  void attach_script_payload(bool set, uint32_t payload);

  // The team message the world model wants to send this cycle (own pose,
  // ball, the scripts' payload attached so far), or an empty view when it is
  // not our turn to speak.
  std::string_view outgoing_team_message() const;

 private:
  WorldModelOptions options_;
  WorldState state_{};
  int32_t heard_id_ = 0;  // running id of the behaviours' heard messages
  struct Impl;
  Impl* impl_ = nullptr;
};

}  // namespace libero::world
