#include "tools/sim/server/agent_commands.h"

#include <cstdio>
#include <cstring>

#include "protocol/sexp.h"

namespace libero::sim {
namespace {

void warn(AgentCommands* c, const char* format, std::string_view detail) {
  if (c->warning_count++ == 0) {
    int length = static_cast<int>(detail.size() > 60 ? 60 : detail.size());
    std::snprintf(c->first_warning, sizeof c->first_warning, format, length, detail.data());
  }
}

void parse_scene(sexp::Value item, AgentCommands* c) {
  std::string_view path = item[1].is_atom() ? item[1].text() : std::string_view();
  int type = 0;
  if (path == "rsg/agent/nao/nao.rsg") {
    if (item.size() != 2) return warn(c, "bad scene command: %.*s", item.text());
  } else if (path == "rsg/agent/nao/nao_hetero.rsg") {
    if (item.size() == 3) {
      if (!item[2].as_int(&type)) return warn(c, "bad robot type in: %.*s", item.text());
    } else if (item.size() != 2) {
      return warn(c, "bad scene command: %.*s", item.text());
    }
  } else {
    return warn(c, "unknown scene (only the NAO models exist): %.*s", item.text());
  }
  c->scene = true;
  c->scene_type = type;
}

void parse_init(sexp::Value item, AgentCommands* c) {
  int unum = 0;
  bool have_team = false;
  std::string_view team;
  for (sexp::Value part = item[1]; part.valid(); part = part.next()) {
    if (part.tag() == "unum" && part.size() == 2) {
      if (!part[1].as_int(&unum)) return warn(c, "bad unum in: %.*s", item.text());
    } else if (part.tag() == "teamname" && part.size() == 2 && part[1].is_atom()) {
      team = part[1].text();
      have_team = true;
    } else {
      return warn(c, "bad init command: %.*s", item.text());
    }
  }
  if (!have_team || team.size() > static_cast<size_t>(protocol::kMaxNameLength))
    return warn(c, "init needs (teamname T) of 1-31 characters: %.*s", item.text());
  c->init = true;
  c->init_unum = unum;
  std::memcpy(c->init_team, team.data(), team.size());
  c->init_team_length = static_cast<uint8_t>(team.size());
}

void parse_beam(sexp::Value item, AgentCommands* c) {
  double x, y, rot;
  if (item.size() != 4 || !item[1].as_double(&x) || !item[2].as_double(&y) || !item[3].as_double(&rot))
    return warn(c, "bad beam command: %.*s", item.text());
  c->beam = true;
  c->beam_x = x;
  c->beam_y = y;
  c->beam_rot_deg = rot;
}

void parse_say(sexp::Value item, AgentCommands* c) {
  if (item.size() != 2 || !item[1].is_atom()) return warn(c, "say rejected (one word of allowed characters): %.*s", item.text());
  std::string_view text = item[1].text();
  switch (check_say_message(text)) {
    case SayCheck::Ok: break;
    case SayCheck::TooLong: return;  // silently dropped, as the reference server does
    case SayCheck::Empty:
    case SayCheck::BadCharacter: return warn(c, "say rejected (bad characters): %.*s", item.text());
  }
  c->say = true;
  std::memcpy(c->say_text, text.data(), text.size());
  c->say_length = static_cast<uint8_t>(text.size());
}

// (pass) takes no argument. The reference's PassEffector looks at the name
// only, so it would take "(pass 1)" as a request too; here anything more is
// a malformed command, ignored with a warning like the others.
// rcssserver3d's pass effector reads only the command's name, so a stray
// argument still asks for pass mode there: here too, with a warning.
void parse_pass(sexp::Value item, AgentCommands* c) {
  if (item.size() != 1) warn(c, "pass takes no argument; asked for pass mode anyway: %.*s", item.text());
  c->pass = true;
}

}  // namespace

void AgentCommands::clear() { *this = AgentCommands(); }

Status parse_agent_message(std::string_view message, bool has_robot, sexp::Parser* parser,
                           AgentCommands* c) {
  if (Status s = parser->parse(message); !s.ok()) return s;
  for (sexp::Value item : parser->root()) {
    if (!item.is_list() || item.size() == 0 || !item.first().is_atom()) {
      warn(c, "ignored expression: %.*s", item.text());
      continue;
    }
    std::string_view tag = item.tag();
    if (tag == "syn") {
      c->syn = true;
      continue;
    }
    if (tag == "scene") {
      if (has_robot) {
        warn(c, "scene ignored, the robot exists already: %.*s", item.text());
        continue;
      }
      parse_scene(item, c);
      continue;
    }
    if (!has_robot) {
      warn(c, "ignored before the robot exists (send scene first): %.*s", item.text());
      continue;
    }
    if (tag == "init") {
      parse_init(item, c);
    } else if (tag == "beam") {
      parse_beam(item, c);
    } else if (tag == "say") {
      parse_say(item, c);
    } else if (tag == "pass") {
      parse_pass(item, c);
    } else {
      Joint joint = joint_from_effector(tag);
      double velocity = 0;
      if (joint == kJointCount) {
        warn(c, "unknown effector ignored: %.*s", item.text());
      } else if (item.size() != 2 || !item[1].as_double(&velocity)) {
        warn(c, "bad joint command ignored: %.*s", item.text());
      } else {
        c->joint_set[joint] = true;
        c->joint_velocity[joint] = velocity;
      }
    }
  }
  return {};
}

}  // namespace libero::sim
