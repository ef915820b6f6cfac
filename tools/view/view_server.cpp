#include "tools/view/view_server.h"

#include <asio.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <list>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "core/log.h"
#include "tools/monitor/monitor_client.h"
#include "tools/view/http_request.h"
#include "tools/view/view_events.h"

namespace libero::view {
namespace {

constexpr const char* kLog = "view";
using Clock = std::chrono::steady_clock;
using Bytes = std::shared_ptr<const std::string>;

double wall_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
}

const char* status_text(int status) {
  switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Payload Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 431: return "Request Header Fields Too Large";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Error";
  }
}

std::string content_type_of(const std::string& path) {
  auto ends = [&](const char* s) {
    size_t n = std::strlen(s);
    return path.size() >= n && path.compare(path.size() - n, n, s) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".json")) return "application/json";
  if (ends(".png")) return "image/png";
  if (ends(".svg")) return "image/svg+xml";
  return "application/octet-stream";
}

// Everything is no-store but three.js (`cache` = "max-age=3600"), which
// only changes with the Debian package.
std::string response(int status, const std::string& content_type, const std::string& body,
                     const std::string& extra_headers = "", const char* cache = "no-store") {
  char head[256];
  std::snprintf(head, sizeof head,
                "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\nCache-Control: %s\r\n"
                "Connection: close\r\n",
                status, status_text(status), content_type.c_str(), body.size(), cache);
  return std::string(head) + extra_headers + "\r\n" + body;
}

std::string error_response(int status, const std::string& why, const std::string& extra_headers = "") {
  return response(status, "text/plain; charset=utf-8", std::to_string(status) + " " + status_text(status) + ": " + why + "\n",
                  extra_headers);
}

// A file under `base`, refusing anything that resolves outside it (../,
// symlinks out of the folder).
bool read_file_under(const std::string& base, const std::string& relative, std::string* out) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path root = fs::weakly_canonical(base, ec);
  if (ec) return false;
  fs::path full = fs::weakly_canonical(root / relative, ec);
  if (ec) return false;
  auto [root_end, full_it] = std::mismatch(root.begin(), root.end(), full.begin(), full.end());
  if (root_end != root.end()) return false;
  if (!fs::is_regular_file(full, ec)) return false;
  std::ifstream in(full, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  *out = text.str();
  return true;
}

}  // namespace

// ---------------------------------------------------------------------------
// One browser connection: first an HTTP request; then either one response
// (and close) or an event stream.
struct Session : std::enable_shared_from_this<Session> {
  explicit Session(asio::ip::tcp::socket s, asio::io_context& io) : socket(std::move(s)), deadline(io) {}

  struct Event {
    Bytes bytes;
    bool droppable = true;  // frames are; status and script events are not
  };

  asio::ip::tcp::socket socket;
  asio::steady_timer deadline;
  HttpRequestReader reader;
  std::array<char, 2048> read_buffer{};
  bool streaming = false;
  bool closed = false;
  // Event stream: queue[0] is being written while `writing`.
  std::deque<Event> queue;
  bool writing = false;
  Clock::time_point write_started{};
  std::string single_response;  // kept alive while it is written

  void close() {
    if (closed) return;
    closed = true;
    asio::error_code ignored;
    deadline.cancel();
    socket.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
  }
};

struct ViewServer::Impl {
  explicit Impl(const ViewOptions& o) : options(o), acceptor(io) {}

  ViewOptions options;
  asio::io_context io;
  asio::ip::tcp::acceptor acceptor;
  std::unique_ptr<asio::steady_timer> sweep_timer;
  std::unique_ptr<asio::ip::udp::socket> debug_socket;
  asio::ip::udp::endpoint debug_sender;
  std::unique_ptr<char[]> debug_buffer;
  static constexpr size_t kDebugBuffer = 65536;
  // When each agent was last told "watch" (a few per agent and second).
  std::map<asio::ip::udp::endpoint, Clock::time_point> watch_sent;
  std::deque<Bytes> recent_script_events;  // replayed to a new browser
  static constexpr size_t kRecentScriptEvents = 20;
  int port = -1;
  int debug_port = -1;
  std::thread io_thread, monitor_thread;
  std::atomic<bool> stopping{false};
  bool started = false;

