// MotionSystem: picks the body skill for this cycle (automatic get-up first,
// then the behaviours' request), runs it, adds the head, and hands every
// joint target to the joint controller.
#include "motion/motion_system.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "core/log.h"
#include "core/math.h"
#include "motion/head.h"
#include "motion/imu_filter.h"
#include "motion/joint_controller.h"
#include "motion/keyframe.h"
#include "motion/kick_approach.h"
#include "motion/leg_ik.h"
#include "motion/motion_library.h"
#include "motion/walk.h"
#include "motion/walk_params.h"
#include "robot/description.h"

namespace libero::motion {

namespace {

// Targets are for the cycle in which this cycle's command acts (k+2).
constexpr double kLookahead = kCycleSeconds;  // the player advances one cycle itself
constexpr double kBlendSeconds = 0.25;        // keyframe pose -> walk pose hand-over
constexpr int kMaxGetUpAttempts = 1000;
// The IMU's foot reference (WalkParams::imu_foot_gain): the robot stands on
// its feet (N in all) and one sole carries this share of it.
constexpr double kSupportMinLoad = 10.0;
constexpr double kSupportLoadShare = 0.7;

enum class Mode { Walk, Keyframe, GetUp, Kick };
enum class KickPhase { Approach, Swing };

// The motion of each kick type; its placement and distance are data in the
// motion file (`kick` table, measured by the kick benchmark). The long and
// short kicks are required; a robot without "kick_lofted" reports it unknown
// (distance 0) and fails its requests.
// Indexed by KickType; each is "kick_" + kKickTypeNames[type].
constexpr const char* kKickMotions[kKickTypeCount] = {"kick_long", "kick_short", "kick_lofted"};
// Sightings older than this (vision comes every 60 ms; the head may look
// away) leave the kick approach to the field-frame ball.
constexpr double kBallRelMaxAge = 0.3;  // s

// The body's abilities for behaviours (MotionStatus): from the data, so a
// retuned walk or kick is planned with at once.
void report_abilities(const MotionLibrary* library, const WalkParams& walk, MotionStatus* status) {
  for (int k = 0; k < kKickTypeCount; ++k) {
    const KeyframeMotion* kick = library ? library->find(kKickMotions[k]) : nullptr;
    // A kick not in play is reported unknown: the scripts never choose it.
    const bool known = kick && kick->kick.present && kick->kick.in_play;
    status->kick_distance[k] = known ? kick->kick.distance : 0.0;
    status->kick_ball_x[k] = known ? kick->kick.ball_x : 0.0;
    status->kick_ball_y[k] = known ? std::fabs(kick->kick.ball_y) : 0.0;
    double duration = 0;
    if (known)
      for (const KeyFrame& f : kick->frames) duration += f.duration;
    status->kick_duration[k] = duration;
    status->kick_over_bar_from[k] = known ? kick->kick.over_bar_from : 0.0;
    status->kick_over_bar_to[k] = known ? kick->kick.over_bar_to : 0.0;
  }
  status->max_walk_forward = walk.max_forward;
  status->max_walk_side = walk.max_side;
  status->max_walk_turn = walk.max_turn;
}

}  // namespace

struct MotionSystem::Impl {
  robot::RobotDescription description;
  JointController controller;
  ImuFilter imu;
  WalkEngine walk;
  LegGeometry legs;
  KickApproach approach;
  int approach_trace_cycles = 0;
  // The approach's phase and since when (game time), and, while placed,
  // the cycles each stop condition held the walk back (debug traces).
  ApproachPhase approach_phase = ApproachPhase::Far;
  double approach_phase_since = 0;
  int placed_cycles = 0, placed_apart = 0, placed_moving = 0, placed_late = 0;
  KeyframePlayer player;
  HeadControl head;
  std::unique_ptr<MotionLibrary> library;
  std::unique_ptr<WalkParams> walk_params;
  std::unique_ptr<Reloader<MotionLibrary>> motion_reloader;
  std::unique_ptr<Reloader<WalkParams>> walk_reloader;

  Mode mode = Mode::Walk;
  KickPhase kick_phase = KickPhase::Approach;
  bool kick_left_foot = false;
  int getup_attempts = 0;
  int getup_frame = 0;  // the get-up's frame last traced
  int32_t last_body = -1;
  char last_motion_name[kMotionNameLength + 1] = {};
  double last_kick_x = 1e9, last_kick_y = 1e9;
  bool skill_done = false, skill_failed = false;
  // walk_to: within walk_to_near of its target (until twice that away or
  // another body request): the close regime holds while turning in place
  // moves the torso across the boundary, which otherwise swapped the turn's
  // aim between the target's bearing and the asked heading every few cycles.
  bool walk_to_close = false;

