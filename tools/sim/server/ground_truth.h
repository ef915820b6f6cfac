// Debug ground-truth feed for tools and benchmarks (never used by matches):
// one text line per cycle with the ball and every robot's torso pose,
//   (gt (cycle 12) (time 0.24) (pm BeforeKickOff) (ball x y z vx vy vz)
//       (robot (team left) (name A) (unum 1) (type 0) (pos x y z) (quat w x y z) (heading deg)) ...)
// world frame, metres, 4 decimals, newline-terminated. `spec` is a TCP port
// (digits; 0 = any free port; up to four readers, a slow reader misses lines)
// or a file path (appended through a 64 kB stdio buffer).
#pragma once

#include <asio.hpp>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"
#include "tools/sim/physics/physics_world.h"
#include "tools/sim/referee/referee.h"
#include "tools/sim/server/team.h"

namespace libero::sim {

struct GroundTruthRobot {
  Team team = Team::None;
  std::string_view team_name;
  int unum = 0;
  int type = 0;
  const RobotSnapshot* snapshot = nullptr;
};

// Formats one line into buffer; returns its length (0 if it did not fit).
size_t format_ground_truth(char* buffer, size_t capacity, int64_t cycle, double time, const GameState& match,
                           const WorldSnapshot& world, const GroundTruthRobot* robots, int robot_count);

class GroundTruthFeed {
 public:
  static Result<std::unique_ptr<GroundTruthFeed>> open(asio::io_context& io, const asio::ip::address& address,
                                                       const std::string& spec);
  ~GroundTruthFeed();
  int port() const { return port_; }  // -1 for a file
  void start();
  void publish(int64_t cycle, double time, const GameState& match, const WorldSnapshot& world,
               const GroundTruthRobot* robots, int robot_count);
  void close();

  struct Reader;

 private:
  explicit GroundTruthFeed(asio::io_context& io);
  void start_accept();

  asio::io_context& io_;
  asio::ip::tcp::acceptor acceptor_;
  asio::ip::tcp::socket incoming_;
  int port_ = -1;
  std::FILE* file_ = nullptr;
  static constexpr int kMaxReaders = 4;
  std::unique_ptr<Reader> readers_[kMaxReaders];
  std::unique_ptr<char[]> line_;
  bool closed_ = false;
};

}  // namespace libero::sim
