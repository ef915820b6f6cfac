#include "tools/sim/server/monitor_port.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/log.h"
#include "tools/sim/server/handler_memory.h"
#include "tools/sim/server/scene_writer.h"
#include "tools/sim/server/text_writer.h"

namespace libero::sim {
namespace {

using tcp = asio::ip::tcp;
constexpr const char* kLog = "sim.monitor";

}  // namespace

struct MonitorPort::Client {
  explicit Client(asio::io_context& io) : socket(io) {}
  int index = 0;
  tcp::socket socket;
  bool open = false;
  bool read_pending = false, write_pending = false;
  bool needs_full_state = true;
  char in[1024];
  // Framing of incoming messages: 4-byte big-endian length, then the text.
  unsigned char header[4];
  size_t header_have = 0;
  size_t body_length = 0, body_have = 0;
  char body[4096];
  bool discarding = false;        // an oversized message is skipped, not queued
  PredicateMemory told;           // game state as this monitor last got it
  std::unique_ptr<SceneMemory> scene_memory;
  std::unique_ptr<char[]> out;    // 4-byte length + message; left alone while a write is pending
  HandlerMemory write_memory;     // the one write in flight
};

Result<std::unique_ptr<MonitorPort>> MonitorPort::open(
    asio::io_context& io, const asio::ip::address& address, int port,
    const robot::RobotDescription* const descriptions[kRobotTypeCount]) {
  if (port < 0 || port > 65535) return make_error("monitor port out of range");
  std::unique_ptr<MonitorPort> m(new MonitorPort(io));
  Result<std::unique_ptr<SceneGraph>> scene = SceneGraph::create(descriptions);
  if (!scene.ok()) return scene.error();
  m->scene_ = std::move(scene.value());
  asio::error_code ec;
  tcp::endpoint endpoint(address, static_cast<unsigned short>(port));
  m->acceptor_.open(endpoint.protocol(), ec);
  if (!ec) m->acceptor_.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) m->acceptor_.bind(endpoint, ec);
  if (!ec) m->acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    return make_error("cannot listen for monitors on " + address.to_string() + ":" + std::to_string(port) + ": " +
                      ec.message());
  m->port_ = m->acceptor_.local_endpoint().port();
  for (int i = 0; i < kMaxClients; ++i) {
    auto c = std::make_unique<Client>(io);
    c->index = i;
    c->scene_memory = std::make_unique<SceneMemory>();
    c->out.reset(new char[kOutCapacity]);  // not zeroed: pages are touched only by a monitor that connects
    m->clients_[i] = std::move(c);
  }
  return m;
}

MonitorPort::MonitorPort(asio::io_context& io) : io_(io), acceptor_(io), incoming_(io) {}
MonitorPort::~MonitorPort() = default;

void MonitorPort::start() { start_accept(); }

void MonitorPort::start_accept() {
  acceptor_.async_accept(incoming_, [this](const asio::error_code& ec) {
    if (ec == asio::error::operation_aborted || closed_) return;
    if (!ec) {
      Client* free_client = nullptr;
      for (auto& c : clients_)
        if (!c->open && !c->read_pending && !c->write_pending) {
          free_client = c.get();
          break;
        }
      if (!free_client) {
        LOG_WARN(kLog, "refusing a monitor connection: %d monitors connected", kMaxClients);
        asio::error_code ignored;
        incoming_.close(ignored);
      } else {
        free_client->socket = std::move(incoming_);
        free_client->open = true;
        free_client->needs_full_state = true;
        free_client->header_have = 0;
        free_client->discarding = false;
        free_client->scene_memory->layout = 0;
        asio::error_code ignored;
        free_client->socket.set_option(tcp::no_delay(true), ignored);
        LOG_INFO(kLog, "monitor connected");
        start_read(*free_client);
      }
      incoming_ = tcp::socket(io_);
    }
    start_accept();
  });
}

void MonitorPort::start_read(Client& c) {
  c.read_pending = true;
  c.socket.async_read_some(asio::buffer(c.in, sizeof c.in), [this, &c](const asio::error_code& ec, size_t n) {
    c.read_pending = false;
    if (!c.open) return;
    if (ec) {
      LOG_INFO(kLog, "monitor disconnected");
      c.open = false;
      asio::error_code ignored;
      c.socket.close(ignored);
      return;
    }
    enqueue(c, c.in, n);
    start_read(c);
  });
}

