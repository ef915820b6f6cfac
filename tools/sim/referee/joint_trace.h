// Joint traces: the text format tests/sim_referee/joint_trace_from_record.py
// writes from an agent record, read by the self-collision tests and by
// libero_self_collision_margin. One line at a time:
//   type T                  the robot's type (before any angles)
//   logged PAIR N           rcssserver3d logged PAIR in N cycles
//   TIME A0 ... A23         game time (s) and the 24 perceived angles (deg)
// and blank or `#` lines, which say nothing.
#pragma once

#include <string>
#include <string_view>

#include "core/nao_joints.h"
#include "core/result.h"

namespace libero::sim {

struct JointTraceLine {
  enum class Kind { Nothing, Type, Logged, Angles } kind = Kind::Nothing;
  int type = -1;                   // Type
  std::string pair;                // Logged
  int logged = 0;                  // Logged
  double time = 0;                 // Angles: game time, s
  double angles[kJointCount] = {}; // Angles: rad
};

// A line that is none of the above (a short angle line, a type without a
// number) is an error naming the line.
Result<JointTraceLine> parse_joint_trace_line(std::string_view line);

}  // namespace libero::sim
