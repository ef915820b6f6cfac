#include "tools/match/replay_log.h"

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstring>

namespace libero::match {
namespace {


// snprintf into a fixed buffer, tracking the length; silently stops at the end.
struct LineBuffer {
  char data[8192];
  size_t length = 0;
  void add(const char* format, ...) __attribute__((format(printf, 2, 3))) {
    if (length >= sizeof data) return;
    va_list args;
    va_start(args, format);
    int n = std::vsnprintf(data + length, sizeof data - length, format, args);
    va_end(args);
    if (n > 0) length = std::min(sizeof data - 1, length + static_cast<size_t>(n));
  }
  void add_escaped(const char* text) {
    add("\"");
    for (const char* p = text; *p && length < sizeof data - 8; ++p) {
      unsigned char c = static_cast<unsigned char>(*p);
      if (c == '"' || c == '\\') add("\\%c", c);
      else if (c < 0x20) add("\\u%04x", c);
      else add("%c", c);
    }
    add("\"");
  }
};

}  // namespace

ReplayLogWriter::~ReplayLogWriter() { close(); }

Status ReplayLogWriter::open(const std::string& path, const ReplayHeader& header) {
  close();
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) return make_error("cannot write replay log '" + path + "': " + std::strerror(errno));
  frame_every_ = header.frame_every < 1 ? 1 : header.frame_every;
  LineBuffer line;
  line.add("{\"type\":\"header\",\"format\":\"libero-replay\",\"version\":%d,\"team_left\":", kReplayLogVersion);
  line.add_escaped(header.team_left.c_str());
  line.add(",\"team_right\":");
  line.add_escaped(header.team_right.c_str());
  line.add(",\"seed\":%u,\"frame_every\":%d,\"cycle_seconds\":%.3f,"
           "\"field\":{\"length\":30,\"width\":20,\"goal_width\":2.1,\"goal_depth\":0.6,"
           "\"penalty_length\":1.8,\"penalty_width\":6,\"center_radius\":2}}\n",
           header.seed, frame_every_, header.cycle_seconds);
  std::fwrite(line.data, 1, line.length, file_);
  return {};
}

void ReplayLogWriter::frame(const MatchFrame& f, bool force) {
  if (!file_) return;
  if (!force && f.cycle % static_cast<uint32_t>(frame_every_) != 0) return;
  LineBuffer line;
  line.add("{\"type\":\"frame\",\"cycle\":%u,\"t\":%.2f,\"pm\":\"%s\",\"half\":%d,\"score\":[%d,%d],"
           "\"ball\":[%.3f,%.3f,%.3f],\"touch\":[%d,%d],\"robots\":[",
           f.cycle, f.time, protocol::play_mode_name(f.play_mode).data(), f.half, f.score_left, f.score_right, f.ball_x,
           f.ball_y, f.ball_z, f.last_touch_team, f.last_touch_unum);
  for (int i = 0; i < f.robot_count && i < kMaxFrameRobots; ++i) {
    const FrameRobot& r = f.robots[i];
    line.add("%s{\"team\":%d,\"unum\":%d,\"type\":%d,\"pos\":[%.3f,%.3f,%.3f],\"yaw\":%.3f,\"fallen\":%s}",
             i ? "," : "", r.team, r.unum, r.type, r.x, r.y, r.z, r.yaw, r.fallen ? "true" : "false");
  }
  line.add("]}\n");
  std::fwrite(line.data, 1, line.length, file_);
  ++frames_written_;
}

void ReplayLogWriter::event(double time, const char* kind, int team, int unum, const char* detail) {
  if (!file_) return;
  LineBuffer line;
  line.add("{\"type\":\"event\",\"t\":%.2f,\"kind\":", time);
  line.add_escaped(kind);
  line.add(",\"team\":%d,\"unum\":%d,\"detail\":", team, unum);
  line.add_escaped(detail ? detail : "");
  line.add("}\n");
  std::fwrite(line.data, 1, line.length, file_);
}

void ReplayLogWriter::debug(const DebugRecord& r) {
  if (!file_) return;
  // The message is written as it is (up to the debug channel's 60 KB): it
  // is already compact JSON on one line (debug_record.h).
  LineBuffer line;
  line.add("{\"type\":\"debug\",\"cycle\":%u,\"t\":%.2f,\"team\":%d,\"unum\":%d,\"kind\":", r.cycle, r.time, r.team,
           r.unum);
  line.add_escaped(r.kind.c_str());
  line.add(",\"d\":");
  std::fwrite(line.data, 1, line.length, file_);
  std::fwrite(r.json.data(), 1, r.json.size(), file_);
  std::fwrite("}\n", 1, 2, file_);
}

void ReplayLogWriter::flush() {
  if (file_) std::fflush(file_);
}

void ReplayLogWriter::close() {
  if (file_) std::fclose(file_);
  file_ = nullptr;
}

}  // namespace libero::match
