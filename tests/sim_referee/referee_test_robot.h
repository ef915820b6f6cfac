// A robot for the referee's snapshot in tests: torso at (x, y, z), a 0.2 m
// square footprint and the standing robot's height (the safe reposition of
// pass mode tests 3-D bounding boxes; facts §7.7).
#pragma once

#include "tools/sim/referee/referee.h"

namespace libero::sim::test {

inline RefereeRobot robot(TeamSide team, int unum, double x, double y, double z = 0.38) {
  RefereeRobot r;
  r.team = team;
  r.unum = unum;
  r.x = x;
  r.y = y;
  r.z = z;
  r.min_x = x - 0.1;
  r.max_x = x + 0.1;
  r.min_y = y - 0.1;
  r.max_y = y + 0.1;
  r.min_z = 0.0;
  r.max_z = 0.55;
  return r;
}

}  // namespace libero::sim::test
