// Runs the world model over an agent record file (engine/agent/record_file.h
// format) and scores it against the simulator's ground-truth feed
// (`libero serve --ground-truth FILE`, world frame). Usage: kUsage below
// (--help prints it).
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
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bench_args.h"
#include "bench_stats.h"
#include "core/math.h"
#include "protocol/simspark_codec.h"
#include "agent/pipeline.h"
#include "agent/record_file.h"
#include "agent/replay.h"
#include "world/world_model.h"

using namespace libero;
using libero::bench::percentile;

namespace {

struct Truth {
  bool has_robot = false;
  double x = 0, y = 0, z = 0, heading_deg = 0;
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
      char* rest = nullptr;
      t.y = std::strtod(line.c_str() + p, &rest);
      t.z = std::strtod(rest, nullptr);
      t.heading_deg = number_after(line, at, "(heading ");
      t.has_robot = true;
      break;
    }
    out[std::lround(time / 0.02)] = t;
  }
  return out;
}

const char kUsage[] =
    "usage: libero_world_on_record RECORD GROUND_TRUTH --team NAME --unum N [--side left|right]\n"
    "                              [--scripts DIR]   (the scripts the agent ran; default the repo's)\n"
    "                              [--from T --to T]   (score only this server-time window)\n"
    "                              [--game-time]   (the truth's times are game times, as\n"
    "                               tools/bench/teamplay/replay_truth.py writes from a match's replay\n"
    "                               log: percepts are matched by their game time)\n"
    "                              [--samples FILE]   (every scored cycle's errors: position m,\n"
    "                               heading deg, ball m or -1 when not seen within 1 s)\n";

}  // namespace