  // I/O thread only.
  std::list<std::shared_ptr<Session>> streams;
  Bytes last_frame;   // sent first to a new stream
  Bytes last_status;  // ditto

  // Monitor thread -> I/O thread: the latest frame, one post in flight at most.
  std::mutex frame_mutex;
  Bytes pending_frame;
  std::atomic<bool> frame_post_pending{false};

  // I/O thread -> monitor thread: trainer commands with their completions.
  struct TrainerJob {
    std::string command;
    std::function<void(Status)> done;  // runs on the I/O thread
  };
  std::mutex trainer_mutex;
  std::condition_variable wake;
  std::deque<TrainerJob> trainer_jobs;
  static constexpr size_t kMaxTrainerJobs = 32;
  // Status and script events a stalled browser may have queued beyond its
  // frames before it is dropped.
  static constexpr size_t kMaxExtraEvents = 64;
  static constexpr int kStreamSendBuffer = 16 * 1024;

  mutable std::mutex stats_mutex;
  ViewStats stats;

  template <class F>
  void count(F f) {
    std::lock_guard<std::mutex> lock(stats_mutex);
    f(stats);
  }

  // ---- HTTP side (I/O thread) ----
  void start_accept() {
    acceptor.async_accept([this](asio::error_code ec, asio::ip::tcp::socket s) {
      if (stopping) return;
      if (!ec) {
        auto session = std::make_shared<Session>(std::move(s), io);
        asio::error_code ignored;
        session->socket.set_option(asio::ip::tcp::no_delay(true), ignored);
        session->deadline.expires_after(std::chrono::milliseconds(static_cast<int>(options.request_timeout_seconds * 1000)));
        session->deadline.async_wait([this, session](asio::error_code e) {
          if (e || session->streaming || session->closed) return;
          // A request still incomplete after the timeout (or a client that
          // never sends one): answer and free the connection.
          count([](ViewStats& st) { ++st.bad_requests; });
          reply(session, error_response(408, "request not completed in time"));
        });
        read_request(session);
      }
      start_accept();
    });
  }

  void read_request(const std::shared_ptr<Session>& session) {
    session->socket.async_read_some(asio::buffer(session->read_buffer), [this, session](asio::error_code ec, size_t n) {
      if (ec || session->closed) {
        session->close();
        return;
      }
      HttpRequestReader::State state = session->reader.feed(session->read_buffer.data(), n);
      if (state == HttpRequestReader::State::NeedMore) {
        read_request(session);
        return;
      }
      session->deadline.cancel();
      count([](ViewStats& st) { ++st.requests; });
      if (state == HttpRequestReader::State::Bad) {
        count([](ViewStats& st) { ++st.bad_requests; });
        reply(session, error_response(session->reader.status(), session->reader.reason()));
        return;
      }
      handle(session, session->reader.request());
    });
  }

  void reply(const std::shared_ptr<Session>& session, std::string text) {
    session->single_response = std::move(text);
    asio::async_write(session->socket, asio::buffer(session->single_response),
                      [session](asio::error_code, size_t) { session->close(); });
  }

  // Loopback browsers send Host: 127.0.0.1:<port> or localhost:<port>. A
  // page elsewhere on the web that points a rebinding DNS name at 127.0.0.1
  // would send its own name: refused, so such a page can neither read the
  // game nor move robots.
  bool host_allowed(const HttpRequest& request) const {
    std::string host = request.header("host");
    if (host.empty()) return true;  // HTTP/1.0 tools (curl --http1.0)
    size_t colon = host.rfind(':');
    std::string name = colon == std::string::npos || host.back() == ']' ? host : host.substr(0, colon);
    if (name == "127.0.0.1" || name == "localhost" || name == "[::1]") return true;
    return options.bind_address != "127.0.0.1";  // bound elsewhere on purpose: the user chose the exposure
  }

