// Server message -> Percept. Walks the parse tree once; every known item is
// checked for shape (arity, numbers) and an unexpected shape is an Error at
// the offending byte. Unknown tags are skipped: top-level ones are counted in
// Percept::unknown_items, unknown sub-items inside a known item are ignored.
// Success paths never allocate; only building an Error does.
#include <cstring>
#include <string>

#include "protocol/sexp.h"
#include "protocol/simspark_codec.h"

namespace libero::protocol {

namespace {

using sexp::Value;

Error error_at(Value where, std::string_view tag, std::string_view what) {
  std::string message(tag);
  message += ": ";
  message += what;
  return make_error(std::move(message), where.offset());
}

// Checks that `sub` looks like (name ...) and returns the name, or "".
std::string_view sub_name(Value sub) { return sub.is_list() ? sub.tag() : std::string_view(); }

// Reads (name v1 .. vn) into floats.
Status read_floats(Value sub, std::string_view tag, float* values, int count) {
  if (sub.size() != count + 1)
    return error_at(sub, tag,
                    "(" + std::string(sub.tag()) + " ...) needs " + std::to_string(count) +
                        (count == 1 ? " number" : " numbers") + ", got " + std::to_string(sub.size() - 1));
  Value v = sub.first().next();
  for (int k = 0; k < count; ++k, v = v.next())
    if (!v.as_float(&values[k]))
      return error_at(v, tag, "bad number '" + std::string(v.text()) + "'");
  return {};
}

Status read_vec3(Value sub, std::string_view tag, Vec3f* out) {
  float xyz[3];
  if (Status s = read_floats(sub, tag, xyz, 3); !s) return s;
  *out = Vec3f{xyz[0], xyz[1], xyz[2]};
  return {};
}

// Reads (name atom) and returns the atom's text.
Status read_atom(Value sub, std::string_view tag, std::string_view* out) {
  if (sub.size() != 2 || !sub[1].is_atom())
    return error_at(sub, tag, "(" + std::string(sub.tag()) + " ...) needs exactly one word");
  *out = sub[1].text();
  return {};
}

Status read_int(Value sub, std::string_view tag, int* out) {
  std::string_view text;
  if (Status s = read_atom(sub, tag, &text); !s) return s;
  if (!sub[1].as_int(out)) return error_at(sub[1], tag, "bad integer '" + std::string(text) + "'");
  return {};
}

Status read_name(Value where, std::string_view tag, std::string_view text, ShortString* out) {
  if (text.empty() || !out->assign(text))
    return error_at(where, tag,
                    "name '" + std::string(text.substr(0, 40)) + "' is empty or longer than " +
                        std::to_string(kMaxNameLength) + " characters");
  return {};
}

// (pol distance horizontal vertical)
Status read_polar(Value pol, std::string_view tag, Polar* out) {
  if (!pol.is_list() || pol.tag() != "pol")
    return error_at(pol, tag, "expected (pol d h v)");
  float v[3];
  if (Status s = read_floats(pol, tag, v, 3); !s) return s;
  *out = Polar{v[0], v[1], v[2]};
  return {};
}

// (NAME (pol d h v)): landmarks, the ball, body markers.
Status read_object(Value object, std::string_view tag, Polar* out) {
  if (object.size() != 2)
    return error_at(object, tag, "(" + std::string(object.tag()) + " ...) needs exactly one (pol d h v)");
  return read_polar(object[1], tag, out);
}

// Every sub-item of a known item must be a list with a name.
Status check_sub(Value sub, std::string_view tag) {
  if (sub_name(sub).empty()) return error_at(sub, tag, "expected (name value...)");
  return {};
}

template <size_t N>
int index_of(const std::string_view (&names)[N], std::string_view name) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == name) return static_cast<int>(i);
  return -1;
}

// ------------------------------------------------------------ perceptors

// (time (now 12.34))
Status decode_time(Value item, Percept* out) {
  bool found = false;
  for (Value sub = item.first().next(); sub; sub = sub.next()) {
    if (Status s = check_sub(sub, "time"); !s) return s;
    if (sub.tag() != "now") continue;
    if (sub.size() != 2 || !sub[1].as_double(&out->server_time))
      return error_at(sub, "time", "expected (now <number>)");
    found = true;
  }
  if (!found) return error_at(item, "time", "missing (now ...)");
  out->has_time = true;
  return {};
}

