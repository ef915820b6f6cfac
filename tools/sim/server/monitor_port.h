// The monitor port (rcssserver3d: 3200): accepts up to four
// monitors/trainers, sends each a state message with the field predicates on
// connect and a small update (time, teams, half, scores, play mode) every
// 0.04 s, in the reference framing (4-byte big-endian length). No scene
// graph yet. Incoming messages (trainer commands, facts §8.2) are framed and
// queued; the server takes them at the start of each cycle.
#pragma once

#include <asio.hpp>

#include <cstdint>
#include <memory>
#include <string_view>

#include "core/result.h"
#include "tools/sim/referee/referee.h"
#include "tools/sim/server/team_registry.h"

namespace libero::sim {

class MonitorPort {
 public:
  static Result<std::unique_ptr<MonitorPort>> open(asio::io_context& io, const asio::ip::address& address,
                                                   int port);
  ~MonitorPort();
  int port() const { return port_; }
  void start();
  // Called once per server cycle after the physics step.
  void cycle(int64_t cycle, const GameState& match, const TeamRegistry& teams);
  void close();
  // The oldest queued trainer message, valid until the next call; false when
  // none is left.
  bool next_trainer_message(std::string_view* message);
  // Every monitor gets a full state message next.
  void request_full_state();

  struct Client;

 private:
  explicit MonitorPort(asio::io_context& io);
  void start_accept();
  void start_read(Client& c);
  void send(Client& c, const char* text, size_t length);

  asio::io_context& io_;
  asio::ip::tcp::acceptor acceptor_;
  asio::ip::tcp::socket incoming_;
  int port_ = -1;
  static constexpr int kMaxClients = 4;
  std::unique_ptr<Client> clients_[kMaxClients];
  bool closed_ = false;
  // Queued trainer messages: a fixed ring, so a flood cannot grow memory.
  static constexpr int kQueueLength = 64;
  static constexpr size_t kMaxTrainerMessage = 4096;
  char queue_[kQueueLength][kMaxTrainerMessage];
  size_t queue_length_[kQueueLength] = {};
  int queue_head_ = 0, queue_count_ = 0;
  char current_[kMaxTrainerMessage];
  void enqueue(Client& c, const char* data, size_t length);
};

}  // namespace libero::sim