  void handle(const std::shared_ptr<Session>& session, const HttpRequest& request) {
    auto bad = [&](int status, const std::string& why, const std::string& extra = "") {
      count([](ViewStats& st) { ++st.bad_requests; });
      reply(session, error_response(status, why, extra));
    };
    if (!host_allowed(request)) return bad(403, "Host '" + request.header("host") + "' is not this machine");
    const std::string& path = request.path;
    const bool get = request.method == "GET" || request.method == "HEAD";
    if (path == "/api/trainer") {
      if (request.method != "POST") return bad(405, "use POST", "Allow: POST\r\n");
      return handle_trainer(session, request);
    }
    if (!get) {
      if (request.method == "POST" || request.method == "PUT" || request.method == "DELETE" ||
          request.method == "PATCH" || request.method == "OPTIONS")
        return bad(405, "only GET here", "Allow: GET, HEAD\r\n");
      return bad(501, "method '" + request.method + "' not implemented");
    }
    auto send = [&](std::string text) {
      if (request.method == "HEAD") text.resize(text.find("\r\n\r\n") + 4);
      reply(session, std::move(text));
    };
    if (path == "/events") return open_stream(session);
    if (path == "/api/stats") return send(response(200, "application/json", stats_json()));
    if (path == "/api/state") {
      if (!last_frame) return bad(503, "no game state yet (is the monitor connected?)");
      // The stream's frame event minus its SSE framing.
      const std::string& ev = *last_frame;
      size_t data = ev.find("data: ");
      std::string json = ev.substr(data + 6, ev.size() - data - 6 - 2);
      return send(response(200, "application/json", json));
    }
    std::string body;
    if (path == "/" || path == "/index.html") {
      if (!read_file_under(options.web_dir, "index.html", &body)) return bad(404, "the page is missing from " + options.web_dir);
      return send(response(200, "text/html; charset=utf-8", body));
    }
    if (path.rfind("/web/", 0) == 0) {
      if (!read_file_under(options.web_dir, path.substr(5), &body)) return bad(404, "no such file");
      return send(response(200, content_type_of(path), body));
    }
    if (path.rfind("/three/", 0) == 0) {
      if (!read_file_under(options.three_dir, path.substr(7), &body))
        return bad(404, "no such file in " + options.three_dir + " (is libjs-three installed? tools/setup)");
      return send(response(200, content_type_of(path), body, "", "max-age=3600"));
    }
    return bad(404, "no such page");
  }

  void handle_trainer(const std::shared_ptr<Session>& session, const HttpRequest& request) {
    auto bad = [&](int status, const std::string& why) {
      count([](ViewStats& st) { ++st.bad_requests; });
      reply(session, error_response(status, why));
    };
    // A form POST from another web page is a "simple" cross-site request
    // that browsers send without asking; a custom header is not, so
    // requiring one keeps other pages from steering the game.
    if (request.header("x-libero-trainer") != "1") return bad(403, "trainer requests need the header X-Libero-Trainer: 1");
    std::string type = request.header("content-type");
    if (type.rfind("application/x-www-form-urlencoded", 0) != 0)
      return bad(415, "send the fields as application/x-www-form-urlencoded");
    std::map<std::string, std::string> form;
    if (!parse_form(request.body, &form)) return bad(400, "bad percent escape in the form");
    Result<std::string> command = trainer_command(form);
    if (!command.ok()) return bad(400, command.error().message);
    std::lock_guard<std::mutex> lock(trainer_mutex);
    if (trainer_jobs.size() >= kMaxTrainerJobs) return bad(503, "too many trainer commands waiting");
    std::string sent = *command;
    trainer_jobs.push_back({*command, [this, session, sent](Status s) {
                              if (s.ok()) {
                                reply(session, response(200, "text/plain; charset=utf-8", sent + "\n"));
                              } else {
                                count([](ViewStats& st) { ++st.bad_requests; });
                                reply(session, error_response(503, s.error().describe()));
                              }
                            }});
    wake.notify_one();
  }

