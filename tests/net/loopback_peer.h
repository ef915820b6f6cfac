// Test-side TCP peer on 127.0.0.1 written with plain POSIX calls, so the
// framing under test is checked against an independent implementation.
// Used by tests/net and tests/agent (the fake SimSpark server).
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <string>
#include <string_view>

namespace libero::testing {

class LoopbackListener {
 public:
  LoopbackListener() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;  // a free port chosen by the kernel
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || ::listen(fd_, 4) != 0) {
      ::close(fd_);
      fd_ = -1;
      return;
    }
    socklen_t length = sizeof address;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
  }
  ~LoopbackListener() {
    if (fd_ >= 0) ::close(fd_);
  }
  LoopbackListener(const LoopbackListener&) = delete;
  LoopbackListener& operator=(const LoopbackListener&) = delete;

  bool ok() const { return fd_ >= 0; }
  uint16_t port() const { return port_; }

  // Returns a connected socket, or -1 if nobody connected within timeout_ms.
  int accept(int timeout_ms) {
    pollfd entry{fd_, POLLIN, 0};
    if (::poll(&entry, 1, timeout_ms) <= 0) return -1;
    int client = ::accept(fd_, nullptr, nullptr);
    if (client >= 0) {
      int one = 1;
      ::setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    return client;
  }

 private:
  int fd_ = -1;
  uint16_t port_ = 0;
};

inline bool send_bytes(int fd, std::string_view bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

inline std::string frame_bytes(std::string_view payload) {
  uint32_t n = static_cast<uint32_t>(payload.size());
  std::string out;
  out.push_back(static_cast<char>(n >> 24));
  out.push_back(static_cast<char>(n >> 16));
  out.push_back(static_cast<char>(n >> 8));
  out.push_back(static_cast<char>(n));
  out.append(payload);
  return out;
}

inline bool send_frame(int fd, std::string_view payload) { return send_bytes(fd, frame_bytes(payload)); }

// Reads exactly n bytes; false on timeout, error or end of stream.
inline bool read_exact(int fd, char* out, size_t n, int timeout_ms) {
  size_t done = 0;
  while (done < n) {
    pollfd entry{fd, POLLIN, 0};
    int ready = ::poll(&entry, 1, timeout_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return false;
    ssize_t got = ::recv(fd, out + done, n - done, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    done += static_cast<size_t>(got);
  }
  return true;
}

// Reads one length-prefixed frame; false on timeout, error or end of stream.
inline bool read_frame(int fd, std::string* payload, int timeout_ms) {
  unsigned char header[4];
  if (!read_exact(fd, reinterpret_cast<char*>(header), 4, timeout_ms)) return false;
  uint32_t n = (uint32_t{header[0]} << 24) | (uint32_t{header[1]} << 16) | (uint32_t{header[2]} << 8) | header[3];
  if (n > (1u << 24)) return false;
  payload->assign(n, '\0');
  return read_exact(fd, payload->data(), n, timeout_ms);
}

}  // namespace libero::testing