  bool started = false;
  bool started_once = false;  // the controller has run at least once
  // Game time of this cycle, and when the last get-up handed back to the
  // walk (-1: none yet): the debug trace of the seconds after it, where games
  // on rcssserver3d showed robots toppling again (docs/motion.md, "Standing,
  // then toppling").
  double now = 0, getup_ended_at = -1;  // s
  int trace_cycles = 0;
  double measured[kJointCount] = {};
  double target[kJointCount] = {};
  double velocity[kJointCount] = {};
  double blend_from[kJointCount] = {};
  double blend_left = 0;
  int joint_count = kJointCountWithoutToes;

  // The walk engine moves the legs: walking, or a kick's approach.
  bool walk_drives() const { return mode == Mode::Walk || (mode == Mode::Kick && kick_phase == KickPhase::Approach); }

  KeyframeSense keyframe_sense() const {
    KeyframeSense sense;
    sense.torso_pitch = imu.pitch();
    sense.torso_roll = imu.roll();
    sense.pitch_rate = imu.gyro().y();
    sense.roll_rate = imu.gyro().x();
    return sense;
  }

  // The stages of one cycle, in the order MotionSystem::step runs them.
  // `joints` is the cycle's joint targets (rad), which the stages refine in
  // turn; `target` keeps the last cycle's until drive_joints stores them.
  bool take_reloads();
  void sense(const protocol::Percept& percept, const world::WorldState& world);
  bool note_request(const SkillRequests& requests);
  void handle_fall(const SkillRequests& requests, bool new_request);
  void step_getup(double* joints);
  void choose_body(const SkillRequests& requests, const world::WorldState& world, WalkCommand* command,
                   MotionStatus* status);
  WalkCommand walk_to_command(const SkillRequests& requests, const world::WorldState& world);
  void trace_approach_phase(const KickApproachOutput& out, double time);
  void approach_kick(const SkillRequests& requests, const world::WorldState& world, WalkCommand* command,
                     MotionStatus* status);
  void step_keyframe(double* joints);
  void step_walk(const protocol::Percept& percept, const WalkCommand& command, const Vec3& gyro, double* joints);
  void step_head(const SkillRequests& requests, const world::WorldState& world, double* joints);
  void drive_joints(const double* joints, protocol::Action* action);
  void report(const SkillRequests& requests, MotionStatus* status) const;

