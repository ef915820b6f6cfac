// A loopback relay between external agents and rcssserver3d that hands the
// server each new connection only together with the agent's first message.
//
// Why: in sync mode rcssserver3d 0.7.2 deadlocks when an agent connects and
// sends its first message (the scene) a moment later while other agents are
// already synced: the new agent never gets its first percept and the server
// waits for its (syn) for ever. A client that sends at once joins fine; one
// that waits 50 ms after connecting never does (measured with a scripted
// client; UT Austin Villa's agent reads its parameter files between the two
// and so never joins a running sync-mode game). Libero's own agents send the
// scene at once and connect directly.
//
// Each accepted connection gets a thread that reads the first frame, then
// connects to the server, sends it and copies bytes both ways until either
// side closes. Stopping closes everything and joins the threads.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/result.h"

namespace libero::match {

class JoinRelay {
 public:
  JoinRelay() = default;
  ~JoinRelay();
  JoinRelay(const JoinRelay&) = delete;
  JoinRelay& operator=(const JoinRelay&) = delete;

  // Listens on a free 127.0.0.1 port and relays to 127.0.0.1:server_port.
  Status start(int server_port);
  int port() const { return port_; }
  void stop();
  int connections() const { return connections_.load(); }

 private:
  void accept_loop();
  void relay(int agent_fd);

  int listen_fd_ = -1;
  int port_ = 0;
  int server_port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<int> connections_{0};
  std::thread acceptor_;
  std::mutex mutex_;
  std::vector<std::thread> relays_;
  std::vector<int> open_fds_;
};

}  // namespace libero::match
