#include "motion_harness.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>

#include "robot/description.h"
#include "self_collision_data.h"

namespace libero::bench {

namespace {

// Where the ball waits, from the robot's start, until a benchmark places it
// (diagonally, so it stays on the field for any start the benches use).
constexpr double kBallParkedOffset = -6.0;

int g_unstable_count = 0;  // MotionHarness::unstable_count
// MotionHarness::self_collision_*_all: cycles with a colliding pair, and
// each pair's cycles by name (a fixed table: no allocation in step()).
int64_t g_self_collision_cycles = 0;
struct PairCount {
  char a[24] = {}, b[24] = {};
  int64_t cycles = 0;
};
PairCount g_pair_counts[64];
int g_pair_count = 0;

void count_pair(const char* a, const char* b) {
  for (int i = 0; i < g_pair_count; ++i)
    if (std::strcmp(g_pair_counts[i].a, a) == 0 && std::strcmp(g_pair_counts[i].b, b) == 0) {
      ++g_pair_counts[i].cycles;
      return;
    }
  if (g_pair_count == static_cast<int>(std::size(g_pair_counts))) return;
  PairCount& p = g_pair_counts[g_pair_count++];
  std::snprintf(p.a, sizeof p.a, "%s", a);
  std::snprintf(p.b, sizeof p.b, "%s", b);
  p.cycles = 1;
}

// Scratch paths removed when the tool ends, however it ends: a normal exit
// or std::exit (atexit), or Ctrl-C and kill (signals). A tool may run for an
// hour and is often stopped by hand, and error returns after the copy each
// left a copy of robots/ in /tmp. A signal handler may only make
// async-signal-safe calls, so it has rm do the recursive removal (fork,
// execv and waitpid are safe) and then dies of the same signal, so the
// caller still sees an interrupt.
constexpr int kMaxScratchPaths = 8;
char g_scratch_paths[kMaxScratchPaths][512];
volatile sig_atomic_t g_scratch_count = 0;

void remove_scratch_and_die(int sig) {
  for (int i = 0; i < g_scratch_count; ++i) {
    pid_t child = fork();
    if (child == 0) {
      char rm[] = "rm", flags[] = "-rf", end[] = "--";
      char* argv[] = {rm, flags, end, g_scratch_paths[i], nullptr};
      execv("/bin/rm", argv);
      _exit(127);
    }
    if (child > 0) waitpid(child, nullptr, 0);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

void remove_scratch_at_exit() {
  std::error_code ignored;
  for (int i = 0; i < g_scratch_count; ++i) std::filesystem::remove_all(g_scratch_paths[i], ignored);
}

// SimSpark prints every float with 2 decimals (simspark-facts §5).
float two_decimals(double v) { return static_cast<float>(std::round(v * 100.0) / 100.0); }

protocol::Vec3f to_rsg_rounded(const Vec3& robot_frame_value, double scale) {
  Vec3 rsg = sim::robot_to_rsg(robot_frame_value) * scale;
  return protocol::Vec3f{two_decimals(rsg.x()), two_decimals(rsg.y()), two_decimals(rsg.z())};
}

}  // namespace

Result<std::unique_ptr<MotionHarness>> MotionHarness::create(const HarnessOptions& options) {
  std::unique_ptr<MotionHarness> h(new MotionHarness);
  h->options_ = options;
  sim::PhysicsOptions physics;
  auto params = sim::load_physics_params(options.physics_file.empty() ? sim::default_physics_file(options.robots_dir)
                                                                      : options.physics_file);
  if (!params.ok()) return params.error();
  physics.params = params.value();
  physics.substeps = options.physics_substeps;
  physics.robot_slip = options.robot_slip;
  auto world = sim::PhysicsWorld::create(physics);
  if (!world.ok()) return world.error();
  h->world_ = std::move(world.value());
  auto description = robot::load_robot_description(options.robots_dir, "nao", options.robot_type);
  if (!description.ok()) return description.error();
  auto rule = sim::load_self_collision_params(options.physics_file.empty() ? sim::default_physics_file(options.robots_dir)
                                                                           : options.physics_file);
  if (!rule.ok()) return rule.error();
  h->self_collision_params_ = rule.value();
  auto boxes = sim::load_self_collision_model(options.robots_dir, description.value());
  if (!boxes.ok()) return boxes.error();
  h->self_collision_model_ = boxes.value();
  sim::RobotPlacement placement;
  // SimSpark's 0.4 m (AgentRadius), or just above the soles for the long-legged
  // types: type 3's straight legs reach 0.44 m, and a robot created with its
  // feet 4 cm in the ground is thrown over (no type-3 skill could be measured).
  placement.torso_position = Vec3(options.start_x, options.start_y, std::max(0.4, description->sole_height + 0.005));
  placement.heading = options.start_heading;
  auto id = h->world_->add_robot(description.value(), 1, 1, placement);
  if (!id.ok()) return id.error();
  h->robot_ = id.value();
  // The world starts with the ball at the centre spot, which is where the
  // robot stands: a benchmark that wants the ball places it, the others must
  // not walk, fall or get up over it.
  h->world_->set_ball_position(Vec3(options.start_x + kBallParkedOffset, options.start_y + kBallParkedOffset, 0.042));

  Status loaded = h->restart_motion();
  if (!loaded.ok()) return loaded.error();

  h->requests_.body = motion::kBodyStand;
  h->requests_.head = motion::kHeadFixed;
  h->world_state_.version = world::kWorldStateVersion;
  h->world_state_.game.robot_type = options.robot_type;
  h->world_->read_robot(h->robot_, &h->readings_);
  return h;
}

Status MotionHarness::restart_motion() {
  motion::MotionOptions motion_options;
  motion_options.robots_dir = options_.robots_dir;
  motion_options.robot_type = options_.robot_type;
  motion_options.walk_file = options_.walk_file;
  motion_options.reload_poll_seconds = 0;  // benchmarks must not change under their feet
  motion_ = std::make_unique<motion::MotionSystem>(motion_options);
  return motion_->load();
}

double MotionHarness::heading() const {
  const Mat3& r = readings_.torso_rotation;
  return std::atan2(r(1, 0), r(0, 0));
}

Vec3 MotionHarness::place_ball(double ahead, double left) {
  const double c = std::cos(heading()), s = std::sin(heading());
  const Vec3 torso = torso_position();
  const Vec3 ball(torso.x() + c * ahead - s * left, torso.y() + s * ahead + c * left, 0.042);
  world_->set_ball_position(ball);
  world_->set_ball_velocity(Vec3::Zero());
  return ball;
}

double MotionHarness::tilt() const {
  return std::acos(std::clamp(readings_.torso_rotation(2, 2), -1.0, 1.0));
}

double MotionHarness::time_to_stand(double seconds, double hold, double max_tilt,
                                    const std::function<void(double t)>& each_cycle) {
  double up_since = -1;
  for (int i = 0, n = static_cast<int>(seconds / 0.02 + 0.5); i < n; ++i) {
    step();
    const double t = i * 0.02;
    if (each_cycle) each_cycle(t);
    if (!standing(max_tilt)) {
      up_since = -1;
      continue;
    }
    if (up_since < 0) up_since = t;
    if (t - up_since >= hold && !status().getting_up) return up_since;
  }
  return -1;
}

void MotionHarness::remove_at_exit(const std::string& path) {
  if (g_scratch_count >= kMaxScratchPaths || path.size() >= sizeof g_scratch_paths[0]) {
    std::fprintf(stderr, "note: %s will not be removed when this tool ends\n", path.c_str());
    return;
  }
  if (g_scratch_count == 0) {
    std::atexit(remove_scratch_at_exit);
    struct sigaction action {};
    action.sa_handler = remove_scratch_and_die;
    sigemptyset(&action.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &action, nullptr);
  }
  std::snprintf(g_scratch_paths[g_scratch_count], sizeof g_scratch_paths[0], "%s", path.c_str());
  g_scratch_count = g_scratch_count + 1;
}

std::string MotionHarness::scratch_robots_copy(const std::string& tool, const std::string& from) {
  // $TMPDIR when set, as other Unix tools do: a test (or a user running several searches) can
  // then give each run its own scratch folder and check what is left in it.
  const char* tmpdir = std::getenv("TMPDIR");
  std::string base = tmpdir && *tmpdir ? tmpdir : "/tmp";
  std::string dir = base + "/libero_" + tool + "_" + std::to_string(getpid());
  remove_at_exit(dir);
  std::filesystem::remove_all(dir);
  std::filesystem::copy(from.empty() ? std::string(LIBERO_SOURCE_DIR) + "/robots" : from, dir,
                        std::filesystem::copy_options::recursive);
  return dir;
}

std::unique_ptr<MotionHarness> MotionHarness::create_or_exit(const HarnessOptions& options) {
  auto created = create(options);
  if (!created.ok()) {
    std::fprintf(stderr, "harness: %s\n", created.error().describe().c_str());
    std::exit(1);
  }
  return std::move(created.value());
}

void MotionHarness::fill_percept() {
  protocol::Percept& p = percept_;
  p.clear();
  p.has_time = true;
  p.server_time = world_->time();
  p.game_state.present = true;
  p.game_state.game_time = static_cast<float>(world_->time());
  p.game_state.play_mode = protocol::PlayMode::PlayOn;
  p.has_gyro = true;
  p.gyro = to_rsg_rounded(readings_.gyro, 180.0 / kPi);
  p.has_accel = true;
  p.accel = to_rsg_rounded(readings_.accelerometer, 1.0);
  for (int j = 0; j < readings_.joint_count; ++j) {
    p.joint_present[j] = true;
    p.joint_angle_deg[j] = two_decimals(rad2deg(readings_.joint_angle[j]));
  }
  const sim::FootSensorIndex sources[protocol::kFootSensorCount] = {
      sim::kSensorLeftFoot, sim::kSensorRightFoot, sim::kSensorLeftToe, sim::kSensorRightToe};
  for (int f = 0; f < protocol::kFootSensorCount; ++f) {
    const sim::FootReading& r = readings_.foot[sources[f]];
    p.force[f].contact = r.contact;
    if (r.contact) {
      p.force[f].center = to_rsg_rounded(r.center, 1.0);
      p.force[f].force = to_rsg_rounded(r.force, 1.0);
    }
  }
}

void MotionHarness::fill_world_state() {
  world::WorldState& w = world_state_;
  w.game.time = world_->time();
  w.game.server_time = world_->time();
  w.game.phase = world::kGamePlayOn;
  w.game.side = 1;
  w.game.unum = 1;
  w.game.cycle = cycle_;
  const Mat3& r = readings_.torso_rotation;
  w.self.x = readings_.torso_position.x();
  w.self.y = readings_.torso_position.y();
  w.self.z = readings_.torso_position.z();
  w.self.heading = heading();
  w.self.pitch = std::atan2(-r(2, 0), r(2, 2));
  w.self.roll = std::atan2(r(2, 1), r(2, 2));
  w.self.localised = 1;
  w.self.left_foot_contact = readings_.foot[sim::kSensorLeftFoot].contact;
  w.self.right_foot_contact = readings_.foot[sim::kSensorRightFoot].contact;
  Vec3 ball = world_->ball_position();
  Vec3 ball_velocity = world_->ball_velocity();
  w.ball.x = ball.x();
  w.ball.y = ball.y();
  w.ball.vx = ball_velocity.x();
  w.ball.vy = ball_velocity.y();
  w.ball.valid = 1;
  w.ball.last_seen_age = 0;
  w.ball.last_known_age = 0;
  w.ball.stop_x = ball.x();
  w.ball.stop_y = ball.y();
  // The ball from the torso, in its level heading frame, as the world
  // model's own sightings give it.
  double c = std::cos(w.self.heading), s = std::sin(w.self.heading);
  double bx = ball.x() - w.self.x, by = ball.y() - w.self.y;
  w.ball.rel_x = c * bx + s * by;
  w.ball.rel_y = -s * bx + c * by;
  for (int j = 0; j < kJointCount; ++j) w.joint_angles[j] = readings_.joint_angle[j];
}

int MotionHarness::unstable_count() { return g_unstable_count; }

void MotionHarness::step() {
  world_->read_robot(robot_, &readings_);
  // The referee's check on the pose the last step left (the server's runs
  // right after the step); its freezes act on the command applied below.
  self_collision_.check(self_collision_model_, self_collision_params_, readings_.joint_angle, cycle_,
                        &self_collision_check_);
  if (self_collision_check_.hit_count > 0) {
    ++self_collision_cycles_;
    ++g_self_collision_cycles;
  }
  if (self_collision_check_.newly_frozen != 0) ++self_collision_freezes_;
  for (int h = 0; h < self_collision_check_.hit_count; ++h) {
    const sim::SelfCollisionHit& hit = self_collision_check_.hits[h];
    for (int p = 0; p < self_collision_model_.pair_count; ++p)
      if (self_collision_model_.pair[p][0] == hit.box_a && self_collision_model_.pair[p][1] == hit.box_b)
        ++self_collision_pair_cycles_[p];
    count_pair(self_collision_model_.name[hit.box_a], self_collision_model_.name[hit.box_b]);
  }
  fill_percept();
  fill_world_state();
  protocol::Action next;
  next.clear();
  if (options_.motion_enabled) motion_->step(percept_, world_state_, requests_, &next);
  // The command computed now acts one step later (simspark-facts §4).
  apply_pending();
  const bool unstable_before = went_unstable();
  world_->step();
  if (!unstable_before && went_unstable()) ++g_unstable_count;
  if (options_.motion_enabled) pending_ = next;
  else pending_.clear();
  ++cycle_;
}

void MotionHarness::apply_pending() {
  for (int j = 0; j < kJointCount; ++j)
    if (pending_.joint_set[j])
      world_->set_joint_velocity(robot_, static_cast<Joint>(j), self_collision_.filter(j, pending_.joint_velocity[j]));
}

int64_t MotionHarness::self_collision_cycles_all() { return g_self_collision_cycles; }

std::string MotionHarness::self_collision_pairs_all() {
  std::string text;
  for (int i = 0; i < g_pair_count; ++i)
    text += std::string(i ? ", " : "") + g_pair_counts[i].a + "-" + g_pair_counts[i].b + " " +
            std::to_string(g_pair_counts[i].cycles);
  return text;
}

std::string MotionHarness::self_collision_pairs() const {
  std::string text;
  for (int p = 0; p < self_collision_model_.pair_count; ++p) {
    if (self_collision_pair_cycles_[p] == 0) continue;
    if (!text.empty()) text += ", ";
    text += std::string(self_collision_model_.name[self_collision_model_.pair[p][0]]) + "-" +
            self_collision_model_.name[self_collision_model_.pair[p][1]] + " " +
            std::to_string(self_collision_pair_cycles_[p]);
  }
  return text;
}

void MotionHarness::settle_after_fall(int cycles, bool motion_enabled) {
  self_collision_.reset();  // the set-up was exempt; the trial starts with nothing frozen
  for (int j = 0; j < kJointCount; ++j) world_->set_joint_velocity(robot_, static_cast<Joint>(j), 0);
  for (int i = 0; i < cycles; ++i) world_->step();
  world_->read_robot(robot_, &readings_);
  options_.motion_enabled = motion_enabled;
  pending_.clear();
  // The motion system did not see this fall (it was off), so its IMU
  // estimate is stale; a real one tracks the tumble. A fresh one starts from
  // the accelerometer, i.e. from where the robot lies.
  Status restarted = restart_motion();
  if (!restarted.ok()) {  // the files loaded at create(); only a change on disk gets here
    std::fprintf(stderr, "harness: %s\n", restarted.error().describe().c_str());
    std::abort();
  }
}

void MotionHarness::lay_down(bool on_front, int variant) {
  // Tip the robot over with its own ankles (toes up pitches it forward),
  // motion off, then let it settle.
  bool enabled = options_.motion_enabled;
  options_.motion_enabled = false;
  self_collision_.reset();  // exempt (see self_collision_cycles)
  for (int i = 0; i < 150; ++i) {
    pending_.clear();
    double v = on_front ? 3.0 : -3.0;
    set_velocity(kLFootPitch, v);
    set_velocity(kRFootPitch, v);
    set_velocity(kLHipPitch, on_front ? 2.0 : -1.0);
    set_velocity(kRHipPitch, on_front ? 2.0 : -1.0);
    // Variants: arms up or down, knees bent or straight, a little twist.
    double arm = (variant % 3 == 0) ? -2.0 : (variant % 3 == 1 ? 2.0 : 0.0);
    set_velocity(kLShoulderPitch, arm);
    set_velocity(kRShoulderPitch, arm * (variant % 2 ? 0.5 : 1.0));
    set_velocity(kLKneePitch, variant % 2 ? -1.0 : -3.0);
    set_velocity(kRKneePitch, variant % 4 == 3 ? 0.0 : -2.0);
    set_velocity(kLHipRoll, variant == 2 ? 0.3 : 0.0);
    world_->read_robot(robot_, &readings_);
    apply_pending();
    world_->step();
  }
  settle_after_fall(50, enabled);
}

void MotionHarness::lay_on_side(bool left_side_down, int variant) {
  bool enabled = options_.motion_enabled;
  options_.motion_enabled = false;
  const double heading = this->heading();
  // Poses (degrees): the upper arm forward, the lower one down, hips and
  // knees bent: a robot in such a pose stays on its side (straight limbs
  // roll it onto the back or the belly, which the other get-ups cover).
  // Pushed over, our robot tipped onto its belly whatever the pose, so it
  // takes the pose standing and is then put down on its side.
  struct Pose { double shoulder_l, shoulder_r, hip, knee, lean; };
  const Pose poses[4] = {{0, -90, 40, -60, 0.2}, {20, -90, 60, -80, 0}, {-20, -90, 45, -60, 0.1}, {0, -90, 70, -90, -0.2}};
  const Pose& pose = poses[variant % 4];
  self_collision_.reset();  // exempt (see self_collision_cycles)
  for (int i = 0; i < 150; ++i) {
    pending_.clear();
    world_->read_robot(robot_, &readings_);
    if (i == 25) {
      sim::RobotPlacement placement;
      placement.torso_position = Vec3(readings_.torso_position.x(), readings_.torso_position.y(), 0.16);
      placement.heading = heading;
      // Left side down is a roll to the left: negative about forward.
      placement.roll = (left_side_down ? -1.0 : 1.0) * (0.5 * kPi - 0.1) + pose.lean * 0.3;
      world_->teleport_robot(robot_, placement);
      world_->read_robot(robot_, &readings_);
    }
    auto hold = [&](Joint j, double deg) {
      set_velocity(j, std::clamp(8.0 * (deg2rad(deg) - readings_.joint_angle[j]), -6.0, 6.0));
    };
    // Mirrored for the other side, so both sides land alike.
    hold(kLShoulderPitch, left_side_down ? pose.shoulder_r : pose.shoulder_l);
    hold(kRShoulderPitch, left_side_down ? pose.shoulder_l : pose.shoulder_r);
    hold(kLHipPitch, pose.hip);
    hold(kRHipPitch, pose.hip);
    hold(kLKneePitch, pose.knee);
    hold(kRKneePitch, pose.knee);
    apply_pending();
    world_->step();
  }
  settle_after_fall(75, enabled);
}

bool MotionHarness::push_down(bool on_front, int variant) {
  run(0.5 + 0.1 * (variant % 4));
  const double angle = heading() + (on_front ? 0.0 : kPi) + 0.3 * (variant % 5 - 2);
  const Vec3 push(std::cos(angle) * 30.0, std::sin(angle) * 30.0, 0);
  for (int i = 0; i < 100; ++i) {
    if (fallen()) return true;
    // Pushed until it tips past recovering: a short shove would measure the
    // stand's balance, not the get-up.
    if (tilt() < deg2rad(30)) world_->push_robot(robot_, push);
    step();
  }
  return fallen();
}

bool parse_number_list(const char* text, double lo, double hi, std::vector<double>* out) {
  std::vector<double> values;
  for (const char* p = text; p && *p;) {
    char* end = nullptr;
    const double v = std::strtod(p, &end);
    if (end == p || !(v >= lo && v <= hi) || (*end && *end != ',') || (*end == ',' && !end[1])) return false;
    values.push_back(v);
    p = *end ? end + 1 : end;
  }
  if (values.empty()) return false;
  *out = std::move(values);
  return true;
}

void take_substeps_list(Args& args, std::vector<int>* out) {
  const char* text = args.value();
  if (!args.ok()) return;
  std::vector<double> counts;
  bool whole = parse_number_list(text, 0, 40, &counts);
  for (double c : counts) whole = whole && c == std::floor(c);
  if (!whole) {
    args.fail(args.arg() + " wants whole counts 0-40 separated by commas, got " + text);
    return;
  }
  out->assign(counts.begin(), counts.end());
}

void take_slip_list(Args& args, std::vector<double>* out) {
  const char* text = args.value();
  if (args.ok() && !parse_number_list(text, 0, 1, out))
    args.fail(args.arg() + " wants slips 0-1 (m/s per N) separated by commas, got " + text);
}

}  // namespace libero::bench