  std::string stats_json() const {
    ViewStats s = snapshot();
    char buf[768];
    std::snprintf(buf, sizeof buf,
                  "{\"monitor_connected\":%s,\"monitor_messages\":%lld,\"monitor_connects\":%lld,"
                  "\"frames_published\":%lld,\"frames_sent\":%lld,\"frames_dropped\":%lld,\"clients\":%lld,"
                  "\"clients_total\":%lld,\"clients_closed_slow\":%lld,\"requests\":%lld,\"bad_requests\":%lld,"
                  "\"trainer_commands\":%lld,\"debug_datagrams\":%lld,\"debug_rejected\":%lld,"
                  "\"watch_replies\":%lld}",
                  s.monitor_connected ? "true" : "false", (long long)s.monitor_messages, (long long)s.monitor_connects,
                  (long long)s.frames_published, (long long)s.frames_sent, (long long)s.frames_dropped,
                  (long long)s.clients, (long long)s.clients_total, (long long)s.clients_closed_slow,
                  (long long)s.requests, (long long)s.bad_requests, (long long)s.trainer_commands,
                  (long long)s.debug_datagrams, (long long)s.debug_rejected, (long long)s.watch_replies);
    return buf;
  }

  ViewStats snapshot() const {
    std::lock_guard<std::mutex> lock(stats_mutex);
    return stats;
  }

  void open_stream(const std::shared_ptr<Session>& session) {
    if (static_cast<int>(streams.size()) >= options.max_clients) {
      count([](ViewStats& st) { ++st.bad_requests; });
      return reply(session, error_response(503, "too many viewers"));
    }
    session->streaming = true;
    // A modest send buffer: a browser that stops reading fills it within a
    // second of frames, so its queue starts dropping (and the sweep notices)
    // instead of the kernel absorbing megabytes of stale frames first.
    asio::error_code ignored;
    session->socket.set_option(asio::socket_base::send_buffer_size(kStreamSendBuffer), ignored);
    streams.push_back(session);
    count([](ViewStats& st) {
      ++st.clients;
      ++st.clients_total;
    });
    auto head = std::make_shared<const std::string>(
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
        "Connection: keep-alive\r\nX-Accel-Buffering: no\r\n\r\nretry: 1000\n\n");
    enqueue(*session, {head, false});
    if (last_status) enqueue(*session, {last_status, false});
    for (const Bytes& event : recent_script_events) enqueue(*session, {event, false});
    if (last_frame) enqueue(*session, {last_frame, true});
    // Reading tells us when the browser goes away (it sends nothing more).
    watch_for_close(session);
  }

  void watch_for_close(const std::shared_ptr<Session>& session) {
    session->socket.async_read_some(asio::buffer(session->read_buffer), [this, session](asio::error_code ec, size_t) {
      if (ec || session->closed) {
        drop_stream(session);
        return;
      }
      watch_for_close(session);
    });
  }

  void drop_stream(const std::shared_ptr<Session>& session) {
    if (!session->streaming) return;
    session->streaming = false;
    session->close();
    streams.remove(session);
    count([](ViewStats& st) { --st.clients; });
  }

  void enqueue(Session& s, Session::Event event) {
    if (s.closed) return;
    const size_t in_flight = s.writing ? 1 : 0;
    if (s.queue.size() >= static_cast<size_t>(options.client_queue) + in_flight) {
      // Full: drop the oldest frame not being written. Frames supersede each
      // other, so a slow browser only misses intermediate positions.
      size_t victim = in_flight;
      while (victim < s.queue.size() && !s.queue[victim].droppable) ++victim;
      if (victim < s.queue.size()) {
        s.queue.erase(s.queue.begin() + static_cast<long>(victim));
        count([](ViewStats& st) { ++st.frames_dropped; });
      } else if (event.droppable) {
        count([](ViewStats& st) { ++st.frames_dropped; });
        return;  // only events that must arrive are queued: drop the new frame
      } else if (s.queue.size() >= static_cast<size_t>(options.client_queue) + in_flight + kMaxExtraEvents) {
        // Even the events that must arrive pile up: this browser is gone.
        count([](ViewStats& st) { ++st.clients_closed_slow; });
        drop_stream(s.shared_from_this());
        return;
      }
    }
    s.queue.push_back(std::move(event));
    if (!s.writing) write_next(s.shared_from_this());
  }

