#include "tools/sim/server/server.h"

#include <asio.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>

#include "core/clock.h"
#include "core/log.h"
#include "protocol/percepts.h"
#include "protocol/sexp.h"
#include "robot/description.h"
#include "tools/sim/physics/physics_world.h"
#include "tools/sim/server/agent_commands.h"
#include "tools/sim/server/ground_truth.h"
#include "tools/sim/server/hearing.h"
#include "tools/sim/server/monitor_port.h"
#include "tools/sim/server/percept_writer.h"
#include "tools/sim/server/referee_link.h"
#include "tools/sim/server/self_collision_link.h"
#include "tools/sim/server/team_registry.h"
#include "tools/sim/server/text_writer.h"
#include "tools/sim/referee/trainer_commands.h"

#ifndef LIBERO_DEFAULT_ROBOTS_DIR
#define LIBERO_DEFAULT_ROBOTS_DIR "robots"
#endif

namespace libero::sim {
namespace {

using tcp = asio::ip::tcp;

constexpr const char* kLog = "sim.server";
constexpr int kMaxSessions = 32;               // 22 players plus connections that have not sent scene
constexpr size_t kPerceptCapacity = 48 * 1024;  // a full-vision percept with 22 robots is ~10 kB
constexpr int kSyncExemptPercepts = 5;         // reference: first 5 percept cycles do not block sync
constexpr double kExemptGraceSeconds = 1.0;    // ...but we wait this long for their (syn) (determinism)
constexpr int kMaxWarningsLogged = 10;         // per connection
// Adding or removing a robot rebuilds the MuJoCo model (0.05-1 s with many
// robots). Doing one per cycle keeps every cycle well below the agents' stall
// timeouts when many join or leave at once; the rest wait for later cycles.
constexpr int kMaxRebuildsPerCycle = 1;
constexpr int64_t kCycleNs = 20'000'000;
constexpr double kLockstepJoinSeconds = 30.0;  // lockstep: how long an expected agent may take to connect

// Where a robot appears on `scene`, before init places it: the reference
// server drops it at (0, -1, 1.5) facing +y. Robots waiting for init at the
// same time would fall onto each other, so each connection slot gets its own
// spot 0.8 m apart along x (slot 0 is the reference spot).
RobotPlacement spawn_placement(int slot) {
  RobotPlacement p;
  p.torso_position = Vec3(0.8 * slot, -1.0, 1.5);
  p.heading = kPi / 2;
  return p;
}

RobotPlacement to_physics(const Placement& p) {
  RobotPlacement r;
  r.torso_position = p.torso;
  r.heading = p.heading;
  return r;
}

}  // namespace

struct Session {
  explicit Session(asio::io_context& io) : socket(io) {}

  int slot = 0;
  tcp::socket socket;
  bool open = false;           // a connection occupies this slot
  bool closing = false;        // leaving: robot removed at the next cycle start, slot freed when idle
  bool read_pending = false;
  bool write_pending = false;
  uint64_t connection_number = 0;
  int warnings_logged = 0;

  std::unique_ptr<char[]> in;  // length prefix + payload
  size_t in_capacity = 0;
  size_t in_size = 0;
  AgentCommands pending;       // accumulated since the last cycle

  RobotId robot = kNoRobot;
  int robot_type = 0;
  Team team = Team::None;
  int unum = 0;
  bool announce = false;       // next GS carries (unum)(team)
  int64_t percepts_made = 0;
  int64_t percepts_sent = 0;
  int64_t missed_syncs = 0;    // sync cycles that went on without this agent's (syn)
  bool stalled = false;        // silent past the stall limit: not waited for until it sends (syn) again
  Vec3 calibration = Vec3::Zero();
  HearBudget budget;

  std::unique_ptr<char[]> out[2];  // each: 4-byte prefix + percept
  size_t out_size[2] = {0, 0};
  int staged = 0;                  // buffer holding the percept to send next cycle
  bool has_staged = false;

  char label[64] = {};

  void set_label() {
    if (team != Team::None)
      std::snprintf(label, sizeof label, "agent %.*s#%d", static_cast<int>(team_name.size()),
                    team_name.data(), unum);
    else
      std::snprintf(label, sizeof label, "agent connection %llu", static_cast<unsigned long long>(connection_number));
  }
  std::string_view team_name;  // view into the team registry (stable)
};

struct Server::Impl {
  ServerOptions options;
  asio::io_context io;
  tcp::acceptor agent_acceptor{io};
  tcp::socket incoming{io};
  std::unique_ptr<MonitorPort> monitor;
  std::unique_ptr<GroundTruthFeed> ground_truth;

  std::unique_ptr<PhysicsWorld> physics;
  robot::RobotDescription descriptions[kRobotTypeCount];
  bool description_loaded[kRobotTypeCount] = {};

