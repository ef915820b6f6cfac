// libero_open_loop: replays the joint commands of a recorded agent
// (`libero agent --record`, e.g. the skill bench's `--keep-logs` runs)
// open-loop on either server, and measures what the same commands do there:
// the torso's path after S seconds of PlayOn (from the monitor's scene) and
// how far the joint angles the server reports stray from the recorded ones.
// Replayed on the server it was recorded on it shows that server's own
// spread; on the other server, the difference between the two: the motor
// model and contacts, with the controller's feedback taken out.
//
// The replay connects as an agent and answers the n-th server message with
// the n-th recorded message (scene, init, beam, joint velocities, syn), and
// puts the game in PlayOn through the monitor port so that the server's
// cycle in PlayOn is the recording's (sent two messages before: the
// recorded agent kept beaming until it saw PlayOn, and one beam more or less
// moves the robot; on the built-in simulator with the bench's seed a replay
// then gives the recorded joint angles back exactly, ctest open_loop_replay).
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>
#include <unistd.h>

#include "agent/record_file.h"
#include "bench_args.h"
#include "bench_server.h"
#include "bench_stats.h"
#include "core/math.h"
#include "net/tcp_client.h"
#include "protocol/simspark_codec.h"
#include "tools/monitor/monitor_client.h"

namespace fs = std::filesystem;
using namespace libero;