  void write_next(const std::shared_ptr<Session>& session) {
    if (session->queue.empty() || session->closed) {
      session->writing = false;
      return;
    }
    session->writing = true;
    session->write_started = Clock::now();
    Bytes bytes = session->queue.front().bytes;
    asio::async_write(session->socket, asio::buffer(*bytes), [this, session, bytes](asio::error_code ec, size_t) {
      if (ec || session->closed) {
        session->writing = false;
        drop_stream(session);
        return;
      }
      session->queue.pop_front();
      count([](ViewStats& st) { ++st.frames_sent; });
      write_next(session);
    });
  }

  void broadcast(const Bytes& bytes, bool droppable) {
    for (auto it = streams.begin(); it != streams.end();) {
      auto s = *it++;  // enqueue may not remove, but keep the iterator safe
      enqueue(*s, {bytes, droppable});
    }
  }

  // Once a second: drop browsers whose current write has not finished in
  // stall_close_seconds (they stopped reading, or vanished without a FIN).
  void start_sweep() {
    sweep_timer->expires_after(std::chrono::seconds(1));
    sweep_timer->async_wait([this](asio::error_code ec) {
      if (ec || stopping) return;
      const auto now = Clock::now();
      std::vector<std::shared_ptr<Session>> slow;
      for (auto& s : streams)
        if (s->writing && std::chrono::duration<double>(now - s->write_started).count() > options.stall_close_seconds)
          slow.push_back(s);
      for (auto& s : slow) {
        LOG_INFO(kLog, "dropping a browser that took nothing for %.0f s", options.stall_close_seconds);
        count([](ViewStats& st) { ++st.clients_closed_slow; });
        drop_stream(s);
      }
      start_sweep();
    });
  }

  // ---- agents' debug channels (I/O thread) ----
  // A datagram is one JSON object {"k":"hello"|"agent"|"script", ...} on
  // one line (engine/agent/debug_channel.h); anything else is counted and
  // dropped, so whatever else sends here cannot break the event stream.
  static std::string_view debug_kind(std::string_view d) {
    if (d.size() < 10 || d.substr(0, 6) != "{\"k\":\"" || d.back() != '}') return {};
    if (d.find('\n') != std::string_view::npos || d.find('\r') != std::string_view::npos) return {};
    size_t end = d.find('"', 6);
    if (end == std::string_view::npos) return {};
    std::string_view kind = d.substr(6, end - 6);
    if (kind == "hello" || kind == "agent" || kind == "script") return kind;
    return {};
  }

  void start_debug_receive() {
    debug_socket->async_receive_from(
        asio::buffer(debug_buffer.get(), kDebugBuffer), debug_sender, [this](asio::error_code ec, size_t n) {
          if (ec == asio::error::operation_aborted || stopping) return;
          if (!ec) on_debug_datagram(std::string_view(debug_buffer.get(), n));
          start_debug_receive();
        });
  }

  void on_debug_datagram(std::string_view d) {
    std::string_view kind = debug_kind(d);
    if (kind.empty()) {
      count([](ViewStats& st) { ++st.debug_rejected; });
      return;
    }
    count([](ViewStats& st) { ++st.debug_datagrams; });
    // Somebody watches: tell the agent to publish (again). Twice per
    // watch timeout at most, so a lost "watch" is made good in time.
    if (!streams.empty()) {
      const auto now = Clock::now();
      auto it = watch_sent.find(debug_sender);
      if (it == watch_sent.end() || now - it->second > std::chrono::milliseconds(500)) {
        if (watch_sent.size() > 256) watch_sent.clear();
        watch_sent[debug_sender] = now;
        asio::error_code ignored;
        debug_socket->send_to(asio::buffer("watch", 5), debug_sender, 0, ignored);
        count([](ViewStats& st) { ++st.watch_replies; });
      }
    }
    if (kind == "hello") return;
    Bytes event = sse_event(std::string(kind).c_str(), std::string(d));
    if (kind == "script") {
      recent_script_events.push_back(event);
      if (recent_script_events.size() > kRecentScriptEvents) recent_script_events.pop_front();
    }
    // Beliefs supersede each other like frames; script events must arrive.
    broadcast(event, kind == "agent");
  }

  // ---- monitor side (monitor thread) ----
  static Bytes sse_event(const char* name, const std::string& json) {
    std::string text;
    text.reserve(json.size() + 32);
    text += "event: ";
    text += name;
    text += "\ndata: ";
    text += json;
    text += "\n\n";
    return std::make_shared<const std::string>(std::move(text));
  }

