#include "tools/match/debug_recorder.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace libero::match {
namespace {

constexpr size_t kBuffer = 65536;                      // a UDP datagram at most
constexpr int64_t kWatchEveryNs = 500 * 1000 * 1000;   // the channel forgets a watcher after 3 s
constexpr int64_t kScriptRepeatCycles = 50;            // 1 s: a tick error repeats every cycle
constexpr int kReceiveBuffer = 4 << 20;                // 22 agents' datagrams between two polls, and more

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

DebugRecorder::~DebugRecorder() { close(); }

Status DebugRecorder::open(const DebugRecorderLimits& limits) {
  close();
  limits_ = limits;
  counts_ = {};
  for (auto& team : last_agent_cycle_)
    for (int64_t& c : team) c = -1000000;
  for (auto& team : last_script_)
    for (LastScript& s : team) s = LastScript{};
  int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return make_error(std::string("debug recorder socket: ") + std::strerror(errno));
  // As large as the system allows (net.core.rmem_max caps it): between two
  // polls in a real-time game, 20 ms, the agents' datagrams must all fit.
  int size = kReceiveBuffer;
  (void)::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    int e = errno;
    ::close(fd);
    return make_error(std::string("debug recorder: cannot bind a UDP port on 127.0.0.1: ") + std::strerror(e));
  }
  fd_ = fd;
  port_ = ntohs(address.sin_port);
  buffer_.reset(new char[kBuffer]);
  return {};
}

void DebugRecorder::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  port_ = 0;
}

void DebugRecorder::poll(uint32_t cycle, double time, std::vector<DebugRecord>* out) {
  if (fd_ < 0) return;
  for (;;) {
    sockaddr_in from{};
    socklen_t from_length = sizeof from;
    ssize_t n = ::recvfrom(fd_, buffer_.get(), kBuffer, MSG_DONTWAIT, reinterpret_cast<sockaddr*>(&from), &from_length);
    if (n < 0) return;  // EAGAIN: all read
    ++counts_.received;
    const size_t length = static_cast<size_t>(n);
    // A forwarding viewer answers with "watch" too: not a message.
    if (length >= 5 && std::memcmp(buffer_.get(), "watch", 5) == 0) continue;
    if (forward_port_ > 0) {
      sockaddr_in viewer{};
      viewer.sin_family = AF_INET;
      viewer.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      viewer.sin_port = htons(static_cast<uint16_t>(forward_port_));
      (void)::sendto(fd_, buffer_.get(), length, MSG_DONTWAIT | MSG_NOSIGNAL, reinterpret_cast<sockaddr*>(&viewer),
                     sizeof viewer);
    }
    // Any datagram from an agent (its hello once a second while unwatched,
    // then its messages) is answered with "watch", at most twice a second.
    const int64_t now = now_ns();
    auto it = watch_sent_ns_.find(from.sin_port);
    if (it == watch_sent_ns_.end() || now - it->second >= kWatchEveryNs) {
      if (watch_sent_ns_.size() > 256) watch_sent_ns_.clear();
      watch_sent_ns_[from.sin_port] = now;
      (void)::sendto(fd_, "watch", 5, MSG_DONTWAIT | MSG_NOSIGNAL, reinterpret_cast<sockaddr*>(&from), from_length);
    }
    keep(buffer_.get(), length, cycle, time, out);
  }
}

void DebugRecorder::keep(const char* data, size_t length, uint32_t cycle, double time, std::vector<DebugRecord>* out) {
  std::string_view text(data, length);
  // Hellos are the unwatched channel's sign of life: nothing to record.
  if (text.rfind("{\"k\":\"hello\"", 0) == 0) return;
  Result<DebugRecord> record = debug_record_from_text(text);
  if (!record.ok()) {
    ++counts_.rejected;
    return;
  }
  const int team = record->team, unum = record->unum;
  if (record->kind == "agent") {
    if (static_cast<int64_t>(cycle) - last_agent_cycle_[team][unum] < limits_.min_cycles) {
      ++counts_.skipped;
      return;
    }
  } else {
    // A tick that fails fails every cycle, and says so each time.
    LastScript& last = last_script_[team][unum];
    // The canonical JSON has "event":"<kind>" with no space (debug_record.h).
    const size_t at = record->json.find("\"event\":\"");
    const size_t end = at == std::string::npos ? at : record->json.find('"', at + 9);
    const std::string event = end == std::string::npos ? "" : record->json.substr(at + 9, end - at - 9);
    if (event == last.event && static_cast<int64_t>(cycle) - last.cycle < kScriptRepeatCycles) {
      ++counts_.skipped;
      return;
    }
    last.event = event;
    last.cycle = cycle;
  }
  if (counts_.bytes + record->json.size() > limits_.max_bytes) {
    ++counts_.over_limit;
    return;
  }
  if (record->kind == "agent") last_agent_cycle_[team][unum] = cycle;
  counts_.bytes += record->json.size();
  ++counts_.recorded;
  record->cycle = cycle;
  record->time = time;
  out->push_back(std::move(record.value()));
}

}  // namespace libero::match
