#include "agent/debug_channel.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace libero::agent {
namespace {

constexpr int64_t kNsPerS = 1000000000;

// Appends into a fixed buffer; past the end it only counts, so the caller
// can tell a datagram was cut (and keeps the JSON well-formed by checking
// room() before each list element).
struct Writer {
  char* out;
  size_t capacity;
  size_t length = 0;
  bool overflow = false;

  size_t room() const { return length < capacity ? capacity - length : 0; }
  void put(char c) {
    if (length < capacity) out[length++] = c;
    else overflow = true;
  }
  void put(const char* s) {
    while (*s) put(*s++);
  }
  void integer(long long v) {
    char digits[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
    do {
      digits[n++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u);
    if (v < 0) put('-');
    while (n) put(digits[--n]);
  }
  // Fixed point with `decimals` digits; magnitudes are clamped to 1e6 (ages
  // of things never seen are 1e9) and non-finite values written as 0.
  void fixed(double v, int decimals) {
    if (!std::isfinite(v)) v = 0;
    if (v > 1e6) v = 1e6;
    if (v < -1e6) v = -1e6;
    long long scale = 1;
    for (int i = 0; i < decimals; ++i) scale *= 10;
    long long scaled = std::llround(v * static_cast<double>(scale));
    if (scaled < 0) {
      put('-');
      scaled = -scaled;
    }
    integer(scaled / scale);
    if (decimals > 0) {
      put('.');
      long long frac = scaled % scale;
      for (long long d = scale / 10; d > 0; d /= 10) put(static_cast<char>('0' + (frac / d) % 10));
    }
  }
  // A JSON string: quotes, backslashes and control characters escaped; at
  // most `max` characters of s.
  void string(const char* s, size_t max = static_cast<size_t>(-1)) {
    put('"');
    for (size_t n = 0; *s && n < max; ++s, ++n) {
      unsigned char c = static_cast<unsigned char>(*s);
      if (c == '"' || c == '\\') {
        put('\\');
        put(static_cast<char>(c));
      } else if (c < 0x20) {
        static const char hex[] = "0123456789abcdef";
        put("\\u00");
        put(hex[c >> 4]);
        put(hex[c & 15]);
      } else {
        put(static_cast<char>(c));
      }
    }
    put('"');
  }
  void key(const char* name) {
    put(',');
    put('"');
    put(name);
    put("\":");
  }
};

void write_player(Writer& w, const world::WsPlayer& p) {
  w.put('[');
  w.integer(p.unum);
  w.put(',');
  w.fixed(p.x, 2);
  w.put(',');
  w.fixed(p.y, 2);
  w.put(',');
  w.fixed(p.heading, 2);
  w.put(',');
  w.fixed(p.last_seen_age, 2);
  w.put(',');
  w.integer(p.fall);
  w.put(']');
}

void write_header(Writer& w, const char* kind, const DebugSnapshot& s) {
  w.put("{\"k\":");
  w.string(kind);
  w.key("team");
  w.string(s.team);
  w.key("side");
  w.integer(s.side);
  w.key("unum");
  w.integer(s.unum);
  if (s.world) {
    w.key("t");
    w.fixed(s.world->game.time, 2);
  }
}

// Room kept free for the closing brackets of the lists still to come.
constexpr size_t kTailRoom = 64;

}  // namespace

DebugChannel::DebugChannel() = default;
DebugChannel::~DebugChannel() { close(); }

namespace {

// A non-blocking UDP socket connected to 127.0.0.1:port: send() needs no
// address, and recv() only sees that peer.
Result<int> open_loopback_udp(int port, const char* what) {
  int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return make_error(std::string(what) + " socket: " + std::strerror(errno));
  sockaddr_in peer{};
  peer.sin_family = AF_INET;
  peer.sin_port = htons(static_cast<uint16_t>(port));
  peer.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&peer), sizeof peer) != 0) {
    int e = errno;
    ::close(fd);
    return make_error(std::string(what) + " connect: " + std::strerror(e));
  }
  return fd;
}

}  // namespace