  void publish_frame(Bytes frame) {
    {
      std::lock_guard<std::mutex> lock(frame_mutex);
      pending_frame = std::move(frame);
    }
    count([](ViewStats& st) { ++st.frames_published; });
    if (frame_post_pending.exchange(true)) return;  // the pending post will take the newest
    asio::post(io, [this] {
      frame_post_pending = false;
      Bytes newest;
      {
        std::lock_guard<std::mutex> lock(frame_mutex);
        newest = std::move(pending_frame);
      }
      if (!newest) return;
      last_frame = newest;
      broadcast(newest, true);
    });
  }

  void publish_status(bool connected, const std::string& detail) {
    std::string json = "{\"monitor\":";
    json += connected ? "true" : "false";
    json += ",\"host\":";
    append_json_string(&json, options.monitor_host + ":" + std::to_string(options.monitor_port));
    json += ",\"detail\":";
    append_json_string(&json, detail);
    json += "}";
    Bytes event = sse_event("status", json);
    asio::post(io, [this, event] {
      last_status = event;
      broadcast(event, false);
    });
  }

  // Waits up to `ms` unless stopping or a trainer command arrives.
  void nap(int ms) {
    std::unique_lock<std::mutex> lock(trainer_mutex);
    wake.wait_for(lock, std::chrono::milliseconds(ms), [this] { return stopping.load() || !trainer_jobs.empty(); });
  }

  void fail_trainer_jobs(const std::string& why) {
    std::deque<TrainerJob> jobs;
    {
      std::lock_guard<std::mutex> lock(trainer_mutex);
      jobs.swap(trainer_jobs);
    }
    for (auto& job : jobs) asio::post(io, [done = job.done, why] { done(make_error(why)); });
  }

  void monitor_loop() {
    monitor::MonitorClient client;
    bool connected = false;
    bool reported_down = false;
    long seq = 0;
    std::string json;
    const double min_gap_ms = options.max_frame_rate > 0 ? 1000.0 / options.max_frame_rate : 0;
    double last_publish = 0;
    bool dirty = false;
    double dirty_recv = 0;
    while (!stopping) {
      if (!connected) {
        Status ok = client.connect(options.monitor_host, static_cast<uint16_t>(options.monitor_port), 500);
        if (!ok.ok()) {
          if (!reported_down) {
            if (!options.quiet) LOG_INFO(kLog, "waiting for the game's monitor port: %s", ok.error().describe().c_str());
            publish_status(false, ok.error().describe());
            reported_down = true;
          }
          fail_trainer_jobs("not connected to the game's monitor port");
          nap(250);
          continue;
        }
        connected = true;
        reported_down = false;
        count([](ViewStats& st) {
          st.monitor_connected = true;
          ++st.monitor_connects;
        });
        if (!options.quiet)
          LOG_INFO(kLog, "connected to the monitor port %s:%d", options.monitor_host.c_str(), options.monitor_port);
        publish_status(true, "");
      }
      // Trainer commands first: they are what a user waits on.
      std::deque<TrainerJob> jobs;
      {
        std::lock_guard<std::mutex> lock(trainer_mutex);
        jobs.swap(trainer_jobs);
      }
      Status link;
      for (auto& job : jobs) {
        Status sent = link.ok() ? client.send(job.command) : link;
        if (!sent.ok()) link = sent;
        else count([](ViewStats& st) { ++st.trainer_commands; });
        asio::post(io, [done = job.done, sent] { done(sent); });
      }
      Result<bool> got = link.ok() ? client.poll(dirty ? 5 : 20) : Result<bool>(link.error());
      if (got.ok() && *got) {
        Result<bool> more = client.drain();
        if (!more.ok()) got = more.error();
      }
      if (!got.ok()) {
        LOG_WARN(kLog, "monitor connection lost: %s", got.error().describe().c_str());
        client.close();
        connected = false;
        count([](ViewStats& st) { st.monitor_connected = false; });
        publish_status(false, got.error().describe());
        reported_down = true;
        continue;
      }
      if (*got) {
        count([&](ViewStats& st) { st.monitor_messages = client.messages(); });
        if (!dirty) dirty_recv = wall_ms();
        dirty = true;
      }
      const double now = wall_ms();
      if (dirty && now - last_publish >= min_gap_ms) {
        json.clear();
        append_scene_json(client.state(), ++seq, dirty_recv, &json);
        publish_frame(sse_event("frame", json));
        last_publish = now;
        dirty = false;
      }
    }
    client.close();
    fail_trainer_jobs("the viewer is stopping");
  }
};