  Session* sessions[kMaxSessions] = {};
  uint64_t next_connection_number = 1;
  sexp::Parser parser;
  std::mt19937 rng;
  VisionNoiseParams vision_noise;
  TeamRegistry teams;
  Referee referee;
  RefereeInput referee_input;
  RefereeCommands referee_commands;
  SelfCollisionLink self_collision;
  JudgedRobot judged[kMaxSessions];
  TeamRobot team_robots[kMaxSessions];
  int team_robot_count = 0;
  CycleRobot cycle_robots[kMaxSessions];
  TeamRobot trainer_selection;
  sexp::Parser trainer_parser;
  TrainerCommandList trainer_commands;
  double players_ready_since = -1;  // simulated s when kick_off_when_players were all there

  // Per-cycle scratch, allocated once.
  RobotReadings readings[kMaxSessions];
  VisibleRobot visible[kMaxSessions];
  Utterance utterances[kMaxSessions];
  int utterance_count = 0;
  int rebuilds_this_cycle = 0;
  WorldSnapshot snapshot;
  bool snapshot_current = false;   // `snapshot` shows the world as it is now
  SceneRobot scene_robots[kMaxSessions];

  std::atomic<bool> stop_requested{false};
  std::atomic<int> expected_agents{0};
  std::atomic<int> agents_now{0}, robots_now{0};
  int64_t stats_start_ns = 0;
  int64_t cycle = 0;
  ServerStats stats;
  std::unique_ptr<asio::signal_set> signals;

  ~Impl() {
    for (Session*& s : sessions) {
      delete s;
      s = nullptr;
    }
  }

  // --- connections -------------------------------------------------------
  void start_accept();
  void on_accept(const asio::error_code& ec);
  void start_read(Session& s);
  void on_read(Session& s, const asio::error_code& ec, size_t n);
  void drop(Session& s, const char* why);
  void release_if_idle(Session& s);
  void send_staged(Session& s);