// (GS (unum 1) (team left) (sl 0) (sr 0) (t 0.00) (pm BeforeKickOff))
Status decode_game_state(Value item, GameStatePercept* gs) {
  for (Value sub = item.first().next(); sub; sub = sub.next()) {
    if (Status s = check_sub(sub, "GS"); !s) return s;
    const std::string_view name = sub.tag();
    if (name == "t") {
      if (Status s = read_floats(sub, "GS", &gs->game_time, 1); !s) return s;
    } else if (name == "pm") {
      std::string_view text;
      if (Status s = read_atom(sub, "GS", &text); !s) return s;
      if (Status s = read_name(sub[1], "GS", text, &gs->play_mode_text); !s) return s;
      gs->play_mode = play_mode_from_string(text);
    } else if (name == "sl") {
      if (Status s = read_int(sub, "GS", &gs->score_left); !s) return s;
      gs->has_scores = true;
    } else if (name == "sr") {
      if (Status s = read_int(sub, "GS", &gs->score_right); !s) return s;
      gs->has_scores = true;
    } else if (name == "unum") {
      if (Status s = read_int(sub, "GS", &gs->unum); !s) return s;
      gs->has_unum = true;
    } else if (name == "team") {
      std::string_view text;
      if (Status s = read_atom(sub, "GS", &text); !s) return s;
      if (text == "left")
        gs->side = Side::Left;
      else if (text == "right")
        gs->side = Side::Right;
      else if (text == "none")
        gs->side = Side::None;
      else
        return error_at(sub[1], "GS", "team must be left, right or none, got '" + std::string(text) + "'");
      gs->has_side = true;
    }
  }
  gs->present = true;
  return {};
}

// (GYR (n torso) (rt x y z)) and (ACC (n torso) (a x y z))
Status decode_torso_vector(Value item, std::string_view tag, std::string_view value_name, Vec3f* out,
                           bool* has) {
  bool found = false;
  for (Value sub = item.first().next(); sub; sub = sub.next()) {
    if (Status s = check_sub(sub, tag); !s) return s;
    if (sub.tag() != value_name) continue;
    if (Status s = read_vec3(sub, tag, out); !s) return s;
    found = true;
  }
  if (!found) return error_at(item, tag, "missing (" + std::string(value_name) + " x y z)");
  *has = true;
  return {};
}

// (HJ (n rlj3) (ax -12.34))
Status decode_hinge_joint(Value item, Percept* out) {
  std::string_view name;
  float angle = 0;
  bool has_name = false, has_angle = false;
  for (Value sub = item.first().next(); sub; sub = sub.next()) {
    if (Status s = check_sub(sub, "HJ"); !s) return s;
    const std::string_view sub_tag = sub.tag();
    if (sub_tag == "n") {
      if (Status s = read_atom(sub, "HJ", &name); !s) return s;
      has_name = true;
    } else if (sub_tag == "ax") {
      if (Status s = read_floats(sub, "HJ", &angle, 1); !s) return s;
      has_angle = true;
    }
  }
  if (!has_name) return error_at(item, "HJ", "missing (n <joint>)");
  if (!has_angle) return error_at(item, "HJ", "missing (ax <degrees>)");
  const Joint joint = joint_from_perceptor(name);
  if (joint == kJointCount) {  // a joint this robot model does not have
    ++out->unknown_items;
    return {};
  }
  out->joint_present[joint] = true;
  out->joint_angle_deg[joint] = angle;
  return {};
}

// (FRP (n lf) (c x y z) (f x y z))
Status decode_foot_force(Value item, Percept* out) {
  std::string_view name;
  ForcePercept force;
  bool has_name = false, has_center = false, has_force = false;
  for (Value sub = item.first().next(); sub; sub = sub.next()) {
    if (Status s = check_sub(sub, "FRP"); !s) return s;
    const std::string_view sub_tag = sub.tag();
    if (sub_tag == "n") {
      if (Status s = read_atom(sub, "FRP", &name); !s) return s;
      has_name = true;
    } else if (sub_tag == "c") {
      if (Status s = read_vec3(sub, "FRP", &force.center); !s) return s;
      has_center = true;
    } else if (sub_tag == "f") {
      if (Status s = read_vec3(sub, "FRP", &force.force); !s) return s;
      has_force = true;
    }
  }
  if (!has_name || !has_center || !has_force)
    return error_at(item, "FRP", "needs (n <foot>), (c x y z) and (f x y z)");
  const int foot = index_of(kFootSensorNames, name);
  if (foot < 0) {
    ++out->unknown_items;
    return {};
  }
  force.contact = true;
  out->force[foot] = force;
  return {};
}

