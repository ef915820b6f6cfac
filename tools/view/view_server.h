// `libero view`'s server: one monitor connection (tools/monitor) to a
// running game (`libero serve` or rcssserver3d) and an HTTP server on
// loopback that gives browsers the page (tools/view/web), three.js from
// Debian's libjs-three, and the game live as Server-Sent Events.
//
// Two threads: the monitor thread reads the game and sends trainer
// commands; the I/O thread (asio) serves browsers. The monitor thread hands
// over only its latest frame (one slot, one pending post), and each browser
// has a bounded queue that drops its oldest frames when the browser does not
// keep up, so neither a slow nor a vanished browser can hold up the monitor
// connection, and through it the game (measured: docs/benchmarks.md,
// "Viewer"). A browser that has taken nothing for `stall_close_seconds` is
// disconnected.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "core/result.h"

namespace libero::view {

struct ViewOptions {
  std::string bind_address = "127.0.0.1";
  int port = 3300;                      // 0 = any free port
  std::string monitor_host = "127.0.0.1";
  int monitor_port = 3200;
  std::string web_dir;                  // the page's files (tools/view/web)
  std::string three_dir = "/usr/share/javascript/three";  // Debian's libjs-three
  int client_queue = 4;                 // events queued per browser before frames are dropped
  int max_clients = 32;                 // event streams at once; more get 503
  double max_frame_rate = 50;           // frames per second to browsers at most (sync-mode games run faster)
  double stall_close_seconds = 10;      // a browser whose write has not finished in this long is dropped
  double request_timeout_seconds = 10;  // to send a whole request
  bool quiet = false;                   // no log line per monitor (dis)connection
  // UDP port on bind_address for agents' debug channels (engine/agent/
  // debug_channel.h): -1 = the HTTP port's number, 0 = any free port.
  int debug_port = -1;
};

struct ViewStats {
  int64_t monitor_messages = 0;   // applied monitor messages
  int64_t monitor_connects = 0;
  bool monitor_connected = false;
  int64_t frames_published = 0;   // frames handed to the I/O thread
  int64_t frames_sent = 0;        // events fully written to browsers
  int64_t frames_dropped = 0;     // events dropped from slow browsers' queues
  int64_t clients = 0;            // event streams open now
  int64_t clients_total = 0;
  int64_t clients_closed_slow = 0;
  int64_t requests = 0, bad_requests = 0;
  int64_t trainer_commands = 0;   // sent to the monitor port
  int64_t debug_datagrams = 0;    // from agents' debug channels
  int64_t debug_rejected = 0;     // datagrams that were not a debug channel's
  int64_t watch_replies = 0;      // "watch" datagrams sent to agents
};

class ViewServer {
 public:
  // Binds the HTTP port (so port() is known) but starts nothing yet.
  static Result<std::unique_ptr<ViewServer>> open(const ViewOptions& options);
  ~ViewServer();
  ViewServer(const ViewServer&) = delete;
  ViewServer& operator=(const ViewServer&) = delete;

  int port() const;
  int debug_port() const;  // the UDP port agents publish to
  // Starts the I/O and monitor threads; the monitor is (re)connected in the
  // background, so the game may start before or after the viewer.
  void start();
  // Stops both threads and closes every connection. Idempotent.
  void stop();
  ViewStats stats() const;

  struct Impl;

 private:
  explicit ViewServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace libero::view
