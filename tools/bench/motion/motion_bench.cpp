// Motion benchmarks on the in-process simulator (docs/benchmarks.md,
// section "motion"). Usage: kUsage below (--help prints it).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bench_args.h"
#include "bench_stats.h"
#include "core/clock.h"
#include "core/math.h"
#include "motion/imu_filter.h"
#include "motion/joint_controller.h"
#include "motion/keyframe.h"
#include "motion/leg_ik.h"
#include "motion/motion_library.h"
#include "motion_harness.h"
#include "walk_runs.h"

using namespace libero;
using namespace libero::bench;

namespace {

struct BenchOptions {
  std::string scenario = "all";
  int runs = 10;
  int type = 0;
  std::string walk_file;
  double seconds = 0;
  bool verbose = false;
  double vx = 0, vy = 0, turn = 0;
  std::string side;   // per scenario: walk_probe/random_walk a diagnosis view; getup only front, back or side
  int first = 0;      // walks, approach kicks, random_walk: first run's index (a kick replayed with --runs 1 -v; fresh trials)
  double speed = 0;   // m/s, ball_flight
  double angle = 0;   // deg, kick direction relative to the field x axis (kick scenarios)
  double ball_dx = 0, ball_dy = 0;  // m, kick_motion: the ball this far off the kick spot (sensitivity)
  double walk_first = 0;  // s, kick_motion: step in place this long (then stand 0.75 s) before the kick
  double settle = 1.0;    // s, kick_motion: standing after the robot is made, before the kick (or the steps)
  double walk_start = 0.5;  // s, walk scenarios: standing after the robot is made, before the walk
  double start_spread = 0.5;  // s, walk scenarios: run r stands up to this much longer (walk_stand_seconds)
  double start_nudge = 1.0;   // N, walk scenarios: run r's stand starts with this push, its direction picked by r
  int substeps = 0;       // physics steps per cycle, 0 = the simulator's default
  double slip = 0;        // robot contacts' force-dependent slip, m/s per N (SimSpark 0.005); 0 = off
  int variant = -1;   // getup: one fixed fall pose instead of cycling through them
  double hold = 2.0;  // getup: seconds the robot must stay up
  double push = 0;    // N, random_walk: pushes on the torso (robustness to bumps from other robots)
  double stops = 0;   // random_walk: share of the commands that are a stop (walk -> stand -> walk)
  std::string robots; // robots/ folder to use instead of the source tree's (trying candidate motions)
  bool pitch_reference = false;  // kick_*_motion: spread start times, print the good kicks' torso pitch
};

BenchOptions g_args;

double median(std::vector<double> v) {
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// The robots/ folder the benchmarks run: --robots, else the source tree's.
std::string robots_dir() { return g_args.robots.empty() ? std::string(LIBERO_SOURCE_DIR) + "/robots" : g_args.robots; }

std::unique_ptr<MotionHarness> make(int type, double heading = 0, bool motion = true, double x = 0, double y = 0) {
  HarnessOptions o;
  o.robots_dir = robots_dir();
  o.robot_type = type;
  o.walk_file = g_args.walk_file;
  o.start_heading = heading;
  o.start_x = x;
  o.start_y = y;
  o.motion_enabled = motion;
  o.physics_substeps = g_args.substeps;
  o.robot_slip = g_args.slip;
  return MotionHarness::create_or_exit(o);
}

// ---- joint controller tracking -------------------------------------------
// Arm joints of a standing robot (motion off, legs held by the servo at 0):
// step and sine targets through the predictive controller vs. a plain
// proportional controller (the placeholder's), RMS error in degrees.
struct TrackingResult {
  double step_rms, sine_rms, step_settle;
};

TrackingResult track(bool predictive, bool sine) {
  auto h = make(0, 0, false);
  motion::JointLimit limits[kJointCount];
  for (int j = 0; j < kJointCount; ++j) {
    const auto* d = h->world().description(h->robot());
    limits[j] = {d->joints[j].exists && j < 22, d->joints[j].min_angle, d->joints[j].max_angle, d->joints[j].max_speed};
  }
  motion::JointController controller;
  controller.configure(limits, {});
  double measured[kJointCount] = {}, target[kJointCount] = {}, velocity[kJointCount] = {};
  const Joint joints[] = {kLShoulderPitch, kRShoulderPitch, kNeckYaw, kLArmRoll};
  double sum = 0;
  int count = 0;
  double settle = -1;
  auto goal_at = [&](double t) {
    if (sine) return 0.8 * std::sin(2 * kPi * 1.0 * t);  // 1 Hz, 0.8 rad: peak 5 rad/s
    return t >= 0.2 ? -1.0 : 0.0;
  };
  for (int cycle = 0; cycle < 150; ++cycle) {
    double t = cycle * 0.02;
    h->step();
    const auto& r = h->readings();
    for (int j = 0; j < kJointCount; ++j) measured[j] = r.joint_angle[j];
    for (Joint j : joints) {
      double error = measured[j] - goal_at(t);
      if (t >= 0.2) {
        sum += error * error;
        ++count;
      }
    }
    if (!sine && settle < 0 && t > 0.2 && std::abs(measured[kLShoulderPitch] + 1.0) < deg2rad(2)) settle = t - 0.2;
    for (int j = 0; j < kJointCount; ++j) target[j] = 0;
    for (Joint j : joints) target[j] = goal_at(t + 0.04);
    if (predictive) {
      controller.step(measured, target, velocity);
    } else {
      for (int j = 0; j < kJointCount; ++j)
        velocity[j] = std::clamp(10.0 * (goal_at(t) * (std::find(std::begin(joints), std::end(joints), j) != std::end(joints)) - measured[j]), -6.1395, 6.1395);
    }
    for (int j = 0; j < 22; ++j) h->set_velocity(static_cast<Joint>(j), velocity[j]);
  }
  double rms = rad2deg(std::sqrt(sum / std::max(count, 1)));
  return {sine ? 0 : rms, sine ? rms : 0, settle};
}

void bench_tracking() {
  TrackingResult a = track(true, false), b = track(false, false), c = track(true, true), d = track(false, true);
  std::printf("tracking step 1 rad: predictive rms %.2f deg (settle %.2f s) | proportional rms %.2f deg (settle %.2f s) | ratio %.2f\n",
              a.step_rms, a.step_settle, b.step_rms, b.step_settle, a.step_rms / b.step_rms);
  std::printf("tracking sine 1 Hz 0.8 rad: predictive rms %.2f deg | proportional rms %.2f deg | ratio %.2f\n", c.sine_rms,
              d.sine_rms, c.sine_rms / d.sine_rms);
}

// ---- stand ---------------------------------------------------------------
// The stand pose, from the robot made (or after --walk-first S of walking at
// --vx, 0: in place): the torso's sway in the last 2 s of a 5 s stand (true
// pitch, its range and its rate), how far the torso crept, and the time until
// the pitch rate stays under 0.1 rad/s. A stand that chatters or creeps
// moves every kick's start.
void bench_stand() {
  std::vector<double> ranges, rates, creeps, calm_times;
  for (int r = 0; r < g_args.runs; ++r) {
    auto h = make(g_args.type, r);
    if (g_args.walk_first > 0) {
      h->run(1.0);
      h->requests().body = motion::kBodyWalkVelocity;
      h->requests().walk_vx = g_args.vx;
      h->requests().walk_vy = h->requests().walk_turn = 0;
      h->run(g_args.walk_first);
    }
    h->requests().body = motion::kBodyStand;
    double lo = 1e9, hi = -1e9, rate = 0, calm_since = 0;
    Vec3 start = Vec3::Zero();
    double previous_pitch = h->world_state().self.pitch;
    for (int i = 0; i < 250; ++i) {
      h->step();
      const double pitch = rad2deg(h->world_state().self.pitch);
      const double pitch_rate = std::fabs(h->world_state().self.pitch - previous_pitch) / 0.02;
      previous_pitch = h->world_state().self.pitch;
      if (pitch_rate > 0.1) calm_since = (i + 1) * 0.02;
      if (i == 150) start = h->torso_position();
      if (i >= 150) {
        lo = std::min(lo, pitch), hi = std::max(hi, pitch);
        rate = std::max(rate, pitch_rate);
      }
      if (g_args.verbose && i % 2 == 0)
        std::printf("t %.2f z %.4f tilt %.2f x %.4f y %.3f gyro %.2f %.2f ankle %.2f knee %.2f\n", i * 0.02,
                    h->torso_position().z(), rad2deg(h->tilt()), h->torso_position().x(), h->torso_position().y(),
                    h->readings().gyro.x(), h->readings().gyro.y(), rad2deg(h->readings().joint_angle[kLFootPitch]),
                    rad2deg(h->readings().joint_angle[kLKneePitch]));
    }
    if (h->fallen()) std::printf("  run %d: fell\n", r);
    ranges.push_back(hi - lo);
    rates.push_back(rate);
    creeps.push_back((h->torso_position() - start).head<2>().norm() * 1000);
    calm_times.push_back(calm_since);
    if (g_args.verbose) {
      for (int j = 0; j < 22; ++j)
        std::printf("%s%s = %.0f", j ? ", " : "  ", motion::motion_joint_name(static_cast<Joint>(j)),
                    rad2deg(h->readings().joint_angle[j]));
      std::printf("\n");
    }
  }
  std::printf("stand type %d (walked %.1f s at %.2f m/s first): last 2 s pitch range %.2f deg, max pitch rate %.2f rad/s, "
              "torso crept %.1f mm; pitch rate under 0.1 rad/s from %.2f s (medians of %d)\n",
              g_args.type, g_args.walk_first, g_args.vx, median(ranges), median(rates), median(creeps), median(calm_times),
              g_args.runs);
}

// ---- get-up --------------------------------------------------------------
// Time from lying still to standing (torso z > 0.3 m, tilt < 20 deg,
// held --hold seconds, default 2: a get-up that stands half a second and
// then topples during the hand-over to the walk's stand does not count; the
// time counts to the start of the hold).
// Fall poses: run r lies in pose r % 12 (the harness' lay_down variants are
// distinct up to 12; the searches tune on 0-3, so the others are unseen)
// unless --variant fixes one; side falls alternate left and right over the
// 4 side poses. The heading (0.3 rad x run) changes nothing on this floor.
// Pushed falls (pushed_front, pushed_back): the standing robot is pushed over
// towards its belly or back (run r: the harness' push_down variant r % 20,
// distinct up to 20) and timed from the moment its torso is down, still
// moving, in the pose the fall left it.
enum class Lying { Front, Back, Side, PushedFront, PushedBack };
const Lying kLyings[] = {Lying::Front, Lying::Back, Lying::Side, Lying::PushedFront, Lying::PushedBack};

const char* lying_name(Lying lying) {
  switch (lying) {
    case Lying::Front: return "front";
    case Lying::Back: return "back";
    case Lying::Side: return "side";
    case Lying::PushedFront: return "pushed_front";
    case Lying::PushedBack: return "pushed_back";
  }
  return "";
}

bool is_getup_side(const std::string& side) {
  for (Lying lying : kLyings)
    if (side == lying_name(lying)) return true;
  return false;
}

// What rcssserver3d's self-collision rule saw in the get-ups (the harness
// applies it): runs with a colliding pair, freezes, and the pairs' cycles.
struct SelfCollisionTally {
  int runs = 0;
  int64_t freezes = 0;
  std::string pairs;  // each run's pairs, "; " between runs
};

double getup_once(int type, Lying lying, int run, SelfCollisionTally* tally) {
  auto h = make(type, 0.3 * run);
  struct Count {
    MotionHarness& h;
    SelfCollisionTally* tally;
    ~Count() {
      if (h.self_collision_cycles() == 0) return;
      ++tally->runs;
      tally->freezes += h.self_collision_freezes();
      tally->pairs += (tally->pairs.empty() ? "" : "; ") + h.self_collision_pairs();
    }
  } count{*h, tally};
  // The fall pose: --variant, else the one run r takes in turn.
  auto variant = [&](int cycle) { return g_args.variant >= 0 ? g_args.variant : cycle; };
  if (lying == Lying::PushedFront || lying == Lying::PushedBack) {
    h->requests().body = motion::kBodyStand;
    if (!h->push_down(lying == Lying::PushedFront, variant(run % 20))) return -1;
  } else {
    h->run(0.5);
    if (lying == Lying::Side) h->lay_on_side(run % 2 == 0, variant((run / 2) % 4));
    else h->lay_down(lying == Lying::Front, variant(run % 12));
    h->requests().body = motion::kBodyStand;
  }
  return h->time_to_stand(10.0, g_args.hold, deg2rad(20), [&](double t) {
    if (!g_args.verbose || std::lround(t / 0.02) % 5 != 0) return;
    std::printf("  t %.2f z %.3f tilt %.1f fwd_z %.2f left_z %.2f getting_up %d fall %d est pitch %.1f roll %.1f\n", t,
                h->torso_position().z(), rad2deg(h->tilt()), h->readings().torso_rotation(2, 0),
                h->readings().torso_rotation(2, 1), h->status().getting_up, h->motion().fall_state(),
                rad2deg(h->motion().estimated_pitch()), rad2deg(h->motion().estimated_roll()));
    std::printf("        sh %.0f hip %.0f knee %.0f ankle %.0f\n", rad2deg(h->readings().joint_angle[kLShoulderPitch]),
                rad2deg(h->readings().joint_angle[kLHipPitch]), rad2deg(h->readings().joint_angle[kLKneePitch]),
                rad2deg(h->readings().joint_angle[kLFootPitch]));
  });
}

void bench_getup(int type) {
  for (Lying lying : kLyings) {
    const char* name = lying_name(lying);
    if (!g_args.side.empty() && g_args.side != name) continue;
    std::vector<double> times;
    int ok = 0;
    SelfCollisionTally tally;
    for (int r = 0; r < g_args.runs; ++r) {
      double t = getup_once(type, lying, r, &tally);
      if (t >= 0) {
        ++ok;
        times.push_back(t);
      }
      if (g_args.verbose) std::printf("  run %d: %.2f s\n", r, t);
    }
    std::printf("getup %s type %d: success %d/%d, median time to standing %.2f s\n", name, type, ok,
                g_args.runs, median(times));
    std::printf("getup %s type %d: self-collision in %d/%d runs, %lld freezes%s%s\n", name, type, tally.runs,
                g_args.runs, static_cast<long long>(tally.freezes), tally.runs > 0 ? " (pair cycles: " : "",
                tally.runs > 0 ? (tally.pairs + ")").c_str() : "");
  }
}

// ---- walking -------------------------------------------------------------
// The walk runs' options from the bench's.
WalkRunOptions walk_options(int type) {
  WalkRunOptions o;
  o.robots_dir = robots_dir();
  o.walk_file = g_args.walk_file;
  o.type = type;
  o.substeps = g_args.substeps;
  o.slip = g_args.slip;
  o.walk_start = g_args.walk_start;
  o.start_spread = g_args.start_spread;
  o.start_nudge = g_args.start_nudge;
  o.verbose = g_args.verbose;
  o.trace_every = g_args.seconds < 4 ? 5 : 25;
  return o;
}

void bench_walk(const char* label, int type, double vx, double vy, double turn) {
  std::vector<double> speeds, tilts;
  int falls = 0;
  double seconds = g_args.seconds > 0 ? g_args.seconds : 10.0;
  for (int r = g_args.first; r < g_args.first + g_args.runs; ++r) {
    WalkResult w = walk_once(walk_options(type), vx, vy, turn, seconds, r);
    speeds.push_back(w.speed);
    tilts.push_back(rad2deg(w.max_tilt));
    falls += w.falls;
    if (g_args.verbose)
      std::printf("  run %d: %.3f falls %d touchdown early %d held %d\n", r, w.speed, w.falls, w.touchdown_early,
                  w.touchdown_held);
  }
  bool angular = turn != 0 && vx == 0 && vy == 0;
  std::printf("%s type %d cmd (%.2f, %.2f, %.2f): median %.3f %s over %.0f s, falls %d in %d runs, median max tilt %.1f deg\n",
              label, type, vx, vy, turn, angular ? rad2deg(median(speeds)) : median(speeds), angular ? "deg/s" : "m/s",
              seconds, falls, g_args.runs, median(tilts));
}

void bench_random_walk(int type) {
  int total_falls = 0;
  // Cycles lying or getting up: what a fall costs a team is the time it is
  // down, which a faster but less certain get-up can raise (re-falls).
  long down_cycles = 0, all_cycles = 0;
  int pushes_by_side[4] = {}, push_falls_by_side[4] = {};
  double seconds = g_args.seconds > 0 ? g_args.seconds : 60.0;
  std::vector<double> distances;
  RandomWalkCommands commands;
  commands.vx = g_args.vx > 0 ? g_args.vx : 0.8;
  commands.turn = g_args.turn > 0 ? g_args.turn : 1.6;
  commands.stops = g_args.stops;
  commands.push = g_args.push;
  commands.trace = g_args.side == "trace";
  for (int r = g_args.first; r < g_args.first + g_args.runs; ++r) {
    RandomWalkResult run = random_walk_once(walk_options(type), commands, seconds, r);
    total_falls += run.falls;
    down_cycles += run.down_cycles;
    all_cycles += run.all_cycles;
    for (int k = 0; k < 4; ++k) {
      pushes_by_side[k] += run.pushes_by_side[k];
      push_falls_by_side[k] += run.push_falls_by_side[k];
    }
    distances.push_back(run.distance);
    if (g_args.verbose)
      std::printf("  run %d: falls %d distance %.1f m touchdown early %d held %d\n", r, run.falls, run.distance,
                  run.touchdown_early, run.touchdown_held);
  }
  std::printf("random walk type %d: %d falls in %d runs of %.0f s (median distance %.1f m, down %.1f %% of the time)",
              type, total_falls, g_args.runs, seconds, median(distances),
              all_cycles > 0 ? 100.0 * static_cast<double>(down_cycles) / static_cast<double>(all_cycles) : 0.0);
  if (g_args.push > 0) {
    std::printf(", pushed with %.0f N for 0.1 s every 2 s\n", g_args.push);
    const char* names[4] = {"forwards", "to the left", "backwards", "to the right"};
    std::printf("  falls within 1.5 s of a push given while standing:");
    for (int k = 0; k < 4; ++k) std::printf(" %s %d/%d%s", names[k], push_falls_by_side[k], pushes_by_side[k], k < 3 ? "," : "");
  }
  std::printf("\n");
}

// ---- kicks ---------------------------------------------------------------
// Largest ball speed over a run and its elevation (the launch), and the
// ball's flight: its highest point and the stretch (horizontal distance
// from where it lay) over which it is too high to pass under the crossbar,
// 0.8 m less the ball's radius (facts §2). A shot from inside that stretch
// flies over the goal.
constexpr double kOverBarHeight = 0.8 - 0.042;
struct Launch {
  double speed = 0, deg = 0;
  double apex = 0, over_from = -1, over_to = -1;
  void update(const Vec3& v) {
    if (v.norm() > speed) {
      speed = v.norm();
      deg = rad2deg(std::atan2(v.z(), v.head<2>().norm()));
    }
  }
  void track(const Vec3& position, const Vec3& start) {
    apex = std::max(apex, position.z());
    if (position.z() < kOverBarHeight) return;
    double d = (position - start).head<2>().norm();
    if (over_from < 0) over_from = d;
    over_to = std::max(over_to, d);
  }
};

// The union of the runs' over-the-bar stretches ("none" when the ball
// never flew that high), for the summary lines.
struct OverBar {
  double from = -1, to = -1;
  void add(const Launch& l) {
    if (l.over_from < 0) return;
    from = from < 0 ? l.over_from : std::min(from, l.over_from);
    to = std::max(to, l.over_to);
  }
  std::string text() const {
    if (from < 0) return "never over the bar";
    char b[64];
    std::snprintf(b, sizeof b, "over the bar %.1f-%.1f m", from, to);
    return b;
  }
};

// The full skill: the robot walks up to the ball from up to 0.2 rad off,
// the ball 0.35-0.55 m ahead and up to 0.1 m sideways, and kicks it towards
// a point 15 m away in direction --angle (deg, field frame; the robot starts
// facing roughly +x).
void bench_kick(int type, int kick_type) {
  std::vector<double> distances, errors, times, strike_times, speeds, launch_degs, apexes;
  // Signed errors (deg, + = left of the aim) of the kicks each foot made: a
  // kick whose medians sit either side of zero, mirrored, veers (the kick
  // table's veer_deg aims it off).
  std::vector<double> signed_left, signed_right;
  OverBar over_bar;
  int falls = 0, good = 0;
  double aim = deg2rad(g_args.angle);
  for (int r = g_args.first; r < g_args.first + g_args.runs; ++r) {
    std::mt19937 rng(2000 + r);
    std::uniform_real_distribution<double> u(-1, 1);
    auto h = make(type, 0.2 * u(rng));
    Vec3 ball(0.45 + 0.1 * u(rng), 0.1 * u(rng), 0.042);
    h->world().set_ball_position(ball);
    h->world().set_ball_velocity(Vec3::Zero());
    h->run(0.5);
    h->requests().body = motion::kBodyKick;
    h->requests().kick_type = kick_type;
    h->requests().kick_target_x = ball.x() + 15 * std::cos(aim);
    h->requests().kick_target_y = ball.y() + 15 * std::sin(aim);
    double t = 0;
    // When the swing sent the ball off (faster than the approach's own
    // nudges): the moment that counts in a game, where "kicked" (the skill
    // done) also waits for the leg to be set down.
    double strike_time = -1;
    double fall_time = -1;  // from the request, also while standing after the kick
    bool kicked = false, fell = false, swinging = false, fell_walking = false;
    int kicking_foot = 0;  // +1 left, -1 right: the side the ball lay on as the swing started
    Launch launch;
    for (int i = 0; i < 1000; ++i) {
      h->step();
      t += 0.02;
      launch.update(h->world().ball_velocity());
      launch.track(h->world().ball_position(), ball);
      // The swing is the only part of the kick that cannot be interrupted.
      bool swing_now = h->status().active_body == motion::kBodyKick && !h->status().interruptible;
      if (swing_now && !swinging) {
        // Where the swing starts from: the ball in the robot frame says which
        // foot kicks; with -v the feet relative to the torso, the hip
        // yaw-pitches, torso tilt and gyro too (diagnosis of approach kicks).
        const world::WorldState& w = h->world_state();
        double c = std::cos(w.self.heading), s = std::sin(w.self.heading);
        double bx = w.ball.x - w.self.x, by = w.ball.y - w.self.y;
        double ball_side = -s * bx + c * by;
        kicking_foot = ball_side > 0 ? 1 : -1;
        if (g_args.verbose && g_args.runs > 1) {
          Vec3 rf = h->readings().marker[sim::kMarkerRFootPos], lf = h->readings().marker[sim::kMarkerLFootPos];
          auto fx = [&](const Vec3& f) { return c * (f.x() - w.self.x) + s * (f.y() - w.self.y); };
          auto fy = [&](const Vec3& f) { return -s * (f.x() - w.self.x) + c * (f.y() - w.self.y); };
          const double* q = h->readings().joint_angle;
          // spot: the ball's offset from the kick spot as the approach left it
          // (cm, the kicking foot's frame: + ahead, + towards the other foot;
          // held to 5 cm), what kick_placement.py bins the kicks by.
          std::printf("  run %d swing: ball %.3f %.3f rfoot %.3f %.3f lfoot %.3f %.3f yawpitch %.1f %.1f pitch %.1f roll %.1f gyro %.2f %.2f"
                      " spot %.1f %.1f\n",
                      r, c * bx + s * by, ball_side, fx(rf), fy(rf), fx(lf), fy(lf), rad2deg(q[kLHipYawPitch]),
                      rad2deg(q[kRHipYawPitch]), rad2deg(w.self.pitch), rad2deg(w.self.roll), h->readings().gyro.x(),
                      h->readings().gyro.y(), 100 * h->motion().kick_ball_dx(), 100 * h->motion().kick_ball_dy());
        }
      }
      swinging = swinging || swing_now;
      if (swinging && strike_time < 0 && h->world().ball_velocity().norm() > 1.0) strike_time = t;
      if (h->fallen() && !fell) {
        fell_walking = !swinging;
        fall_time = t;
      }
      fell = fell || h->fallen();
      if (g_args.verbose && g_args.runs == 1 && (i % 10 == 0 || h->status().active_body == motion::kBodyKick)) {
        const world::WorldState& w = h->world_state();
        double c = std::cos(w.self.heading), s = std::sin(w.self.heading);
        double bx = w.ball.x - w.self.x, by = w.ball.y - w.self.y;
        Vec3 rf = h->readings().marker[sim::kMarkerRFootPos], lf = h->readings().marker[sim::kMarkerLFootPos];
        std::printf("   t %.2f ball in robot frame %.3f %.3f heading %.1f walk %.2f %.2f %.2f active %d z %.3f "
                    "rfoot %.3f %.3f lfoot %.3f %.3f\n", t,
                    c * bx + s * by, -s * bx + c * by, rad2deg(w.self.heading), h->status().walk_speed_x,
                    h->status().walk_speed_y, h->status().walk_speed_turn, h->status().active_body,
                    h->torso_position().z(), c * (rf.x() - w.self.x) + s * (rf.y() - w.self.y),
                    -s * (rf.x() - w.self.x) + c * (rf.y() - w.self.y), c * (lf.x() - w.self.x) + s * (lf.y() - w.self.y),
                    -s * (lf.x() - w.self.x) + c * (lf.y() - w.self.y));
      }
      if (h->status().state == motion::kSkillDone) {
        kicked = true;
        break;
      }
      if (h->status().state == motion::kSkillFailed) break;
    }
    h->requests().body = motion::kBodyStand;
    for (int i = 0; i < 400; ++i) {  // let the ball roll out
      h->step();
      launch.update(h->world().ball_velocity());
      launch.track(h->world().ball_position(), ball);
      if (h->fallen() && !fell) fall_time = t + 0.02 * (i + 1);
      fell = fell || h->fallen();
    }
    Vec3 end = h->world().ball_position();
    Vec3 d = end - ball;
    double distance = d.head<2>().norm();
    double direction = rad2deg(normalize_angle(std::atan2(d.y(), d.x()) - aim));
    if (fell) ++falls;
    good += distance > 0.5 && std::abs(direction) < 25 && !fell;
    distances.push_back(distance);
    errors.push_back(std::abs(direction));
    if (kicking_foot != 0 && !fell) (kicking_foot > 0 ? signed_left : signed_right).push_back(direction);
    times.push_back(t);
    if (strike_time >= 0) strike_times.push_back(strike_time);
    speeds.push_back(launch.speed);
    launch_degs.push_back(launch.deg);
    apexes.push_back(launch.apex);
    over_bar.add(launch);
    if (g_args.verbose) {
      char when[40] = "";
      if (fell) std::snprintf(when, sizeof when, " (%sat %.2f s)", fell_walking ? "walking, " : "", fall_time);
      std::printf("  run %d: kicked %d after %.2f s (struck at %.2f s), ball %.2f m at %.1f deg off, launch %.2f m/s at %.0f deg, apex %.2f m, fell %d%s, estimate %.1f\n",
                  r, kicked, t, strike_time, distance, direction, launch.speed, launch.deg, launch.apex, fell, when,
                  h->status().kick_distance_estimate);
    }
  }
  std::printf("%s type %d angle %.0f: median distance %.2f m, median |direction error| %.1f deg, median time to kick %.2f s "
              "(to the strike %.2f s), falls %d/%d, good %d/%d (launch %.2f m/s at %.0f deg, apex %.2f m, %s)\n",
              (std::string("kick ") + motion::kKickTypeNames[kick_type]).c_str(), type, g_args.angle, median(distances), median(errors),
              median(times), strike_times.empty() ? -1.0 : median(strike_times), falls, g_args.runs, good, g_args.runs, median(speeds), median(launch_degs), median(apexes),
              over_bar.text().c_str());
  std::printf("  signed direction error (deg, + left), median of the kicks that stood: left foot %+.1f (%zu), right foot %+.1f (%zu)\n",
              signed_left.empty() ? 0.0 : median(signed_left), signed_left.size(),
              signed_right.empty() ? 0.0 : median(signed_right), signed_right.size());
}

// The mean torso pitch change of the kicks that went at least the median
// distance, every 0.04 s through the motion, as the motion file's
// pitch_reference line (right-foot kicks stand on the left leg).
void print_pitch_reference(const std::vector<std::vector<double>>& pitch_changes, const std::vector<double>& distances,
                           const std::vector<motion::KeyFrame>& frames, int recorded_cycles) {
  const double median_distance = median(distances);
  double duration = 0;
  for (const motion::KeyFrame& f : frames) duration += f.duration;
  constexpr double kPeriod = 0.04;
  // Only what was recorded: a sample past it would read as an upright torso.
  duration = std::min(duration, (recorded_cycles - 1) * 0.02);
  const int samples = std::min<int>(motion::kMaxPitchSamples, static_cast<int>(duration / kPeriod) + 1);
  std::printf("  pitch_reference = { period = %.2f, support = \"left\", degrees = {", kPeriod);
  for (int k = 0; k < samples; ++k) {
    // Cycle i's reading is the pitch i * 0.02 s into the motion.
    const size_t cycle = static_cast<size_t>(std::lround(k * kPeriod / 0.02));
    double sum = 0;
    int count = 0;
    for (size_t r = 0; r < pitch_changes.size(); ++r)
      if (distances[r] >= median_distance) sum += pitch_changes[r][cycle], ++count;  // half the runs at least
    std::printf("%s %.1f", k ? "," : "", rad2deg(sum / count));
  }
  std::printf(" } },\n");
}

// The kick motion alone: ball placed at the kick spot of a standing robot
// (the motion file's kick table), a few millimetres off on every run.
void bench_kick_motion(int type, const char* motion_name) {
  // The kick table of the motion that plays: with --robots, the candidate's own.
  auto file = motion::load_motion_file(robots_dir() + "/nao/motions/" + motion_name + ".lua");
  if (!file.ok() || !file->kick.present) {
    std::fprintf(stderr, "%s: no kick table\n", motion_name);
    std::exit(1);
  }
  double ball_x = file->kick.ball_x + g_args.ball_dx, ball_y = file->kick.ball_y + g_args.ball_dy;
  std::vector<double> distances, errors, speeds, launch_degs, apexes;
  OverBar over_bar;
  int falls = 0;
  constexpr int kKickCycles = 150;
  // --pitch-reference: the torso's pitch change from the start, per cycle and run.
  std::vector<std::vector<double>> pitch_changes;
  for (int r = 0; r < g_args.runs; ++r) {
    auto h = make(type, 0);
    Launch launch;
    bool fell = false;
    // The stand sways: the start time is what sets a kick's outcome apart.
    h->run(g_args.settle + (g_args.pitch_reference ? 2.0 * r / g_args.runs : 0.0));
    if (g_args.walk_first > 0) {
      // Step in place, then stand as the approach does before a kick: the
      // stance and sway a walk leaves, without the approach's placement errors.
      h->requests().body = motion::kBodyWalkVelocity;
      h->requests().walk_vx = h->requests().walk_vy = h->requests().walk_turn = 0;
      h->run(g_args.walk_first);
      h->requests().body = motion::kBodyStand;
      h->run(0.75);
    }
    Vec3 torso = h->torso_position();
    double c = std::cos(h->heading()), s = std::sin(h->heading());
    const Vec3 ball = h->place_ball(ball_x + 0.005 * (r % 5 - 2), ball_y + 0.004 * (r % 3 - 1));
    if (g_args.verbose) {
      Vec3 rf = h->readings().marker[sim::kMarkerRFootPos] - torso, lf = h->readings().marker[sim::kMarkerLFootPos] - torso;
      const double* q = h->readings().joint_angle;
      std::printf("  run %d before the kick: rfoot %.3f %.3f lfoot %.3f %.3f (heading frame), pitch %.1f roll %.1f deg, "
                  "yawpitch %.1f %.1f, gyro %.2f %.2f\n", r,
                  c * rf.x() + s * rf.y(), -s * rf.x() + c * rf.y(), c * lf.x() + s * lf.y(), -s * lf.x() + c * lf.y(),
                  rad2deg(h->world_state().self.pitch), rad2deg(h->world_state().self.roll), rad2deg(q[kLHipYawPitch]),
                  rad2deg(q[kRHipYawPitch]), h->readings().gyro.x(), h->readings().gyro.y());
      std::printf("   joints");
      for (int j = 0; j < kJointCount; ++j) std::printf(" %.1f", rad2deg(q[j]));
      std::printf("\n");
    }
    h->requests().body = motion::kBodyMotion;
    std::snprintf(h->requests().motion_name, sizeof h->requests().motion_name, "%s", motion_name);
    const double start_pitch = h->world_state().self.pitch;
    if (g_args.pitch_reference) pitch_changes.emplace_back();
    for (int i = 0; i < kKickCycles; ++i) {
      h->step();
      if (g_args.pitch_reference) pitch_changes.back().push_back(h->world_state().self.pitch - start_pitch);
      launch.update(h->world().ball_velocity());
      launch.track(h->world().ball_position(), ball);
      fell = fell || h->fallen();
      if (g_args.verbose && (i % 5 == 0 || g_args.runs == 1)) {
        Vec3 rf = h->readings().marker[sim::kMarkerRFootPos], lf = h->readings().marker[sim::kMarkerLFootPos];
        sim::WorldSnapshot snap;
        h->world().snapshot(&snap);
        std::printf("   t %.2f z %.4f pitch %.2f roll %.2f ball %.3f %.3f %.3f spin %.0f %.0f %.0f rfoot %.4f %.4f %.4f lfoot %.4f %.4f %.4f\n", i * 0.02,
                    h->torso_position().z(), rad2deg(h->world_state().self.pitch), rad2deg(h->world_state().self.roll),
                    h->world().ball_position().x() - torso.x(), h->world().ball_position().y() - torso.y(),
                    h->world().ball_position().z(), snap.ball_angular_velocity.x(), snap.ball_angular_velocity.y(),
                    snap.ball_angular_velocity.z(), rf.x() - torso.x(), rf.y() - torso.y(), rf.z(), lf.x() - torso.x(),
                    lf.y() - torso.y(), lf.z());
      }
    }
    h->requests().body = motion::kBodyStand;
    for (int i = 0; i < 300; ++i) {
      h->step();
      launch.track(h->world().ball_position(), ball);
      fell = fell || h->fallen();
    }
    Vec3 d = h->world().ball_position() - ball;
    if (fell) ++falls;
    distances.push_back(d.head<2>().norm());
    errors.push_back(std::abs(rad2deg(std::atan2(-s * d.x() + c * d.y(), c * d.x() + s * d.y()))));
    speeds.push_back(launch.speed);
    launch_degs.push_back(launch.deg);
    apexes.push_back(launch.apex);
    over_bar.add(launch);
    if (g_args.verbose)
      std::printf("  run %d: %.2f m at %.1f deg, launch %.2f m/s at %.0f deg, apex %.2f m, fell %d\n", r, distances.back(),
                  errors.back(), launch.speed, launch.deg, launch.apex, fell);
  }
  std::printf("%s alone type %d: median distance %.2f m, median |direction error| %.1f deg, falls %d/%d (launch %.2f m/s at %.0f deg, "
              "apex %.2f m, %s)\n",
              motion_name, type, median(distances), median(errors), falls, g_args.runs, median(speeds), median(launch_degs),
              median(apexes), over_bar.text().c_str());
  if (g_args.pitch_reference) print_pitch_reference(pitch_changes, distances, file->frames, kKickCycles);
}

// How far a ball launched from the ground at --speed m/s and --angle deg of
// elevation travels (nothing touches it; the robot stands 2 m behind): what
// launch a kick needs for a given distance. The ball is not spinning, as it
// would be after a kick, so this is an estimate.
void bench_ball_flight(int type) {
  auto h = make(type);
  Vec3 ball(2.0, 0, 0.042);
  double a = deg2rad(g_args.angle);
  h->world().set_ball_position(ball);
  h->world().set_ball_velocity(Vec3(g_args.speed * std::cos(a), 0, g_args.speed * std::sin(a)));
  double first_landing = -1, vz = 0;
  for (int i = 0; i < 500; ++i) {
    h->step();
    // The first bounce: the vertical speed turns from falling to rising.
    double now = h->world().ball_velocity().z();
    if (first_landing < 0 && vz < -0.1 && now > vz + 0.1) first_landing = h->world().ball_position().x() - ball.x();
    vz = now;
  }
  std::printf("ball launched at %.2f m/s, %.0f deg: first landing after %.2f m, stops after %.2f m\n", g_args.speed,
              g_args.angle, first_landing, h->world().ball_position().x() - ball.x());
}

// Step by step: where the feet and torso go while walking with a command
// (--vx/--vy/--turn), for diagnosing slip and short steps. --side joints:
// the left leg's targets against the measured angles; --side feet: each
// foot's yaw in the world and relative to the torso (measured and
// targeted), its sole's tilt, load and centre of pressure (yaw slip).
// --side imu: the IMU filter's pitch and roll against the truth and the raw
// accelerometer's magnitude, walking for the first half of --seconds and
// standing for the second, then the median errors of each half, and those of
// the tilt the more loaded sole says (its up, the sole taken as flat on the
// ground: the walk's imu_foot_gain reference).
void bench_walk_probe(int type) {
  auto h = make(type);
  h->run(0.5);
  h->requests().body = motion::kBodyWalkVelocity;
  h->requests().walk_vx = g_args.vx;
  h->requests().walk_vy = g_args.vy;
  h->requests().walk_turn = g_args.turn;
  double seconds = g_args.seconds > 0 ? g_args.seconds : 4.0;
  const int cycles = static_cast<int>(seconds / 0.02);
  // --side imu: |estimate - truth| (deg) and whether the raw accelerometer
  // was within the filter's trust band, per half (walking, standing).
  std::vector<double> pitch_errors[2], roll_errors[2], kin_pitch_errors[2], kin_roll_errors[2];
  int in_band[2] = {};
  const double trust_band = motion::ImuFilterParams{}.accel_trust_band;
  for (int i = 0; i < cycles; ++i) {
    const bool standing_half = i >= cycles / 2;
    if (g_args.side == "imu" && i == cycles / 2) h->requests().body = motion::kBodyStand;
    h->step();
    const sim::RobotReadings& r = h->readings();
    if (g_args.side == "imu") {
      const world::WorldState& w = h->world_state();
      double est_pitch = rad2deg(h->motion().estimated_pitch()), est_roll = rad2deg(h->motion().estimated_roll());
      double accel = r.accelerometer.norm();
      std::printf("t %.2f %s accel %5.2f pitch %+.2f est %+.2f roll %+.2f est %+.2f\n", i * 0.02,
                  standing_half ? "stand" : "walk ", accel, rad2deg(w.self.pitch), est_pitch, rad2deg(w.self.roll), est_roll);
      if (i * 0.02 < 1.0 || (standing_half && i - cycles / 2 < 25)) continue;  // start-up, the stop's blend
      {
        // The loaded sole taken as flat on the ground: world up is its z axis.
        static const motion::LegGeometry geometry = motion::leg_geometry_from(*h->world().description(h->robot()));
        int s = r.foot[sim::kSensorLeftFoot].force.z() >= r.foot[sim::kSensorRightFoot].force.z() ? 0 : 1;
        motion::LegAngles measured{};
        for (int k = 0; k < 6; ++k) measured.q[k] = r.joint_angle[motion::leg_joint(static_cast<motion::Side>(s), k)];
        Vec3 ankle;
        Mat3 foot;
        motion::leg_forward(geometry, static_cast<motion::Side>(s), measured, &ankle, &foot);
        Vec3 up = foot.col(2);
        double kin_pitch = rad2deg(std::atan2(-up.x(), up.z())), kin_roll = rad2deg(std::atan2(up.y(), up.z()));
        kin_pitch_errors[standing_half].push_back(std::abs(kin_pitch - rad2deg(w.self.pitch)));
        kin_roll_errors[standing_half].push_back(std::abs(kin_roll - rad2deg(w.self.roll)));
      }
      pitch_errors[standing_half].push_back(std::abs(est_pitch - rad2deg(w.self.pitch)));
      roll_errors[standing_half].push_back(std::abs(est_roll - rad2deg(w.self.roll)));
      in_band[standing_half] += std::abs(accel - sim::kGravity) < trust_band;
      continue;
    }
    if (g_args.side == "feet") {
      // Feet in yaw (slip diagnosis): each foot's world yaw from the
      // measured joints and the torso attitude, its vertical load, and the
      // foot yaw and ankle height relative to the torso the walk targets.
      static const motion::LegGeometry geometry = motion::leg_geometry_from(*h->world().description(h->robot()));
      std::printf("t %.2f heading %+.2f torso %+.4f %+.4f", i * 0.02, rad2deg(h->heading()), r.torso_position.x(),
                  r.torso_position.y());
      for (int s = 0; s < 2; ++s) {
        motion::Side side = static_cast<motion::Side>(s);
        motion::LegAngles measured{}, wanted{};
        for (int k = 0; k < 6; ++k) {
          measured.q[k] = r.joint_angle[motion::leg_joint(side, k)];
          wanted.q[k] = h->motion().joint_target(motion::leg_joint(side, k));
        }
        Vec3 ankle, ankle_wanted;
        Mat3 foot, foot_wanted;
        motion::leg_forward(geometry, side, measured, &ankle, &foot);
        motion::leg_forward(geometry, side, wanted, &ankle_wanted, &foot_wanted);
        Mat3 world_foot = r.torso_rotation * foot;
        const sim::FootReading& frp = r.foot[s == 0 ? sim::kSensorLeftFoot : sim::kSensorRightFoot];
        // Signed tilt of the sole in the world, measured and targeted (the
        // target foot through the measured torso attitude): pitch (toe
        // down +) and roll (the foot's left edge down +), degrees.
        Mat3 world_wanted = r.torso_rotation * foot_wanted;
        auto pitch_of = [](const Mat3& m) { return rad2deg(std::asin(std::clamp(-m(2, 0), -1.0, 1.0))); };
        auto roll_of = [](const Mat3& m) { return rad2deg(std::asin(std::clamp(-m(2, 1), -1.0, 1.0))); };
        std::printf(" [p %+.1f/%+.1f r %+.1f/%+.1f]", pitch_of(world_foot), pitch_of(world_wanted), roll_of(world_foot),
                    roll_of(world_wanted));
        const Vec3& marker = r.marker[s == 0 ? sim::kMarkerLFootPos : sim::kMarkerRFootPos];
        std::printf(" <%+.4f %+.4f>", marker.x(), marker.y());
        std::printf(" | %s yaw %+.2f rel %+.2f want %+.2f z %.3f F %.0f tilt %.1f cop %+.3f %+.3f", s == 0 ? "L" : "R",
                    rad2deg(std::atan2(world_foot(1, 0), world_foot(0, 0))),
                    rad2deg(std::atan2(foot(1, 0), foot(0, 0))),
                    rad2deg(std::atan2(foot_wanted(1, 0), foot_wanted(0, 0))), ankle_wanted.z(), frp.force.z(),
                    rad2deg(std::acos(std::clamp(world_foot(2, 2), -1.0, 1.0))), frp.center.x(), frp.center.y());
      }
      std::printf("\n");
      continue;
    }
    if (g_args.side == "joints") {
      // Left leg: target (sent this cycle) and measured, to see lag and
      // speed saturation.
      std::printf("t %.2f", i * 0.02);
      for (int k = 0; k < 6; ++k) {
        Joint j = motion::leg_joint(motion::kLeft, k);
        std::printf(" | %+.2f %+.2f", h->motion().joint_target(j), r.joint_angle[j]);
      }
      std::printf("\n");
      continue;
    }
    std::printf("t %.2f torso %.3f %.3f z %.3f lfoot %.3f %.3f %.3f F %.0f rfoot %.3f %.3f %.3f F %.0f pitch %.1f roll %.1f\n",
                i * 0.02, r.torso_position.x(), r.torso_position.y(), r.torso_position.z(),
                r.marker[sim::kMarkerLFootPos].x(), r.marker[sim::kMarkerLFootPos].y(),
                r.marker[sim::kMarkerLFootPos].z(), r.foot[0].force.z(), r.marker[sim::kMarkerRFootPos].x(),
                r.marker[sim::kMarkerRFootPos].y(), r.marker[sim::kMarkerRFootPos].z(), r.foot[1].force.z(),
                rad2deg(h->world_state().self.pitch), rad2deg(h->world_state().self.roll));
  }
  if (g_args.side != "imu") return;
  for (int half = 0; half < 2; ++half) {
    if (pitch_errors[half].empty()) continue;
    int n = static_cast<int>(pitch_errors[half].size());
    std::printf("imu %s: median |error| pitch %.2f deg, roll %.2f deg (90th percentile %.2f, %.2f) over %d cycles; "
                "accelerometer within the trust band in %d%% of them\n",
                half ? "standing" : "walking", median(pitch_errors[half]), median(roll_errors[half]),
                percentile(pitch_errors[half], 0.9), percentile(roll_errors[half], 0.9), n, 100 * in_band[half] / n);
    std::printf("kinematic %s: median |error| pitch %.2f deg, roll %.2f deg (90th percentile %.2f, %.2f)\n",
                half ? "standing" : "walking", median(kin_pitch_errors[half]), median(kin_roll_errors[half]),
                percentile(kin_pitch_errors[half], 0.9), percentile(kin_roll_errors[half], 0.9));
  }
}

void bench_head() {
  auto h = make(g_args.type);
  h->requests().head = motion::kHeadLookAt;
  h->requests().head_target_x = -5;
  h->requests().head_target_y = 0.1;
  for (int i = 0; i < 75; ++i) {
    h->step();
    if (i % 5 == 0)
      std::printf("t %.2f neck yaw %.2f pitch %.2f heading %.2f fall %d mode %d\n", i * 0.02,
                  h->readings().joint_angle[kNeckYaw], h->readings().joint_angle[kNeckPitch],
                  h->world_state().self.heading, h->motion().fall_state(), h->status().active_body);
  }
}

const char kUsage[] =
    "usage: libero_motion_bench <scenario> [--runs N] [--type T] [--walk-file F] [--seconds S] [-v]\n"
    "                           getup: [--side front|back|side|pushed_front|pushed_back] [--variant V] [--hold S]; any: [--robots DIR]\n"
    "                           any: [--substeps N] (physics steps per 20 ms cycle; default the simulator's 4)\n"
    "                           any: [--slip K] (robot contacts slide K m/s per N of tangential force, SimSpark 0.005; default off)\n"
    "                           kick_motion, kick_short_motion, kick_lofted_motion: [--ball-dx M] [--ball-dy M] (ball off the spot)\n"
    "                                                           [--walk-first S] (step in place S s, stand, kick)\n"
    "                                                           [--settle S] (stand S s after the robot is made, default 1)\n"
    "                                                           [--pitch-reference] (run r starts 2 r / N s later; prints\n"
    "                                                           the torso pitch the better half of the kicks followed,\n"
    "                                                           the motion file's pitch_reference)\n"
    "                           ball_flight --speed V --angle DEG (a ball launched on its own)\n"
    "                           stand: [--walk-first S] [--vx V] (walk S s at V m/s, default in place, then stand)\n"
    "                           walk, walk_forward, walk_side, turn: [--walk-start S] (stand S s first, default 0.5)\n"
    "                                        [--start-spread S] (run r stands up to S s more, default 0.5;\n"
    "                                        0: every run stands --walk-start)\n"
    "                                        [--start-nudge N] (run r's stand starts with a push of N newtons\n"
    "                                        for 0.1 s, its direction picked by r, default 1; 0: none)\n"
    "                                        [--first N] (runs N on; run r starts turned 0.01 r rad)\n"
    "                           walk_probe: [--vx V] [--vy V] [--turn R] [--side joints|feet|imu] (step by step; imu:\n"
    "                                       the filter's pitch and roll against the truth, walking then standing,\n"
    "                                       and the loaded sole's own, taken as flat on the ground)\n"
    "                           random_walk: [--turn R] (turn commands up to R rad/s, default 1.6)\n"
    "                                        [--vx V] (forward/backward commands up to V m/s, default 0.8)\n"
    "                                        [--push F] (a push of F newtons on the torso for 0.1 s, random\n"
    "                                        horizontal direction, 1 s after every command change)\n"
    "                                        [--stops S] (a share S of the commands are a stop)\n"
    "                                        [--first N] (runs N on: fresh commands for a search)\n";

const char* const kScenarios[] = {"all", "stand", "head", "tracking", "getup", "walk", "walk_forward", "walk_side",
                                  "turn", "random_walk", "walk_probe", "ball_flight", "kick_motion",
                                  "kick_short_motion", "kick_lofted_motion", "kick", "kick_short", "kick_lofted",
                                  "hetero"};

// The scenarios whose runs are numbered (run r its own trial), which --first starts from.
const char* const kScenariosWithRuns[] = {"walk", "walk_forward", "walk_side", "turn", "random_walk",
                                          "kick", "kick_short", "kick_lofted"};

}  // namespace

int main(int argc, char** argv) {
  // Bad arguments stop the bench before any run, with the reason: a typo must
  // not silently bench the defaults (a figure for the wrong thing).
  std::string scenarios = "scenarios:";
  for (const char* name : kScenarios) scenarios += std::string(" ") + name;
  Args args(argc, argv);
  while (args.next()) {
    const std::string& a = args.arg();
    if (a == "--runs") g_args.runs = args.whole(1, 1000000);
    else if (a == "--type") g_args.type = args.whole(0, 4);
    else if (a == "--walk-file") g_args.walk_file = args.value();
    else if (a == "--seconds") g_args.seconds = args.number(0, 1e6);
    else if (a == "--vx") g_args.vx = args.number(-5, 5);
    else if (a == "--vy") g_args.vy = args.number(-5, 5);
    else if (a == "--turn") g_args.turn = args.number(-20, 20);
    else if (a == "--push") g_args.push = args.number(0, 1e4);
    else if (a == "--stops") g_args.stops = args.number(0, 1);
    else if (a == "-v") g_args.verbose = true;
    else if (a == "--side") g_args.side = args.value();
    else if (a == "--angle") g_args.angle = args.number(-360, 360);
    else if (a == "--speed") g_args.speed = args.number(0, 100);
    else if (a == "--first") g_args.first = args.whole(0, 1000000);
    else if (a == "--ball-dx") g_args.ball_dx = args.number(-5, 5);
    else if (a == "--ball-dy") g_args.ball_dy = args.number(-5, 5);
    else if (a == "--walk-first") g_args.walk_first = args.number(0, 1e4);
    else if (a == "--walk-start") g_args.walk_start = args.number(0, 1e4);
    else if (a == "--start-spread") g_args.start_spread = args.number(0, 10);
    else if (a == "--start-nudge") g_args.start_nudge = args.number(0, 20);
    else if (a == "--settle") g_args.settle = args.number(0, 1e4);
    else if (a == "--substeps") g_args.substeps = args.whole(1, 1000);
    else if (a == "--slip") g_args.slip = args.number(0, 1);
    else if (a == "--variant") g_args.variant = args.whole(-1, 1000);
    else if (a == "--robots") g_args.robots = args.value();
    else if (a == "--hold") g_args.hold = args.number(0, 1e4);
    else if (a == "--pitch-reference") g_args.pitch_reference = true;
    else if (a.rfind("-", 0) == 0) args.unknown_option();
    else if (std::find(std::begin(kScenarios), std::end(kScenarios), a) == std::end(kScenarios))
      args.fail("unknown scenario '" + a + "'; " + scenarios);
    else g_args.scenario = a;
  }
  // The walks once ignored --first, and figures called held out
  // were runs 0 on: a scenario that does not take it refuses it.
  if (args.ok() && g_args.first > 0 &&
      std::find(std::begin(kScenariosWithRuns), std::end(kScenariosWithRuns), g_args.scenario) ==
          std::end(kScenariosWithRuns)) {
    std::string with_runs;
    for (const char* name : kScenariosWithRuns) with_runs += std::string(with_runs.empty() ? "" : ", ") + name;
    args.fail("--first: scenario '" + g_args.scenario + "' has no run numbers to start from (" + with_runs + ")");
  }
  // A misspelt get-up side would bench none of them and say nothing.
  if (args.ok() && g_args.scenario == "getup" && !g_args.side.empty() && !is_getup_side(g_args.side))
    args.fail("--side: '" + g_args.side + "' is not a get-up side (front, back, side, pushed_front, pushed_back)");
  const std::string usage = kUsage + scenarios + " (default all)\n";
  if (std::optional<int> status = args.finish("libero_motion_bench", usage.c_str())) return *status;
  int64_t start = monotonic_ns();
  const std::string& s = g_args.scenario;
  int t = g_args.type;
  bool all = s == "all";
  if (s == "stand") bench_stand();
  if (s == "head") bench_head();
  if (all || s == "tracking") bench_tracking();
  if (all || s == "getup") bench_getup(t);
  if (s == "walk") bench_walk("walk", t, g_args.vx, g_args.vy, g_args.turn);
  if (all || s == "walk_forward") bench_walk("walk forward", t, 0.8, 0, 0);
  if (all || s == "walk_side") bench_walk("walk sideways", t, 0, 0.35, 0);
  // Commanded above any walk's max_turn: the walk's own limit sets the rate.
  if (all || s == "turn") bench_walk("turn", t, 0, 0, 4.0);
  if (all || s == "random_walk") bench_random_walk(t);
  if (s == "walk_probe") bench_walk_probe(t);
  if (s == "ball_flight") bench_ball_flight(t);
  if (all || s == "kick_motion") bench_kick_motion(t, "kick_long");
  if (all || s == "kick_short_motion") bench_kick_motion(t, "kick_short");
  if (all || s == "kick_lofted_motion") bench_kick_motion(t, "kick_lofted");
  if (all || s == "kick") bench_kick(t, motion::kKickLong);
  if (all || s == "kick_short") bench_kick(t, motion::kKickShort);
  if (s == "kick_lofted") bench_kick(t, motion::kKickLofted);
  if (all || s == "hetero") {
    for (int type = 0; type <= 4; ++type) {
      bench_walk("walk forward", type, 0.8, 0, 0);
      bench_getup(type);
    }
  }
  if (MotionHarness::unstable_count() > 0)
    std::printf("%d runs went unstable in MuJoCo (counted as falls / failures)\n",
                MotionHarness::unstable_count());
  // rcssserver3d's self-collision rule (the harness applies it): what every
  // run of this bench set off, so a motion that would freeze a limb shows.
  std::printf("self-collision: %lld cycles with a colliding pair%s%s\n",
              static_cast<long long>(MotionHarness::self_collision_cycles_all()),
              MotionHarness::self_collision_cycles_all() > 0 ? "; pair cycles: " : "",
              MotionHarness::self_collision_pairs_all().c_str());
  std::printf("(wall time %.1f s)\n", (monotonic_ns() - start) * 1e-9);
  return 0;
}