Status DebugChannel::open(const DebugChannelOptions& options) {
  close();
  options_ = options;
  if (options.port == 0 && options.roboviz_port == 0) return {};
  if (options.port < 0 || options.port > 65535) return make_error("debug port must be 1-65535");
  if (options.roboviz_port < 0 || options.roboviz_port > 65535) return make_error("RoboViz port must be 1-65535");
  if (!(options.rate_hz > 0 && options.rate_hz <= 50)) return make_error("debug rate must be above 0 and at most 50 Hz");
  if (options.port > 0) {
    Result<int> fd = open_loopback_udp(options.port, "debug channel");
    if (!fd.ok()) return fd.error();
    fd_ = *fd;
  }
  if (options.roboviz_port > 0) {
    Result<int> fd = open_loopback_udp(options.roboviz_port, "RoboViz drawing");
    if (!fd.ok()) {
      close();
      return fd.error();
    }
    roboviz_fd_ = *fd;
  }
  buffer_.reset(new char[kMaxDatagram]);
  events_.reset(new char[kEventBuffer]);
  pending_length_ = 0;
  watched_until_ns_ = next_hello_ns_ = next_publish_ns_ = next_read_ns_ = 0;
  next_roboviz_ns_ = roboviz_pause_until_ns_ = 0;
  roboviz_set_count_ = 0;
  counters_known_ = false;
  return {};
}

void DebugChannel::close() {
  if (fd_ >= 0) ::close(fd_);
  if (roboviz_fd_ >= 0) ::close(roboviz_fd_);
  fd_ = roboviz_fd_ = -1;
}

void DebugChannel::send(const char* data, size_t length) {
  // MSG_DONTWAIT: a full socket buffer drops the datagram instead of waiting.
  if (::send(fd_, data, length, MSG_DONTWAIT | MSG_NOSIGNAL) == static_cast<ssize_t>(length)) ++sent_;
  else ++failures_;
}

void DebugChannel::read_watch(int64_t now_ns) {
  char reply[64];
  for (int i = 0; i < 8; ++i) {  // a few per cycle at most; the viewer sends one every 0.5 s
    ssize_t n = ::recv(fd_, reply, sizeof reply, MSG_DONTWAIT);
    if (n < 0) {
      // EAGAIN: nothing there. ECONNREFUSED: our last datagram found no
      // viewer (loopback reports it); either way, nothing to read.
      return;
    }
    if (n >= 5 && std::memcmp(reply, "watch", 5) == 0)
      watched_until_ns_ = now_ns + static_cast<int64_t>(kWatchTimeoutS * kNsPerS);
  }
}