namespace {

const char* kUsage =
    "usage: libero_open_loop RECORD [options]\n"
    "  RECORD             an agent record (libero agent --record; the skill bench's --keep-logs runs keep one)\n"
    "  --server NAME      builtin (libero serve, default) or rcssserver3d\n"
    "  --server-bin PATH  rcssserver3d to run\n"
    "  --slip K           builtin: --slip K\n"
    "  --runs N           replays, each on a fresh server (default 3)\n"
    "  --seed N           builtin: replay r gets the server seed N + r (default 1000: the skill bench's\n"
    "                     run r had 1000 + r, so replaying its run 0 there starts from the same noise)\n"
    "  --seconds S        measured seconds of PlayOn (default 5)\n"
    "  --libero PATH      the libero binary (default: found beside this one)\n"
    "  --trace FILE       one line per server message of every replay (tab-separated, with a header):\n"
    "                     the replay, the message's index, the monitor's time and play mode, the torso\n"
    "                     (x, y, z, yaw deg), and per joint the angle here and the recorded one (deg)\n"
    "  -v                 one line per replay\n"
    "Prints the torso's displacement after S s of PlayOn and the joints' RMS difference from the\n"
    "recorded angles (deg, over the same seconds), medians over the replays. Exit 1 when a replay\n"
    "could not run, 2 on bad arguments.\n";

struct Settings {
  std::string record;
  bench::BenchServer server;
  int runs = 3;
  double seconds = 5;
  int seed = 1000;  // builtin: replay r runs with seed + r (the skill bench's run r used 1000 + r)
  bool verbose = false;
  std::string trace_path;
  FILE* trace = nullptr;  // open while replaying when --trace was given
};

struct ReplayResult {
  bool ok = false;
  std::string problem;
  double displacement = 0, forward = 0, final_height = 0, joint_rms_deg = 0;
  double start_rms_deg = 0;  // the joints' RMS difference in the first measured cycle
};


// One --trace line: where the replay stands after answering message k.
void write_trace_line(FILE* out, int run, size_t k, const monitor::SceneState& scene,
                      const monitor::SceneRobot* robot, const protocol::Percept* replayed,
                      const agent::RecordEntry& recorded_entry) {
  protocol::Percept recorded;
  const bool have_recorded = protocol::decode_simspark(recorded_entry.payload, &recorded).ok();
  std::fprintf(out, "%d\t%zu\t%.2f\t%d", run, k, scene.time, static_cast<int>(scene.play_mode));
  if (robot != nullptr)
    std::fprintf(out, "\t%.4f\t%.4f\t%.4f\t%.2f", robot->torso.x(), robot->torso.y(), robot->torso.z(),
                 robot->yaw * 180.0 / kPi);
  else
    std::fprintf(out, "\tnan\tnan\tnan\tnan");
  for (int j = 0; j < kJointCount; ++j) {
    const bool here = replayed != nullptr && replayed->joint_present[j];
    const bool there = have_recorded && recorded.joint_present[j];
    std::fprintf(out, "\t%.2f\t%.2f", here ? replayed->joint_angle_deg[j] : NAN,
                 there ? recorded.joint_angle_deg[j] : NAN);
  }
  std::fputc('\n', out);
}

ReplayResult replay_once(const Settings& s, const agent::RecordContents& record, int run) {
  ReplayResult result;
  auto fail = [&](const std::string& why) {
    result.problem = why;
    return result;
  };
  // The recording's messages in order, and the index of the first received
  // message that shows PlayOn.
  std::vector<const agent::RecordEntry*> sent, received;
  for (const auto& e : record.entries) {
    if (e.kind == agent::RecordKind::kSent) sent.push_back(&e);
    if (e.kind == agent::RecordKind::kReceived || e.kind == agent::RecordKind::kSkipped) received.push_back(&e);
  }
  if (sent.size() < 2 || received.empty()) return fail("the record holds no exchange");
  size_t play_on = received.size();
  for (size_t i = 0; i < received.size(); ++i)
    if (received[i]->payload.find("(pm PlayOn)") != std::string::npos) {
      play_on = i;
      break;
    }
  if (play_on == received.size()) return fail("the recording never saw PlayOn");

  char pattern[] = "/tmp/libero-open-loop-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) return fail("mkdtemp failed");
  const fs::path work = pattern;
  realserver::ServerProcess server;
  Status started = bench::start_bench_server(s.server, s.seed + run, (work / "server.log").string(), &server);
  if (!started.ok()) {
    std::error_code ec;
    fs::remove_all(work, ec);
    return fail(started.error().describe());
  }
  monitor::MonitorClient monitor;
  net::TcpClient agent;
  auto cleanup = [&] {
    agent.close();
    monitor.close();
    server.stop();
    std::error_code ec;
    fs::remove_all(work, ec);
  };
  if (Status c = monitor.connect("127.0.0.1", static_cast<uint16_t>(server.monitor_port()), 5000); !c.ok()) {
    cleanup();
    return fail("monitor: " + c.error().describe());
  }
  if (Status c = agent.connect("127.0.0.1", static_cast<uint16_t>(server.agent_port()), 5000); !c.ok()) {
    cleanup();
    return fail("agent port: " + c.error().describe());
  }
  // Sent[0] is the scene; sent[k + 1] answered received[k].
  if (Status c = agent.send(sent[0]->payload, 2000); !c.ok()) {
    cleanup();
    return fail(c.error().describe());
  }
  protocol::Percept replayed, recorded;
  double squared = 0;
  long samples = 0;
  bool measuring = false, ended = false, done = false;
  double t0 = 0;
  Vec3 start = Vec3::Zero();
  double start_yaw = 0;
  for (size_t k = 0; k < received.size() && k + 1 < sent.size() && !done; ++k) {
    Result<std::string_view> message = agent.receive_frame(20000);
    if (!message.ok()) {
      cleanup();
      return fail("agent port: " + message.error().describe());
    }
    const bool decoded = protocol::decode_simspark(*message, &replayed).ok();
    if (k + 2 == play_on)
      if (Status sent_mode = monitor.send("(playMode PlayOn)"); !sent_mode.ok()) {
        cleanup();
        return fail("monitor: " + sent_mode.error().describe());
      }
    if (Status r = agent.send(sent[k + 1]->payload, 2000); !r.ok()) {
      cleanup();
      return fail(r.error().describe());
    }
    // Every queued monitor message in turn: rcssserver3d's arrive in bursts
    // (in sync mode a replay saw its scene time jump by 0.72 s between
    // drains), so the start and the end of the measured span are taken from
    // the first scene at or past them, not from the last of a burst.
    const monitor::SceneRobot* robot = nullptr;
    for (;;) {
      Result<bool> got = monitor.poll(0);
      if (!got.ok()) {
        cleanup();
        return fail("monitor: " + got.error().describe());
      }
      if (!*got) break;
      const monitor::SceneState& scene = monitor.state();
      robot = nullptr;
      for (int i = 0; i < scene.robot_count && robot == nullptr; ++i)
        if (scene.robots[i].team >= 0) robot = &scene.robots[i];
      if (robot == nullptr || scene.play_mode != protocol::PlayMode::PlayOn) continue;
      if (!measuring && k >= play_on) {
        measuring = true;
        t0 = scene.time;
        start = robot->torso;
        start_yaw = robot->yaw;
      } else if (measuring && !ended && scene.time - t0 >= s.seconds - 1e-6) {
        const Vec3 moved = robot->torso - start;
        result.displacement = std::hypot(moved.x(), moved.y());
        result.forward = moved.x() * std::cos(start_yaw) + moved.y() * std::sin(start_yaw);
        result.final_height = robot->torso.z();
        ended = true;
      }
    }
    const monitor::SceneState& scene = monitor.state();
    robot = nullptr;
    for (int i = 0; i < scene.robot_count && robot == nullptr; ++i)
      if (scene.robots[i].team >= 0) robot = &scene.robots[i];
    if (s.trace != nullptr) write_trace_line(s.trace, run, k, scene, robot, decoded ? &replayed : nullptr,
                                             *received[k]);
    if (!measuring) continue;
    // Joint angles against the recording's for the same cycle.
    if (decoded && protocol::decode_simspark(received[k]->payload, &recorded).ok()) {
      double cycle_squared = 0;
      int cycle_samples = 0;
      for (int j = 0; j < kJointCount; ++j)
        if (replayed.joint_present[j] && recorded.joint_present[j]) {
          const double d = replayed.joint_angle_deg[j] - recorded.joint_angle_deg[j];
          cycle_squared += d * d;
          ++cycle_samples;
        }
      if (samples == 0 && cycle_samples > 0) {
        result.start_rms_deg = std::sqrt(cycle_squared / cycle_samples);
        // Which joints start apart (with -v): the largest differences.
        for (int j = 0; j < kJointCount && s.verbose; ++j)
          if (replayed.joint_present[j] && recorded.joint_present[j] &&
              std::fabs(replayed.joint_angle_deg[j] - recorded.joint_angle_deg[j]) > 2.0)
            std::printf("  at the start joint %d: %.1f deg here, %.1f deg recorded\n", j, replayed.joint_angle_deg[j],
                        recorded.joint_angle_deg[j]);
      }
      squared += cycle_squared;
      samples += cycle_samples;
    }
    // The joints are compared over the agent's own messages up to the end.
    if (ended) done = true;
  }
  cleanup();
  if (!done) return fail("the record ended before " + std::to_string(s.seconds) + " s of PlayOn");
  result.joint_rms_deg = samples > 0 ? std::sqrt(squared / static_cast<double>(samples)) : 0;
  result.ok = true;
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  Settings s;
  bench::Args args(argc, argv);
  if (args.positional("a record file")) s.record = args.file("a record file");
  while (args.next()) {
    const std::string& a = args.arg();
    if (bench::take_server_option(args, &s.server)) continue;
    if (a == "--runs") s.runs = args.whole(1, 1000);
    else if (a == "--seed") s.seed = args.whole(0, 1000000000);
    else if (a == "--seconds") s.seconds = args.number_above(0, 600);
    else if (a == "--trace") s.trace_path = args.value();
    else if (a == "-v") s.verbose = true;
    else args.unknown_option();
  }
  bench::finish_server_options(args, &s.server);
  if (std::optional<int> status = args.finish("libero_open_loop", kUsage)) return *status;
  Result<agent::RecordContents> record = agent::read_record_file(s.record);
  if (!record.ok()) {
    std::fprintf(stderr, "libero_open_loop: %s\n", record.error().describe().c_str());
    return 1;
  }
  if (!s.trace_path.empty()) {
    s.trace = std::fopen(s.trace_path.c_str(), "w");
    if (s.trace == nullptr) {
      std::fprintf(stderr, "libero_open_loop: cannot write %s\n", s.trace_path.c_str());
      return 1;
    }
    std::fprintf(s.trace, "replay\tmessage\ttime\tplay_mode\tx\ty\tz\tyaw");
    for (int j = 0; j < kJointCount; ++j) std::fprintf(s.trace, "\tj%d\tj%d_recorded", j, j);
    std::fputc('\n', s.trace);
  }
  std::vector<double> displacement, forward, rms, start_rms;
  int failed = 0, down = 0;
  for (int r = 0; r < s.runs; ++r) {
    ReplayResult result = replay_once(s, *record, r);
    if (!result.ok) {
      std::fprintf(stderr, "libero_open_loop: replay %d: %s\n", r, result.problem.c_str());
      ++failed;
      continue;
    }
    displacement.push_back(result.displacement);
    forward.push_back(result.forward);
    rms.push_back(result.joint_rms_deg);
    start_rms.push_back(result.start_rms_deg);
    if (result.final_height < 0.25) ++down;
    if (s.verbose)
      std::printf("replay %d  torso moved %.2f m (%.2f m forward), joints %.2f deg RMS from the record (%.2f at the "
                  "start)%s\n", r, result.displacement, result.forward, result.joint_rms_deg, result.start_rms_deg,
                  result.final_height < 0.25 ? "  DOWN" : "");
  }
  if (s.trace != nullptr) std::fclose(s.trace);
  std::printf("open-loop replay on %s, %d replays (%d failed)\n", s.server.kind.c_str(), s.runs - failed, failed);
  if (!displacement.empty())
    std::printf("after %.1f s of PlayOn: torso moved median %.2f m (%.2f-%.2f), %.2f m forward; joints %.2f deg RMS from "
                "the record (%.2f at the start); down at the end in %d\n",
                s.seconds, bench::percentile(displacement, 0.5), bench::percentile(displacement, 0),
                bench::percentile(displacement, 1), bench::percentile(forward, 0.5), bench::percentile(rms, 0.5),
                bench::percentile(start_rms, 0.5), down);
  return failed > 0 ? 1 : 0;
}
