#include "tools/sim/server/monitor_port.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/log.h"

namespace libero::sim {
namespace {

using tcp = asio::ip::tcp;
constexpr const char* kLog = "sim.monitor";
constexpr size_t kOutCapacity = 4096;

const char kFieldPredicates[] =
    "(FieldLength 30)(FieldWidth 20)(FieldHeight 40)(GoalWidth 2.1)(GoalDepth 0.6)(GoalHeight 0.8)"
    "(BorderSize 0)(FreeKickDistance 2)(WaitBeforeKickOff 30)(AgentRadius 0.4)(BallRadius 0.042)"
    "(BallMass 0.026)(RuleGoalPauseTime 3)(RuleKickInPauseTime 1)(RuleHalfTime 300)";

}  // namespace

struct MonitorPort::Client {
  explicit Client(asio::io_context& io) : socket(io) {}
  tcp::socket socket;
  bool open = false;
  bool read_pending = false, write_pending = false;
  bool needs_full_state = true;
  bool told_about_commands = false;
  char in[1024];
  // Framing of incoming messages: 4-byte big-endian length, then the text.
  unsigned char header[4];
  size_t header_have = 0;
  size_t body_length = 0, body_have = 0;
  char body[4096];
  bool discarding = false;        // an oversized message is skipped, not queued
  char out[kOutCapacity];
};

Result<std::unique_ptr<MonitorPort>> MonitorPort::open(asio::io_context& io, const asio::ip::address& address,
                                                       int port) {
  if (port < 0 || port > 65535) return make_error("monitor port out of range");
  std::unique_ptr<MonitorPort> m(new MonitorPort(io));
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
  for (auto& c : m->clients_) c = std::make_unique<Client>(io);
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
        free_client->told_about_commands = false;
        free_client->header_have = 0;
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
          ++queue_count_;
        }
      }
      c.header_have = 0;
    }
  }
}

bool MonitorPort::next_trainer_message(std::string_view* message) {
  if (queue_count_ == 0) return false;
  std::memcpy(current_, queue_[queue_head_], queue_length_[queue_head_]);
  *message = std::string_view(current_, queue_length_[queue_head_]);
  queue_head_ = (queue_head_ + 1) % kQueueLength;
  --queue_count_;
  return true;
}

void MonitorPort::request_full_state() {
  for (auto& c : clients_)
    if (c->open) c->needs_full_state = true;
}

void MonitorPort::send(Client& c, const char* text, size_t length) {
  if (!c.open || c.write_pending || length + 4 > kOutCapacity) return;
  auto* h = reinterpret_cast<unsigned char*>(c.out);
  h[0] = static_cast<unsigned char>(length >> 24);
  h[1] = static_cast<unsigned char>(length >> 16);
  h[2] = static_cast<unsigned char>(length >> 8);
  h[3] = static_cast<unsigned char>(length);
  std::memcpy(c.out + 4, text, length);
  c.write_pending = true;
  asio::async_write(c.socket, asio::buffer(c.out, length + 4), [&c](const asio::error_code& ec, size_t) {
    c.write_pending = false;
    if (ec && c.open) {
      c.open = false;
      asio::error_code ignored;
      c.socket.close(ignored);
    }
  });
}

void MonitorPort::cycle(int64_t cycle, const GameState& match, const TeamRegistry& teams) {
  bool update_due = cycle % 2 == 0;  // every 0.04 s
  char state[512];
  std::string_view left = teams.team_name(Team::Left), right = teams.team_name(Team::Right);
  int n = std::snprintf(state, sizeof state, "(time %g)", match.game_time);
  if (!left.empty())
    n += std::snprintf(state + n, sizeof state - n, "(team_left %.*s)", static_cast<int>(left.size()), left.data());
  if (!right.empty())
    n += std::snprintf(state + n, sizeof state - n, "(team_right %.*s)", static_cast<int>(right.size()),
                       right.data());
  n += std::snprintf(state + n, sizeof state - n, "(half %d)(score_left %d)(score_right %d)(play_mode %d)",
                     match.half, match.score_left, match.score_right, static_cast<int>(match.play_mode));
  for (auto& c : clients_) {
    if (!c->open) continue;
    char message[2048];
    int length = 0;
    if (c->needs_full_state) {
      length = std::snprintf(message, sizeof message, "(%s(play_modes", kFieldPredicates);
      for (int i = 0; i < protocol::kPlayModeCount; ++i)
        length += std::snprintf(message + length, sizeof message - length, " %.*s",
                                static_cast<int>(protocol::kPlayModeNames[i].size()),
                                protocol::kPlayModeNames[i].data());
      length += std::snprintf(message + length, sizeof message - length, ")%s)(RSG 0 1)()", state);
      send(*c, message, static_cast<size_t>(length));
      if (c->write_pending) c->needs_full_state = false;
    } else if (update_due) {
      length = std::snprintf(message, sizeof message, "(%s)(RDS 0 1)()", state);
      send(*c, message, static_cast<size_t>(length));
    }
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
