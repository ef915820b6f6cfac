#include "tools/match/debug_record.h"

#include <cmath>

namespace libero::match {
namespace {

using batch::JsonValue;

constexpr size_t kMaxList = 64;
constexpr size_t kMaxDrawings = 256;
constexpr size_t kMaxText = 2000;

bool is_int_in(const JsonValue* v, double lo, double hi) {
  return v && v->is_number() && v->number >= lo && v->number <= hi && std::floor(v->number) == v->number;
}

// An array of at least `min` numbers (and at most `max` items).
bool numbers(const JsonValue* v, size_t min, size_t max = kMaxList) {
  if (!v || !v->is_array() || v->items.size() < min || v->items.size() > max) return false;
  for (const JsonValue& item : v->items)
    if (!item.is_number()) return false;
  return true;
}

bool short_string(const JsonValue& v) { return v.is_string() && v.string.size() <= kMaxText; }

Status check_players(const JsonValue* list, const char* name) {
  if (!list || !list->is_array() || list->items.size() > kMaxList)
    return make_error(std::string("\"") + name + "\" is not a list of players");
  for (const JsonValue& p : list->items)
    if (!numbers(&p, 5)) return make_error(std::string("a player in \"") + name + "\" is not [unum, x, y, heading, age, ...]");
  return {};
}

Status check_agent(const JsonValue& m) {
  if (!numbers(m.find("self"), 5)) return make_error("\"self\" is not [x, y, heading, sigma, heading sigma, ...]");
  if (!numbers(m.find("ball"), 6)) return make_error("\"ball\" is not [x, y, vx, vy, age, valid]");
  if (Status ok = check_players(m.find("mates"), "mates"); !ok.ok()) return ok;
  if (Status ok = check_players(m.find("opps"), "opps"); !ok.ok()) return ok;
  if (const JsonValue* role = m.find("role"); role && !short_string(*role)) return make_error("\"role\" is not a string");
  if (const JsonValue* act = m.find("act")) {
    if (!act->is_array() || act->items.size() > kMaxList) return make_error("\"act\" is not a list of activations");
    for (const JsonValue& a : act->items) {
      const bool ok = a.is_array() && a.items.size() == 6 && is_int_in(&a.items[0], 0, 64) && short_string(a.items[1]) &&
                      short_string(a.items[2]) && a.items[3].is_number() && a.items[4].is_number() &&
                      short_string(a.items[5]);
      if (!ok) return make_error("an activation is not [depth, option, state, option time, state time, params]");
    }
  }
  if (const JsonValue* draw = m.find("draw")) {
    if (!draw->is_array() || draw->items.size() > kMaxDrawings) return make_error("\"draw\" is not a list of drawings");
    for (const JsonValue& d : draw->items) {
      bool ok = d.is_array() && (d.items.size() == 9 || d.items.size() == 10) && is_int_in(&d.items[0], 0, 4) &&
                is_int_in(&d.items[1], 0, 0xffffff);
      for (size_t i = 2; ok && i < 7; ++i) ok = d.items[i].is_number();
      ok = ok && short_string(d.items[7]) && short_string(d.items[8]);
      if (ok && d.items.size() == 10) ok = numbers(&d.items[9], 0);
      if (!ok) return make_error("a drawing is not [kind 0-4, colour, x1, y1, x2, y2, radius, text, layer(, points)]");
    }
  }
  return {};
}

Status check_script(const JsonValue& m) {
  const JsonValue* event = m.find("event");
  if (!event || !event->is_string() ||
      (event->string != "reload" && event->string != "reload_failed" && event->string != "error"))
    return make_error("\"event\" is not reload, reload_failed or error");
  if (const JsonValue* text = m.find("text"); text && !short_string(*text)) return make_error("\"text\" is not a string");
  return {};
}

}  // namespace

Result<DebugRecord> debug_record_from(const JsonValue& m) {
  if (!m.is_object()) return make_error("not a JSON object");
  const JsonValue* kind = m.find("k");
  if (!kind || !kind->is_string()) return make_error("no \"k\" (the message's kind)");
  if (kind->string != "agent" && kind->string != "script")
    return make_error("kind \"" + kind->string.substr(0, 40) + "\" is not agent or script");
  const JsonValue* side = m.find("side");
  const JsonValue* unum = m.find("unum");
  if (!is_int_in(side, 1, 2)) return make_error("\"side\" is not 1 or 2");
  if (!is_int_in(unum, 1, 11)) return make_error("\"unum\" is not 1-11");
  if (const JsonValue* team = m.find("team"); team && !short_string(*team)) return make_error("\"team\" is not a string");
  if (const JsonValue* t = m.find("t"); t && !t->is_number()) return make_error("\"t\" is not a number");
  Status shape = kind->string == "agent" ? check_agent(m) : check_script(m);
  if (!shape.ok()) return shape.error();
  DebugRecord record;
  record.team = static_cast<int>(side->number) - 1;
  record.unum = static_cast<int>(unum->number);
  record.kind = kind->string;
  batch::append_json(&record.json, m);
  return record;
}

Result<DebugRecord> debug_record_from_text(std::string_view text) {
  Result<batch::JsonValue> parsed = batch::parse_json(text);
  if (!parsed.ok()) return make_error("not JSON: " + parsed.error().message);
  return debug_record_from(*parsed);
}

}  // namespace libero::match