// (TCH n bumper val 1) as SimSpark's TouchPerceptor prints it; the nested
// form (TCH (n bumper) (val 1)) is accepted too.
Status decode_touch(Value item, TouchPercept* touch) {
  bool has_name = false, has_value = false;
  for (Value sub = item.first().next(); sub; sub = sub.next()) {
    std::string_view key;
    Value value;
    if (sub.is_atom()) {
      key = sub.text();
      value = sub.next();
      if (!value.is_atom()) return error_at(sub, "TCH", "expected n <name> val <0|1>");
      sub = value;
    } else {
      if (Status s = check_sub(sub, "TCH"); !s) return s;
      if (sub.size() != 2 || !sub[1].is_atom())
        return error_at(sub, "TCH", "(" + std::string(sub.tag()) + " ...) needs exactly one word");
      key = sub.tag();
      value = sub[1];
    }
    if (key == "n") {
      if (Status s = read_name(value, "TCH", value.text(), &touch->name); !s) return s;
      has_name = true;
    } else if (key == "val") {
      if (!value.as_int(&touch->value))
        return error_at(value, "TCH", "bad integer '" + std::string(value.text()) + "'");
      has_value = true;
    }
  }
  if (!has_name || !has_value) return error_at(item, "TCH", "needs a name and a value");
  touch->present = true;
  return {};
}

// (AgentState (temp 40.00) (battery 100.00)); pan_tilt and others skipped.
Status decode_agent_state(Value item, AgentStatePercept* state) {
  for (Value sub = item.first().next(); sub; sub = sub.next()) {
    if (Status s = check_sub(sub, "AgentState"); !s) return s;
    const std::string_view name = sub.tag();
    if (name == "temp") {
      if (Status s = read_floats(sub, "AgentState", &state->temperature, 1); !s) return s;
      state->has_temperature = true;
    } else if (name == "battery") {
      if (Status s = read_floats(sub, "AgentState", &state->battery, 1); !s) return s;
      state->has_battery = true;
    }
  }
  state->present = true;
  return {};
}

// (hear TEAM 12.34 self MSG), (hear TEAM 12.34 -20.5 MSG), and without TEAM
// when the server does not label messages.
Status decode_hear(Value item, Percept* out) {
  const int size = item.size();
  if (size != 4 && size != 5)
    return error_at(item, "hear", "expected (hear [team] <time> self|<direction> <message>)");
  for (Value v = item.first().next(); v; v = v.next())
    if (!v.is_atom()) return error_at(v, "hear", "expected a word, got a list");

  HearPercept heard;
  Value v = item.first().next();
  if (size == 5) {
    if (Status s = read_name(v, "hear", v.text(), &heard.team); !s) return s;
    heard.has_team = true;
    v = v.next();
  }
  if (!v.as_float(&heard.time)) return error_at(v, "hear", "bad time '" + std::string(v.text()) + "'");
  v = v.next();
  if (v.text() == "self") {
    heard.from_self = true;
  } else if (!v.as_float(&heard.direction)) {
    return error_at(v, "hear", "expected self or a direction, got '" + std::string(v.text()) + "'");
  }
  v = v.next();
  const std::string_view message = v.text();
  if (message.size() > static_cast<size_t>(kMaxSayLength))
    return error_at(v, "hear", "message longer than " + std::to_string(kMaxSayLength) + " characters");
  std::memcpy(heard.message, message.data(), message.size());
  heard.message[message.size()] = '\0';
  heard.message_length = static_cast<uint8_t>(message.size());

  if (out->heard_count >= kMaxHeard) {
    ++out->heard_dropped;
    return {};
  }
  out->heard[out->heard_count++] = heard;
  return {};
}

// True when `failed` is a number error whose number is a non-finite word
// ("nan", "-nan", "inf"): rcssserver3d 0.7.2 now and then writes one into a
// See line (about 3 times per robot in a 10-minute 3 vs 3 game). Judged from
// the error itself, so a nan beside a real shape error (a missing number, a
// word) does not excuse it. Only runs on an error path.
bool is_non_finite_number_error(const Status& failed) {
  const std::string& message = failed.error().message;
  constexpr std::string_view kBadNumber = "bad number '";
  const size_t at = message.find(kBadNumber);
  if (at == std::string::npos) return false;
  std::string_view word = std::string_view(message).substr(at + kBadNumber.size());
  word = word.substr(0, word.find('\''));
  if (!word.empty() && (word[0] == '-' || word[0] == '+')) word.remove_prefix(1);
  char low[9] = {};
  if (word.size() >= sizeof low) return false;
  for (size_t k = 0; k < word.size(); ++k) low[k] = static_cast<char>(word[k] | 0x20);
  const std::string_view lowered(low, word.size());
  return lowered == "nan" || lowered == "inf" || lowered == "infinity";
}

// An object of a See line that failed to decode: dropped and counted when a
// non-finite number is the cause, so one bad object does not cost the
// percept's joints, IMU and the rest of the vision; any other error stands.
Status drop_if_non_finite(Status failed, VisionPercept* vision) {
  if (failed.ok() || !is_non_finite_number_error(failed)) return failed;
  ++vision->non_finite_dropped;
  return {};
}

