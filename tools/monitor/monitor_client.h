// A monitor (and trainer) connection to rcssserver3d's port 3200 or to
// `libero serve`'s: receives scene messages into a SceneReader and sends
// trainer commands (facts §8.2). When an update cannot be matched to the
// scene held, it asks for a full state and skips updates until one comes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "net/tcp_client.h"
#include "tools/monitor/scene_reader.h"

namespace libero::monitor {

class MonitorClient {
 public:
  MonitorClient();
  Status connect(const std::string& host, uint16_t port, int timeout_ms);
  // Waits up to timeout_ms for one message and applies it. True when a
  // message was applied, false when the time ran out (or the message was an
  // update skipped while a full state is awaited). An Error when the
  // connection failed or closed.
  Result<bool> poll(int timeout_ms);
  // Takes every message already queued without waiting (skipped ones too);
  // true if any was applied.
  Result<bool> drain();
  // One or more trainer commands, e.g. "(kickOff Left)".
  Status send(std::string_view command);
  const SceneState& state() const { return reader_.state(); }
  long messages() const { return messages_; }
  long resyncs() const { return resyncs_; }
  void close() { tcp_.close(); }

 private:
  enum class Received { Nothing, Applied, Skipped };
  // One message, if one arrives within timeout_ms; an update that arrives
  // while a full state is awaited is skipped.
  Result<Received> receive_one(int timeout_ms);

  net::TcpClient tcp_;
  SceneReader reader_;
  bool awaiting_full_ = false;
  long messages_ = 0;
  long resyncs_ = 0;
};

}  // namespace libero::monitor