  // --- cycle -------------------------------------------------------------
  bool sync_ready(int64_t wait_start_ns) const;
  bool wait_sync();
  bool wait_real_time(int64_t* deadline_ns);
  void run_cycle();
  void apply_commands(Session& s);
  void remove_robot(Session& s);
  void generate_percepts();
  bool limits_reached() const;
  void collect_team_robots();
  void run_referee();
  void judge_self_collisions();
  void apply_trainer_messages();
  void publish_monitor(bool update_due);
  void notify_observer();
};

// ---------------------------------------------------------------------------

void Server::Impl::start_accept() {
  agent_acceptor.async_accept(incoming, [this](const asio::error_code& ec) { on_accept(ec); });
}

void Server::Impl::on_accept(const asio::error_code& ec) {
  if (ec == asio::error::operation_aborted) return;
  if (ec) {
    LOG_WARN(kLog, "accept failed: %s", ec.message().c_str());
    start_accept();
    return;
  }
  Session* free_slot = nullptr;
  for (Session* s : sessions) {
    release_if_idle(*s);
    if (!s->open) {
      free_slot = s;
      break;
    }
  }
  if (!free_slot) {
    LOG_ERROR(kLog, "refusing a connection: all %d agent slots are in use", kMaxSessions);
    asio::error_code ignored;
    incoming.close(ignored);
  } else {
    Session& s = *free_slot;
    s.socket = std::move(incoming);
    asio::error_code ignored;
    s.socket.set_option(tcp::no_delay(true), ignored);
    s.open = true;
    s.closing = false;
    s.connection_number = next_connection_number++;
    s.warnings_logged = 0;
    s.in_size = 0;
    s.pending.clear();
    s.robot = kNoRobot;
    s.team = Team::None;
    s.unum = 0;
    s.announce = false;
    s.percepts_made = 0;
    s.percepts_sent = 0;
    s.missed_syncs = 0;
    s.stalled = false;
    s.budget = HearBudget();
    s.has_staged = false;
    s.team_name = {};
    s.set_label();
    ++stats.connections;
    LOG_INFO(kLog, "%s connected (slot %d)", s.label, s.slot);
    start_read(s);
  }
  incoming = tcp::socket(io);
  start_accept();
}

void Server::Impl::start_read(Session& s) {
  s.read_pending = true;
  s.socket.async_read_some(asio::buffer(s.in.get() + s.in_size, s.in_capacity - s.in_size),
                           [this, &s](const asio::error_code& ec, size_t n) {
                             s.read_pending = false;
                             on_read(s, ec, n);
                           });
}

void Server::Impl::drop(Session& s, const char* why) {
  if (s.closing) return;
  LOG_WARN(kLog, "%s: %s; disconnecting it", s.label, why);
  s.closing = true;
  asio::error_code ignored;
  s.socket.shutdown(tcp::socket::shutdown_both, ignored);
  s.socket.close(ignored);
}

void Server::Impl::on_read(Session& s, const asio::error_code& ec, size_t n) {
  if (s.closing) return;
  if (ec) {
    if (ec == asio::error::eof || ec == asio::error::connection_reset) {
      LOG_INFO(kLog, "%s disconnected", s.label);
      s.closing = true;
      asio::error_code ignored;
      s.socket.close(ignored);
    } else {
      char why[160];
      std::snprintf(why, sizeof why, "read failed (%s)", ec.message().c_str());
      drop(s, why);
    }
    return;
  }
  s.in_size += n;
  size_t offset = 0;
  while (s.in_size - offset >= 4) {
    const auto* h = reinterpret_cast<const unsigned char*>(s.in.get() + offset);
    uint32_t length = (uint32_t{h[0]} << 24) | (uint32_t{h[1]} << 16) | (uint32_t{h[2]} << 8) | h[3];
    if (length > options.max_message_bytes) {
      char why[160];
      std::snprintf(why, sizeof why, "message of %u bytes exceeds the %zu-byte limit", length,
                    options.max_message_bytes);
      drop(s, why);
      return;
    }
    if (s.in_size - offset < 4 + length) break;
    std::string_view message(s.in.get() + offset + 4, length);
    int warnings_before = s.pending.warning_count;
    Status parsed = parse_agent_message(message, s.robot != kNoRobot, &parser, &s.pending);
    if (!parsed.ok()) {
      char why[256];
      std::snprintf(why, sizeof why, "malformed message (%s)", parsed.error().describe().c_str());
      drop(s, why);
      return;
    }
    if (s.pending.warning_count > warnings_before && s.warnings_logged < kMaxWarningsLogged) {
      ++s.warnings_logged;
      LOG_WARN(kLog, "%s: %s%s", s.label, s.pending.first_warning,
               s.warnings_logged == kMaxWarningsLogged ? " (further warnings suppressed)" : "");
      s.pending.warning_count = 0;
      s.pending.first_warning[0] = 0;
    }
    offset += 4 + length;
  }
  if (offset > 0) {
    std::memmove(s.in.get(), s.in.get() + offset, s.in_size - offset);
    s.in_size -= offset;
  }
  start_read(s);
}

void Server::Impl::release_if_idle(Session& s) {
  if (s.open && s.closing && s.robot == kNoRobot && !s.read_pending && !s.write_pending) {
    s.open = false;
    s.closing = false;
  }
}

void Server::Impl::send_staged(Session& s) {
  if (!s.has_staged || s.closing) return;
  if (s.write_pending) {
    ++stats.percepts_skipped;  // the agent is not reading; never block the cycle on it
    return;
  }
  int index = s.staged;
  s.write_pending = true;
  s.staged = 1 - index;
  s.has_staged = false;
  ++s.percepts_sent;
  asio::async_write(s.socket, asio::buffer(s.out[index].get(), s.out_size[index]),
                    [this, &s](const asio::error_code& ec, size_t) {
                      s.write_pending = false;
                      if (ec && !s.closing) {
                        char why[160];
                        std::snprintf(why, sizeof why, "write failed (%s)", ec.message().c_str());
                        drop(s, why);
                      }
                    });
}

// --- waiting -----------------------------------------------------------------

bool Server::Impl::sync_ready(int64_t wait_start_ns) const {
  if (options.lockstep && stats.connections < expected_agents.load()) return false;
  bool any_active = false;
  double waited = static_cast<double>(monotonic_ns() - wait_start_ns) * 1e-9;
  for (const Session* s : sessions) {
    if (!s->open) continue;
    if (s->closing) {
      if (s->robot != kNoRobot) any_active = true;  // a cycle must run to remove its robot
      continue;
    }
    if (s->robot == kNoRobot) {
      if (s->pending.scene) any_active = true;
      else if (options.lockstep) return false;  // its scene is on the way
      continue;
    }
    any_active = true;
    if (s->pending.syn) continue;
    if (s->stalled) continue;
    if (s->percepts_sent == 0) continue;  // its first percept goes out this cycle: nothing to answer yet
    if (!options.lockstep && s->percepts_made < kSyncExemptPercepts && waited > kExemptGraceSeconds) continue;
    return false;
  }
  return any_active;
}

bool Server::Impl::wait_sync() {
  int64_t start = monotonic_ns();
  for (;;) {
    io.poll();
    if (stop_requested.load()) return false;
    if (monitor && monitor->full_state_due()) publish_monitor(false);  // a monitor connected or asked
    if (sync_ready(start)) return true;
    if (limits_reached()) return false;
    const double waited = static_cast<double>(monotonic_ns() - start) * 1e-9;
    if (options.lockstep && stats.connections < expected_agents.load()) {
      // An agent that never connects must not hold the game for ever.
      if (waited > kLockstepJoinSeconds) {
        LOG_WARN(kLog, "lockstep: %d of %d expected agents connected after %.0f s; going on without the others",
                 stats.connections, expected_agents.load(), kLockstepJoinSeconds);
        expected_agents.store(stats.connections);
      }
      if (options.on_join_wait) options.on_join_wait();
      io.run_one_for(std::chrono::milliseconds(5));
      continue;
    }
    // A stalled agent must not stop the match: after the stall limit the
    // cycle goes on and every agent still silent misses it.
    if (options.sync_stall_seconds > 0 && waited >= options.sync_stall_seconds) {
      for (Session* s : sessions) {
        if (!s->open || s->closing || s->robot == kNoRobot || s->pending.syn || s->stalled) continue;
        s->stalled = true;
        LOG_WARN(kLog, "%s: no (syn) for %.1f s; the game goes on without waiting for it", s->label,
                 options.sync_stall_seconds);
      }
      return true;
    }
    io.run_one_for(std::chrono::milliseconds(5));
  }
}

bool Server::Impl::wait_real_time(int64_t* deadline_ns) {
  for (;;) {
    if (stop_requested.load()) return false;
    int64_t now = monotonic_ns();
    if (now >= *deadline_ns) break;
    io.run_one_for(std::chrono::nanoseconds(*deadline_ns - now));
    if (monitor && monitor->full_state_due()) publish_monitor(false);
  }
  io.poll();
  int64_t now = monotonic_ns();
  *deadline_ns += kCycleNs;
  // Fallen behind: discard the surplus instead of catching up (reference server).
  if (*deadline_ns < now) *deadline_ns = now + kCycleNs;
  return !stop_requested.load();
}

bool Server::Impl::limits_reached() const {
  if (options.max_cycles > 0 && cycle >= options.max_cycles) return true;
  if (options.max_wall_seconds > 0 &&
      static_cast<double>(monotonic_ns() - stats_start_ns) * 1e-9 >= options.max_wall_seconds)
    return true;
  return false;
}

// --- the cycle -----------------------------------------------------------------

void Server::Impl::remove_robot(Session& s) {
  if (s.robot != kNoRobot) {
    ++rebuilds_this_cycle;
    Status removed = physics->remove_robot(s.robot);
    if (!removed.ok()) LOG_ERROR(kLog, "%s: removing its robot failed: %s", s.label, removed.error().describe().c_str());
    if (s.team != Team::None) teams.release(s.team, s.unum, s.robot_type);
    LOG_INFO(kLog, "%s left; its robot is removed", s.label);
    s.robot = kNoRobot;
    ++stats.disconnections;
  }
  s.team = Team::None;
  s.has_staged = false;
}

void Server::Impl::apply_commands(Session& s) {
  AgentCommands& c = s.pending;
  // A stalled agent misses every cycle it does not answer; its (syn) brings it back.
  if (s.stalled) {
    if (c.syn) {
      s.stalled = false;
      LOG_INFO(kLog, "%s answers again after %lld missed cycles", s.label, static_cast<long long>(s.missed_syncs));
    } else {
      ++s.missed_syncs;
    }
  }
  if (c.scene && s.robot == kNoRobot) {
    int type = c.scene_type;
    if (type < 0 || type >= kRobotTypeCount || !options.allowed_types[type] || !description_loaded[type]) {
      char why[96];
      std::snprintf(why, sizeof why, "robot type %d is not allowed on this server", type);
      drop(s, why);
      c.clear();
      return;
    }
    if (rebuilds_this_cycle >= kMaxRebuildsPerCycle) {  // create it in a later cycle
      bool syn = c.syn;
      c.clear();
      c.scene = true;
      c.scene_type = type;
      c.syn = syn;
      return;
    }
    ++rebuilds_this_cycle;
    Result<RobotId> added = physics->add_robot(descriptions[type], -1, 0, spawn_placement(s.slot));
    if (!added.ok()) {
      char why[256];
      std::snprintf(why, sizeof why, "cannot create its robot (%s)", added.error().describe().c_str());
      drop(s, why);
      c.clear();
      return;
    }
    s.robot = added.value();
    s.robot_type = type;
    self_collision.reset(s.slot);
    s.percepts_made = 0;
    s.calibration = draw_calibration_offset(vision_noise, rng);
    LOG_INFO(kLog, "%s: robot of type %d created", s.label, type);
  }
  if (s.robot != kNoRobot) {
    for (int j = 0; j < kJointCount; ++j)
      if (c.joint_set[j])
        physics->set_joint_velocity(s.robot, static_cast<Joint>(j), self_collision.command(s.slot, j, c.joint_velocity[j]));

    if (c.init) {
      if (s.team != Team::None) {
        LOG_WARN(kLog, "%s: init ignored, it already plays for a team", s.label);
      } else {
        InitResult r = teams.init(c.init_team_name(), c.init_unum, s.robot_type);
        if (r.accepted) {
          s.team = r.team;
          s.unum = r.unum;
          s.team_name = teams.team_name(r.team);
          s.announce = true;
          s.set_label();
          physics->teleport_robot(s.robot, to_physics(r.placement));
          LOG_INFO(kLog, "%s joined the %s team", s.label, team_side_text(r.team));
        } else {
          LOG_WARN(kLog, "%s: init (unum %d)(teamname %.*s) rejected: %s; the robot stays teamless", s.label,
                   c.init_unum, static_cast<int>(c.init_team_length), c.init_team, r.reason);
        }
      }
    }
    if (c.beam && referee.beam_allowed()) {
      Placement p;
      if (beam_placement(s.team, c.beam_x, c.beam_y, c.beam_rot_deg, options.beam_noise, rng, &p))
        physics->teleport_robot(s.robot, to_physics(p));
    }
    // The referee judges (pass) on the snapshot of its last step, as the
    // reference's PassEffector uses the distances of the last referee update.
    if (c.pass && s.team != Team::None && referee.request_pass_mode(s.team, s.unum, referee_input))
      LOG_INFO(kLog, "%s: pass mode for the %s team", s.label, team_side_text(s.team));
    if (c.say && utterance_count < kMaxSessions) {
      Utterance& u = utterances[utterance_count++];
      u.speaker = s.slot;
      u.side = s.team;
      u.team_name = s.team_name;
      u.speaker_position = physics->torso_position(s.robot);
      std::memcpy(u.text, c.say_text, c.say_length);
      u.length = c.say_length;
    }
  }
  c.clear();
}

// The robots that play for a team, for the referee and the observer.
void Server::Impl::collect_team_robots() {
  team_robot_count = 0;
  for (const Session* s : sessions) {
    if (!s->open || s->closing || s->robot == kNoRobot || s->team == Team::None) continue;
    TeamRobot& t = team_robots[team_robot_count];
    t.robot = s->robot;
    t.team = s->team;
    t.unum = s->unum;
    CycleRobot& c = cycle_robots[team_robot_count];
    c.robot = s->robot;
    c.team = s->team == Team::Left ? 0 : 1;
    c.unum = s->unum;
    c.type = s->robot_type;
    c.missed_syncs = s->missed_syncs;
    ++team_robot_count;
  }
}

// After the physics step: the referee judges the new state, its placements
// are applied at once (so the percepts of this cycle show them), and the
// game state the percepts report is taken from it.
void Server::Impl::run_referee() {
  const double now = static_cast<double>(cycle) * kCycleSeconds;
  if (options.kick_off_when_players > 0) {
    if (referee.state().play_mode != protocol::PlayMode::BeforeKickOff) {
      players_ready_since = -1;
    } else if (team_robot_count >= options.kick_off_when_players) {
      if (players_ready_since < 0) players_ready_since = now;
      if (now - players_ready_since >= options.kick_off_delay) {
        referee.kick_off(TeamSide::None);
        players_ready_since = -1;
      }
    } else {
      players_ready_since = -1;
    }
  }
  fill_referee_input(*physics, team_robots, team_robot_count, &referee_input);
  referee.step(referee_input, kCycleSeconds, &referee_commands);
  apply_referee_commands(referee_commands, team_robots, team_robot_count, physics.get());
}

// rcssserver3d's self-collision rule, after the referee like its
// SoccerRuleAspect; the freezes act on the commands of the next cycles.
void Server::Impl::judge_self_collisions() {
  if (!self_collision.enabled()) return;
  int n = 0;
  for (const Session* s : sessions) {
    if (!s->open || s->closing || s->robot == kNoRobot || s->team == Team::None) continue;
    judged[n++] = JudgedRobot{s->slot, s->robot, s->robot_type, s->team, s->unum};
  }
  const GameState& game = referee.state();
  self_collision.judge(*physics, judged, n, game.play_mode == protocol::PlayMode::BeforeKickOff, game.game_time,
                       cycle);
}

// Trainer commands that arrived on the monitor port since the last cycle.
void Server::Impl::apply_trainer_messages() {
  if (!monitor) return;
  std::string_view message;
  int from = -1;
  while (monitor->next_trainer_message(&message, &from)) {
    Status parsed = parse_trainer_commands(message, &trainer_parser, &trainer_commands);
    if (!parsed.ok()) {
      LOG_WARN(kLog, "trainer: malformed message ignored: %s", parsed.error().describe().c_str());
      continue;
    }
    if (trainer_commands.rejected > 0)
      LOG_WARN(kLog, "trainer: %d command(s) ignored; first: %s", trainer_commands.rejected,
               trainer_commands.first_problem);
    for (int i = 0; i < trainer_commands.count; ++i) {
      TrainerEffects effects;
      if (!apply_trainer_command(trainer_commands.commands[i], team_robots, team_robot_count, &referee,
                                 physics.get(), &trainer_selection, &effects))
        LOG_WARN(kLog, "trainer: command %d had no robot to act on", i + 1);
      if (effects.kill_robot) {
        for (Session* s : sessions)
          if (s->open && s->robot == effects.kill_target.robot) drop(*s, "removed by the trainer (kill)");
      }
      if (effects.full_state_requested) monitor->request_full_state(from);
      if (effects.stop_server) stop_requested.store(true);
    }
  }
}

// What the monitors see: the game state and every robot with its team, in
// joining order (robot ids are never reused, so ascending id is joining
// order, as the reference appends new robots to its scene).
void Server::Impl::publish_monitor(bool update_due) {
  if (!monitor || !monitor->active()) return;
  const int64_t start = monotonic_ns();
  if (!snapshot_current) {
    physics->snapshot(&snapshot);
    snapshot_current = true;
  }
  int n = 0;
  for (const Session* s : sessions) {
    if (!s->open || s->robot == kNoRobot) continue;
    SceneRobot r;
    r.id = s->robot;
    r.type = s->robot_type;
    r.team = s->team;
    r.unum = s->unum;
    int k = n++;
    while (k > 0 && scene_robots[k - 1].id > r.id) {
      scene_robots[k] = scene_robots[k - 1];
      --k;
    }
    scene_robots[k] = r;
  }
  const GameState& game = referee.state();
  MonitorGameView view;
  view.time = game.game_time;
  view.half = game.half;
  view.score_left = game.score_left;
  view.score_right = game.score_right;
  view.play_mode = game.play_mode;
  view.team_left = teams.team_name(Team::Left);
  view.team_right = teams.team_name(Team::Right);
  monitor->publish(view, scene_robots, n, snapshot, update_due);
  stats.monitor_seconds += static_cast<double>(monotonic_ns() - start) * 1e-9;
  stats.monitor_messages = monitor->stats().full_states + monitor->stats().updates;
}

void Server::Impl::notify_observer() {
  if (!options.on_cycle) return;
  CycleView view;
  view.cycle = cycle;
  view.world = &snapshot;
  view.game = &referee.state();
  view.robots = cycle_robots;
  view.robot_count = team_robot_count;
  view.contacts = &physics->last_contacts();
  options.on_cycle(view);
}

void Server::Impl::run_cycle() {
  int64_t t0 = monotonic_ns();
  collect_team_robots();
  apply_trainer_messages();
  utterance_count = 0;
  rebuilds_this_cycle = 0;
  for (Session* s : sessions) {
    if (!s->open) continue;
    if (s->closing) {
      if (s->robot != kNoRobot && rebuilds_this_cycle >= kMaxRebuildsPerCycle) continue;  // next cycle
      remove_robot(*s);
      release_if_idle(*s);
      continue;
    }
    apply_commands(*s);
    if (s->closing && rebuilds_this_cycle < kMaxRebuildsPerCycle) remove_robot(*s);
  }
  for (Session* s : sessions)
    if (s->open) send_staged(*s);

  int64_t t1 = monotonic_ns();
  physics->step();
  int64_t t2 = monotonic_ns();
  ++cycle;
  collect_team_robots();
  run_referee();
  judge_self_collisions();
  stats.robot_cycles += physics->robot_count();

  snapshot_current = false;
  if (ground_truth || options.on_cycle || (monitor && monitor->active())) {
    physics->snapshot(&snapshot);
    snapshot_current = true;
  }
  if (ground_truth) {
    GroundTruthRobot robots[kMaxSessions];
    int n = 0;
    for (Session* s : sessions) {
      if (!s->open || s->robot == kNoRobot) continue;
      for (int i = 0; i < snapshot.robot_count; ++i) {
        if (snapshot.robots[i].id != s->robot) continue;
        robots[n].team = s->team;
        robots[n].team_name = s->team_name;
        robots[n].unum = s->unum;
        robots[n].type = s->robot_type;
        robots[n].snapshot = &snapshot.robots[i];
        ++n;
      }
    }
    ground_truth->publish(cycle, static_cast<double>(cycle) * kCycleSeconds, referee.state(), snapshot, robots, n);
  }
  publish_monitor(cycle % 2 == 0);  // every 0.04 s

  int64_t t_percepts = monotonic_ns();
  generate_percepts();
  int64_t t3 = monotonic_ns();
  int agents = 0;
  for (const Session* s : sessions) agents += s->open && !s->closing ? 1 : 0;
  agents_now.store(agents);
  robots_now.store(physics->robot_count());
  stats.physics_seconds += static_cast<double>(t2 - t1) * 1e-9;
  stats.percept_seconds += static_cast<double>(t3 - t_percepts) * 1e-9;
  stats.command_seconds += static_cast<double>(t1 - t0) * 1e-9;
  notify_observer();
}

void Server::Impl::generate_percepts() {
  int visible_count = 0;
  for (Session* s : sessions) {
    if (!s->open || s->closing || s->robot == kNoRobot) continue;
    RobotReadings& r = readings[s->slot];
    physics->read_robot(s->robot, &r);
    VisibleRobot& v = visible[visible_count++];
    v.has_team = s->team != Team::None;
    v.team_name = s->team_name;
    v.unum = s->unum;
    for (int m = 0; m < kMarkers; ++m) v.marker[m] = r.marker[m];
  }
  VisionScene scene;
  scene.ball = physics->ball_position();
  scene.robots = visible;
  scene.robot_count = visible_count;

  PerceptHeader header;
  header.server_time = static_cast<double>(cycle) * kCycleSeconds;
  const GameState& game = referee.state();
  header.game_time = game.game_time;
  header.score_left = game.score_left;
  header.score_right = game.score_right;
  header.play_mode = protocol::play_mode_name(game.play_mode);

  for (Session* s : sessions) {
    if (!s->open || s->closing || s->robot == kNoRobot) continue;
    const RobotReadings& r = readings[s->slot];
    header.announce = s->announce;
    header.unum = s->unum;
    header.team = s->team;
    HeardEntry heard[kMaxHeardPerCycle];
    int heard_count =
        select_heard(s->slot, s->team, r.torso_position, utterances, utterance_count, &s->budget, heard);
    VisionRequest vision;
    vision.due = s->percepts_made % 3 == 0;
    vision.scene = &scene;
    vision.calibration = s->calibration;
    vision.noise = &vision_noise;
    vision.rng = &rng;

    char* buffer = s->out[s->staged].get();
    TextWriter w(buffer + 4, kPerceptCapacity - 4);
    write_percept(&w, header, heard, heard_count, r, s->robot_type, vision);
    s->budget.refill();
    ++s->percepts_made;
    if (w.overflowed()) {
      LOG_ERROR(kLog, "%s: percept exceeds %zu bytes; not sent", s->label, kPerceptCapacity);
      continue;
    }
    uint32_t length = static_cast<uint32_t>(w.size());
    auto* h = reinterpret_cast<unsigned char*>(buffer);
    h[0] = static_cast<unsigned char>(length >> 24);
    h[1] = static_cast<unsigned char>(length >> 16);
    h[2] = static_cast<unsigned char>(length >> 8);
    h[3] = static_cast<unsigned char>(length);
    s->out_size[s->staged] = 4 + length;
    s->has_staged = true;
    s->announce = false;
  }
}

// ---------------------------------------------------------------------------

Result<std::unique_ptr<Server>> Server::create(const ServerOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->referee = Referee(options.rules, static_cast<uint32_t>(options.seed_given ? options.seed : 0x5eed));
  if (options.max_message_bytes < 64 || options.max_message_bytes > 1024 * 1024)
    return make_error("max message size must be 64 B - 1 MiB");
  uint64_t seed = options.seed_given ? options.seed : static_cast<uint64_t>(monotonic_ns());
  impl->rng.seed(static_cast<std::mt19937::result_type>(seed ^ (seed >> 32)));
  impl->vision_noise.enabled = options.vision_noise;
  TypeLimits limits;
  limits.enabled = options.type_limits;
  impl->teams = TeamRegistry(limits);

  std::string robots_dir = options.robots_dir.empty() ? LIBERO_DEFAULT_ROBOTS_DIR : options.robots_dir;
  bool any_type = false;
  for (int type = 0; type < kRobotTypeCount; ++type) {
    if (!options.allowed_types[type]) continue;
    any_type = true;
    Result<robot::RobotDescription> d = robot::load_robot_description(robots_dir, "nao", type);
    if (!d.ok()) return make_error("loading the NAO type " + std::to_string(type) + " from " + robots_dir + ": " +
                                   d.error().describe());
    impl->descriptions[type] = std::move(d.value());
    impl->description_loaded[type] = true;
  }
  if (!any_type) return make_error("no robot type is allowed");

  PhysicsOptions physics_options;
  const std::string physics_file =
      options.physics_file.empty() ? default_physics_file(robots_dir) : options.physics_file;
  Result<PhysicsParams> physics_params = load_physics_params(physics_file);
  if (!physics_params.ok()) return make_error("physics parameters: " + physics_params.error().describe());
  physics_options.params = physics_params.value();
  physics_options.seed = seed;
  physics_options.substeps = options.physics_substeps;
  physics_options.robot_slip = options.robot_slip;
  Result<std::unique_ptr<PhysicsWorld>> world = PhysicsWorld::create(physics_options);
  if (!world.ok()) return make_error("physics: " + world.error().describe());
  impl->physics = std::move(world.value());
  const robot::RobotDescription* judged_types[kRobotTypeCount] = {};
  for (int type = 0; type < kRobotTypeCount; ++type)
    if (impl->description_loaded[type]) judged_types[type] = &impl->descriptions[type];
  if (Status loaded = impl->self_collision.load(robots_dir, physics_file, judged_types); !loaded.ok())
    return make_error("self-collision rule: " + loaded.error().describe());

  asio::error_code ec;
  asio::ip::address address = asio::ip::make_address(options.bind_address, ec);
  if (ec) return make_error("bad bind address '" + options.bind_address + "': " + ec.message());
  if (options.agent_port < 0 || options.agent_port > 65535) return make_error("agent port out of range");
  tcp::endpoint endpoint(address, static_cast<unsigned short>(options.agent_port));
  impl->agent_acceptor.open(endpoint.protocol(), ec);
  if (!ec) impl->agent_acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) impl->agent_acceptor.bind(endpoint, ec);
  if (!ec) impl->agent_acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    return make_error("cannot listen for agents on " + options.bind_address + ":" +
                      std::to_string(options.agent_port) + ": " + ec.message());