size_t DebugChannel::format_agent(const DebugSnapshot& s, char* out) {
  Writer w{out, kMaxDatagram - 1};
  write_header(w, "agent", s);
  if (s.world) {
    const world::WorldState& ws = *s.world;
    w.key("cycle");
    w.integer(ws.game.cycle);
    w.key("self");
    w.put('[');
    w.fixed(ws.self.x, 3);
    w.put(',');
    w.fixed(ws.self.y, 3);
    w.put(',');
    w.fixed(ws.self.heading, 3);
    w.put(',');
    w.fixed(ws.self.position_sigma, 3);
    w.put(',');
    w.fixed(ws.self.heading_sigma, 3);
    w.put(',');
    w.integer(ws.self.localised);
    w.put(',');
    w.integer(ws.self.fall);
    w.put(']');
    w.key("ball");
    w.put('[');
    w.fixed(ws.ball.x, 3);
    w.put(',');
    w.fixed(ws.ball.y, 3);
    w.put(',');
    w.fixed(ws.ball.vx, 2);
    w.put(',');
    w.fixed(ws.ball.vy, 2);
    w.put(',');
    w.fixed(ws.ball.last_seen_age, 2);
    w.put(',');
    w.integer(ws.ball.valid);
    w.put(']');
    for (int team = 0; team < 2; ++team) {
      w.key(team == 0 ? "mates" : "opps");
      w.put('[');
      bool first = true;
      for (int i = 0; i < world::kMaxTeamSize; ++i) {
        const world::WsPlayer& p = team == 0 ? ws.teammates[i] : ws.opponents[i];
        if (!p.valid || (team == 0 && p.unum == s.unum)) continue;
        if (!first) w.put(',');
        write_player(w, p);
        first = false;
      }
      w.put(']');
    }
  }
  if (s.trace) {
    const script::CycleTrace& t = *s.trace;
    w.key("role");
    w.string(t.role);
    w.key("fallback");
    w.integer(t.fallback ? 1 : 0);
    w.key("act");
    w.put('[');
    for (int i = 0; i < t.activation_count && i < script::kMaxActivations; ++i) {
      if (w.room() < 400 + kTailRoom) {
        ++truncated_;
        break;
      }
      const script::ActivationEntry& a = t.activations[i];
      if (i) w.put(',');
      w.put('[');
      w.integer(a.depth);
      w.put(',');
      w.string(a.option);
      w.put(',');
      w.string(a.state);
      w.put(',');
      w.fixed(a.option_time, 2);
      w.put(',');
      w.fixed(a.state_time, 2);
      w.put(',');
      w.string(a.params);
      w.put(']');
    }
    w.put(']');
    w.key("draw");
    w.put('[');
    for (int i = 0; i < t.drawing_count && i < script::kMaxDrawings; ++i) {
      if (w.room() < 400 + kTailRoom) {
        ++truncated_;
        break;
      }
      const script::DrawCommand& d = t.drawings[i];
      if (i) w.put(',');
      w.put('[');
      w.integer(static_cast<int>(d.kind));
      w.put(',');
      w.integer(d.rgba >> 8);  // 0xRRGGBB
      w.put(',');
      w.fixed(d.x1, 2);
      w.put(',');
      w.fixed(d.y1, 2);
      w.put(',');
      w.fixed(d.x2, 2);
      w.put(',');
      w.fixed(d.y2, 2);
      w.put(',');
      w.fixed(d.radius, 2);
      w.put(',');
      w.string(d.text);
      w.put(',');
      w.string(d.layer[0] ? d.layer : "default");
      if (d.kind == script::DrawKind::Polygon) {
        w.put(",[");
        for (int k = 0; k < 2 * d.point_count && k < 2 * script::kMaxPolygonPoints; ++k) {
          if (k) w.put(',');
          w.fixed(d.points[k], 2);
        }
        w.put(']');
      }
      w.put(']');
    }
    w.put(']');
    w.key("draw_dropped");
    w.integer(t.drawings_dropped);
  }
  w.put('}');
  return w.length;
}