ViewServer::ViewServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

ViewServer::~ViewServer() { stop(); }

Result<std::unique_ptr<ViewServer>> ViewServer::open(const ViewOptions& options) {
  if (options.port < 0 || options.port > 65535) return make_error("view port must be 0-65535");
  if (options.debug_port < -1 || options.debug_port > 65535) return make_error("debug port must be 0-65535");
  if (options.monitor_port <= 0 || options.monitor_port > 65535) return make_error("monitor port must be 1-65535");
  if (options.client_queue < 1) return make_error("client queue must hold at least one event");
  auto impl = std::make_unique<Impl>(options);
  asio::error_code ec;
  asio::ip::address address = asio::ip::make_address(options.bind_address, ec);
  if (ec) return make_error("bad bind address '" + options.bind_address + "': " + ec.message());
  asio::ip::tcp::endpoint endpoint(address, static_cast<uint16_t>(options.port));
  impl->acceptor.open(endpoint.protocol(), ec);
  if (!ec) impl->acceptor.set_option(asio::ip::tcp::acceptor::reuse_address(true), ec);
  if (!ec) impl->acceptor.bind(endpoint, ec);
  if (!ec) impl->acceptor.listen(64, ec);
  if (ec)
    return make_error("cannot listen on " + options.bind_address + ":" + std::to_string(options.port) + ": " + ec.message());
  impl->port = impl->acceptor.local_endpoint().port();
  impl->sweep_timer = std::make_unique<asio::steady_timer>(impl->io);
  const int debug_port = options.debug_port < 0 ? impl->port : options.debug_port;
  impl->debug_socket = std::make_unique<asio::ip::udp::socket>(impl->io);
  asio::ip::udp::endpoint debug_endpoint(address, static_cast<uint16_t>(debug_port));
  impl->debug_socket->open(debug_endpoint.protocol(), ec);
  if (!ec) impl->debug_socket->bind(debug_endpoint, ec);
  if (ec)
    return make_error("cannot open the debug port (UDP) " + options.bind_address + ":" + std::to_string(debug_port) + ": " +
                      ec.message());
  impl->debug_port = impl->debug_socket->local_endpoint().port();
  impl->debug_buffer.reset(new char[Impl::kDebugBuffer]);
  return std::unique_ptr<ViewServer>(new ViewServer(std::move(impl)));
}

int ViewServer::port() const { return impl_->port; }
int ViewServer::debug_port() const { return impl_->debug_port; }

void ViewServer::start() {
  Impl& m = *impl_;
  if (m.started) return;
  m.started = true;
  m.start_accept();
  m.start_sweep();
  m.start_debug_receive();
  m.io_thread = std::thread([&m] {
    auto guard = asio::make_work_guard(m.io);
    m.io.run();
  });
  m.monitor_thread = std::thread([&m] { m.monitor_loop(); });
}

void ViewServer::stop() {
  Impl& m = *impl_;
  if (m.stopping.exchange(true)) return;
  m.wake.notify_all();
  if (m.monitor_thread.joinable()) m.monitor_thread.join();
  asio::post(m.io, [&m] {
    asio::error_code ignored;
    m.acceptor.close(ignored);
    m.debug_socket->close(ignored);
    m.sweep_timer->cancel();
    auto streams = m.streams;
    for (auto& s : streams) m.drop_stream(s);
    m.io.stop();
  });
  if (m.io_thread.joinable()) m.io_thread.join();
  else {
    asio::error_code ignored;
    m.acceptor.close(ignored);
  }
}

ViewStats ViewServer::stats() const { return impl_->snapshot(); }

}  // namespace libero::view