  if (options.monitor_port >= 0) {
    const robot::RobotDescription* served[kRobotTypeCount] = {};
    for (int type = 0; type < kRobotTypeCount; ++type)
      if (impl->description_loaded[type]) served[type] = &impl->descriptions[type];
    Result<std::unique_ptr<MonitorPort>> monitor =
        MonitorPort::open(impl->io, address, options.monitor_port, served);
    if (!monitor.ok()) return monitor.error();
    impl->monitor = std::move(monitor.value());
  }
  if (!options.ground_truth.empty()) {
    Result<std::unique_ptr<GroundTruthFeed>> feed = GroundTruthFeed::open(impl->io, address, options.ground_truth);
    if (!feed.ok()) return feed.error();
    impl->ground_truth = std::move(feed.value());
  }

  for (int i = 0; i < kMaxSessions; ++i) {
    auto* s = new Session(impl->io);
    s->slot = i;
    s->in_capacity = 4 + options.max_message_bytes;
    s->in = std::make_unique<char[]>(s->in_capacity);
    s->out[0] = std::make_unique<char[]>(kPerceptCapacity);
    s->out[1] = std::make_unique<char[]>(kPerceptCapacity);
    impl->sessions[i] = s;
  }
  return std::unique_ptr<Server>(new Server(std::move(impl)));
}

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Server::~Server() = default;

