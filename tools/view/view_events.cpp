#include "tools/view/view_events.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "protocol/percepts.h"

namespace libero::view {
namespace {

constexpr double kPi = 3.14159265358979323846;

// A number field: finite and within [lo, hi]; `fallback` when absent and
// optional.
Result<double> number(const std::map<std::string, std::string>& form, const char* name, double lo, double hi,
                      const double* fallback = nullptr) {
  auto it = form.find(name);
  if (it == form.end() || it->second.empty()) {
    if (fallback) return *fallback;
    return make_error(std::string("missing '") + name + "'");
  }
  char* end = nullptr;
  double v = std::strtod(it->second.c_str(), &end);
  if (end == it->second.c_str() || *end != '\0' || !std::isfinite(v))
    return make_error(std::string("'") + name + "' is not a number: '" + it->second + "'");
  if (v < lo || v > hi) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "'%s' = %g is outside [%g, %g]", name, v, lo, hi);
    return make_error(buf);
  }
  return v;
}

Result<std::string> team_of(const std::map<std::string, std::string>& form, bool allow_none) {
  auto it = form.find("team");
  if (it == form.end()) return make_error("missing 'team'");
  if (it->second == "left") return std::string("Left");
  if (it->second == "right") return std::string("Right");
  if (allow_none && it->second == "none") return std::string("None");
  return make_error("'team' must be left or right" + std::string(allow_none ? " or none" : "") + ", got '" +
                    it->second + "'");
}

}  // namespace

void append_scene_json(const monitor::SceneState& scene, long seq, double recv_ms, std::string* out) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "{\"seq\":%ld,\"recv\":%.1f,\"t\":%.2f,\"half\":%d,\"mode\":", seq, recv_ms, scene.time,
                scene.half);
  *out += buf;
  append_json_string(out, std::string(protocol::play_mode_name(scene.play_mode)));
  std::snprintf(buf, sizeof buf, ",\"sl\":%d,\"sr\":%d,\"tl\":", scene.score_left, scene.score_right);
  *out += buf;
  append_json_string(out, scene.team_left);
  *out += ",\"tr\":";
  append_json_string(out, scene.team_right);
  std::snprintf(buf, sizeof buf, ",\"fl\":%g,\"fw\":%g", scene.field_length > 0 ? scene.field_length : 30.0,
                scene.field_width > 0 ? scene.field_width : 20.0);
  *out += buf;
  if (scene.ball_known) {
    std::snprintf(buf, sizeof buf, ",\"ball\":[%.3f,%.3f,%.3f]", scene.ball.x(), scene.ball.y(), scene.ball.z());
    *out += buf;
  } else {
    *out += ",\"ball\":null";
  }
  *out += ",\"robots\":[";
  bool first = true;
  for (int i = 0; i < scene.robot_count; ++i) {
    const monitor::SceneRobot& r = scene.robots[i];
    if (r.team < 0 || r.unum < 1) continue;  // not yet placed by its init
    std::snprintf(buf, sizeof buf, "%s[%d,%d,%d,%.3f,%.3f,%.3f,%.3f,%d,%.2f]", first ? "" : ",", r.team, r.unum, r.type,
                  r.torso.x(), r.torso.y(), r.torso.z(), r.yaw, r.torso.z() < kFallenTorsoHeight ? 1 : 0, r.up_z);
    *out += buf;
    first = false;
  }
  *out += "]}";
}

Result<std::string> trainer_command(const std::map<std::string, std::string>& form) {
  auto it = form.find("action");
  if (it == form.end()) return make_error("missing 'action'");
  const std::string& action = it->second;
  char buf[200];
  if (action == "kick_off") {
    Result<std::string> team = team_of(form, true);
    if (!team.ok()) return team.error();
    return "(kickOff " + *team + ")";
  }
  // The monitor protocol has no pause: in BeforeKickOff the clock stands
  // still (facts §7.2; the ball is held at the centre, §7.3) and a
  // kick-off resumes the game.
  if (action == "pause") return std::string("(playMode BeforeKickOff)");
  if (action == "play_on") return std::string("(playMode PlayOn)");
  if (action == "drop_ball") return std::string("(dropBall)");
  if (action == "free_kick") {
    Result<std::string> team = team_of(form, false);
    if (!team.ok()) return team.error();
    return std::string(*team == "Left" ? "(playMode free_kick_left)" : "(playMode free_kick_right)");
  }
  // Positions: the field (30 x 20) plus the area around it where the
  // simulators still hold objects.
  if (action == "ball") {
    const double ball_z = 0.042;  // resting on the grass (facts §3.5)
    Result<double> x = number(form, "x", -20, 20), y = number(form, "y", -15, 15), z = number(form, "z", 0, 5, &ball_z);
    if (!x.ok()) return x.error();
    if (!y.ok()) return y.error();
    if (!z.ok()) return z.error();
    // Zero velocity too: a ball moved while rolling would roll on.
    std::snprintf(buf, sizeof buf, "(ball (pos %.3f %.3f %.3f) (vel 0 0 0))", *x, *y, *z);
    return std::string(buf);
  }
  if (action == "robot") {
    Result<std::string> team = team_of(form, false);
    if (!team.ok()) return team.error();
    const double standing_z = 0.4;  // a little above a standing torso: the robot lands on its feet
    Result<double> unum = number(form, "unum", 1, 11), x = number(form, "x", -20, 20), y = number(form, "y", -15, 15),
                   z = number(form, "z", 0, 5, &standing_z);
    if (!unum.ok()) return unum.error();
    if (*unum != std::floor(*unum)) return make_error("'unum' must be a whole number");
    if (!x.ok()) return x.error();
    if (!y.ok()) return y.error();
    if (!z.ok()) return z.error();
    if (form.count("yaw")) {
      Result<double> yaw = number(form, "yaw", -10, 10);
      if (!yaw.ok()) return yaw.error();
      // The trainer's yaw: degrees, 0 faces world +y, -90 faces +x (facts §8.2).
      std::snprintf(buf, sizeof buf, "(agent (unum %d) (team %s) (move %.3f %.3f %.3f %.1f))", static_cast<int>(*unum),
                    team->c_str(), *x, *y, *z, *yaw * 180 / kPi - 90);
    } else {
      std::snprintf(buf, sizeof buf, "(agent (unum %d) (team %s) (pos %.3f %.3f %.3f))", static_cast<int>(*unum),
                    team->c_str(), *x, *y, *z);
    }
    return std::string(buf);
  }
  return make_error("unknown action '" + action + "'");
}

}  // namespace libero::view
