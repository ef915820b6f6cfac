// The simulator match runner's reading of the cycle's contacts into the
// match frame (what the falls' causes are counted from).
#include <doctest/doctest.h>

#include "tools/match/sim_match.h"

using namespace libero;
using namespace libero::match;

TEST_CASE("a robot is touching another on either side of a contact, and the ball only its own") {
  sim::CycleContacts contacts;
  contacts.robot_touch_count = 2;
  contacts.robot_touches[0].robot_a = 1;
  contacts.robot_touches[0].robot_b = 4;
  contacts.robot_touches[1].robot_a = 2;
  contacts.robot_touches[1].robot_b = 7;
  contacts.ball_touch_count = 1;
  contacts.ball_touches[0].robot = 7;
  FrameRobot r;
  r.touching_robot = r.touching_ball = true;  // stale from the last cycle
  mark_touches(contacts, 3, &r);
  CHECK_FALSE(r.touching_robot);
  CHECK_FALSE(r.touching_ball);
  mark_touches(contacts, 4, &r);  // robot_b of a contact
  CHECK(r.touching_robot);
  CHECK_FALSE(r.touching_ball);
  mark_touches(contacts, 7, &r);
  CHECK(r.touching_robot);
  CHECK(r.touching_ball);
  mark_touches(sim::CycleContacts{}, 7, &r);
  CHECK_FALSE(r.touching_robot);
  CHECK_FALSE(r.touching_ball);
}
