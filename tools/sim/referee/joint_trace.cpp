#include "joint_trace.h"

#include <sstream>

#include "core/math.h"

namespace libero::sim {

Result<JointTraceLine> parse_joint_trace_line(std::string_view line) {
  JointTraceLine out;
  if (line.empty() || line[0] == '#') return out;
  std::istringstream words{std::string(line)};
  std::string key;
  if (line.rfind("type ", 0) == 0) {
    out.kind = JointTraceLine::Kind::Type;
    words >> key >> out.type;
    if (words.fail() || out.type < 0) return make_error("a type line without a type: " + std::string(line));
    return out;
  }
  if (line.rfind("logged ", 0) == 0) {
    out.kind = JointTraceLine::Kind::Logged;
    words >> key >> out.pair >> out.logged;
    if (words.fail()) return make_error("a logged line without a pair and a count: " + std::string(line));
    return out;
  }
  out.kind = JointTraceLine::Kind::Angles;
  words >> out.time;
  for (double& a : out.angles) {
    double deg = 0;
    words >> deg;
    a = deg2rad(deg);
  }
  if (words.fail()) return make_error("a line without a time and 24 angles: " + std::string(line));
  return out;
}

}  // namespace libero::sim
