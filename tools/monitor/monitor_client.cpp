#include "tools/monitor/monitor_client.h"

#include "core/log.h"

namespace libero::monitor {

namespace {
constexpr const char* kLog = "monitor";
// A full 11 vs 11 scene is about 150 kB; leave room for bigger scenes.
constexpr size_t kMaxMonitorFrame = 4u << 20;
}  // namespace

MonitorClient::MonitorClient() : tcp_(kMaxMonitorFrame) {}

Status MonitorClient::connect(const std::string& host, uint16_t port, int timeout_ms) {
  return tcp_.connect(host, port, timeout_ms);
}

Result<MonitorClient::Received> MonitorClient::receive_one(int timeout_ms) {
  std::string_view payload;
  Result<bool> got = tcp_.receive(timeout_ms, &payload);
  if (!got.ok()) return got.error();
  if (!*got) return Received::Nothing;
  ++messages_;
  const bool is_full = payload.find("(RSG") != std::string_view::npos;
  if (awaiting_full_ && !is_full) return Received::Skipped;
  Status applied = reader_.apply(payload);
  if (!applied.ok()) {
    // The reader's scene no longer matches the server's: start again from a
    // full state rather than guess.
    LOG_WARN(kLog, "monitor message not understood (%s); asking for a full state",
             applied.error().describe().c_str());
    ++resyncs_;
    awaiting_full_ = true;
    if (Status sent = tcp_.send("(reqfullstate)", 1000); !sent.ok()) return sent.error();
    return Received::Skipped;
  }
  if (is_full) awaiting_full_ = false;
  return Received::Applied;
}

Result<bool> MonitorClient::poll(int timeout_ms) {
  Result<Received> got = receive_one(timeout_ms);
  if (!got.ok()) return got.error();
  return *got == Received::Applied;
}

Result<bool> MonitorClient::drain() {
  bool any = false;
  for (;;) {
    Result<Received> got = receive_one(0);
    if (!got.ok()) return got.error();
    if (*got == Received::Nothing) return any;
    any |= *got == Received::Applied;
  }
}

Status MonitorClient::send(std::string_view command) { return tcp_.send(command, 1000); }

}  // namespace libero::monitor
