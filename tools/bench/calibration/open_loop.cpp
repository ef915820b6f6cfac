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
//
// With --ball the record is a kick (the skill bench's kick_*_spot keeps
// one): the replay also follows the ball in the monitor's truth from the
// start of play until it has lain still for a second, answering the
// server with the joints held still once the record has run out (the ball
// rolls on for seconds after the kick), and reports how far and in which
// direction it went.
//
// --place puts the robot at the start of play where the record's beams
// asked for (or at a given pose), without the beam's noise: each server
// draws its own (SimSpark ±5 cm, ±10 deg, a
// fresh draw per server start), and five replays of one kick on rcssserver3d
// placed the torso 0.20-0.25 m behind the ball, 0.5-9.5 cm aside, at -7 to
// +5 deg, which sent the ball 3.3-5.9 m at -17 to +15 deg. The monitor's
// trainer command moves the robot together with PlayOn (beams are ignored
// from then on), at the height the beams held it.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "agent/record_file.h"
#include "bench_args.h"
#include "bench_server.h"
#include "bench_stats.h"
#include "calibration_link.h"
#include "core/math.h"
#include "core/nao_joints.h"
#include "net/tcp_client.h"
#include "protocol/simspark_codec.h"
#include "tools/monitor/monitor_client.h"

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
    "  --ball             the record kicks the ball: follow it until it lies still (at most --ball-seconds\n"
    "                     of PlayOn) and report its travel and direction; a replay that never moves the\n"
    "                     ball fails\n"
    "  --ball-seconds S   with --ball: the most seconds of PlayOn to wait for the ball to stop (default 20)\n"
    "  --place X,Y,H      at the start of play move the robot (monitor trainer command, no noise) so the\n"
    "                     torso is at X, Y (m) facing H (deg, 0 = towards the opponent goal); --place beam:\n"
    "                     where the record's last beam asked for\n"
    "  -v                 one line per replay, with where the torso and the ball stood at PlayOn\n"
    "Prints the torso's displacement after S s of PlayOn and the joints' RMS difference from the\n"
    "recorded angles (deg, over the same seconds), medians over the replays; with --ball also the\n"
    "ball's travel (m) and direction (deg, field frame, 0 = towards the opponent goal). Exit 1 when\n"
    "a replay could not run, 2 on bad arguments.\n";

// The ball counts as kicked once 5 cm from where it lay at PlayOn, and as
// still below 4 cm/s (the skill bench's kick measurement, skill_bench.cpp).
constexpr double kBallKicked = 0.05;
constexpr double kBallStillSpeed = 0.04;
constexpr double kBallStillSeconds = 1.0;
constexpr double kLaunchSpan = 0.1;  // s

struct Settings {
  std::string record;
  bench::BenchServer server;
  int runs = 3;
  double seconds = 5;
  int seed = 1000;  // builtin: replay r runs with seed + r (the skill bench's run r used 1000 + r)
  bool verbose = false;
  bool ball = false;          // --ball: the record kicks the ball
  double ball_seconds = 20;   // the most seconds of PlayOn to wait for the ball to stop
  // --place: none (the beams' own placement), where the record's last beam
  // asked for, or the given pose (m, m, deg).
  enum class Place { None, Beam, Pose } place = Place::None;
  double place_x = 0, place_y = 0, place_h = 0;
  std::string trace_path;
  FILE* trace = nullptr;  // open while replaying when --trace was given
};

struct ReplayResult {
  bool ok = false;
  std::string problem;
  double displacement = 0, forward = 0, final_height = 0, joint_rms_deg = 0;
  double start_rms_deg = 0;  // the joints' RMS difference in the first measured cycle
  // At the first scene of PlayOn: the torso (x, y, yaw) and the ball.
  Vec3 torso_at_play_on = Vec3::Zero(), ball_at_play_on = Vec3::Zero();
  double yaw_at_play_on = 0;
  // --ball: the ball's horizontal travel from PlayOn until it lay still, its
  // direction (deg, field frame), and whether it stopped within --ball-seconds.
  double ball_travel = 0, ball_direction_deg = 0, ball_kicked_at = -1;
  bool ball_stopped = false;
  // --ball: the ball's launch, from where it was when first seen kicked to
  // where it was kLaunchSpan later: horizontal speed (m/s) and elevation
  // (deg). It separates the foot's contact from the roll that follows
  // (libero_ball_roll measures the roll alone).
  double launch_speed = -1, launch_elevation_deg = 0;
};

