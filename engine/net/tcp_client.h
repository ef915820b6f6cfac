// TCP client speaking length-prefixed frames (SimSpark's transport). asio
// does the connecting; steady-state reads and writes are non-blocking
// socket calls waited on with poll(2), so every wait has a deadline and
// nothing is allocated per message. Knows nothing of message contents.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"
#include "net/frame_buffer.h"

namespace libero::net {

class TcpClient {
 public:
  explicit TcpClient(size_t max_frame_size = kDefaultMaxFrameSize);
  ~TcpClient();
  TcpClient(const TcpClient&) = delete;
  TcpClient& operator=(const TcpClient&) = delete;

  // Resolves host and connects, giving up after timeout_ms. Closes any
  // previous connection first.
  Status connect(const std::string& host, uint16_t port, int timeout_ms);
  bool is_open() const;
  void close();

  // Waits up to timeout_ms (0: only take what has already arrived) for the
  // next complete frame. Returns true with *payload set (valid until the next
  // receive call), false when the time ran out or a signal interrupted the
  // wait, or an Error when the peer closed, sent an oversized frame or the
  // socket failed; after an Error the connection is closed.
  Result<bool> receive(int timeout_ms, std::string_view* payload);

  // Like receive(), but running out of time is an Error too ("peer stalled").
  Result<std::string_view> receive_frame(int timeout_ms);

  // Sends one frame (length prefix + payload), waiting at most timeout_ms for
  // socket space. An Error closes the connection.
  Status send(std::string_view payload, int timeout_ms);

  size_t max_frame_size() const { return buffer_.max_frame_size(); }
  uint64_t bytes_received() const { return bytes_received_; }
  uint64_t bytes_sent() const { return bytes_sent_; }

 private:
  struct Impl;  // keeps asio out of this header
  std::unique_ptr<Impl> impl_;
  FrameBuffer buffer_;
  std::string peer_;  // "host:port" for error messages
  uint64_t bytes_received_ = 0;
  uint64_t bytes_sent_ = 0;
};

}  // namespace libero::net
