#include "agent/debug_channel.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
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
  // A JSON string: quotes, backslashes and control characters escaped.
  void string(const char* s) {
    put('"');
    for (; *s; ++s) {
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

Status DebugChannel::open(const DebugChannelOptions& options) {
  close();
  options_ = options;
  if (options.port == 0) return {};
  if (options.port < 0 || options.port > 65535) return make_error("debug port must be 1-65535");
  if (!(options.rate_hz > 0 && options.rate_hz <= 50)) return make_error("debug rate must be above 0 and at most 50 Hz");
  int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return make_error(std::string("debug channel socket: ") + std::strerror(errno));
  sockaddr_in viewer{};
  viewer.sin_family = AF_INET;
  viewer.sin_port = htons(static_cast<uint16_t>(options.port));
  viewer.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  // Connected: send() needs no address, and recv() only sees the viewer.
  if (::connect(fd, reinterpret_cast<sockaddr*>(&viewer), sizeof viewer) != 0) {
    int e = errno;
    ::close(fd);
    return make_error(std::string("debug channel connect: ") + std::strerror(e));
  }
  fd_ = fd;
  buffer_.reset(new char[kMaxDatagram]);
  watched_until_ns_ = next_hello_ns_ = next_publish_ns_ = 0;
  counters_known_ = false;
  return {};
}

void DebugChannel::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
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
  if (fd_ < 0) return;
  read_watch(now_ns);
  char* out = buffer_.get();
  if (!watched(now_ns)) {
    if (now_ns >= next_hello_ns_) {
      Writer w{out, kMaxDatagram};
      write_header(w, "hello", s);
      w.put('}');
      send(out, w.length);
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
      const char* event = b.failed_reloads != seen_failed_reloads_ ? "reload_failed"
                          : b.reloads != seen_reloads_            ? "reload"
                                                                  : "error";
      Writer w{out, kMaxDatagram - 1};
      write_header(w, "script", s);
      w.key("event");
      w.string(event);
      w.key("reloads");
      w.integer(static_cast<long long>(b.reloads));
      w.key("errors");
      w.integer(static_cast<long long>(errors));
      // A good reload has no message; a failed one or a runtime error has
      // the host's "file:line: message".
      const bool with_text = std::strcmp(event, "reload") != 0 && s.last_error;
      w.key("text");
      w.string(with_text ? s.last_error->c_str() : "");
      w.put('}');
      send(out, w.length);
    }
    seen_reloads_ = b.reloads;
    seen_failed_reloads_ = b.failed_reloads;
    seen_errors_ = errors;
    counters_known_ = true;
  }
  if (now_ns < next_publish_ns_) return;
  next_publish_ns_ = now_ns + static_cast<int64_t>(kNsPerS / options_.rate_hz);
  const size_t length = format_agent(s, out);
  send(out, length);
}

}  // namespace libero::agent
