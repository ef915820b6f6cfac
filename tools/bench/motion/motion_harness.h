// In-process harness: one robot's MotionSystem driving the MuJoCo physics
// world, cycle by cycle, as fast as the machine allows.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench_args.h"
#include "motion/motion_system.h"
#include "core/skill_requests.h"
#include "physics_world.h"
#include "protocol/actions.h"
#include "protocol/percepts.h"
#include "self_collision.h"
#include "world/world_state.h"

namespace libero::bench {

struct HarnessOptions {
  std::string robots_dir;          // robots/ folder
  int robot_type = 0;
  std::string walk_file;           // empty = robots/nao/walk.lua
  double start_x = 0, start_y = 0, start_heading = 0;
  bool motion_enabled = true;      // false: the harness commands joints itself (tracking bench)
  int physics_substeps = 0;        // MuJoCo steps per cycle; 0 = the simulator's default
  double robot_slip = -1;          // force-dependent slip, m/s per N; 0 = off, < 0 = the physics file's
  std::string physics_file;        // physics parameters; empty = <robots_dir>/simulator.lua
};

class MotionHarness {
 public:
  static Result<std::unique_ptr<MotionHarness>> create(const HarnessOptions& options);
  // For the offline tools: the harness, or the loader's message on stderr and exit 1.
  static std::unique_ptr<MotionHarness> create_or_exit(const HarnessOptions& options);
  // For tests and tools: a fresh copy of `from` (default: the source tree's
  // robots/) in $TMPDIR (else /tmp)/libero_<tool>_<pid>, where candidate motions are
  // written without touching the shipped ones. Removed when the tool ends
  // (remove_at_exit).
  static std::string scratch_robots_copy(const std::string& tool, const std::string& from = "");
  // A scratch file or directory (up to eight) removed when the tool returns
  // from main or calls exit, and on SIGINT, SIGTERM or SIGHUP before it dies.
  static void remove_at_exit(const std::string& path);

  // One 20 ms cycle: percept -> motion -> (previous cycle's) velocities -> physics.
  void step();
  void run(double seconds) {
    for (int i = 0, n = static_cast<int>(seconds / 0.02 + 0.5); i < n; ++i) step();
  }

  motion::SkillRequests& requests() { return requests_; }
  const motion::MotionStatus& status() const { return motion_->status(); }
  motion::MotionSystem& motion() { return *motion_; }
  sim::PhysicsWorld& world() { return *world_; }
  sim::RobotId robot() const { return robot_; }
  const world::WorldState& world_state() const { return world_state_; }
  const sim::RobotReadings& readings() const { return readings_; }

  // Ground truth.
  Vec3 torso_position() const { return readings_.torso_position; }
  double heading() const;
  double tilt() const;  // angle between torso z and world z, rad
  // Puts the ball at rest `ahead` and `left` of the torso in its heading
  // frame (a kick table's spot) and returns where that is in the world.
  Vec3 place_ball(double ahead, double left);
  // Down, or the world went unstable under the robot (the physics then puts
  // it back a cycle and stops it, which a trial must not count as staying
  // up or standing up): a trial across an instability fails.
  bool fallen() const { return went_unstable() || readings_.torso_position.z() < 0.25; }
  // Up on its feet (torso high, tilted less than `max_tilt` rad) in a world
  // that never went unstable: what the get-up benches and objectives count.
  bool standing(double max_tilt) const {
    return !went_unstable() && readings_.torso_position.z() > 0.3 && tilt() < max_tilt;
  }
  bool went_unstable() const { return world_->unstable_steps() > 0; }
  // Runs up to `seconds` until the robot has been standing(max_tilt) for
  // `hold` seconds with no get-up running: a get-up that stands and then
  // topples in the hand-over to the walk's stand does not count. Returns
  // when that stand began (seconds from the call), or -1. `each_cycle`, if
  // given, sees every cycle's time after its step (an objective's partial
  // credit, a bench's trace). The get-up benches and objectives all count this.
  double time_to_stand(double seconds, double hold, double max_tilt,
                       const std::function<void(double t)>& each_cycle = nullptr);
  // Harnesses of this process whose world went unstable (benches report it).
  static int unstable_count();

