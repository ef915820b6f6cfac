#include "tools/sim/server/self_collision_link.h"

#include "core/log.h"
#include "tools/sim/referee/self_collision_data.h"

namespace libero::sim {
namespace {
constexpr const char* kLog = "sim.referee";
}

Status SelfCollisionLink::load(const std::string& robots_dir, const std::string& physics_file,
                               const robot::RobotDescription* const descriptions[kTypes]) {
  Result<SelfCollisionParams> params = load_self_collision_params(physics_file);
  if (!params.ok()) return params.error();
  params_ = params.value();
  for (int t = 0; t < kTypes; ++t) {
    model_loaded_[t] = false;
    if (descriptions[t] == nullptr) continue;
    Result<SelfCollisionModel> model = load_self_collision_model(robots_dir, *descriptions[t]);
    if (!model.ok()) return model.error();
    models_[t] = model.value();
    model_loaded_[t] = true;
  }
  for (SelfCollisionState& s : states_) s.reset();
  return {};
}

void SelfCollisionLink::judge(const PhysicsWorld& physics, const JudgedRobot* robots, int count, bool paused,
                              double game_time, int64_t cycle) {
  if (!params_.enabled) return;
  for (int i = 0; i < count; ++i) {
    const JudgedRobot& r = robots[i];
    if (r.slot < 0 || r.slot >= kSlots || r.type < 0 || r.type >= kTypes || !model_loaded_[r.type]) continue;
    SelfCollisionState& state = states_[r.slot];
    if (paused) {
      state.reset();
      continue;
    }
    if (!physics.read_robot(r.robot, &readings_)) continue;
    const SelfCollisionModel& model = models_[r.type];
    state.check(model, params_, readings_.joint_angle, cycle, &check_);
    collisions_ += check_.hit_count;
    if (check_.newly_frozen != 0) ++freezes_;
    for (int h = 0; h < check_.hit_count; ++h)
      LOG_INFO(kLog, "ANALYSECOLLISIONS: Collision GTime %g Team %d Pl %d %s %s", game_time,
               r.team == Team::Left ? 1 : r.team == Team::Right ? 2 : 0, r.unum, model.name[check_.hits[h].box_a],
               model.name[check_.hits[h].box_b]);
  }
}

}  // namespace libero::sim
