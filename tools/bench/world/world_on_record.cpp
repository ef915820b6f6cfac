// Runs the world model over an agent record file (engine/agent/record_file.h
// format) and scores it against the simulator's ground-truth feed
// (`libero serve --ground-truth FILE`, world frame):
//
//   libero_world_on_record RECORD GROUND_TRUTH --team NAME --unum N [--side left|right]
//                          [--from T --to T]   (score only this server-time window)
//
// Prints self position/heading error (after the first 3 s), the share of
// localised cycles, and the ball error when seen within the last second.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/math.h"
#include "protocol/simspark_codec.h"
#include "world/world_model.h"

using namespace libero;

namespace {

struct Truth {
  bool has_robot = false;
  double x = 0, y = 0, heading_deg = 0;
  double ball_x = 0, ball_y = 0;
};

double number_after(const std::string& line, size_t from, const char* key, size_t* end = nullptr) {
  size_t at = line.find(key, from);
  if (at == std::string::npos) return NAN;
  const char* start = line.c_str() + at + std::strlen(key);
  char* stop = nullptr;
  double v = std::strtod(start, &stop);
  if (end) *end = static_cast<size_t>(stop - line.c_str());
  return v;
}

// cycle -> truth for our robot
std::map<long, Truth> load_truth(const std::string& path, const std::string& side, int unum) {
  std::map<long, Truth> out;
  std::ifstream in(path);
  std::string line;
  std::string team_key = "(robot (team " + side + ")";
  while (std::getline(in, line)) {
    double time = number_after(line, 0, "(time ");
    if (!std::isfinite(time)) continue;
    Truth t;
    size_t after = 0;
    t.ball_x = number_after(line, 0, "(ball ", &after);
    t.ball_y = std::strtod(line.c_str() + after, nullptr);
    for (size_t at = line.find(team_key); at != std::string::npos; at = line.find(team_key, at + 1)) {
      if (static_cast<int>(number_after(line, at, "(unum ")) != unum) continue;
      size_t p = 0;
      t.x = number_after(line, at, "(pos ", &p);
      t.y = std::strtod(line.c_str() + p, nullptr);
      t.heading_deg = number_after(line, at, "(heading ");
      t.has_robot = true;
      break;
    }
    out[std::lround(time / 0.02)] = t;
  }
  return out;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(p * (v.size() - 1) + 0.5)];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s RECORD GROUND_TRUTH --team NAME --unum N [--side left|right]\n", argv[0]);
    return 2;
  }
  std::string record_path = argv[1], truth_path = argv[2], team = "Libero", side = "left";
  int unum = 1;
  double from = -1e9, to = 1e9;  // optional server-time window to score
  for (int i = 3; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--from")) from = std::atof(argv[i + 1]);
    if (!std::strcmp(argv[i], "--to")) to = std::atof(argv[i + 1]);
    if (!std::strcmp(argv[i], "--team")) team = argv[i + 1];
    else if (!std::strcmp(argv[i], "--unum")) unum = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--side")) side = argv[i + 1];
  }
  std::map<long, Truth> truth = load_truth(truth_path, side, unum);
  std::ifstream in(record_path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  size_t pos = text.find("end-header\n");
  if (pos == std::string::npos) {
    std::fprintf(stderr, "%s: not a record file\n", record_path.c_str());
    return 1;
  }
  pos += 11;

  world::WorldModelOptions options;
  options.team_name = team;
  options.robots_dir = LIBERO_ROBOTS_DIR;
  world::WorldModel model(options);
  motion::MotionStatus status{};
  protocol::Percept percept;
  std::vector<double> position_error, heading_error, ball_error;
  long cycles = 0, localised = 0, matched = 0;
  double first_time = -1;
  bool right = side == "right";
  while (pos < text.size()) {
    size_t line_end = text.find('\n', pos);
    if (line_end == std::string::npos) break;
    char kind = text[pos];
    size_t length = 0;
    {
      std::istringstream header(text.substr(pos + 2, line_end - pos - 2));
      std::string stamp;
      header >> stamp >> length;
    }
    std::string_view payload(text.data() + line_end + 1, std::min(length, text.size() - line_end - 1));
    pos = line_end + 1 + length + 1;
    if (kind != 'R') continue;
    if (!protocol::decode_simspark(payload, &percept).ok()) continue;
    model.update(percept, status);
    if (!percept.has_time) continue;
    if (first_time < 0) first_time = percept.server_time;
    auto it = truth.find(std::lround(percept.server_time / 0.02));
    if (it == truth.end() || !it->second.has_robot) continue;
    ++matched;
    if (percept.server_time - first_time < 3.0) continue;
    if (percept.server_time < from || percept.server_time > to) continue;
    const world::WorldState& ws = model.state();
    const Truth& t = it->second;
    // Our estimate is in the team frame; the truth in the world frame.
    double ex = right ? -ws.self.x : ws.self.x, ey = right ? -ws.self.y : ws.self.y;
    double eh = right ? ws.self.heading + kPi : ws.self.heading;
    ++cycles;
    if (ws.self.localised) ++localised;
    if (std::getenv("LIBERO_TRACE") && cycles % 10 == 0)
      std::printf("t=%.2f truth %.3f %.3f %.1f est %.3f %.3f %.1f loc %d fall %d z %.2f acc %.2f %.2f %.2f\n",
                  percept.server_time, t.x, t.y, t.heading_deg, ex, ey, rad2deg(normalize_angle(eh)),
                  ws.self.localised, ws.self.fall, ws.self.z, percept.accel.x, percept.accel.y, percept.accel.z);
    position_error.push_back(std::hypot(ex - t.x, ey - t.y));
    heading_error.push_back(std::fabs(rad2deg(normalize_angle(eh - deg2rad(t.heading_deg)))));
    if (ws.ball.valid && ws.ball.last_seen_age <= 1.0) {
      double bx = right ? -ws.ball.x : ws.ball.x, by = right ? -ws.ball.y : ws.ball.y;
      ball_error.push_back(std::hypot(bx - t.ball_x, by - t.ball_y));
    }
  }
  std::printf("%ld percepts matched to ground truth, %ld scored (after the first 3 s)\n", matched, cycles);
  if (cycles == 0) return 1;
  std::printf("self position error median %.3f m  p95 %.3f m  max %.3f m\n", percentile(position_error, 0.5),
              percentile(position_error, 0.95), percentile(position_error, 1.0));
  std::printf("heading error median %.2f deg  p95 %.2f deg\n", percentile(heading_error, 0.5),
              percentile(heading_error, 0.95));
  std::printf("localised %.1f %% of cycles\n", 100.0 * static_cast<double>(localised) / static_cast<double>(cycles));
  std::printf("ball error (seen <1s) median %.3f m  p95 %.3f m  (%zu samples)\n", percentile(ball_error, 0.5),
              percentile(ball_error, 0.95), ball_error.size());
  return 0;
}
