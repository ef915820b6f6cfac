// rcssserver3d's "safe reposition" (facts §7.7; SoccerRuleAspect::
// GetSafeReposition and its two helpers in soccerruleaspect.cpp): where the
// referee really puts a robot it wants at a target spot. The spot is taken
// if a 0.4 m (AgentRadius) sphere there, at the robot's torso height, meets
// no other robot's bounding box and lies at least 0.8 m from every robot
// placed earlier in the cycle. Otherwise spots on a 0.4 m grid, each step
// leading further away from the robot's current position, are tried nearest
// to that position first, at most MaxNumSafeRepositionAttempts of them; if
// none is clear the target itself is used (the reference logs an error).
// A robot outside its own penalty area is also kept out of it while its team
// already has MaxPlayersInsideOwnArea players there.
//
// In rcssserver3d RepelPlayers (the kick repel and pass mode) and the foul
// penalty use it; here pass mode does (facts §7.10).
#pragma once

#include "tools/sim/referee/referee.h"

namespace libero::sim {

struct Spot {
  double x = 0, y = 0;
};

// One cycle's placements: a robot placed by place() is remembered so the
// next ones keep clear of it (the reference's per-cycle reposLocs). Holds
// references to `input` and `rules`, which must outlive it.
class SafeRepositioner {
 public:
  SafeRepositioner(const RefereeInput& input, const RuleParameters& rules);

  // Where `robot` goes when the referee wants it at `target` (xy; its torso
  // height is kept by the caller).
  Spot place(const RefereeRobot& robot, Spot target);

 private:
  struct Candidates;
  bool in_own_penalty_area(TeamSide team, Spot spot) const;
  bool keep_out_of_full_area(const RefereeRobot& robot, Spot* spot) const;
  void add_neighbours(const RefereeRobot& robot, Spot from, Candidates* candidates) const;
  bool blocked(const RefereeRobot& robot, Spot spot) const;
  void remember(const RefereeRobot& robot, Spot spot);

  const RefereeInput& input_;
  const RuleParameters& rules_;
  // Torsos inside their own penalty area at the start of the cycle, and
  // the change by this cycle's placements, per team [left, right].
  int inside_own_area_[2] = {0, 0};
  int placed_into_own_area_[2] = {0, 0};
  Spot placed_[kMaxRefereeRobots * 2];
  int placed_count_ = 0;
};

}  // namespace libero::sim
