// Team assignment and init/beam placement of rcssserver3d 0.7.2
// (reference sheet §6 init and beam, §7.11 team composition, §9.2).
//   * the first team name to init is left, the second right, for the
//     server's lifetime; a third name is rejected (the robot stays teamless);
//   * uniform numbers 1-11, unique per team, 0 = lowest free;
//   * successive inits of a team are placed along x = ∓14.2, y from 9.2 down
//     in steps of 1.2 (restarting at 9.2 and x + 0.8 below y = -10), torso
//     z = 0.4, facing the opponent goal;
//   * hetero type limits (§7.11), on by default, switchable for tests.
// Pure bookkeeping: the server applies the placements to the physics world.
#pragma once

#include <cstdint>
#include <random>
#include <string_view>

#include "core/math.h"
#include "protocol/percepts.h"
#include "tools/sim/server/team.h"

namespace libero::sim {

constexpr int kPlayersPerTeam = 11;
constexpr int kRobotTypeCount = 5;
constexpr double kAgentRadius = 0.4;  // torso z after init/beam


// Torso placement in world coordinates; heading = forward axis angle from +x (rad).
struct Placement {
  Vec3 torso = Vec3(0, 0, kAgentRadius);
  double heading = 0;
};

struct TypeLimits {
  bool enabled = true;
  int max_per_type = 7;         // MaxRobotTypeCount
  int max_sum_two_types = 9;    // MaxSumTwoRobotTypes
  int min_types = 3;            // MinRobotTypesCount
};

struct InitResult {
  bool accepted = false;
  Team team = Team::None;
  int unum = 0;
  Placement placement;
  const char* reason = "";      // why it was rejected
};

class TeamRegistry {
 public:
  explicit TeamRegistry(const TypeLimits& limits = {}) : limits_(limits) {}

  // The init command. A rejected robot stays teamless.
  InitResult init(std::string_view team_name, int requested_unum, int robot_type);
  // The robot left (disconnect): frees its number and type slot.
  void release(Team team, int unum, int robot_type);

  std::string_view team_name(Team team) const;
  int player_count(Team team) const;
  bool unum_taken(Team team, int unum) const;

 private:
  bool type_allowed(int team, int robot_type) const;

  TypeLimits limits_;
  char names_[2][protocol::kMaxNameLength + 1] = {};
  uint8_t name_length_[2] = {};
  bool named_[2] = {};
  bool taken_[2][kPlayersPerTeam + 1] = {};
  int type_count_[2][kRobotTypeCount] = {};
  double next_x_[2] = {-14.2, 14.2};
  double next_y_[2] = {9.2, 9.2};
};

// Turns a beam request (team frame; rot in degrees, 0 = towards the opponent
// goal) into a world placement: uniform noise ±0.05 m, ±10°; NaN/Inf
// rejected (false); clamped to the own half x ∈ [-15, 0], y ∈ [-10, 10];
// mirrored for the right team; z = 0.4. A teamless robot is clamped but not
// mirrored and rot 0 faces world +y. noise == false skips the noise (tests).
bool beam_placement(Team team, double x, double y, double rot_deg, bool noise, std::mt19937& rng,
                    Placement* out);

}  // namespace libero::sim
