#include "walk_runs.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "core/math.h"
#include "motion_harness.h"

namespace libero::bench {

namespace {

std::unique_ptr<MotionHarness> make(const WalkRunOptions& options, double heading, double x = 0, double y = 0) {
  HarnessOptions o;
  o.robots_dir = options.robots_dir;
  o.robot_type = options.type;
  o.walk_file = options.walk_file;
  o.start_heading = heading;
  o.start_x = x;
  o.start_y = y;
  o.physics_substeps = options.substeps;
  o.robot_slip = options.slip;
  return MotionHarness::create_or_exit(o);
}

}  // namespace

// --walk-start plus a share of --start-spread that changes from run to run
// (whole cycles, the golden ratio's fractions spreading any block of runs
// over the range). The floor is flat and isotropic, so runs that differ only
// in heading walk the same first seconds: a gait that fell 2 s into every one
// of 20 runs stood those runs 0.5 s; standing 0.52 s none of them fell.
double walk_stand_seconds(const WalkRunOptions& options, int run) {
  double share = std::fmod(0.6180339887498949 * run, 1.0);
  return options.walk_start + 0.02 * std::floor(share * options.start_spread / 0.02 + 0.5);
}

WalkResult walk_once(const WalkRunOptions& options, double vx, double vy, double turn, double seconds, int run) {
  // A run long enough to walk from the centre into a goal (its mouth is 15 m
  // out; 13 m at 1 m/s) starts 8 m behind the centre along its heading: the
  // 20-s runs heading for a goal (runs 300-320 of every "--first 300" check
  // before) fell against its net, and the faster the walk the more.
  const double heading = 0.01 * run;
  const double stand = walk_stand_seconds(options, run);
  const bool far = (stand + 2.0 + seconds) * 1.0 > 13.0;
  const double x = far ? -8.0 * std::cos(heading) : 0.0, y = far ? -8.0 * std::sin(heading) : 0.0;
  const double nudge_direction = 2.0 * kPi * std::fmod(0.7548776662466927 * run, 1.0);
  if (options.verbose)
    std::printf("  run %d starts at %.2f %.2f heading %.2f rad after %.2f s standing, nudged %.1f N towards %.2f rad\n",
                run, x, y, heading, stand, options.start_nudge, nudge_direction);
  auto h = make(options, heading, x, y);
  // The spread gives a start per stand time (26 with the default); within
  // one, runs still walked alike (12 of 12 fell at one stand time, none at
  // its neighbours). A push too small to matter (1 N for the stand's first
  // 0.1 s, as the robot lands) in a direction that changes continuously
  // with r makes each run its own.
  const int nudge_cycles = options.start_nudge > 0 ? std::min(5, static_cast<int>(std::lround(stand / 0.02))) : 0;
  const Vec3 nudge(options.start_nudge * std::cos(nudge_direction), options.start_nudge * std::sin(nudge_direction), 0);
  for (int i = 0; i < nudge_cycles; ++i) {
    h->world().push_robot(h->robot(), nudge);
    h->step();
  }
  h->run(stand - 0.02 * nudge_cycles);
  h->requests().body = motion::kBodyWalkVelocity;
  h->requests().walk_vx = vx;
  h->requests().walk_vy = vy;
  h->requests().walk_turn = turn;
  h->run(2.0);  // accelerate
  Vec3 start = h->torso_position();
  double now_heading = h->heading(), turned = 0;
  int falls = 0;
  bool was_fallen = false;
  int cycles = static_cast<int>(seconds / 0.02);
  double max_tilt = 0;
  Vec3 forward(std::cos(h->heading()), std::sin(h->heading()), 0);
  Vec3 left(-forward.y(), forward.x(), 0);
  for (int i = 0; i < cycles; ++i) {
    h->step();
    double now = h->heading();
    turned += normalize_angle(now - now_heading);
    now_heading = now;
    if (h->fallen() && !was_fallen) ++falls;
    was_fallen = h->fallen();
    max_tilt = std::max(max_tilt, h->tilt());
    if (options.verbose && i % options.trace_every == 0)
      std::printf("  t %.2f pos %.3f %.3f z %.3f heading %.1f pitch %.1f roll %.1f feet %d%d vx %.2f\n", i * 0.02,
                  h->torso_position().x(), h->torso_position().y(), h->torso_position().z(), rad2deg(now),
                  rad2deg(h->world_state().self.pitch), rad2deg(h->world_state().self.roll),
                  h->world_state().self.left_foot_contact, h->world_state().self.right_foot_contact,
                  h->status().walk_speed_x);
  }
  Vec3 d = h->torso_position() - start;
  int early = h->motion().walk_touchdown_early_steps(), held = h->motion().walk_touchdown_held_cycles();
  if (turn != 0 && vx == 0 && vy == 0) return {turned / seconds, falls, max_tilt, early, held};
  if (vy != 0 && vx == 0) return {d.dot(left) / seconds, falls, max_tilt, early, held};
  return {d.dot(forward) / seconds, falls, max_tilt, early, held};
}

RandomWalkResult random_walk_once(const WalkRunOptions& options, const RandomWalkCommands& commands, double seconds,
                                  int r) {
  RandomWalkResult result;
  std::mt19937 rng(1000 + r);
  std::mt19937 push_rng(5000 + r);  // its own stream: the commands are the same with and without pushes
  std::mt19937 stop_rng(9000 + r);
  std::uniform_real_distribution<double> u(-1, 1);
  Vec3 push = Vec3::Zero();
  int push_side = -1;  // of the last push given while standing, until it is scored
  int push_cycle = 0;
  auto h = make(options, 0);
  h->run(0.5);
  h->requests().body = motion::kBodyWalkVelocity;
  bool was_fallen = false;
  Vec3 last = h->torso_position();
  for (int i = 0; i < static_cast<int>(seconds / 0.02); ++i) {
    if (i % 100 == 0) {
      h->requests().walk_vx = commands.vx * u(rng);
      h->requests().walk_vy = 0.35 * u(rng);
      h->requests().walk_turn = commands.turn * u(rng);
      // Its own stream: without stops the commands are the ones they always were.
      if (commands.stops > 0 && std::uniform_real_distribution<double>(0, 1)(stop_rng) < commands.stops)
        h->requests().walk_vx = h->requests().walk_vy = h->requests().walk_turn = 0;
    }
    // A bump mid-command, when the walk has reached its new speed.
    if (commands.push > 0 && i % 100 == 50) {
      double direction = kPi * u(push_rng);
      push = Vec3(std::cos(direction), std::sin(direction), 0) * commands.push;
      push_side = -1;
      if (!h->fallen() && !h->status().getting_up) {
        double relative = normalize_angle(direction - h->heading());
        push_side = static_cast<int>(std::lround(relative / (0.5 * kPi)) + 4) % 4;
        push_cycle = i;
        ++result.pushes_by_side[push_side];
      }
    }
    if (commands.push > 0 && i % 100 >= 50 && i % 100 < 55) h->world().push_robot(h->robot(), push);
    h->step();
    if (commands.trace)
      std::printf("   r %d t %.2f cmd %+.2f %+.2f %+.2f now %+.2f %+.2f %+.2f pitch %+.1f roll %+.1f z %.3f feet %d%d\n", r,
                  i * 0.02, h->requests().walk_vx, h->requests().walk_vy, h->requests().walk_turn,
                  h->status().walk_speed_x, h->status().walk_speed_y, h->status().walk_speed_turn,
                  rad2deg(h->world_state().self.pitch), rad2deg(h->world_state().self.roll), h->torso_position().z(),
                  h->world_state().self.left_foot_contact, h->world_state().self.right_foot_contact);
    if (h->fallen() && !was_fallen) {
      ++result.falls;
      if (push_side >= 0 && i - push_cycle <= 75) ++result.push_falls_by_side[push_side];
      push_side = -1;
    }
    was_fallen = h->fallen();
    if (h->fallen() || h->status().getting_up) ++result.down_cycles;
    ++result.all_cycles;
    result.distance += (h->torso_position() - last).head<2>().norm();
    last = h->torso_position();
  }
  result.touchdown_early = h->motion().walk_touchdown_early_steps();
  result.touchdown_held = h->motion().walk_touchdown_held_cycles();
  return result;
}

}  // namespace libero::bench
