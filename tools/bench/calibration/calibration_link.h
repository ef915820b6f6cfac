// One calibration run's server: a fresh `libero serve` or rcssserver3d
// (bench_server.h) in a temporary folder of its own, with its monitor port
// and one agent connection open, for the tools that speak the agent
// protocol by hand (libero_open_loop, libero_ball_roll). Closing it, or
// letting it go, closes both connections, stops the server and removes
// the folder.
#pragma once

#include <filesystem>
#include <string>

#include "bench_server.h"
#include "core/result.h"
#include "net/tcp_client.h"
#include "tools/monitor/monitor_client.h"
#include "tools/realserver/real_server.h"

namespace libero::bench {

class CalibrationLink {
 public:
  CalibrationLink() = default;
  CalibrationLink(const CalibrationLink&) = delete;
  CalibrationLink& operator=(const CalibrationLink&) = delete;
  ~CalibrationLink() { close(); }

  // tag names the temporary folder (/tmp/libero-<tag>-XXXXXX). The errors
  // say which step failed ("monitor: ...", "agent port: ...").
  Status open(const BenchServer& choice, int seed, const std::string& tag);
  void close();

  monitor::MonitorClient monitor;
  net::TcpClient agent;

 private:
  realserver::ServerProcess server_;
  std::filesystem::path work_;
};

}  // namespace libero::bench
