#include "tools/match/replay_log_reader.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "tools/match/replay_log.h"

namespace libero::match {
namespace {

using batch::JsonValue;

bool number(const JsonValue* v, double* out) {
  if (!v || !v->is_number()) return false;
  *out = v->number;
  return true;
}

bool integer(const JsonValue* v, double lo, double hi, int* out) {
  if (!v || !v->is_number() || v->number < lo || v->number > hi || std::floor(v->number) != v->number) return false;
  *out = static_cast<int>(v->number);
  return true;
}

bool numbers(const JsonValue* v, size_t n, double* out) {
  if (!v || !v->is_array() || v->items.size() < n) return false;
  for (size_t i = 0; i < n; ++i) {
    if (!v->items[i].is_number()) return false;
    out[i] = v->items[i].number;
  }
  return true;
}

Status read_frame(const JsonValue& line, MatchFrame* f) {
  int cycle = 0, half = 1;
  double score[2], ball[3], touch[2];
  const JsonValue* pm = line.find("pm");
  if (!integer(line.find("cycle"), 0, 2e9, &cycle) || !number(line.find("t"), &f->time) || !pm || !pm->is_string() ||
      !integer(line.find("half"), 1, 2, &half) || !numbers(line.find("score"), 2, score) ||
      !numbers(line.find("ball"), 3, ball) || !numbers(line.find("touch"), 2, touch))
    return make_error("a frame without cycle, t, pm, half, score, ball or touch");
  f->cycle = static_cast<uint32_t>(cycle);
  f->half = half;
  f->play_mode = protocol::play_mode_from_string(pm->string);
  f->score_left = static_cast<int>(score[0]);
  f->score_right = static_cast<int>(score[1]);
  f->ball_x = ball[0];
  f->ball_y = ball[1];
  f->ball_z = ball[2];
  f->last_touch_team = static_cast<int8_t>(touch[0] == 0 || touch[0] == 1 ? touch[0] : -1);
  f->last_touch_unum = static_cast<int8_t>(touch[1] >= 0 && touch[1] <= 11 ? touch[1] : 0);
  const JsonValue* robots = line.find("robots");
  if (!robots || !robots->is_array()) return make_error("a frame without robots");
  for (const JsonValue& r : robots->items) {
    if (f->robot_count >= kMaxFrameRobots) return make_error("a frame with more than 22 robots");
    FrameRobot& out = f->robots[f->robot_count];
    int team = 0, unum = 0, type = 0;
    double pos[3], yaw = 0;
    const JsonValue* fallen = r.find("fallen");
    if (!integer(r.find("team"), 0, 1, &team) || !integer(r.find("unum"), 1, 11, &unum) ||
        !integer(r.find("type"), 0, 4, &type) || !numbers(r.find("pos"), 3, pos) || !number(r.find("yaw"), &yaw) ||
        !fallen || !fallen->is_bool())
      return make_error("a robot without team 0-1, unum 1-11, type 0-4, pos, yaw or fallen");
    out.team = static_cast<int8_t>(team);
    out.unum = static_cast<int8_t>(unum);
    out.type = static_cast<int8_t>(type);
    out.x = pos[0];
    out.y = pos[1];
    out.z = pos[2];
    out.yaw = yaw;
    out.fallen = fallen->boolean;
    ++f->robot_count;
  }
  return {};
}

Status read_event(const JsonValue& line, ReplayLogEvent* e) {
  const JsonValue* kind = line.find("kind");
  const JsonValue* detail = line.find("detail");
  if (!number(line.find("t"), &e->time) || !kind || !kind->is_string() || !integer(line.find("team"), -1, 1, &e->team) ||
      !integer(line.find("unum"), 0, 11, &e->unum))
    return make_error("an event without t, kind, team or unum");
  e->kind = kind->string;
  if (detail && detail->is_string()) e->detail = detail->string;
  return {};
}

Status read_debug(const JsonValue& line, DebugRecord* out) {
  int cycle = 0;
  double time = 0;
  if (!integer(line.find("cycle"), 0, 2e9, &cycle) || !number(line.find("t"), &time))
    return make_error("a debug record without cycle or t");
  const JsonValue* message = line.find("d");
  if (!message) return make_error("a debug record without its message (\"d\")");
  Result<DebugRecord> record = debug_record_from(*message);
  if (!record.ok()) return make_error("a debug record the page cannot show: " + record.error().message);
  *out = std::move(record.value());
  out->cycle = static_cast<uint32_t>(cycle);
  out->time = time;
  return {};
}

// One line into *line (without its '\n'); false at the end of the file.
// A line longer than kMaxReplayLine is read to its end but not kept
// (*too_long set).
bool next_line(std::FILE* f, std::string* line, bool* too_long) {
  line->clear();
  *too_long = false;
  int c;
  bool any = false;
  while ((c = std::getc(f)) != EOF) {
    any = true;
    if (c == '\n') return true;
    if (line->size() < kMaxReplayLine) line->push_back(static_cast<char>(c));
    else *too_long = true;
  }
  return any;
}

}  // namespace

Result<ReplayLog> read_replay_log(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "r");
  if (!f) return make_error("cannot read replay log '" + path + "': " + std::strerror(errno));
  ReplayLog log;
  std::string text;
  bool too_long = false;
  long line_number = 0;
  auto skip = [&](const std::string& why) {
    ++log.skipped_lines;
    if (log.problems.size() < ReplayLog::kMaxProblems) log.problems.push_back("line " + std::to_string(line_number) + ": " + why);
  };
  Status header_error = make_error(path + ": empty, not a replay log");
  while (next_line(f, &text, &too_long)) {
    ++line_number;
    if (line_number == 1) {
      Result<JsonValue> header = too_long ? Result<JsonValue>(make_error("line too long")) : batch::parse_json(text);
      const JsonValue* format = header.ok() ? header->find("format") : nullptr;
      const JsonValue* type = header.ok() ? header->find("type") : nullptr;
      if (!format || !format->is_string() || format->string != "libero-replay" || !type || !type->is_string() ||
          type->string != "header") {
        header_error = make_error(path + ":1: not a libero replay header");
        break;
      }
      if (!integer(header->find("version"), 1, 1e9, &log.version)) {
        header_error = make_error(path + ":1: the header has no version");
        break;
      }
      if (log.version > kReplayLogVersion) {
        header_error = make_error(path + ": replay log version " + std::to_string(log.version) +
                                  "; this libero reads versions 1 to " + std::to_string(kReplayLogVersion));
        break;
      }
      const JsonValue* left = header->find("team_left");
      const JsonValue* right = header->find("team_right");
      if (left && left->is_string()) log.team_left = left->string;
      if (right && right->is_string()) log.team_right = right->string;
      double seed = 0;
      if (number(header->find("seed"), &seed) && seed >= 0) log.seed = static_cast<unsigned>(seed);
      (void)integer(header->find("frame_every"), 1, 1e6, &log.frame_every);
      header_error = Status();
      continue;
    }
    if (text.empty()) continue;
    if (too_long) {
      skip("longer than " + std::to_string(kMaxReplayLine) + " bytes");
      continue;
    }
    Result<JsonValue> line = batch::parse_json(text);
    if (!line.ok()) {
      skip("not JSON (" + line.error().message + ")");
      continue;
    }
    const JsonValue* type = line->find("type");
    if (!type || !type->is_string()) {
      skip("no \"type\"");
      continue;
    }
    if (type->string == "frame") {
      MatchFrame frame;
      if (Status ok = read_frame(*line, &frame); !ok.ok()) skip(ok.error().message);
      else log.frames.push_back(frame);
    } else if (type->string == "event") {
      ReplayLogEvent event;
      if (Status ok = read_event(*line, &event); !ok.ok()) skip(ok.error().message);
      else log.events.push_back(std::move(event));
    } else if (type->string == "debug") {
      DebugRecord record;
      if (Status ok = read_debug(*line, &record); !ok.ok()) skip(ok.error().message);
      else log.debug.push_back(std::move(record));
    }
    // Other types: a later version's additions, ignored (docs/replay-log.md).
  }
  std::fclose(f);
  if (!header_error.ok()) return header_error.error();
  return log;
}

}  // namespace libero::match
