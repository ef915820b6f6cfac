#include "tools/sim/referee/trainer_commands.h"

#include <cmath>
#include <algorithm>
#include <cstdio>

#include "protocol/sexp.h"

namespace libero::sim {
namespace {

using sexp::Value;

void reject(TrainerCommandList* out, Value item, const char* why) {
  if (out->rejected++ == 0) {
    std::string_view text = item.text();
    std::snprintf(out->first_problem, sizeof out->first_problem, "%s: %.*s", why,
                  static_cast<int>(std::min<size_t>(text.size(), 60)), text.data());
  }
}

bool read_team(Value v, TeamSide* team) {
  if (v.is("Left")) *team = TeamSide::Left;
  else if (v.is("Right")) *team = TeamSide::Right;
  else if (v.is("None")) *team = TeamSide::None;
  else return false;
  return true;
}

bool read_numbers(Value list, int first, int count, double* out) {
  if (list.size() != first + count) return false;
  for (int i = 0; i < count; ++i)
    if (!list[first + i].as_double(&out[i]) || !std::isfinite(out[i])) return false;
  return true;
}

// (agent|kill|select|repos (unum n) (team T) ...): reads unum/team and, for
// agent, pos/move. Returns false on a malformed part.
bool read_agent_parts(Value item, TrainerCommand* c) {
  bool first = true;
  for (Value part : item) {
    if (first) {  // the command name
      first = false;
      continue;
    }
    if (!part.is_list()) return false;
    const std::string_view tag = part.tag();
    if (tag == "unum") {
      if (part.size() != 2 || !part[1].as_int(&c->unum)) return false;
    } else if (tag == "team") {
      if (part.size() != 2 || !read_team(part[1], &c->team)) return false;
    } else if (tag == "pos") {
      double v[3];
      if (!read_numbers(part, 1, 3, v)) return false;
      c->kind = TrainerCommandKind::AgentPos;
      c->has_position = true;
      c->x = v[0];
      c->y = v[1];
      c->z = v[2];
    } else if (tag == "move") {
      double v[4];
      if (!read_numbers(part, 1, 4, v)) return false;
      c->kind = TrainerCommandKind::AgentMove;
      c->has_position = true;
      c->x = v[0];
      c->y = v[1];
      c->z = v[2];
      c->yaw_deg = v[3];
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

Status parse_trainer_commands(std::string_view message, sexp::Parser* parser, TrainerCommandList* out) {
  out->count = 0;
  out->rejected = 0;
  out->first_problem[0] = '\0';
  if (Status parsed = parser->parse(message); !parsed.ok()) return parsed;
  for (Value item : parser->root()) {
    if (!item.is_list()) {
      reject(out, item, "a trainer command is a list");
      continue;
    }
    if (out->count >= kMaxTrainerCommands) {
      reject(out, item, "too many commands in one message");
      continue;
    }
    TrainerCommand c;
    const std::string_view tag = item.tag();
    bool ok = true;
    if (tag == "kickOff") {
      c.kind = TrainerCommandKind::KickOff;
      ok = item.size() == 2 && read_team(item[1], &c.team);
    } else if (tag == "playMode") {
      c.kind = TrainerCommandKind::PlayMode;
      c.play_mode = item.size() == 2 && item[1].is_atom() ? protocol::play_mode_from_string(item[1].text())
                                                          : protocol::PlayMode::Unknown;
      ok = c.play_mode != protocol::PlayMode::Unknown;
    } else if (tag == "ball") {
      c.kind = TrainerCommandKind::Ball;
      ok = item.size() >= 2;
      bool first = true;
      for (Value part : item) {
        if (first) {
          first = false;
          continue;
        }
        double v[3];
        if (part.tag() == "pos" && read_numbers(part, 1, 3, v)) {
          c.has_position = true;
          c.x = v[0];
          c.y = v[1];
          c.z = v[2];
        } else if (part.tag() == "vel" && read_numbers(part, 1, 3, v)) {
          c.has_velocity = true;
          c.vx = v[0];
          c.vy = v[1];
          c.vz = v[2];
        } else {
          ok = false;
        }
      }
    } else if (tag == "agent") {
      c.kind = TrainerCommandKind::AgentPos;
      ok = read_agent_parts(item, &c);
      // (agent) alone clears the selected robots away; a position needs unum and team.
      if (ok && c.has_position && (c.unum < 1 || c.unum > 11 || c.team == TeamSide::None)) ok = false;
    } else if (tag == "kill" || tag == "select" || tag == "repos") {
      c.kind = tag == "kill" ? TrainerCommandKind::Kill : tag == "select" ? TrainerCommandKind::Select
                                                                           : TrainerCommandKind::Repos;
      ok = read_agent_parts(item, &c) && !c.has_position;
      if (ok && tag == "repos" && (c.unum < 1 || c.team == TeamSide::None)) ok = false;
    } else if (tag == "dropBall") {
      c.kind = TrainerCommandKind::DropBall;
      ok = item.size() == 1;
    } else if (tag == "time") {
      c.kind = TrainerCommandKind::Time;
      ok = item.size() == 2 && item[1].as_double(&c.time) && c.time >= 0;
    } else if (tag == "score") {
      c.kind = TrainerCommandKind::Score;
      Value left = item[1], right = item[2];
      ok = item.size() == 3 && left.tag() == "left" && right.tag() == "right" && left[1].as_int(&c.score_left) &&
           right[1].as_int(&c.score_right) && c.score_left >= 0 && c.score_right >= 0;
    } else if (tag == "reqfullstate") {
      c.kind = TrainerCommandKind::RequestFullState;
    } else if (tag == "killsim") {
      c.kind = TrainerCommandKind::KillSim;
    } else if (tag == "getAck") {
      c.kind = TrainerCommandKind::GetAck;
    } else {
      reject(out, item, "unknown trainer command");
      continue;
    }
    if (!ok) {
      reject(out, item, "malformed trainer command");
      continue;
    }
    out->commands[out->count++] = c;
  }
  return {};
}

}  // namespace libero::sim
