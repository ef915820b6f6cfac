// The monitor port (rcssserver3d: 3200), minimal for now: accepts up to four
// monitors/trainers, sends each a state message with the field predicates on
// connect and a small update (time, teams, half, scores, play mode) every
// 0.04 s, in the reference framing (4-byte big-endian length). No scene
// graph yet. Incoming trainer commands are read and ignored until the
// referee issue routes them (facts §8).
#pragma once

#include <asio.hpp>

#include <cstdint>
#include <memory>

#include "core/result.h"
#include "tools/sim/server/match_state.h"
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
  void cycle(int64_t cycle, const MatchState& match, const TeamRegistry& teams);
  void close();

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
};

}  // namespace libero::sim