// (P (team NAME) (id 7) (head (pol ..)) (rlowerarm (pol ..)) ...). A body
// marker holding a non-finite number is left out; the player is kept.
Status decode_player(Value item, SeenPlayer* player, VisionPercept* vision) {
  for (Value sub = item.first().next(); sub; sub = sub.next()) {
    if (Status s = check_sub(sub, "See P"); !s) return s;
    const std::string_view name = sub.tag();
    if (name == "team") {
      std::string_view text;
      if (Status s = read_atom(sub, "See P", &text); !s) return s;
      if (Status s = read_name(sub[1], "See P", text, &player->team); !s) return s;
      player->has_team = true;
    } else if (name == "id") {
      if (Status s = read_int(sub, "See P", &player->id); !s) return s;
    } else {
      const int marker = index_of(kBodyMarkerNames, name);
      if (marker < 0) continue;
      Polar polar;
      Status s = read_object(sub, "See P", &polar);
      if (s.ok()) {
        player->marker[marker] = polar;
        player->marker_seen[marker] = true;
      } else if (Status kept = drop_if_non_finite(std::move(s), vision); !kept) {
        return kept;
      }
    }
  }
  return {};
}

// (See (F1L (pol ..)) (B (pol ..)) (P ...) (L (pol ..) (pol ..)) ...)
Status decode_see(Value item, VisionPercept* vision) {
  vision->present = true;
  for (Value sub = item.first().next(); sub; sub = sub.next()) {
    if (Status s = check_sub(sub, "See"); !s) return s;
    const std::string_view name = sub.tag();
    if (name == "L") {
      if (sub.size() != 3) return error_at(sub, "See", "(L ...) needs two (pol d h v)");
      SeenLine line;
      Status s = read_polar(sub[1], "See L", &line.begin);
      if (s.ok()) s = read_polar(sub[2], "See L", &line.end);
      if (!s.ok()) {
        if (Status kept = drop_if_non_finite(std::move(s), vision); !kept) return kept;
        continue;
      }
      if (vision->line_count < kMaxSeenLines)
        vision->lines[vision->line_count++] = line;
      else
        ++vision->dropped;
    } else if (name == "P") {
      SeenPlayer player;
      if (Status s = decode_player(sub, &player, vision); !s) return s;
      if (vision->player_count < kMaxSeenPlayers)
        vision->players[vision->player_count++] = player;
      else
        ++vision->dropped;
    } else if (name == "B") {
      Polar ball;
      Status s = read_object(sub, "See", &ball);
      if (!s.ok()) {
        if (Status kept = drop_if_non_finite(std::move(s), vision); !kept) return kept;
        continue;
      }
      vision->ball = ball;
      vision->ball_seen = true;
    } else {
      const int landmark = index_of(kLandmarkNames, name);
      if (landmark < 0) continue;  // mypos, myorien, ballpos and future objects
      Polar seen;
      Status s = read_object(sub, "See", &seen);
      if (!s.ok()) {
        if (Status kept = drop_if_non_finite(std::move(s), vision); !kept) return kept;
        continue;
      }
      vision->landmark[landmark] = seen;
      vision->landmark_seen[landmark] = true;
    }
  }
  return {};
}

Status decode_item(Value item, Percept* out) {
  if (!item.is_list()) return make_error("expected '(' at the top level", item.offset());
  const std::string_view tag = item.tag();
  if (tag.empty()) return make_error("expression without a tag", item.offset());
  // Ordered by how often each tag occurs in a message.
  if (tag == "HJ") return decode_hinge_joint(item, out);
  if (tag == "FRP") return decode_foot_force(item, out);
  if (tag == "See") return decode_see(item, &out->vision);
  if (tag == "GYR") return decode_torso_vector(item, "GYR", "rt", &out->gyro, &out->has_gyro);
  if (tag == "ACC") return decode_torso_vector(item, "ACC", "a", &out->accel, &out->has_accel);
  if (tag == "GS") return decode_game_state(item, &out->game_state);
  if (tag == "time") return decode_time(item, out);
  if (tag == "hear") return decode_hear(item, out);
  if (tag == "TCH") return decode_touch(item, &out->touch);
  if (tag == "AgentState") return decode_agent_state(item, &out->agent_state);
  ++out->unknown_items;
  return {};
}

}  // namespace

Status decode_simspark(std::string_view message, sexp::Parser* parser, Percept* out) {
  out->clear();
  if (Status s = parser->parse(message); !s) return s;
  for (Value item : parser->root())
    if (Status s = decode_item(item, out); !s) return s;
  return {};
}

Status decode_simspark(std::string_view message, Percept* out) {
  thread_local sexp::Parser parser;
  return decode_simspark(message, &parser, out);
}

}  // namespace libero::protocol
