#include "calibration_link.h"

#include <unistd.h>

#include <cstdint>
#include <vector>

namespace libero::bench {

Status CalibrationLink::open(const BenchServer& choice, int seed, const std::string& tag) {
  close();
  std::string pattern = "/tmp/libero-" + tag + "-XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (::mkdtemp(buffer.data()) == nullptr) return make_error("mkdtemp failed");
  work_ = buffer.data();
  if (Status started = start_bench_server(choice, seed, (work_ / "server.log").string(), &server_); !started.ok()) {
    close();
    return started;
  }
  if (Status c = monitor.connect("127.0.0.1", static_cast<uint16_t>(server_.monitor_port()), 5000); !c.ok()) {
    close();
    return make_error("monitor: " + c.error().describe());
  }
  if (Status c = agent.connect("127.0.0.1", static_cast<uint16_t>(server_.agent_port()), 5000); !c.ok()) {
    close();
    return make_error("agent port: " + c.error().describe());
  }
  return {};
}

void CalibrationLink::close() {
  agent.close();
  monitor.close();
  server_.stop();
  if (!work_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(work_, ec);
    work_.clear();
  }
}

}  // namespace libero::bench