int Server::agent_port() const { return impl_->agent_acceptor.local_endpoint().port(); }
int Server::monitor_port() const { return impl_->monitor ? impl_->monitor->port() : -1; }
int Server::ground_truth_port() const { return impl_->ground_truth ? impl_->ground_truth->port() : -1; }

void Server::stop() {
  impl_->stop_requested.store(true);
  impl_->io.stop();
}

Status Server::run() {
  Impl& w = *impl_;
  w.stats_start_ns = monotonic_ns();
  w.start_accept();
  if (w.monitor) w.monitor->start();
  if (w.ground_truth) w.ground_truth->start();
  if (w.options.handle_signals) {
    w.signals = std::make_unique<asio::signal_set>(w.io, SIGINT, SIGTERM);
    w.signals->async_wait([&w](const asio::error_code& ec, int signal) {
      if (ec) return;
      LOG_INFO(kLog, "signal %d: stopping", signal);
      w.stop_requested.store(true);
    });
  }
  LOG_INFO(kLog, "serving agents on %s:%d (%s mode), monitor port %d", w.options.bind_address.c_str(),
           agent_port(), w.options.sync_mode ? "sync" : "real-time", monitor_port());

  int64_t deadline = monotonic_ns() + kCycleNs;
  while (!w.stop_requested.load() && !w.limits_reached()) {
    bool go = w.options.sync_mode ? w.wait_sync() : w.wait_real_time(&deadline);
    if (!go) break;
    w.run_cycle();
  }

  // Close everything and let the cancelled operations finish.
  asio::error_code ignored;
  w.agent_acceptor.close(ignored);
  if (w.monitor) w.monitor->close();
  if (w.ground_truth) w.ground_truth->close();
  if (w.signals) w.signals->cancel(ignored);
  for (Session* s : w.sessions) {
    if (!s->open) continue;
    s->closing = true;
    s->socket.close(ignored);
  }
  w.io.restart();
  w.io.poll();
  // The world goes away with the server: no per-robot model rebuilds here.
  for (Session* s : w.sessions) {
    if (s->open && s->robot != kNoRobot) {
      if (s->team != Team::None) w.teams.release(s->team, s->unum, s->robot_type);
      s->robot = kNoRobot;
      ++w.stats.disconnections;
    }
    w.release_if_idle(*s);
  }
  w.stats.cycles = w.cycle;
  w.stats.simulated_seconds = static_cast<double>(w.cycle) * kCycleSeconds;
  w.stats.wall_seconds = static_cast<double>(monotonic_ns() - w.stats_start_ns) * 1e-9;
  LOG_INFO(kLog, "stopped after %lld cycles (%.2f simulated s in %.2f wall s)", static_cast<long long>(w.cycle),
           w.stats.simulated_seconds, w.stats.wall_seconds);
  return {};
}

ServerStats Server::stats() const {
  ServerStats s = impl_->stats;
  s.cycles = impl_->cycle;
  s.simulated_seconds = static_cast<double>(impl_->cycle) * kCycleSeconds;
  return s;
}

int Server::connected_agents() const { return impl_->agents_now.load(); }
int Server::robot_count() const { return impl_->robots_now.load(); }
const GameState& Server::game_state() const { return impl_->referee.state(); }
void Server::kick_off(TeamSide team) { impl_->referee.kick_off(team); }
void Server::expect_agents(int count) { impl_->expected_agents.store(count); }

}  // namespace libero::sim