// Zero velocity for every joint effector the message names (he1, lae3,
// rle6, ...), then (syn): the joints held still once the record has run out.
std::string hold_joints_message(std::string_view last_sent) {
  std::string out;
  for (size_t i = last_sent.find('('); i != std::string_view::npos; i = last_sent.find('(', i + 1)) {
    const size_t space = last_sent.find(' ', i);
    if (space == std::string_view::npos) break;
    const std::string_view name = last_sent.substr(i + 1, space - i - 1);
    if (joint_from_effector(name) != kJointCount) out += "(" + std::string(name) + " 0)";
  }
  return out + "(syn)";
}


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
  // --place: the pose (m, m, deg) and the trainer command's robot.
  double place_x = s.place_x, place_y = s.place_y, place_h = s.place_h;
  if (s.place == Settings::Place::Beam) {
    bool found = false;
    for (const auto* e : sent) {
      const size_t at = e->payload.rfind("(beam ");
      if (at != std::string::npos &&
          std::sscanf(e->payload.c_str() + at, "(beam %lf %lf %lf)", &place_x, &place_y, &place_h) == 3)
        found = true;
    }
    if (!found) return fail("--place beam: the record never beams");
  }
  const std::string* unum = record.find_meta("unum");
  if (s.place != Settings::Place::None && unum == nullptr) return fail("--place: the record names no unum");

  bench::CalibrationLink link;
  if (Status opened = link.open(s.server, s.seed + run, "open-loop"); !opened.ok()) return fail(opened.error().describe());
  monitor::MonitorClient& monitor = link.monitor;
  net::TcpClient& agent = link.agent;
  // Sent[0] is the scene; sent[k + 1] answered received[k].
  if (Status c = agent.send(sent[0]->payload, 2000); !c.ok())
    return fail(c.error().describe());
  protocol::Percept replayed, recorded;
  double squared = 0;
  long samples = 0;
  bool measuring = false, ended = false, done = false;
  bool ended_before = false;  // the measured seconds had ended at the previous message
  double t0 = 0;
  Vec3 start = Vec3::Zero();
  double start_yaw = 0;
  // --ball: the ball's last place and time, and since when it lay still.
  bool ball_done = !s.ball;
  Vec3 last_ball = Vec3::Zero(), kicked_from = Vec3::Zero();
  double last_ball_time = 0, ball_still_since = -1;
  const std::string hold = hold_joints_message(sent.back()->payload);
  double hover_z = 0.4;  // the torso's height while beamed (the last BeforeKickOff scene)
  auto follow_ball = [&](const monitor::SceneState& scene) {
    const Vec3 moved = scene.ball - result.ball_at_play_on;
    const double travel = std::hypot(moved.x(), moved.y());
    if (result.ball_kicked_at < 0 && travel > kBallKicked) {
      result.ball_kicked_at = scene.time - t0;
      kicked_from = scene.ball;
    }
    if (result.ball_kicked_at >= 0 && result.launch_speed < 0 &&
        scene.time - t0 - result.ball_kicked_at >= kLaunchSpan - 1e-6) {
      const Vec3 flown = scene.ball - kicked_from;
      const double span = scene.time - t0 - result.ball_kicked_at;
      result.launch_speed = std::hypot(flown.x(), flown.y()) / span;
      result.launch_elevation_deg = std::atan2(flown.z(), std::hypot(flown.x(), flown.y())) * 180.0 / kPi;
    }
    const double dt = scene.time - last_ball_time;
    if (dt > 1e-6) {
      const double speed = std::hypot(scene.ball.x() - last_ball.x(), scene.ball.y() - last_ball.y()) / dt;
      if (result.ball_kicked_at >= 0 && speed < kBallStillSpeed) {
        if (ball_still_since < 0) ball_still_since = scene.time;
      } else {
        ball_still_since = -1;
      }
      last_ball = scene.ball;
      last_ball_time = scene.time;
    }
    const bool still = ball_still_since >= 0 && scene.time - ball_still_since >= kBallStillSeconds - 1e-6;
    if (still || scene.time - t0 >= s.ball_seconds - 1e-6) {
      result.ball_travel = travel;
      result.ball_direction_deg = std::atan2(moved.y(), moved.x()) * 180.0 / kPi;
      result.ball_stopped = still;
      ball_done = true;
    }
  };
  const size_t recorded_replies = std::min(received.size(), sent.size() - 1);
  for (size_t k = 0; !done; ++k) {
    // Past the record only to see a kicked ball come to rest.
    const bool in_record = k < recorded_replies;
    if (!in_record && (!s.ball || !ended)) break;
    Result<std::string_view> message = agent.receive_frame(20000);
    if (!message.ok())
      return fail("agent port: " + message.error().describe());
    const bool decoded = protocol::decode_simspark(*message, &replayed).ok();
    // With PlayOn (the move right before it): the same cycle on either
    // server however the monitor's commands fall against the agents', and
    // from then on the beams no longer count. SimSpark's trainer yaw is the
    // model's: 0 faces +y, -90 faces +x.
    if (s.place != Settings::Place::None && k + 2 == play_on) {
      char move[160];
      std::snprintf(move, sizeof move, "(agent (unum %s) (team Left) (move %.4f %.4f %.4f %.2f))", unum->c_str(),
                    place_x, place_y, hover_z, place_h - 90.0);
      if (Status moved = monitor.send(move); !moved.ok())
        return fail("monitor: " + moved.error().describe());
    }
    if (k + 2 == play_on)
      if (Status sent_mode = monitor.send("(playMode PlayOn)"); !sent_mode.ok())
        return fail("monitor: " + sent_mode.error().describe());
    if (Status r = agent.send(in_record ? sent[k + 1]->payload : hold, 2000); !r.ok())
      return fail(r.error().describe());
    // Every queued monitor message in turn: rcssserver3d's arrive in bursts
    // (in sync mode a replay saw its scene time jump by 0.72 s between
    // drains), so the start and the end of the measured span are taken from
    // the first scene at or past them, not from the last of a burst.
    const monitor::SceneRobot* robot = nullptr;
    for (;;) {
      Result<bool> got = monitor.poll(0);
      if (!got.ok())
        return fail("monitor: " + got.error().describe());
      if (!*got) break;
      const monitor::SceneState& scene = monitor.state();
      robot = nullptr;
      for (int i = 0; i < scene.robot_count && robot == nullptr; ++i)
        if (scene.robots[i].team >= 0) robot = &scene.robots[i];
      if (robot != nullptr && scene.play_mode == protocol::PlayMode::BeforeKickOff) hover_z = robot->torso.z();
      if (robot == nullptr || scene.play_mode != protocol::PlayMode::PlayOn) continue;
      if (!measuring && k >= play_on) {
        measuring = true;
        t0 = scene.time;
        start = robot->torso;
        start_yaw = robot->yaw;
        result.torso_at_play_on = robot->torso;
        result.yaw_at_play_on = robot->yaw;
        result.ball_at_play_on = last_ball = scene.ball;
        last_ball_time = scene.time;
        continue;
      }
      if (measuring && !ball_done) follow_ball(scene);
      if (measuring && !ended && scene.time - t0 >= s.seconds - 1e-6) {
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
    if (s.trace != nullptr && in_record)
      write_trace_line(s.trace, run, k, scene, robot, decoded ? &replayed : nullptr, *received[k]);
    if (!measuring) continue;
    // Joint angles against the recording's for the same cycle, up to the end
    // of the measured seconds.
    if (in_record && !(ended && ended_before) && decoded &&
        protocol::decode_simspark(received[k]->payload, &recorded).ok()) {
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
    ended_before = ended;
    if (ended && ball_done) done = true;
  }
  if (!ended) return fail("the record ended before " + std::to_string(s.seconds) + " s of PlayOn");
  if (s.ball && result.ball_kicked_at < 0) {
    char why[160];
    std::snprintf(why, sizeof why, "the ball never moved in %.1f s of PlayOn: the record kicks no ball (or misses it here)",
                  s.ball_seconds);
    return fail(why);
  }
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
    else if (a == "--ball") s.ball = true;
    else if (a == "--place") {
      const std::string place = args.value();
      char tail = 0;
      if (place == "beam") s.place = Settings::Place::Beam;
      else if (std::sscanf(place.c_str(), "%lf,%lf,%lf%c", &s.place_x, &s.place_y, &s.place_h, &tail) == 3 &&
               std::fabs(s.place_x) <= 15 && std::fabs(s.place_y) <= 10 && std::fabs(s.place_h) <= 360)
        s.place = Settings::Place::Pose;
      else
        args.fail("--place needs X,Y,H on the field (|X| <= 15, |Y| <= 10 m, |H| <= 360 deg) or beam, got '" +
                  place + "'");
    }
    else if (a == "--ball-seconds") s.ball_seconds = args.number_above(0, 600);
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
  std::vector<double> displacement, forward, rms, start_rms, ball_travel, ball_direction, launch_speed, launch_elevation;
  int failed = 0, down = 0, ball_moving = 0;
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
    if (s.ball) {
      ball_travel.push_back(result.ball_travel);
      ball_direction.push_back(result.ball_direction_deg);
      if (result.launch_speed >= 0) {
        launch_speed.push_back(result.launch_speed);
        launch_elevation.push_back(result.launch_elevation_deg);
      }
      if (!result.ball_stopped) ++ball_moving;
    }
    if (s.verbose) {
      std::printf("replay %d  at PlayOn torso (%.3f, %.3f) yaw %.1f deg, ball (%.3f, %.3f)\n", r,
                  result.torso_at_play_on.x(), result.torso_at_play_on.y(), result.yaw_at_play_on * 180.0 / kPi,
                  result.ball_at_play_on.x(), result.ball_at_play_on.y());
      std::printf("replay %d  torso moved %.2f m (%.2f m forward), joints %.2f deg RMS from the record (%.2f at the "
                  "start)%s\n", r, result.displacement, result.forward, result.joint_rms_deg, result.start_rms_deg,
                  result.final_height < 0.25 ? "  DOWN" : "");
      if (s.ball)
        std::printf("replay %d  ball %.2f m, direction %+.1f deg, moved after %.2f s, launched at %.2f m/s %+.1f deg "
                    "up%s\n", r, result.ball_travel, result.ball_direction_deg, result.ball_kicked_at,
                    result.launch_speed, result.launch_elevation_deg, result.ball_stopped ? "" : "  STILL MOVING");
    }
  }
  if (s.trace != nullptr) std::fclose(s.trace);
  std::printf("open-loop replay on %s, %d replays (%d failed)\n", s.server.kind.c_str(), s.runs - failed, failed);
  if (!displacement.empty())
    std::printf("after %.1f s of PlayOn: torso moved median %.2f m (%.2f-%.2f), %.2f m forward; joints %.2f deg RMS from "
                "the record (%.2f at the start); down at the end in %d\n",
                s.seconds, bench::percentile(displacement, 0.5), bench::percentile(displacement, 0),
                bench::percentile(displacement, 1), bench::percentile(forward, 0.5), bench::percentile(rms, 0.5),
                bench::percentile(start_rms, 0.5), down);
  if (!ball_travel.empty())
    std::printf("ball travel median %.2f m (%.2f-%.2f), direction median %+.1f deg (%+.1f to %+.1f); still moving "
                "after %.0f s in %d\n",
                bench::percentile(ball_travel, 0.5), bench::percentile(ball_travel, 0), bench::percentile(ball_travel, 1),
                bench::percentile(ball_direction, 0.5), bench::percentile(ball_direction, 0),
                bench::percentile(ball_direction, 1), s.ball_seconds, ball_moving);
  if (!launch_speed.empty())
    std::printf("ball launch median %.2f m/s (%.2f-%.2f), %+.1f deg up (%+.1f to %+.1f), over its first %.1f s\n",
                bench::percentile(launch_speed, 0.5), bench::percentile(launch_speed, 0),
                bench::percentile(launch_speed, 1), bench::percentile(launch_elevation, 0.5),
                bench::percentile(launch_elevation, 0), bench::percentile(launch_elevation, 1), kLaunchSpan);
  return failed > 0 ? 1 : 0;
}
