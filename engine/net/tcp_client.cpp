#include "net/tcp_client.h"

#include <poll.h>

#include <array>
#include <asio.hpp>
#include <cerrno>
#include <cstring>
#include <chrono>

#include "core/clock.h"

namespace libero::net {

struct TcpClient::Impl {
  asio::io_context io;
  asio::ip::tcp::socket socket{io};
};

namespace {

// Waits until fd is readable/writable or timeout_ms passes. Returns
// 1 ready, 0 timed out or interrupted by a signal, -1 poll failed.
int wait_for(int fd, short events, int timeout_ms) {
  pollfd entry{fd, events, 0};
  int n = ::poll(&entry, 1, timeout_ms < 0 ? 0 : timeout_ms);
  if (n < 0) return errno == EINTR ? 0 : -1;
  return n > 0 ? 1 : 0;
}

int remaining_ms(int64_t deadline_ns) {
  int64_t left = deadline_ns - monotonic_ns();
  if (left <= 0) return 0;
  return static_cast<int>((left + 999999) / 1000000);
}

}  // namespace

TcpClient::TcpClient(size_t max_frame_size) : impl_(new Impl), buffer_(max_frame_size) {}

TcpClient::~TcpClient() { close(); }

bool TcpClient::is_open() const { return impl_->socket.is_open(); }

void TcpClient::close() {
  asio::error_code ignored;
  if (impl_->socket.is_open()) {
    impl_->socket.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    impl_->socket.close(ignored);
  }
  buffer_.reset();
}

Status TcpClient::connect(const std::string& host, uint16_t port, int timeout_ms) {
  close();
  peer_ = host + ":" + std::to_string(port);
  asio::error_code ec;
  asio::ip::tcp::resolver resolver(impl_->io);
  auto endpoints = resolver.resolve(host, std::to_string(port), ec);
  if (ec) return make_error("cannot resolve " + peer_ + ": " + ec.message());

  // async_connect + run_for is the only way to bound a connect in asio; it
  // runs once per connection, so its allocations do not matter.
  bool done = false;
  asio::error_code connect_error;
  asio::async_connect(impl_->socket, endpoints,
                      [&](const asio::error_code& e, const asio::ip::tcp::endpoint&) {
                        done = true;
                        connect_error = e;
                      });
  impl_->io.restart();
  impl_->io.run_for(std::chrono::milliseconds(timeout_ms));
  if (!done) {
    impl_->socket.close(ec);
    impl_->io.restart();
    impl_->io.run();  // lets the cancelled handler finish
    return make_error("connecting to " + peer_ + " timed out after " + std::to_string(timeout_ms) + " ms");
  }
  if (connect_error) {
    impl_->socket.close(ec);
    return make_error("cannot connect to " + peer_ + ": " + connect_error.message());
  }
  impl_->socket.set_option(asio::ip::tcp::no_delay(true), ec);  // one small frame per cycle: no Nagle delay
  impl_->socket.non_blocking(true, ec);
  if (ec) {
    close();
    return make_error("cannot make the socket to " + peer_ + " non-blocking: " + ec.message());
  }
  buffer_.reset();
  return {};
}

Result<bool> TcpClient::receive(int timeout_ms, std::string_view* payload) {
  if (!is_open()) return make_error("receive on a closed connection" + (peer_.empty() ? "" : " to " + peer_));
  int64_t deadline = monotonic_ns() + static_cast<int64_t>(timeout_ms) * 1000000;
  for (;;) {
    Result<bool> framed = buffer_.next_frame(payload);
    if (!framed.ok()) {
      Error error = make_error("from " + peer_ + ": " + framed.error().message);
      close();
      return error;
    }
    if (*framed) return true;

    buffer_.make_room();
    asio::error_code ec;
    size_t n = impl_->socket.read_some(asio::buffer(buffer_.write_position(), buffer_.write_capacity()), ec);
    if (!ec) {
      buffer_.commit(n);
      bytes_received_ += n;
      continue;
    }
    if (ec == asio::error::would_block || ec == asio::error::try_again || ec == asio::error::interrupted) {
      int left = remaining_ms(deadline);
      if (left == 0) return false;
      int ready = wait_for(impl_->socket.native_handle(), POLLIN, left);
      if (ready < 0) {
        close();
        return make_error("waiting for data from " + peer_ + " failed: " + std::string(strerror(errno)));
      }
      if (ready == 0) return false;  // timed out or a signal: the caller decides
      continue;
    }
    Error error;
    if (ec == asio::error::eof) {
      size_t pending = buffer_.pending_bytes();
      error = make_error(pending == 0 ? "connection closed by " + peer_
                                      : "connection closed by " + peer_ + " in the middle of a frame (" +
                                            std::to_string(pending) + " bytes of it received)");
    } else {
      error = make_error("receiving from " + peer_ + " failed: " + ec.message());
    }
    close();
    return error;
  }
}

Result<std::string_view> TcpClient::receive_frame(int timeout_ms) {
  std::string_view payload;
  int64_t deadline = monotonic_ns() + static_cast<int64_t>(timeout_ms) * 1000000;
  for (;;) {
    Result<bool> got = receive(remaining_ms(deadline), &payload);
    if (!got.ok()) return got.error();
    if (*got) return payload;
    if (remaining_ms(deadline) == 0) {
      return make_error("no complete message from " + peer_ + " within " + std::to_string(timeout_ms) +
                        " ms (peer stalled?)");
    }
  }
}

Status TcpClient::send(std::string_view payload, int timeout_ms) {
  if (!is_open()) return make_error("send on a closed connection" + (peer_.empty() ? "" : " to " + peer_));
  if (payload.size() > buffer_.max_frame_size()) {
    return make_error("refusing to send a frame of " + std::to_string(payload.size()) +
                      " bytes: the maximum is " + std::to_string(buffer_.max_frame_size()));
  }
  unsigned char header[kFrameHeaderSize];
  write_frame_header(static_cast<uint32_t>(payload.size()), header);
  const size_t total = kFrameHeaderSize + payload.size();
  size_t written = 0;
  int64_t deadline = monotonic_ns() + static_cast<int64_t>(timeout_ms) * 1000000;
  while (written < total) {
    std::array<asio::const_buffer, 2> parts;
    if (written < kFrameHeaderSize) {
      parts[0] = asio::buffer(header + written, kFrameHeaderSize - written);
      parts[1] = asio::buffer(payload.data(), payload.size());
    } else {
      parts[0] = asio::buffer(payload.data() + (written - kFrameHeaderSize), total - written);
      parts[1] = asio::const_buffer();
    }
    asio::error_code ec;
    size_t n = impl_->socket.write_some(parts, ec);
    if (!ec) {
      written += n;
      continue;
    }
    if (ec == asio::error::would_block || ec == asio::error::try_again || ec == asio::error::interrupted) {
      int left = remaining_ms(deadline);
      int ready = left == 0 ? 0 : wait_for(impl_->socket.native_handle(), POLLOUT, left);
      if (ready == 1) continue;
      if (ready == 0 && remaining_ms(deadline) > 0) continue;  // a signal: keep the frame whole
      close();
      return make_error(ready < 0 ? "waiting to send to " + peer_ + " failed"
                                  : "sending to " + peer_ + " timed out after " + std::to_string(timeout_ms) +
                                        " ms (peer not reading?)");
    }
    Error error = make_error(ec == asio::error::broken_pipe || ec == asio::error::connection_reset
                                 ? "connection closed by " + peer_ + " while sending"
                                 : "sending to " + peer_ + " failed: " + ec.message());
    close();
    return error;
  }
  bytes_sent_ += total;
  return {};
}

}  // namespace libero::net