  void start_keyframe(const KeyframeMotion& motion, bool mirrored, Mode next_mode, double ball_dx = 0,
                      double ball_dy = 0);
  void back_to_walk();
};

MotionSystem::MotionSystem(const MotionOptions& options) : options_(options), impl_(new Impl) {}
MotionSystem::~MotionSystem() {
  if (impl_->motion_reloader) impl_->motion_reloader->stop();
  if (impl_->walk_reloader) impl_->walk_reloader->stop();
  delete impl_;
}

double MotionSystem::estimated_pitch() const { return impl_->imu.pitch(); }
double MotionSystem::estimated_roll() const { return impl_->imu.roll(); }
int MotionSystem::fall_state() const { return static_cast<int>(impl_->imu.fall()); }
double MotionSystem::joint_target(int joint) const { return impl_->target[joint]; }
double MotionSystem::kick_ball_dx() const { return impl_->player.ball_dx(); }
double MotionSystem::kick_ball_dy() const { return impl_->player.ball_dy(); }
int MotionSystem::walk_touchdown_early_steps() const { return impl_->walk.touchdown_early_steps(); }
int MotionSystem::walk_touchdown_held_cycles() const { return impl_->walk.touchdown_held_cycles(); }

Status MotionSystem::load() {
  Impl& m = *impl_;
  if (options_.robot_type < 0 || options_.robot_type > 4)
    return make_error("motion: robot type must be 0-4");
  auto description = robot::load_robot_description(options_.robots_dir, "nao", options_.robot_type);
  if (!description.ok()) return description.error();
  m.description = std::move(description.value());
  m.joint_count = joint_count_for_type(options_.robot_type);

  JointLimit limits[kJointCount];
  for (int j = 0; j < kJointCount; ++j) {
    const robot::JointDesc& d = m.description.joints[j];
    limits[j].exists = d.exists && j < m.joint_count;
    limits[j].min_angle = d.min_angle;
    limits[j].max_angle = d.max_angle;
    limits[j].max_speed = d.max_speed;
  }
  m.controller.configure(limits, {});

  std::string motions_dir = options_.robots_dir + "/nao/motions";
  int type = options_.robot_type;
  auto library = load_motion_dir(motions_dir, type);
  if (!library.ok()) return library.error();
  for (const char* needed : {"getup_front", "getup_back", kKickMotions[kKickLong], kKickMotions[kKickShort]})
    if (!library->find(needed)) return make_error(motions_dir + ": motion '" + needed + "' missing");
  for (const char* kick : kKickMotions) {
    const KeyframeMotion* found = library->find(kick);
    if (found && !found->kick.present) return make_error(motions_dir + ": motion '" + kick + "' has no 'kick' table");
  }
  m.library = std::make_unique<MotionLibrary>(std::move(library.value()));

  std::string walk_file =
      options_.walk_file.empty() ? options_.robots_dir + "/nao/walk.lua" : options_.walk_file;
  auto params = load_walk_file(walk_file, type);
  if (!params.ok()) return params.error();
  m.walk_params = std::make_unique<WalkParams>(params.value());
  m.legs = leg_geometry_from(m.description);
  m.walk.configure(m.legs, *m.walk_params);
  report_abilities(m.library.get(), *m.walk_params, &status_);

  if (options_.reload_poll_seconds > 0) {
    m.motion_reloader = std::make_unique<Reloader<MotionLibrary>>(
        motions_dir, [type](const std::string& dir) { return load_motion_dir(dir, type); });
    m.walk_reloader = std::make_unique<Reloader<WalkParams>>(
        walk_file, [type](const std::string& path) { return load_walk_file(path, type); });
    m.motion_reloader->start(options_.reload_poll_seconds);
    m.walk_reloader->start(options_.reload_poll_seconds);
  }
  return {};
}

namespace {

double angle_of(const protocol::Percept& percept, const world::WorldState& world, int j) {
  if (percept.joint_present[j]) return deg2rad(percept.joint_angle_deg[j]);
  return world.joint_angles[j];
}

// The soles' normal force per foot (heel and toe sensors; a sensor without
// contact is absent from the message and carries nothing).
FootLoads foot_loads(const protocol::Percept& percept) {
  FootLoads loads;
  auto normal = [&](int sensor) {
    const protocol::ForcePercept& f = percept.force[sensor];
    return f.contact ? std::max(0.0, static_cast<double>(f.force.z)) : 0.0;
  };
  loads.load[kLeft] = normal(protocol::kFootLeft) + normal(protocol::kToeLeft);
  loads.load[kRight] = normal(protocol::kFootRight) + normal(protocol::kToeRight);
  return loads;
}

}  // namespace

// One cycle, in stages: sensing, request bookkeeping, fall handling, then
// either the get-up or the body choice (walk, walk-to, kick approach,
// keyframe motion) with the keyframe and walk stages, then the head and the
// output. Each stage reads what the stages before it left in Impl and
// refines `joints`, this cycle's joint targets (rad); docs/motion.md
// describes what each skill does.
void MotionSystem::step(const protocol::Percept& percept, const world::WorldState& world,
                        const SkillRequests& requests, protocol::Action* action) {
  Impl& m = *impl_;
  if (m.take_reloads()) report_abilities(m.library.get(), *m.walk_params, &status_);
  m.sense(percept, world);
  const bool new_request = m.note_request(requests);
  m.handle_fall(requests, new_request);

  double joints[kJointCount];
  for (int j = 0; j < kJointCount; ++j) joints[j] = m.target[j];
  WalkCommand command;
  const Vec3 gyro = m.imu.gyro();
  if (m.mode == Mode::GetUp) {
    m.step_getup(joints);
  } else {
    m.choose_body(requests, world, &command, &status_);
    m.step_keyframe(joints);
    if (m.walk_drives()) m.step_walk(percept, command, gyro, joints);
  }
  // The 2 s after a get-up, every 5th cycle (debug level): the tilt the walk
  // reads and what it is asked to do.
  if (m.getup_ended_at >= 0 && m.now - m.getup_ended_at < 2.0 && m.mode != Mode::GetUp && ++m.trace_cycles % 5 == 0) {
    const Vec3& up = m.imu.up();
    LOG_DEBUG("motion", "after get-up +%.2f s: up %.2f %.2f %.2f, gyro %.2f %.2f %.2f, command %.2f %.2f %.2f, walking %d",
              m.now - m.getup_ended_at, up.x(), up.y(), up.z(), gyro.x(), gyro.y(), gyro.z(), command.vx, command.vy,
              command.turn, m.walk.walking() ? 1 : 0);
  }
  m.step_head(requests, world, joints);
  m.drive_joints(joints, action);
  m.report(requests, &status_);
}

// Reloaded motion or walk data, picked up between cycles; never waits.
bool MotionSystem::Impl::take_reloads() {
  bool reloaded = motion_reloader && motion_reloader->take(&library);
  if (walk_reloader && walk_reloader->take(&walk_params)) {
    walk.set_params(*walk_params);
    reloaded = true;
  }
  return reloaded;
}

// Sensing: the joints' measured angles and the IMU's tilt estimate.
void MotionSystem::Impl::sense(const protocol::Percept& percept, const world::WorldState& world) {
  now = world.game.time;
  for (int j = 0; j < kJointCount; ++j) measured[j] = angle_of(percept, world, j);
  // The walk's gait says how much its chatter is averaged, a keyframe motion
  // (kick, get-up) its file (`imu_accel_smoothing`, default each sample alone).
  imu.set_accel_smoothing(walk_drives()        ? walk.imu_accel_smoothing()
                          : player.running() ? player.imu_accel_smoothing()
                                             : 1.0);
  imu.update(gyro_from_percept(percept.gyro), accel_from_percept(percept.accel), percept.has_gyro,
             percept.has_accel);
  // The loaded sole's up: a reference that does not drift while the steps
  // shake the accelerometer. Only with one foot carrying most of the weight
  // (in double support either sole may be rolling onto its edge).
  const double foot_gain = walk_drives() ? walk.imu_foot_gain() : 0.0;
  if (foot_gain > 0) {
    const FootLoads loads = foot_loads(percept);
    const double total = loads.load[kLeft] + loads.load[kRight];
    const Side support = loads.load[kLeft] >= loads.load[kRight] ? kLeft : kRight;
    if (total > kSupportMinLoad && loads.load[support] >= kSupportLoadShare * total) {
      LegAngles leg;
      for (int k = 0; k < 6; ++k) leg.q[k] = measured[leg_joint(support, k)];
      Vec3 ankle;
      Mat3 foot;
      leg_forward(legs, support, leg, &ankle, &foot);
      imu.pull_towards(foot.col(2), foot_gain);
    }
  }
  if (!started) {
    for (int j = 0; j < kJointCount; ++j) target[j] = measured[j];
    started = true;
    // Start from wherever the body is: blend into the stand pose.
    for (int j = 0; j < kJointCount; ++j) blend_from[j] = measured[j];
    blend_left = 0.6;
  }
}

// A new request (different body skill or kick/motion parameters) resets the
// done/failed flags. Returns whether this cycle's request is new.
bool MotionSystem::Impl::note_request(const SkillRequests& requests) {
  bool new_request = requests.body != last_body;
  if (requests.body == kBodyMotion && std::strncmp(requests.motion_name, last_motion_name, kMotionNameLength) != 0)
    new_request = true;
  if (requests.body == kBodyKick &&
      std::hypot(requests.kick_target_x - last_kick_x, requests.kick_target_y - last_kick_y) > 0.5)
    new_request = true;
  if (new_request) {
    skill_done = skill_failed = false;
    walk_to_close = false;
    last_body = requests.body;
    std::memcpy(last_motion_name, requests.motion_name, sizeof last_motion_name);
    last_motion_name[kMotionNameLength] = 0;
    last_kick_x = requests.kick_target_x;
    last_kick_y = requests.kick_target_y;
  }
  return new_request;
}

// Fall handling: the automatic get-up has priority over everything.
void MotionSystem::Impl::handle_fall(const SkillRequests& requests, bool new_request) {
  FallDirection fall = imu.fall();
  if (fall != FallDirection::None && mode != Mode::GetUp) {
    if (mode == Mode::Kick || mode == Mode::Keyframe) skill_failed = true;
    FallDirection lying = imu.lying_direction();
    // On the side neither get-up works (both push against the ground with
    // arms and legs that now lie beside the body): `getup_side`, written for
    // the right side down and mirrored for the left, rolls the robot onto
    // its belly or back and the next attempt gets up from there. Without
    // that motion the side counts as front or back by the torso pitch.
    const KeyframeMotion* side = lying == FallDirection::Side ? library->find("getup_side") : nullptr;
    // Signs of the up vector, not pitch/roll angles: those swing wildly
    // near 90 degrees of tilt. Up pointing backwards = lying on the belly.
    const Vec3& up = imu.up();
    bool front = lying == FallDirection::Front || (lying == FallDirection::Side && up.x() < 0);
    const KeyframeMotion* getup = side ? side : library->find(front ? "getup_front" : "getup_back");
    // Caught sitting (tilted less than a lying robot), the back fall has a
    // get-up of its own when the robot data give one (getup_back_sitting).
    const KeyframeMotion* sitting = !side && !front ? library->find("getup_back_sitting") : nullptr;
    if (sitting && imu.tilt() < sitting->start_tilt_max) getup = sitting;
    // Left side down: world up is on the torso's right (-y).
    bool mirrored = side && up.y() < 0;
    if (getup && getup_attempts < kMaxGetUpAttempts) {
      ++getup_attempts;
      LOG_DEBUG("motion", "fall at %.2f (%.2f s after the last get-up ended): up %.2f %.2f %.2f, gyro %.2f %.2f %.2f; %s%s, try %d",
                now, getup_ended_at < 0 ? -1.0 : now - getup_ended_at, up.x(), up.y(), up.z(), imu.gyro().x(),
                imu.gyro().y(), imu.gyro().z(), getup->name.c_str(), mirrored ? " mirrored" : "", getup_attempts);
      start_keyframe(*getup, mirrored, Mode::GetUp);
    }
  } else if (requests.body == kBodyGetUp && mode != Mode::GetUp && new_request) {
    skill_done = true;  // standing already: nothing to do
  }
}

// The get-up motion plays to its end; then the walk takes over if the robot
// is up, or the fall handling starts the next attempt next cycle.
void MotionSystem::Impl::step_getup(double* joints) {
  bool running = player.step(kLookahead, keyframe_sense(), joints);
  // Each frame's start with the IMU's view (debug level): a get-up that
  // stands and topples back is told from one that stands by where the torso
  // is as the rise begins, and replays of game records show it.
  if (running && player.frame() != getup_frame) {
    getup_frame = player.frame();
    LOG_DEBUG("motion", "get-up %s frame %d at %.2f: pitch %.1f roll %.1f deg, gyro %.2f %.2f", player.name(),
              getup_frame, now, rad2deg(imu.pitch()), rad2deg(imu.roll()), imu.gyro().x(), imu.gyro().y());
  }
  if (!running) {
    getup_frame = 0;
    const Vec3& up = imu.up();
    LOG_DEBUG("motion", "get-up ended at %.2f: %s, up %.2f %.2f %.2f, gyro %.2f %.2f %.2f", now,
              imu.fall() == FallDirection::None ? "upright" : "still down", up.x(), up.y(), up.z(), imu.gyro().x(),
              imu.gyro().y(), imu.gyro().z());
    if (imu.fall() == FallDirection::None) {
      getup_attempts = 0;
      getup_ended_at = now;
      trace_cycles = 0;
      back_to_walk();
    } else {
      mode = Mode::Walk;  // still down: the fall branch restarts next cycle
    }
  }
}

// Body choice: the behaviours' request, as far as the running skill lets it
// take over. Sets the walk command (zero: stand) and starts keyframe motions.
void MotionSystem::Impl::choose_body(const SkillRequests& requests, const world::WorldState& world,
                                     WalkCommand* command, MotionStatus* status) {
  bool may_switch = mode == Mode::Walk || player.interruptible();
  int32_t body = requests.body;
  if (mode == Mode::Keyframe || mode == Mode::Kick) {
    if (mode == Mode::Kick && kick_phase == KickPhase::Approach) may_switch = true;
    if (may_switch && body != kBodyMotion && !(body == kBodyKick && mode == Mode::Kick)) back_to_walk();
  }
  switch (body) {
    case kBodyStand:
      if (mode == Mode::Walk && walk.standing_still() && blend_left <= 0) skill_done = true;
      break;
    case kBodyWalkVelocity:
      command->vx = requests.walk_vx;
      command->vy = requests.walk_vy;
      command->turn = requests.walk_turn;
      break;
    case kBodyWalkTo:
      *command = walk_to_command(requests, world);
      break;
    case kBodyKick:
      approach_kick(requests, world, command, status);
      break;
    case kBodyMotion: {
      if (mode == Mode::Keyframe || skill_done || skill_failed) break;
      if (!may_switch) break;
      const KeyframeMotion* motion = library->find(requests.motion_name);
      if (!motion) {
        skill_failed = true;
        break;
      }
      start_keyframe(*motion, false, Mode::Keyframe);
      break;
    }
    case kBodyGetUp:
    default:
      break;
  }
}

// Walk to a field pose: far away, face the target and walk forwards,
// turning on the way; close, turn to the requested heading and step the rest
// in any direction. Done within the walk's tolerances (a zero command: stand).
// A turn beyond walk_to_turn_first is made in place first, and each part of
// the command is kept within its own limit: the walk divides its limit among
// the parts' shares (WalkEngine::limit_command), and a target behind the
// robot (backwards and sideways at several times their limits, and a turn)
// left the turn a tenth of itself: 3 m to a pose took a median 9.1 s on the
// built-in simulator (`libero_skill_bench walk_to`), the robot side-stepping
// while it turned at 20 deg/s (docs/motion.md, "Walking to a pose").
WalkCommand MotionSystem::Impl::walk_to_command(const SkillRequests& requests, const world::WorldState& world) {
  WalkCommand command;
  const WalkParams& p = walk.params();
  double dx = requests.target_x - world.self.x, dy = requests.target_y - world.self.y;
  double c = std::cos(world.self.heading), s = std::sin(world.self.heading);
  double rx = c * dx + s * dy, ry = -s * dx + c * dy;
  double distance = std::hypot(rx, ry);
  double heading_error = normalize_angle(requests.target_heading - world.self.heading);
  if (distance < p.walk_to_tolerance && std::abs(heading_error) < p.walk_to_heading_tolerance) {
    skill_done = true;
    return command;
  }
  skill_done = false;
  if (distance < p.walk_to_near) walk_to_close = true;
  else if (distance > 2 * p.walk_to_near) walk_to_close = false;
  // A short hop to a target off the nose is stepped, facing the asked
  // heading: turning to it and back cost more than the steps (0.8 m away,
  // 4.48 s against 3.80 s stepping, libero_skill_bench walk_to --distance 0.8).
  const double bearing = std::atan2(ry, rx);
  const bool hop = distance < p.walk_to_step_within && std::abs(bearing) > p.walk_to_turn_first;
  const bool far = !walk_to_close && !hop;
  const double face = far ? bearing : heading_error;
  command.turn = p.walk_to_turn_gain * face;
  if (std::abs(face) > p.walk_to_turn_first) return command;  // turn in place
  if (far) {
    // Slower the further off the nose, to nothing at walk_to_turn_first:
    // from a turn in place straight to the full forward speed the walk
    // fell (1 of 12 bench runs here), and in games against UT Austin Villa
    // on the real server our falls without touching a robot rose from 0.15
    // to 0.26 per player-minute with the abrupt switch.
    const double aligned = 1.0 - std::abs(face) / std::max(p.walk_to_turn_first, 1e-6);
    command.vx = std::min(p.walk_to_gain * distance, p.max_forward) * std::sqrt(std::max(0.0, aligned));
  } else {
    command.vx = std::clamp(p.walk_to_gain * rx, -p.max_backward, p.max_forward);
    command.vy = std::clamp(p.walk_to_gain * ry, -p.max_side, p.max_side);
  }
  return command;
}

// Kick: the approach walks the robot to the kick's spot beside the ball
// (KickApproach), then the kick's keyframe motion swings (step_keyframe).
void MotionSystem::Impl::approach_kick(const SkillRequests& requests, const world::WorldState& world,
                                       WalkCommand* command, MotionStatus* status) {
  if (mode == Mode::Kick && kick_phase == KickPhase::Swing) return;
  if (skill_done) return;
  int type = std::clamp<int>(requests.kick_type, 0, kKickTypeCount - 1);
  const KeyframeMotion* kick = library->find(kKickMotions[type]);
  if (!kick || !kick->kick.present) {
    skill_failed = true;
    return;
  }
  const KickSpec& spec = kick->kick;
  status->kick_distance_estimate = spec.distance;
  if (!world.ball.valid) {
    skill_failed = true;
    return;
  }
  if (mode != Mode::Kick) {
    approach.reset();
    approach_phase = ApproachPhase::Far;
    approach_phase_since = world.game.time;
  }
  mode = Mode::Kick;
  kick_phase = KickPhase::Approach;
  KickApproachInput in;
  if (world.ball.last_seen_age < kBallRelMaxAge) {
    // The ball from the torso by the robot's own sightings: the field-frame
    // ball minus the localised pose lags the torso by 2-3 cm while the robot
    // stops and stands up over its feet, enough on rcssserver3d to push a
    // placed robot out of its kick window again and again (the approach
    // walked to and fro for 7 s or more: docs/motion.md, Kicks).
    in.ball_x = world.ball.rel_x;
    in.ball_y = world.ball.rel_y;
  } else {
    double c = std::cos(world.self.heading), s = std::sin(world.self.heading);
    double bx = world.ball.x - world.self.x, by = world.ball.y - world.self.y;
    in.ball_x = c * bx + s * by;
    in.ball_y = -s * bx + c * by;
  }
  in.kick_dir = normalize_angle(
      std::atan2(requests.kick_target_y - world.ball.y, requests.kick_target_x - world.ball.x) -
      world.self.heading);
  in.stance = measure_stance(legs, measured, imu.up());
  // Reference stance: the pose the walk comes to rest in, levelled with
  // its own lean, so the error says where the ball will lie from the torso
  // once the robot has stopped and stood up (the kick spot is measured in
  // that pose). The walk's current phase-0 targets (walking crouch and
  // foot offsets) moved the reference by about 4 cm at the stop: the robot
  // stopped placed and stood up out of the kick's window (on rcssserver3d
  // 1 of 10 approaches kicked within 1 s of arriving: docs/motion.md, Kicks).
  double rest_lean = walk.params().stand_torso_pitch;
  in.reference = measure_stance(legs, walk.rest_pose(), Vec3(-std::sin(rest_lean), 0, std::cos(rest_lean)));
  KickApproachOutput out = approach.step(spec, in, walk);
  kick_left_foot = out.left_foot;
  // Twice a second, where the approach stands and what keeps a placed
  // robot from kicking (debug level).
  if (++approach_trace_cycles % 25 == 0)
    LOG_DEBUG("motion",
              "kick approach: error %.3f %.3f m %.1f deg, walk %.2f %.2f %.2f, aligned %d, feet together %d "
              "(gap %.3f m %.1f deg), in place %d, lean %.1f %.1f deg beyond the walk's, still %d cycles",
              out.error_x, out.error_y, rad2deg(out.error_yaw), out.command.vx, out.command.vy, out.command.turn,
              out.aligned, out.feet_together, in.stance.gap_x, rad2deg(in.stance.gap_yaw), out.in_place,
              rad2deg(imu.pitch() - walk.params().torso_pitch), rad2deg(imu.roll()), out.still_cycles);
  trace_approach_phase(out, world.game.time);
  if (out.torso_rejected)
    LOG_DEBUG("motion", "kick approach: settled with the ball %.3f m ahead of the torso, outside %.3f-%.3f: walks again",
              in.ball_x, spec.torso_x_min, spec.torso_x_max);
  if (out.kick) {
    LOG_DEBUG("motion", "kick approach: kicks with the ball %.3f m ahead of the torso, %.3f m beside it", in.ball_x,
              in.ball_y);
    approach.reset();
    // A kick from the walk takes over mid-step: the swing starts from the
    // joints as they are, and the walk starts afresh after the kick.
    if (walk.walking()) walk.reset();
    // The ball as the approach left it, for kicks that adapt to it.
    start_keyframe(*kick, kick_left_foot, Mode::Kick, out.error_x, out.error_y);
    kick_phase = KickPhase::Swing;
  } else if (out.stop_walk) {
    walk.reset();
    for (int j = 0; j < kJointCount; ++j) blend_from[j] = target[j];
    blend_left = kBlendSeconds;
  } else {
    *command = out.command;
  }
}

// Each change of the approach's phase, with the time spent in the one
// before, and for a placed robot which stop condition held the walk back
// for how many cycles (debug level: where the time after arriving goes).
void MotionSystem::Impl::trace_approach_phase(const KickApproachOutput& out, double time) {
  if (out.phase == ApproachPhase::Placed) {
    ++placed_cycles;
    placed_apart += !out.feet_together;
    placed_moving += !out.in_place;
    placed_late += out.feet_together && out.in_place && !out.stop_walk;
  }
  if (out.phase == approach_phase) return;
  if (approach_phase == ApproachPhase::Placed)
    LOG_DEBUG("motion", "kick approach: placed %d cycles: feet apart %d, moving %d, late in the step %d",
              placed_cycles, placed_apart, placed_moving, placed_late);
  const WalkCommand& speed = walk.current();
  LOG_DEBUG("motion",
            "kick approach: phase %s at %.2f after %.2f s of %s: error %.3f %.3f m %.1f deg, walk speed %.2f %.2f %.2f",
            approach_phase_name(out.phase), time, time - approach_phase_since, approach_phase_name(approach_phase),
            out.error_x, out.error_y, rad2deg(out.error_yaw), speed.vx, speed.vy, speed.turn);
  approach_phase = out.phase;
  approach_phase_since = time;
  placed_cycles = placed_apart = placed_moving = placed_late = 0;
}

// A keyframe motion or a kick's swing plays; at its end it chains to its
// next motion (keyframe motions only) or hands back to the walk.
void MotionSystem::Impl::step_keyframe(double* joints) {
  if (!(mode == Mode::Keyframe || (mode == Mode::Kick && kick_phase == KickPhase::Swing))) return;
  bool running = player.step(kLookahead, keyframe_sense(), joints);
  if (!running) {
    const KeyframeMotion* next = player.next_motion()[0] ? library->find(player.next_motion()) : nullptr;
    if (next && mode == Mode::Keyframe) {
      start_keyframe(*next, false, Mode::Keyframe);
    } else {
      skill_done = true;
      for (int j = 0; j < kJointCount; ++j) target[j] = joints[j];
      back_to_walk();
    }
  }
}

// Walk: the walk engine's leg targets, blended in from the pose before
// while a blend runs.
void MotionSystem::Impl::step_walk(const protocol::Percept& percept, const WalkCommand& command, const Vec3& gyro,
                                   double* joints) {
  double walk_target[kJointCount];
  for (int j = 0; j < kJointCount; ++j) walk_target[j] = joints[j];
  // The kick approach walks the plan's timing, without the foot sensors'
  // holds: its kick spots were searched with that timing, and with the holds
  // the kicks read the ball's place beside the foot up to 3.5 cm off
  // (docs/motion.md, Kicks).
  const bool approaching = mode == Mode::Kick;
  const FootLoads loads = approaching ? FootLoads{} : foot_loads(percept);
  walk.step(command, gyro, imu.pitch(), imu.roll(), walk_target, approaching ? nullptr : &loads);
  double w = blend_left > 0 ? blend_left / kBlendSeconds : 0.0;
  w = std::min(w, 1.0);
  for (int j = 0; j < kJointCount; ++j) joints[j] = w * blend_from[j] + (1 - w) * walk_target[j];
  blend_left = std::max(0.0, blend_left - kCycleSeconds);
}

// Head: behaviours own it except while getting up or playing a keyframe
// motion (those move the head themselves).
void MotionSystem::Impl::step_head(const SkillRequests& requests, const world::WorldState& world, double* joints) {
  if (mode != Mode::GetUp && !(mode == Mode::Keyframe)) head.step(requests, world, joints);
}

// Output: the joint controller turns this cycle's targets into velocities.
void MotionSystem::Impl::drive_joints(const double* joints, protocol::Action* action) {
  for (int j = 0; j < kJointCount; ++j) target[j] = joints[j];
  controller.step(measured, target, velocity);
  started_once = true;
  for (int j = 0; j < joint_count; ++j) {
    action->joint_set[j] = true;
    action->joint_velocity[j] = static_cast<float>(velocity[j]);
  }
}

// What the body reports back to the behaviours and the world model.
void MotionSystem::Impl::report(const SkillRequests& requests, MotionStatus* status) const {
  status->getting_up = mode == Mode::GetUp ? 1 : 0;
  switch (mode) {
    case Mode::GetUp: status->active_body = kBodyGetUp; break;
    case Mode::Kick: status->active_body = kBodyKick; break;
    case Mode::Keyframe: status->active_body = kBodyMotion; break;
    case Mode::Walk: status->active_body = requests.body == kBodyKick || requests.body == kBodyMotion ||
                                                   requests.body == kBodyGetUp
                                               ? kBodyStand
                                               : requests.body;
      break;
  }
  if (mode == Mode::GetUp) status->state = kSkillRunning;
  else if (skill_failed) status->state = kSkillFailed;
  else if (skill_done) status->state = kSkillDone;
  else status->state = kSkillRunning;
  status->interruptible = (mode == Mode::Walk || mode == Mode::Kick) ? (kick_phase == KickPhase::Approach || mode == Mode::Walk)
                                                                     : (mode == Mode::Keyframe && player.interruptible());
  const WalkCommand& speed = walk.current();
  status->walk_speed_x = speed.vx;
  status->walk_speed_y = speed.vy;
  status->walk_speed_turn = speed.turn;
}

void MotionSystem::Impl::start_keyframe(const KeyframeMotion& motion, bool mirrored, Mode next_mode, double ball_dx,
                                        double ball_dy) {
  // Start from where the joints will really be (a fall leaves them far
  // from the last target).
  double start[kJointCount];
  for (int j = 0; j < kJointCount; ++j) start[j] = controller.limit(j).exists ? controller.predicted(j) : target[j];
  if (!started_once) for (int j = 0; j < kJointCount; ++j) start[j] = measured[j];
  player.start(motion, start, mirrored, ball_dx, ball_dy);
  mode = next_mode;
}

void MotionSystem::Impl::back_to_walk() {
  mode = Mode::Walk;
  walk.reset();
  for (int j = 0; j < kJointCount; ++j) blend_from[j] = target[j];
  blend_left = kBlendSeconds;
}

}  // namespace libero::motion
