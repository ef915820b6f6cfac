// A synthetic robot on the SimSpark field that produces protocol::Percept
// structs the way rcssserver3d 0.7.x does (simspark-facts.md 5.4-5.8):
// restricted vision every 3rd cycle (120 deg window, calibration offset,
// Gaussian distance/angle noise, 2-decimal rounding, line clipping against
// the camera's near plane and image rectangle, own arms and feet in a P
// group), gyro and accelerometer in the SimSpark torso frame, joint angles
// in degrees, and the MotionStatus a walk would report. The true state is
// kept in the world frame (the left team's frame) and exposed in our team
// frame for scoring. Used by tests/world and tools/bench/world.
#pragma once

#include <cstdint>
#include <string>

#include "core/math.h"
#include "core/skill_requests.h"
#include "protocol/percepts.h"

namespace libero::synthetic {

struct SyntheticOptions {
  uint64_t seed = 1;
  bool left_side = true;
  std::string team = "Libero";
  std::string opponent_team = "Others";
  int unum = 2;
  double walk_scale_error = 0.08;     // true speed = commanded * (1 + this)
  double walk_noise = 0.05;           // per-cycle speed noise, m/s
  double sway_roll = deg2rad(3.0);    // torso sway while walking (amplitude)
  double sway_pitch = deg2rad(2.5);
  double lean_pitch = deg2rad(4.0);   // constant forward lean while walking
  double sway_amplitude = 0.015;      // m, lateral torso sway (its acceleration reaches the ACC)
  double accel_noise = 0.8;           // m/s^2, unmodelled body accelerations
  bool head_scan = true;              // pan the head, else look straight ahead
  bool vision_noise = true;           // off: exact polar coordinates (still rounded)
  int vision_phase = 0;               // which cycle of three carries vision
};

struct TruthPose {
  double x, y, heading;  // our team frame
};

class SyntheticWorld {
 public:
  explicit SyntheticWorld(const SyntheticOptions& options);

  // Places the robot (our team frame), upright, without a teleport spike.
  void place(double x, double y, double heading);
  // Moves the robot like a beam/referee move: the next percepts carry the
  // server's accelerometer signature (two cycles of free fall, then a ~3 g
  // landing) unless `free_fall` is false.
  void teleport(double x, double y, double heading, bool free_fall = true);
  // Overrides the torso tilt and height (a fall, lying, getting up) until
  // release_posture(); `impact` puts the landing's accelerometer spike into
  // the next percept.
  void set_posture(double roll, double pitch, double torso_height, bool impact = false);
  void release_posture() { posture_override_ = false; }
  // Ball in our team frame.
  void set_ball(double x, double y, double vx, double vy);
  // Another robot (our team frame); fallen robots lie on the ground.
  void add_player(bool teammate, int unum, double x, double y, double heading, bool fallen = false);
  // A message heard with the next percept.
  void queue_heard(const std::string& team, const std::string& text, bool from_self = false);

  // One 20 ms cycle with the walk command (robot frame, m/s and rad/s);
  // fills the percept the server would send at the end of it.
  void step(double vx, double vy, double turn, protocol::Percept* out, motion::MotionStatus* status);

  TruthPose pose() const;
  void ball(double* x, double* y) const;
  void ball_velocity(double* vx, double* vy) const;
  double time() const { return time_; }
  bool vision_this_cycle() const { return vision_this_cycle_; }
  const SyntheticOptions& options() const { return options_; }

 private:
  struct Other {
    bool teammate;
    int unum;
    double x, y, heading;  // world frame
    bool fallen;
  };

  double gaussian();
  double uniform(double lo, double hi);
  void fill_vision(protocol::VisionPercept* vision, const Mat3& head_rotation, const Vec3& head_position);
  bool observe_point(const Vec3& world_point, const Mat3& head_rotation, const Vec3& head_position,
                     protocol::Polar* out);
  protocol::Polar to_polar(const Vec3& head_vector, double distance);

  SyntheticOptions options_;
  uint64_t rng_;
  // Truth, world frame.
  double x_ = -5, y_ = 0, yaw_ = 0, z_ = 0.355;
  double roll_ = 0, pitch_ = 0;
  Mat3 last_rotation_ = Mat3::Identity();
  Vec3 last_velocity_ = Vec3::Zero();
  bool spike_pending_ = false;
  int teleport_cycles_ = 0;
  bool posture_override_ = false;
  double posture_roll_ = 0, posture_pitch_ = 0, posture_height_ = 0.355;
  double ball_x_ = 0, ball_y_ = 0, ball_vx_ = 0, ball_vy_ = 0;
  double time_ = 0, walk_phase_ = 0;
  long cycle_ = 0;
  bool vision_this_cycle_ = false;
  Vec3 calibration_ = Vec3::Zero();
  Other others_[22];
  int other_count_ = 0;
  struct Heard {
    std::string team, text;
    bool from_self;
  } heard_[4];
  int heard_count_ = 0;
};

}  // namespace libero::synthetic
