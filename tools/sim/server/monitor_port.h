// The monitor port (rcssserver3d: 3200). Up to four monitors or trainers
// connect; each gets, in the reference framing (4-byte big-endian length):
//   * a full state "(<predicates>)(RSG 0 1)(<scene>)" on connect, when a
//     robot joins, leaves or gets its team, and after its own (reqfullstate);
//   * otherwise an update "(<predicates>)(RDS 0 1)(<scene>)" every 0.04 s of
//     simulated time (every second cycle).
// Game-state predicates: monitor_predicates.h; scene: scene_graph.h and
// scene_writer.h. Each monitor has its own memory of what it was sent, so a
// monitor whose previous message is still unsent simply misses cycles: the
// server never waits for a monitor, and the skipped monitor's next update is
// still relative to what it really got.
//
// Nothing is computed while no monitor is connected; with monitors, the
// per-cycle path writes into buffers allocated when the port opens.
//
// Incoming messages (trainer commands, facts §8.2) are framed and queued
// with the monitor they came from; the server takes them at the start of each
// cycle.
#pragma once

#include <asio.hpp>

#include <cstdint>
#include <memory>
#include <string_view>

#include "core/result.h"
#include "robot/description.h"
#include "tools/sim/server/monitor_predicates.h"
#include "tools/sim/server/scene_graph.h"

namespace libero::sim {

class MonitorPort {
 public:
  static constexpr int kMaxClients = 4;
  // Scene messages of up to this size (a full state with 22 robots is about
  // a third of it).
  static constexpr size_t kOutCapacity = 1 << 20;

  // `descriptions` (indexed by robot type, nullptr = not served) must
  // outlive the port.
  static Result<std::unique_ptr<MonitorPort>> open(asio::io_context& io, const asio::ip::address& address,
                                                   int port,
                                                   const robot::RobotDescription* const descriptions[kRobotTypeCount]);
  ~MonitorPort();
  int port() const { return port_; }
  void start();
  void close();

  // True while any monitor is connected: only then is a scene worth
  // computing.
  bool active() const { return connected() > 0; }
  int connected() const;
  // A monitor waits for a full state it can be sent now (a new connection,
  // a (reqfullstate)); the server then publishes between cycles too.
  bool full_state_due() const;

  // Sends what is due. `update_due`: this cycle is an update cycle (every
  // 0.04 s); otherwise only full states go out. `robots` in joining order.
  void publish(const MonitorGameView& game, const SceneRobot* robots, int robot_count, const WorldSnapshot& world,
               bool update_due);

  // The oldest queued trainer message, valid until the next call, and the
  // monitor it came from; false when none is left.
  bool next_trainer_message(std::string_view* message, int* client);
  // That monitor gets a full state next (-1: every monitor).
  void request_full_state(int client);

  // Counters for tests and benchmarks.
  struct Stats {
    int64_t full_states = 0, updates = 0;
    int64_t skipped = 0;        // a monitor had not taken its previous message
    int64_t overflows = 0;      // a message did not fit kOutCapacity and was not sent
  };
  const Stats& stats() const { return stats_; }
  const SceneGraph& scene() const { return *scene_; }

  struct Client;

 private:
  explicit MonitorPort(asio::io_context& io);
  void start_accept();
  void start_read(Client& c);
  void enqueue(Client& c, const char* data, size_t length);
  void send(Client& c, size_t length);

  asio::io_context& io_;
  asio::ip::tcp::acceptor acceptor_;
  asio::ip::tcp::socket incoming_;
  int port_ = -1;
  std::unique_ptr<Client> clients_[kMaxClients];
  std::unique_ptr<SceneGraph> scene_;
  bool closed_ = false;
  Stats stats_;
  // Queued trainer messages: a fixed ring, so a flood cannot grow memory.
  static constexpr int kQueueLength = 64;
  static constexpr size_t kMaxTrainerMessage = 4096;
  char queue_[kQueueLength][kMaxTrainerMessage];
  size_t queue_length_[kQueueLength] = {};
  int queue_client_[kQueueLength] = {};
  int queue_head_ = 0, queue_count_ = 0;
  char current_[kMaxTrainerMessage];
};

}  // namespace libero::sim