int main(int argc, char** argv) {
  bench::Args args(argc, argv);
  std::string record_path, truth_path, team = "Libero", side = "left";
  if (args.positional("a record file")) record_path = args.file("a record file");
  if (args.positional("a ground-truth file")) truth_path = args.file("a ground-truth file");
  std::string scripts_dir = std::string(LIBERO_SOURCE_DIR) + "/scripts";
  int unum = 1;
  double from = -1e9, to = 1e9;  // optional server-time window to score
  bool game_time = false;        // truth keyed by game time, not server time
  std::string samples_path;      // every scored cycle's errors, for pooling over many records
  while (args.next()) {
    const std::string& a = args.arg();
    if (a == "--from") from = args.number(0, 1e6);
    else if (a == "--to") to = args.number(0, 1e6);
    else if (a == "--scripts") scripts_dir = args.value();
    else if (a == "--game-time") game_time = true;
    else if (a == "--samples") samples_path = args.value();
    else if (a == "--team") team = args.value();
    else if (a == "--unum") unum = args.whole(1, 11);
    else if (a == "--side") {
      side = args.value();
      if (args.ok() && side != "left" && side != "right") args.fail("--side: expected left or right, got " + side);
    } else args.unknown_option();
  }
  if (std::optional<int> status = args.finish("libero_world_on_record", kUsage)) return *status;
  std::map<long, Truth> truth = load_truth(truth_path, side, unum);
  std::FILE* samples_file = nullptr;
  if (!samples_path.empty() && !(samples_file = std::fopen(samples_path.c_str(), "w"))) {
    std::fprintf(stderr, "%s: cannot write\n", samples_path.c_str());
    return 1;
  }
  struct CloseSamples {
    std::FILE* f;
    ~CloseSamples() {
      if (f) std::fclose(f);
    }
  } close_samples{samples_file};
  Result<agent::RecordContents> record = agent::read_record_file(record_path);
  if (!record.ok()) {
    std::fprintf(stderr, "%s: %s\n", record_path.c_str(), record.error().message.c_str());
    return 1;
  }
  // The agent's whole pipeline is replayed (deterministic: docs/recording.md),
  // so the estimate scored is the one the robot acted on, odometry included.
  agent::PipelineOptions base;
  base.scripts_dir = scripts_dir;
  base.robots_dir = LIBERO_ROBOTS_DIR;
  agent::PipelineOptions options = agent::replay_pipeline_options(*record, base);
  agent::CycleStats stats;
  std::unique_ptr<agent::AgentPipeline> pipeline;
  protocol::Percept percept;
  std::vector<double> position_error, heading_error, ball_error;
  struct Sample {
    double time;
    bool upright, good;
  };
  std::vector<Sample> samples;   // every matched cycle, for kidnap recovery
  std::vector<double> teleports; // server times where the truth jumped
  double last_x = NAN, last_y = NAN;
  long cycles = 0, localised = 0, matched = 0, down_cycles = 0, falls = 0;
  bool was_down = false;
  double up_since = -1e9;
  double first_time = -1;
  bool right = side == "right";
  for (const agent::RecordEntry& entry : record->entries) {
    if (entry.kind == agent::RecordKind::kSent) continue;
    if (!pipeline || entry.kind == agent::RecordKind::kConnect) {
      pipeline = std::make_unique<agent::AgentPipeline>(options, &stats);
      if (Status started = pipeline->start(); !started.ok()) {
        std::fprintf(stderr, "pipeline: %s\n", started.error().message.c_str());
        return 1;
      }
      (void)pipeline->scene_message();
      if (entry.kind == agent::RecordKind::kConnect) continue;
    }
    if (entry.kind == agent::RecordKind::kSkipped) {
      pipeline->on_skipped(entry.payload);
      continue;
    }
    pipeline->on_message(entry.payload);
    if (!protocol::decode_simspark(entry.payload, &percept).ok() || !percept.has_time) continue;
    if (first_time < 0) first_time = percept.server_time;
    // In a match the truth comes from the runner's replay log, which knows
    // the game time only (replay_truth.py leaves out the times at which the
    // clock stood still).
    if (game_time && !percept.game_state.present) continue;
    auto it = truth.find(std::lround((game_time ? percept.game_state.game_time : percept.server_time) / 0.02));
    if (it == truth.end() || !it->second.has_robot) continue;
    ++matched;
    {
      const Truth& t = it->second;
      if (std::isfinite(last_x) && std::hypot(t.x - last_x, t.y - last_y) > 0.5) teleports.push_back(percept.server_time);
      last_x = t.x;
      last_y = t.y;
      const world::WorldState& ws = pipeline->world_state();
      double ex = right ? -ws.self.x : ws.self.x, ey = right ? -ws.self.y : ws.self.y;
      double eh = right ? ws.self.heading + kPi : ws.self.heading;
      bool close = std::hypot(ex - t.x, ey - t.y) < 0.3 &&
                   std::fabs(rad2deg(normalize_angle(eh - deg2rad(t.heading_deg)))) < 10.0;
      samples.push_back({percept.server_time, t.z >= 0.25, close && ws.self.localised != 0});
    }
    if (percept.server_time - first_time < 3.0) continue;
    if (percept.server_time < from || percept.server_time > to) continue;
    // The issue scores localisation "while walking": cycles where the robot
    // is down (torso below 0.25 m) or getting up, and the next 2 s, are
    // counted apart; a lying torso's heading is not a walking heading.
    const Truth& now = it->second;
    if (now.z < 0.25) {
      ++down_cycles;
      if (!was_down) ++falls;
      was_down = true;
      up_since = percept.server_time;
      continue;
    }
    was_down = false;
    if (percept.server_time - up_since < 2.0) { ++down_cycles; continue; }
    const world::WorldState& ws = pipeline->world_state();
    const Truth& t = it->second;
    // Our estimate is in the team frame; the truth in the world frame.
    double ex = right ? -ws.self.x : ws.self.x, ey = right ? -ws.self.y : ws.self.y;
    double eh = right ? ws.self.heading + kPi : ws.self.heading;
    ++cycles;
    if (ws.self.localised) ++localised;
    if (std::getenv("LIBERO_TRACE") && cycles % 10 == 0)
      std::printf("t=%.2f truth %.3f %.3f %.1f est %.3f %.3f %.1f loc %d sigma %.3f fall %d z %.2f acc %.2f %.2f %.2f\n",
                  percept.server_time, t.x, t.y, t.heading_deg, ex, ey, rad2deg(normalize_angle(eh)),
                  ws.self.localised, ws.self.position_sigma, ws.self.fall, ws.self.z, percept.accel.x, percept.accel.y, percept.accel.z);
    position_error.push_back(std::hypot(ex - t.x, ey - t.y));
    heading_error.push_back(std::fabs(rad2deg(normalize_angle(eh - deg2rad(t.heading_deg)))));
    double ball_miss = -1;
    if (ws.ball.valid && ws.ball.last_seen_age <= 1.0) {
      double bx = right ? -ws.ball.x : ws.ball.x, by = right ? -ws.ball.y : ws.ball.y;
      ball_miss = std::hypot(bx - t.ball_x, by - t.ball_y);
      ball_error.push_back(ball_miss);
    }
    if (samples_file)
      std::fprintf(samples_file, "%.4f %.3f %.4f\n", position_error.back(), heading_error.back(), ball_miss);
  }
  std::printf("%ld percepts matched to ground truth, %ld scored (upright, after the first 3 s)\n", matched, cycles);
  std::printf("falls %ld, cycles down or within 2 s of getting up (not scored) %ld\n", falls, down_cycles);
  if (cycles == 0) return 1;
  std::printf("self position error median %.3f m  p95 %.3f m  max %.3f m\n", percentile(position_error, 0.5),
              percentile(position_error, 0.95), percentile(position_error, 1.0));
  std::printf("heading error median %.2f deg  p95 %.2f deg\n", percentile(heading_error, 0.5),
              percentile(heading_error, 0.95));
  std::printf("localised %.1f %% of cycles\n", 100.0 * static_cast<double>(localised) / static_cast<double>(cycles));
  std::printf("ball error (seen <1s) median %.3f m  p95 %.3f m  (%zu samples)\n", percentile(ball_error, 0.5),
              percentile(ball_error, 0.95), ball_error.size());
  if (!teleports.empty()) {
    // Recovery: from the jump until the estimate is localised, within 0.3 m
    // and 10 degrees, and stays so for 0.5 s. A robot that lands on the
    // ground is counted apart: it cannot see until it is up again.
    std::vector<double> recovery, first_fix;
    int landed_down = 0, never = 0;
    for (double at : teleports) {
      double next_teleport = 1e18;
      for (double other : teleports)
        if (other > at && other < next_teleport) next_teleport = other;
      bool fell = false;
      double good_since = -1, recovered = -1, first_good = -1;
      for (const Sample& sample : samples) {
        if (sample.time < at || sample.time >= next_teleport) continue;
        if (!sample.upright) fell = true;
        if (sample.good && first_good < 0) first_good = sample.time - at;
        if (!sample.good) {
          good_since = -1;
          continue;
        }
        if (good_since < 0) good_since = sample.time;
        if (sample.time - good_since >= 0.5) {
          recovered = good_since - at;
          break;
        }
      }
      if (fell) ++landed_down;
      else if (recovered < 0) ++never;
      else recovery.push_back(recovered);
      if (!fell && first_good >= 0) first_fix.push_back(first_good);
    }
    std::printf("kidnaps %zu: recovered upright %zu, median %.2f s, max %.2f s; fell on landing %d; not recovered %d\n",
                teleports.size(), recovery.size(), percentile(recovery, 0.5), percentile(recovery, 1.0), landed_down,
                never);
    std::printf("  first localised within 0.3 m and 10 deg (upright landings): median %.2f s, max %.2f s\n",
                percentile(first_fix, 0.5), percentile(first_fix, 1.0));
  }
  return 0;
}
