#include "tools/sim/server/ground_truth.h"

#include <cmath>
#include <cstring>

#include "core/log.h"

namespace libero::sim {
namespace {

using tcp = asio::ip::tcp;
constexpr const char* kLog = "sim.groundtruth";
constexpr size_t kLineCapacity = 16 * 1024;

}  // namespace

struct GroundTruthFeed::Reader {
  explicit Reader(asio::io_context& io) : socket(io), buffer(new char[kLineCapacity]) {}
  tcp::socket socket;
  bool open = false;
  bool write_pending = false;
  bool read_pending = false;
  char discard[256];
  std::unique_ptr<char[]> buffer;
};

size_t format_ground_truth(char* buffer, size_t capacity, int64_t cycle, double time, const GameState& match,
                           const WorldSnapshot& world, const GroundTruthRobot* robots, int robot_count) {
  std::string_view mode = protocol::play_mode_name(match.play_mode);
  int n = std::snprintf(buffer, capacity,
                        "(gt (cycle %lld) (time %.2f) (pm %.*s) (ball %.4f %.4f %.4f %.4f %.4f %.4f)",
                        static_cast<long long>(cycle), time, static_cast<int>(mode.size()), mode.data(),
                        world.ball_position.x(), world.ball_position.y(), world.ball_position.z(),
                        world.ball_velocity.x(), world.ball_velocity.y(), world.ball_velocity.z());
  for (int i = 0; i < robot_count && n > 0 && static_cast<size_t>(n) < capacity; ++i) {
    const GroundTruthRobot& r = robots[i];
    const RobotSnapshot& s = *r.snapshot;
    Mat3 rotation = s.torso_orientation.toRotationMatrix();
    double heading = rad2deg(std::atan2(rotation(1, 0), rotation(0, 0)));
    n += std::snprintf(buffer + n, capacity - static_cast<size_t>(n),
                       " (robot (team %s) (name %.*s) (unum %d) (type %d) (pos %.4f %.4f %.4f)"
                       " (quat %.5f %.5f %.5f %.5f) (heading %.2f))",
                       team_side_text(r.team), static_cast<int>(r.team_name.size()), r.team_name.data(), r.unum,
                       r.type, s.torso_position.x(), s.torso_position.y(), s.torso_position.z(),
                       s.torso_orientation.w(), s.torso_orientation.x(), s.torso_orientation.y(),
                       s.torso_orientation.z(), heading);
  }
  if (n <= 0 || static_cast<size_t>(n) + 2 > capacity) return 0;
  buffer[n++] = ')';
  buffer[n++] = '\n';
  return static_cast<size_t>(n);
}

GroundTruthFeed::GroundTruthFeed(asio::io_context& io)
    : io_(io), acceptor_(io), incoming_(io), line_(new char[kLineCapacity]) {}

GroundTruthFeed::~GroundTruthFeed() {
  if (file_) std::fclose(file_);
}

Result<std::unique_ptr<GroundTruthFeed>> GroundTruthFeed::open(asio::io_context& io,
                                                               const asio::ip::address& address,
                                                               const std::string& spec) {
  std::unique_ptr<GroundTruthFeed> feed(new GroundTruthFeed(io));
  bool is_port = !spec.empty() && spec.size() <= 5 && spec.find_first_not_of("0123456789") == std::string::npos;
  if (is_port) {
    int port = std::stoi(spec);
    if (port > 65535) return make_error("ground-truth port out of range: " + spec);
    asio::error_code ec;
    tcp::endpoint endpoint(address, static_cast<unsigned short>(port));
    feed->acceptor_.open(endpoint.protocol(), ec);
    if (!ec) feed->acceptor_.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec) feed->acceptor_.bind(endpoint, ec);
    if (!ec) feed->acceptor_.listen(asio::socket_base::max_listen_connections, ec);
    if (ec) return make_error("cannot listen for ground-truth readers on port " + spec + ": " + ec.message());
    feed->port_ = feed->acceptor_.local_endpoint().port();
    for (auto& r : feed->readers_) r = std::make_unique<Reader>(io);
  } else {
    feed->file_ = std::fopen(spec.c_str(), "w");
    if (!feed->file_) return make_error("cannot open the ground-truth file '" + spec + "': " + std::strerror(errno));
    std::setvbuf(feed->file_, nullptr, _IOFBF, 64 * 1024);
  }
  return feed;
}

void GroundTruthFeed::start() {
  if (port_ >= 0) start_accept();
}

void GroundTruthFeed::start_accept() {
  acceptor_.async_accept(incoming_, [this](const asio::error_code& ec) {
    if (ec == asio::error::operation_aborted || closed_) return;
    if (!ec) {
      Reader* slot = nullptr;
      for (auto& r : readers_)
        if (!r->open && !r->write_pending && !r->read_pending) {
          slot = r.get();
          break;
        }
      if (!slot) {
        asio::error_code ignored;
        incoming_.close(ignored);
      } else {
        slot->socket = std::move(incoming_);
        slot->open = true;
        Reader* reader = slot;
        // Reads only to notice the reader leaving.
        reader->read_pending = true;
        reader->socket.async_read_some(asio::buffer(reader->discard, sizeof reader->discard),
                                       [reader](const asio::error_code& read_error, size_t) {
                                         reader->read_pending = false;
                                         if (read_error) {
                                           reader->open = false;
                                           asio::error_code ignored;
                                           reader->socket.close(ignored);
                                         }
                                       });
      }
      incoming_ = tcp::socket(io_);
    }
    start_accept();
  });
}

void GroundTruthFeed::publish(int64_t cycle, double time, const GameState& match, const WorldSnapshot& world,
                              const GroundTruthRobot* robots, int robot_count) {
  size_t length = format_ground_truth(line_.get(), kLineCapacity, cycle, time, match, world, robots, robot_count);
  if (length == 0) return;
  if (file_) {
    std::fwrite(line_.get(), 1, length, file_);
    return;
  }
  for (auto& r : readers_) {
    if (!r->open || r->write_pending) continue;  // a slow reader misses lines; never block the cycle
    std::memcpy(r->buffer.get(), line_.get(), length);
    r->write_pending = true;
    Reader* reader = r.get();
    asio::async_write(reader->socket, asio::buffer(reader->buffer.get(), length),
                      [reader](const asio::error_code& ec, size_t) {
                        reader->write_pending = false;
                        if (ec && reader->open) {
                          reader->open = false;
                          asio::error_code ignored;
                          reader->socket.close(ignored);
                        }
                      });
  }
}

void GroundTruthFeed::close() {
  closed_ = true;
  asio::error_code ignored;
  if (port_ >= 0) acceptor_.close(ignored);
  for (auto& r : readers_) {
    if (!r) continue;
    r->open = false;
    r->socket.close(ignored);
  }
  if (file_) std::fflush(file_);
}

}  // namespace libero::sim
