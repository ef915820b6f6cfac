#include "tools/sim/referee/safe_reposition.h"

#include <cmath>

namespace libero::sim {
namespace {

// Every search step adds at most four spots; with the default 100 steps
// (plus the first) that is 404, so the list never fills with the
// league's parameters. A spot that finds it full is dropped.
constexpr int kMaxCandidates = 512;

int team_index(TeamSide side) { return side == TeamSide::Right ? 1 : 0; }

double distance(Spot a, Spot b) { return std::hypot(a.x - b.x, a.y - b.y); }

// Distance from a sphere's centre to a box, squared (0 inside).
double squared_distance_to_box(double x, double y, double z, const RefereeRobot& box) {
  auto outside = [](double v, double lo, double hi) { return v < lo ? lo - v : v > hi ? v - hi : 0.0; };
  const double dx = outside(x, box.min_x, box.max_x);
  const double dy = outside(y, box.min_y, box.max_y);
  const double dz = outside(z, box.min_z, box.max_z);
  return dx * dx + dy * dy + dz * dz;
}

}  // namespace

// Spots still to try, nearest to the robot's position first.
struct SafeRepositioner::Candidates {
  Spot spots[kMaxCandidates];
  double distance_to_robot[kMaxCandidates];
  int count = 0;

  bool empty() const { return count == 0; }

  // Sorted insertion as the reference's (scanning from the farthest spot):
  // a spot closer than `min_separation` to one of the spots scanned before
  // its place is found is a duplicate and dropped.
  void insert(Spot spot, Spot robot, double min_separation) {
    const double d = distance(spot, robot);
    int at = count;
    for (int k = count - 1; k >= 0; --k) {
      if (distance(spots[k], spot) < min_separation) return;
      if (d >= distance_to_robot[k]) break;
      at = k;
    }
    if (count == kMaxCandidates) return;
    for (int k = count; k > at; --k) {
      spots[k] = spots[k - 1];
      distance_to_robot[k] = distance_to_robot[k - 1];
    }
    spots[at] = spot;
    distance_to_robot[at] = d;
    ++count;
  }

