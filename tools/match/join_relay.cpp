#include "tools/match/join_relay.h"

#include "tools/realserver/real_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace libero::match {
namespace {

constexpr size_t kMaxFirstFrame = 64 * 1024;

bool write_all(int fd, const char* data, size_t length) {
  while (length > 0) {
    const ssize_t n = ::send(fd, data, length, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    length -= static_cast<size_t>(n);
  }
  return true;
}

int connect_loopback(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

}  // namespace

JoinRelay::~JoinRelay() { stop(); }

Status JoinRelay::start(int server_port) {
  server_port_ = server_port;
  Result<int> listening = realserver::listen_loopback(&port_);
  if (!listening.ok()) return make_error("relay: " + listening.error().message);
  listen_fd_ = *listening;
  acceptor_ = std::thread([this] { accept_loop(); });
  return {};
}

void JoinRelay::accept_loop() {
  while (!stopping_) {
    pollfd p{listen_fd_, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) {
      ::close(fd);
      break;
    }
    open_fds_.push_back(fd);
    relays_.emplace_back([this, fd] { relay(fd); });
  }
}

void JoinRelay::relay(int agent_fd) {
  // 1. The agent's first complete frame (4-byte big-endian length + payload).
  std::vector<char> first;
  size_t needed = 4;
  char buffer[16384];
  while (!stopping_ && first.size() < needed) {
    pollfd p{agent_fd, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    const ssize_t n = ::recv(agent_fd, buffer, std::min(sizeof buffer, needed - first.size()), 0);
    if (n <= 0) return;  // the agent went away before it said anything
    first.insert(first.end(), buffer, buffer + n);
    if (first.size() == 4 && needed == 4) {
      const uint32_t length = (static_cast<uint32_t>(static_cast<unsigned char>(first[0])) << 24) |
                              (static_cast<uint32_t>(static_cast<unsigned char>(first[1])) << 16) |
                              (static_cast<uint32_t>(static_cast<unsigned char>(first[2])) << 8) |
                              static_cast<uint32_t>(static_cast<unsigned char>(first[3]));
      if (length > kMaxFirstFrame) return;
      needed = 4 + length;
    }
  }
  if (stopping_) return;
  // 2. Connect and hand the server connection and message together.
  const int server_fd = connect_loopback(server_port_);
  if (server_fd < 0) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    open_fds_.push_back(server_fd);
  }
  ++connections_;
  if (!write_all(server_fd, first.data(), first.size())) return;
  // 3. Copy both ways until either side closes.
  pollfd fds[2] = {{agent_fd, POLLIN, 0}, {server_fd, POLLIN, 0}};
  while (!stopping_) {
    if (::poll(fds, 2, 100) < 0 && errno != EINTR) break;
    bool closed = false;
    for (int side = 0; side < 2 && !closed; ++side) {
      if (!(fds[side].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = ::recv(fds[side].fd, buffer, sizeof buffer, 0);
      if (n <= 0 || !write_all(fds[1 - side].fd, buffer, static_cast<size_t>(n))) closed = true;
    }
    if (closed) break;
  }
  // Closing one side tells the other: an agent whose server is gone exits,
  // and the server drops a robot whose agent is gone.
  ::shutdown(agent_fd, SHUT_RDWR);
  ::shutdown(server_fd, SHUT_RDWR);
}

void JoinRelay::stop() {
  stopping_ = true;
  if (acceptor_.joinable()) acceptor_.join();
  std::vector<std::thread> relays;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    relays.swap(relays_);
  }
  for (auto& t : relays) t.join();
  std::lock_guard<std::mutex> lock(mutex_);
  for (int fd : open_fds_) ::close(fd);
  open_fds_.clear();
  if (listen_fd_ >= 0) ::close(listen_fd_);
  listen_fd_ = -1;
}

}  // namespace libero::match