void DebugChannel::on_cycle(int64_t now_ns, const DebugSnapshot& s) {
  if (roboviz_fd_ >= 0 && now_ns >= next_roboviz_ns_) {
    next_roboviz_ns_ = now_ns + static_cast<int64_t>(kNsPerS / options_.rate_hz);
    if (now_ns >= roboviz_pause_until_ns_) send_roboviz(now_ns, s);
  }
  if (fd_ < 0) return;
  if (pending_length_ > 0) {
    send(buffer_.get(), pending_length_);
    pending_length_ = 0;
  }
  // The viewer renews "watch" every 0.5 s and a hello goes out every 1 s,
  // so looking for its datagrams every 100 ms is enough; the cycles in
  // between cost a clock comparison.
  if (now_ns >= next_read_ns_) {
    next_read_ns_ = now_ns + kReadPeriodNs;
    read_watch(now_ns);
  }
  char* event = events_.get();
  if (!watched(now_ns)) {
    if (now_ns >= next_hello_ns_) {
      Writer w{event, kEventBuffer};
      write_header(w, "hello", s);
      w.put('}');
      send(event, w.length);
      next_hello_ns_ = now_ns + static_cast<int64_t>(kHelloPeriodS * kNsPerS);
    }
    counters_known_ = false;  // take the script counters afresh once watched
    return;
  }
  // Script reloads and errors: one event each time a counter moves.
  if (s.behavior) {
    const script::BehaviorStats& b = *s.behavior;
    const uint64_t errors = b.runtime_errors;
    if (counters_known_ && (b.reloads != seen_reloads_ || b.failed_reloads != seen_failed_reloads_ || errors != seen_errors_)) {
      const char* kind = b.failed_reloads != seen_failed_reloads_ ? "reload_failed"
                         : b.reloads != seen_reloads_            ? "reload"
                                                                 : "error";
      Writer w{event, kEventBuffer};
      write_header(w, "script", s);
      w.key("event");
      w.string(kind);
      w.key("reloads");
      w.integer(static_cast<long long>(b.reloads));
      w.key("errors");
      w.integer(static_cast<long long>(errors));
      // A good reload has no message; a failed one or a runtime error has
      // the host's "file:line: message" (its first 400 characters: each
      // may double when escaped, and the datagram must stay whole).
      const bool with_text = std::strcmp(kind, "reload") != 0 && s.last_error;
      w.key("text");
      w.string(with_text ? s.last_error->c_str() : "", 400);
      w.put('}');
      send(event, w.length);
    }
    seen_reloads_ = b.reloads;
    seen_failed_reloads_ = b.failed_reloads;
    seen_errors_ = errors;
    counters_known_ = true;
  }
  if (now_ns < next_publish_ns_) return;
  next_publish_ns_ = now_ns + static_cast<int64_t>(kNsPerS / options_.rate_hz);
  // Formatted now, sent next cycle: the two halves of the work land on two
  // cycles, which halves the worst cycle's cost (docs/benchmarks.md).
  pending_length_ = format_agent(s, buffer_.get());
}

// ---- RoboViz's drawing protocol ----
// As RoboViz's receiver parses it (its DrawComm and command classes):
// several commands per datagram, read into a 512-byte buffer; a command is
// a type byte and a subtype byte, numbers are 6 ASCII characters (a %f
// rendering cut to 6), colours are bytes, names and texts end with a NUL.
//   swap buffers  0 0 <set>                   (shows what the set got since its last swap)
//   circle        1 0 x y radius thickness r g b <set>
//   line          1 1 x1 y1 z1 x2 y2 z2 thickness r g b <set>
//   point         1 2 x y z size r g b <set>
//   polygon       1 4 n r g b a (x y z)*n <set>
//   annotation    2 0 x y z r g b <text> <set>
// Coordinates are the server's world frame (the right team's drawings are
// mirrored from its own frame). Sets are "<team>.<unum>.<layer>", so
// RoboViz lists each robot's layers apart.
namespace {

struct Packet {
  char* data;
  size_t length = 0;
  void byte(int b) { data[length++] = static_cast<char>(b); }
  void number(double v) {
    if (!std::isfinite(v)) v = 0;
    if (v > 999999) v = 999999;
    if (v < -99999) v = -99999;
    char text[40];
    std::snprintf(text, sizeof text, "%f", v);  // at least "0.000000": 8 characters
    std::memcpy(data + length, text, 6);
    length += 6;
  }
  void text(const char* s, size_t max) {
    for (size_t i = 0; s[i] && i < max; ++i) data[length++] = s[i];
    data[length++] = '\0';
  }
  void rgb(uint32_t rgba) {
    byte(static_cast<int>(rgba >> 24) & 255);
    byte(static_cast<int>(rgba >> 16) & 255);
    byte(static_cast<int>(rgba >> 8) & 255);
  }
};

constexpr size_t kMaxSetName = 47;
constexpr size_t kMaxRoboVizText = 64;

}  // namespace