  Spot pop_nearest() {
    const Spot nearest = spots[0];
    for (int k = 1; k < count; ++k) {
      spots[k - 1] = spots[k];
      distance_to_robot[k - 1] = distance_to_robot[k];
    }
    --count;
    return nearest;
  }
};

SafeRepositioner::SafeRepositioner(const RefereeInput& input, const RuleParameters& rules)
    : input_(input), rules_(rules) {
  for (int i = 0; i < input.robot_count; ++i) {
    const RefereeRobot& r = input.robots[i];
    if (r.team == TeamSide::None) continue;
    if (in_own_penalty_area(r.team, Spot{r.x, r.y})) ++inside_own_area_[team_index(r.team)];
  }
}

// The reference's penalty area: from the goal line 1.8 m into the field,
// |y| <= 3 (PenaltyWidth + GoalWidth over 2), edges included.
bool SafeRepositioner::in_own_penalty_area(TeamSide team, Spot spot) const {
  const double half_length = rules_.field_length / 2;
  const double goal_x = team == TeamSide::Left ? -half_length : half_length;
  return std::fabs(spot.x - goal_x) <= rules_.penalty_length && std::fabs(spot.x) <= half_length &&
         std::fabs(spot.y) <= rules_.penalty_width / 2;
}

// GetSafeRepositionHelper_AdjustPositionForPenaltyArea: a robot outside its
// own area may not be put in or near it (within one radius) while the area
// holds its team's maximum. Such a spot is moved to one radius in front of
// the area if it lies further up the field than the robot, else to one
// radius beside it, on the side away from the robot. True if moved.
bool SafeRepositioner::keep_out_of_full_area(const RefereeRobot& robot, Spot* spot) const {
  const int t = team_index(robot.team);
  if (in_own_penalty_area(robot.team, Spot{robot.x, robot.y})) return false;
  if (inside_own_area_[t] + placed_into_own_area_[t] < rules_.max_players_inside_own_area) return false;
  const double half_length = rules_.field_length / 2, radius = rules_.agent_radius;
  const double up_field = robot.team == TeamSide::Left ? 1.0 : -1.0;
  const double goal_x = -up_field * half_length;
  const double front_x = goal_x + up_field * rules_.penalty_length;
  const double half_width = rules_.penalty_width / 2;
  const bool near_x = (spot->x - goal_x) * up_field > -radius && (spot->x - front_x) * up_field < radius;
  const bool near_y = std::fabs(spot->y) < half_width + radius;
  if (!near_x || !near_y) return false;
  if ((spot->x - robot.x) * up_field > 0) {
    spot->x = front_x + up_field * radius;
  } else if (spot->y > robot.y || (spot->y == robot.y && spot->y < 0)) {
    spot->y = half_width + radius;
  } else {
    spot->y = -half_width - radius;
  }
  return true;
}

// GetSafeRepositionHelper_SamplePositions: the next grid spots from `from`,
// one radius away, always leading away from the robot's position. Level
// with the robot in x: both x directions, towards the own goal first;
// level in y: both y directions, towards the field's long axis first.
// Spots beyond a goal line are skipped.
void SafeRepositioner::add_neighbours(const RefereeRobot& robot, Spot from, Candidates* candidates) const {
  const double radius = rules_.agent_radius, half_length = rules_.field_length / 2;
  const Spot origin{robot.x, robot.y};
  const double to_own_goal = robot.team == TeamSide::Right ? 1.0 : -1.0;
  Spot next[4];
  int n = 0;

  const bool level_x = from.x == origin.x;
  const double x_step = level_x ? to_own_goal : (from.x > origin.x ? 1.0 : -1.0);
  Spot x_move{from.x + radius * x_step, from.y};
  if (std::fabs(x_move.x) <= half_length) next[n++] = x_move;
  if (level_x) {
    Spot x_move_other{from.x - radius * to_own_goal, from.y};
    if (std::fabs(x_move_other.x) <= half_length) next[n++] = x_move_other;
  }
  if (from.y == origin.y) {
    const double to_centre = origin.y < 0 ? 1.0 : -1.0;
    next[n++] = Spot{from.x, from.y + radius * to_centre};
    next[n++] = Spot{from.x, from.y - radius * to_centre};
  } else {
    next[n++] = Spot{from.x, from.y + radius * (from.y > origin.y ? 1.0 : -1.0)};
  }
  for (int i = 0; i < n; ++i) {
    keep_out_of_full_area(robot, &next[i]);
    candidates->insert(next[i], origin, radius / 2);
  }
}

// The sphere at `spot` meets another robot's bounding box (where it stands
// now) or comes within two radii (xy) of a robot placed this cycle.
bool SafeRepositioner::blocked(const RefereeRobot& robot, Spot spot) const {
  const double radius = rules_.agent_radius;
  for (int i = 0; i < input_.robot_count; ++i) {
    const RefereeRobot& other = input_.robots[i];
    if (other.team == TeamSide::None) continue;
    if (other.team == robot.team && other.unum == robot.unum) continue;
    if (squared_distance_to_box(spot.x, spot.y, robot.z, other) <= radius * radius) return true;
  }
  for (int i = 0; i < placed_count_; ++i)
    if (distance(placed_[i], spot) < 2 * radius) return true;
  return false;
}

void SafeRepositioner::remember(const RefereeRobot& robot, Spot spot) {
  const int t = team_index(robot.team);
  const bool was_inside = in_own_penalty_area(robot.team, Spot{robot.x, robot.y});
  const bool now_inside = in_own_penalty_area(robot.team, spot);
  if (!was_inside && now_inside) ++placed_into_own_area_[t];
  if (was_inside && !now_inside) --placed_into_own_area_[t];
  if (placed_count_ < static_cast<int>(sizeof placed_ / sizeof placed_[0])) placed_[placed_count_++] = spot;
}

Spot SafeRepositioner::place(const RefereeRobot& robot, Spot target) {
  if (rules_.max_safe_reposition_attempts <= 0 || robot.team == TeamSide::None) return target;
  Candidates candidates;
  Spot spot = target;
  Spot kept_out = target;
  if (keep_out_of_full_area(robot, &kept_out)) {
    // As the reference: the search then starts from the neighbours of the
    // target itself (each kept out of the area), not from the moved spot.
    add_neighbours(robot, target, &candidates);
    if (candidates.empty()) return target;
    spot = candidates.pop_nearest();
  }
  bool unsafe = false;
  for (int attempt = 0; attempt < rules_.max_safe_reposition_attempts; ++attempt) {
    unsafe = blocked(robot, spot);
    if (!unsafe) break;
    add_neighbours(robot, spot, &candidates);
    if (candidates.empty()) break;
    spot = candidates.pop_nearest();
  }
  if (unsafe) spot = target;  // the reference logs "Failed to safely reposition" and keeps the target
  remember(robot, spot);
  return spot;
}

}  // namespace libero::sim