  // Lays the robot down on its belly (front) or back, at rest. `variant`
  // picks one of a few different fall poses (arms and legs).
  void lay_down(bool on_front, int variant = 0);
  // Lays the robot on its left or right side (a push at the torso, motion
  // off), at rest; `variant` changes the arm and leg pose it lands in. Some
  // variants come to rest half-turned towards the belly or the back, as
  // real side falls do.
  void lay_on_side(bool left_side_down, int variant = 0);
  // Pushes the standing robot over onto its belly (front) or back with 30 N
  // at the torso, the motion system on, as a bump in a game does; `variant`
  // picks the push's direction (0.3 x (variant % 5 - 2) rad off straight)
  // and how long it stood first (0.5 + 0.1 x (variant % 4) s: the stand's
  // sway). Returns when the torso is down (fallen()), or false after 2 s
  // still up. The robot lands moving and in whatever pose the fall left it,
  // which lay_down's poses at rest never are: type 0's front get-up stood
  // from every lay_down pose in 1.46 s and, until it read the IMU's running
  // mean, from these in 3.76 s (it toppled back in the
  // hand-over to the stand, then got up from the back).
  bool push_down(bool on_front, int variant = 0);
  // rcssserver3d's self-collision rule, as `libero serve` applies it (the
  // physics file's `self_collision`, tools/sim/referee/self_collision.h):
  // checked every step() on the pose the last physics step left, a freeze
  // zeroes the frozen joints' commands for 1 s. The set-up motions
  // (lay_down, lay_on_side) are exempt, like a trainer placing the robot.
  // Counts since create(): cycles with a colliding pair, freezes, and the
  // pairs as "rlowerarm-rthigh 12, ..." (cycles each) for the benches.
  int64_t self_collision_cycles() const { return self_collision_cycles_; }
  int64_t self_collision_freezes() const { return self_collision_freezes_; }
  std::string self_collision_pairs() const;
  // The same over every harness of this process (benches print it at the end).
  static int64_t self_collision_cycles_all();
  static std::string self_collision_pairs_all();
  bool joint_frozen(Joint joint) const { return self_collision_.frozen(joint); }
  // Direct joint velocities for the next cycle (motion_enabled == false).
  void set_velocity(Joint joint, double rad_per_s) { pending_.joint_velocity[joint] = static_cast<float>(rad_per_s); pending_.joint_set[joint] = true; }
  double cycle_seconds() const { return 0.02; }

 private:
  MotionHarness() = default;
  Status restart_motion();
  void apply_pending();  // last cycle's command drives this physics step
  // Holds the joints, lets the robot come to rest, gives control back to a
  // fresh motion system.
  void settle_after_fall(int cycles, bool motion_enabled);
  void fill_percept();
  void fill_world_state();

  HarnessOptions options_;
  std::unique_ptr<sim::PhysicsWorld> world_;
  std::unique_ptr<motion::MotionSystem> motion_;
  sim::RobotId robot_ = sim::kNoRobot;
  sim::RobotReadings readings_;
  protocol::Percept percept_;
  world::WorldState world_state_{};
  motion::SkillRequests requests_{};
  protocol::Action pending_;     // sent last cycle: drives this cycle's physics step
  uint32_t cycle_ = 0;
  sim::SelfCollisionParams self_collision_params_;
  sim::SelfCollisionModel self_collision_model_;
  sim::SelfCollisionState self_collision_;
  sim::SelfCollisionCheck self_collision_check_;
  int64_t self_collision_cycles_ = 0, self_collision_freezes_ = 0;
  int64_t self_collision_pair_cycles_[sim::kMaxSelfCollisionPairs] = {};  // by pair index of the model
};

// The objectives' contact conditions: "4,8,20" or "0,0.005" -> numbers within
// [lo, hi]; false (and *out untouched) on anything else.
bool parse_number_list(const char* text, double lo, double hi, std::vector<double>* out);
// The objectives' --substeps list, the value of args' current option: whole
// physics step counts 0-40 (0: the simulator's default). Anything else is
// args' error, so nothing runs.
void take_substeps_list(Args& args, std::vector<int>* out);
// The objectives' --slip list: slips 0-1 m/s per N ("0,0.005"), as above.
void take_slip_list(Args& args, std::vector<double>* out);

}  // namespace libero::bench