void DebugChannel::flush_roboviz(char* packet, size_t* length, int64_t now_ns) {
  if (*length == 0) return;
  if (::send(roboviz_fd_, packet, *length, MSG_DONTWAIT | MSG_NOSIGNAL) == static_cast<ssize_t>(*length)) {
    ++roboviz_sent_;
  } else {
    ++failures_;
    // Nobody on the port (loopback reports it): try again in a second.
    if (errno == ECONNREFUSED) roboviz_pause_until_ns_ = now_ns + kNsPerS;
  }
  *length = 0;
}

void DebugChannel::send_roboviz(int64_t now_ns, const DebugSnapshot& s) {
  char packet[kRoboVizPacket];
  size_t packet_length = 0;
  char command[kRoboVizPacket];
  const double mirror = s.side == 2 ? -1.0 : 1.0;
  // False once a send was refused: the rest waits for the pause to end.
  auto add = [&](size_t n) {
    if (packet_length + n > kRoboVizPacket) flush_roboviz(packet, &packet_length, now_ns);
    if (roboviz_pause_until_ns_ > now_ns) return false;
    std::memcpy(packet + packet_length, command, n);
    packet_length += n;
    return true;
  };
  auto set_name = [&](const char* layer, char* out) {
    std::snprintf(out, kMaxSetName + 1, "%s.%d.%s", s.team, s.unum, layer[0] ? layer : "default");
  };
  if (s.trace) {
    const script::CycleTrace& t = *s.trace;
    for (int i = 0; i < t.drawing_count && i < script::kMaxDrawings; ++i) {
      const script::DrawCommand& d = t.drawings[i];
      char set[kMaxSetName + 1];
      set_name(d.layer, set);
      // Remember the set, so a layer that stops drawing is swapped empty.
      bool known = false;
      for (int k = 0; k < roboviz_set_count_ && !known; ++k) known = std::strcmp(roboviz_sets_[k], set) == 0;
      if (!known && roboviz_set_count_ < kMaxRoboVizSets) std::strcpy(roboviz_sets_[roboviz_set_count_++], set);
      Packet c{command};
      const double x1 = mirror * d.x1, y1 = mirror * d.y1, x2 = mirror * d.x2, y2 = mirror * d.y2;
      switch (d.kind) {
        case script::DrawKind::Circle:
          c.byte(1), c.byte(0), c.number(x1), c.number(y1), c.number(d.radius), c.number(2), c.rgb(d.rgba);
          break;
        case script::DrawKind::Line:
          c.byte(1), c.byte(1), c.number(x1), c.number(y1), c.number(0), c.number(x2), c.number(y2), c.number(0),
              c.number(2), c.rgb(d.rgba);
          break;
        case script::DrawKind::Point:
          c.byte(1), c.byte(2), c.number(x1), c.number(y1), c.number(0), c.number(6), c.rgb(d.rgba);
          break;
        case script::DrawKind::Polygon: {
          const int n = d.point_count < script::kMaxPolygonPoints ? d.point_count : script::kMaxPolygonPoints;
          c.byte(1), c.byte(4), c.byte(n), c.rgb(d.rgba), c.byte(static_cast<int>(d.rgba & 255));
          for (int k = 0; k < n; ++k) c.number(mirror * d.points[2 * k]), c.number(mirror * d.points[2 * k + 1]), c.number(0);
          break;
        }
        case script::DrawKind::Text:
          c.byte(2), c.byte(0), c.number(x1), c.number(y1), c.number(0), c.rgb(d.rgba), c.text(d.text, kMaxRoboVizText);
          break;
      }
      c.text(set, kMaxSetName);
      if (!add(c.length)) return;
    }
  }
  for (int k = 0; k < roboviz_set_count_; ++k) {
    Packet c{command};
    c.byte(0), c.byte(0), c.text(roboviz_sets_[k], kMaxSetName);
    if (!add(c.length)) return;
  }
  flush_roboviz(packet, &packet_length, now_ns);
}

}  // namespace libero::agent