void MonitorPort::enqueue(Client& c, const char* data, size_t length) {
  size_t i = 0;
  while (i < length) {
    if (c.header_have < 4) {
      c.header[c.header_have++] = static_cast<unsigned char>(data[i++]);
      if (c.header_have == 4) {
        c.body_length = (size_t{c.header[0]} << 24) | (size_t{c.header[1]} << 16) | (size_t{c.header[2]} << 8) |
                        size_t{c.header[3]};
        c.body_have = 0;
        c.discarding = c.body_length > sizeof c.body;
        if (c.discarding) LOG_WARN(kLog, "trainer message of %zu bytes is too long; skipped", c.body_length);
      }
      if (c.header_have == 4 && c.body_length == 0) c.header_have = 0;
      continue;
    }
    const size_t take = std::min(length - i, c.body_length - c.body_have);
    if (!c.discarding) std::memcpy(c.body + c.body_have, data + i, take);
    c.body_have += take;
    i += take;
    if (c.body_have == c.body_length) {
      if (!c.discarding) {
        if (queue_count_ == kQueueLength) {
          LOG_WARN(kLog, "trainer queue full; a message is dropped");
        } else {
          const int slot = (queue_head_ + queue_count_) % kQueueLength;
          std::memcpy(queue_[slot], c.body, c.body_length);
          queue_length_[slot] = c.body_length;
          queue_client_[slot] = c.index;
          ++queue_count_;
        }
      }
      c.header_have = 0;
    }
  }
}

bool MonitorPort::next_trainer_message(std::string_view* message, int* client) {
  if (queue_count_ == 0) return false;
  std::memcpy(current_, queue_[queue_head_], queue_length_[queue_head_]);
  *message = std::string_view(current_, queue_length_[queue_head_]);
  *client = queue_client_[queue_head_];
  queue_head_ = (queue_head_ + 1) % kQueueLength;
  --queue_count_;
  return true;
}

void MonitorPort::request_full_state(int client) {
  for (auto& c : clients_)
    if (c->open && (client < 0 || client == c->index)) c->needs_full_state = true;
}

int MonitorPort::connected() const {
  int n = 0;
  for (const auto& c : clients_) n += c->open ? 1 : 0;
  return n;
}

bool MonitorPort::full_state_due() const {
  for (const auto& c : clients_)
    if (c->open && c->needs_full_state && !c->write_pending) return true;
  return false;
}

void MonitorPort::send(Client& c, size_t length) {
  auto* h = reinterpret_cast<unsigned char*>(c.out.get());
  h[0] = static_cast<unsigned char>(length >> 24);
  h[1] = static_cast<unsigned char>(length >> 16);
  h[2] = static_cast<unsigned char>(length >> 8);
  h[3] = static_cast<unsigned char>(length);
  c.write_pending = true;
  asio::async_write(c.socket, asio::buffer(c.out.get(), length + 4),
                    asio::bind_allocator(HandlerAllocator<int>(&c.write_memory),
                                         [&c](const asio::error_code& ec, size_t) {
                                           c.write_pending = false;
                                           if (ec && c.open) {
                                             LOG_INFO(kLog, "monitor disconnected (%s)", ec.message().c_str());
                                             c.open = false;
                                             asio::error_code ignored;
                                             c.socket.close(ignored);
                                           }
                                         }));
}

void MonitorPort::publish(const MonitorGameView& game, const SceneRobot* robots, int robot_count,
                          const WorldSnapshot& world, bool update_due) {
  if (!active()) return;
  // A robot that joined, left or got its team changes the tree: every
  // monitor needs a full state (the reference marks its scene modified).
  if (scene_->set_robots(robots, robot_count)) request_full_state(-1);
  bool posed = false;
  for (auto& cp : clients_) {
    Client& c = *cp;
    if (!c.open) continue;
    const bool full = c.needs_full_state || c.scene_memory->layout != scene_->layout();
    if (!full && !update_due) continue;
    if (c.write_pending) {  // never wait for a monitor: it gets what is due once it has caught up
      ++stats_.skipped;
      continue;
    }
    if (!posed) {
      scene_->update_poses(world);
      posed = true;
    }
    TextWriter w(c.out.get() + 4, kOutCapacity - 4);
    if (full) {
      write_full_predicates(game, &c.told, &w);
      write_full_scene(*scene_, c.scene_memory.get(), &w);
    } else {
      write_predicate_update(game, &c.told, &w);
      write_scene_update(*scene_, c.scene_memory.get(), &w);
    }
    if (w.overflowed()) {
      if (stats_.overflows++ == 0) LOG_ERROR(kLog, "a monitor message exceeds %zu bytes; not sent", kOutCapacity);
      c.scene_memory->layout = 0;  // what it was sent is unknown now: start over with a full state
      c.needs_full_state = true;
      continue;
    }
    if (full) {
      c.needs_full_state = false;
      ++stats_.full_states;
    } else {
      ++stats_.updates;
    }
    send(c, w.size());
  }
}

void MonitorPort::close() {
  closed_ = true;
  asio::error_code ignored;
  acceptor_.close(ignored);
  for (auto& c : clients_) {
    c->open = false;
    c->socket.close(ignored);
  }
}

}  // namespace libero::sim
