// Cross-check against an independent implementation of the server's vision:
// percepts made by the simulator's own vision code (tools/sim/server/vision.cpp,
// written by another engineer from the same reference sheet) must localise
// the world model as well as the synthetic generator's do. Catches sign and
// frame mistakes that a generator sharing our own assumptions would hide.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "tools/sim/server/vision.h"
#include "world/world_model.h"

using namespace libero;

namespace {

protocol::Polar rounded(const sim::PolarDeg& p) {
  protocol::Polar out;
  out.distance = static_cast<float>(std::round(p.distance * 100) / 100);
  out.horizontal = static_cast<float>(std::round(p.horizontal * 100) / 100);
  out.vertical = static_cast<float>(std::round(p.vertical * 100) / 100);
  return out;
}

const Vec3 kLandmarks[protocol::kLandmarkCount] = {
    {-15, 10, 0}, {-15, -10, 0}, {15, 10, 0}, {15, -10, 0},
    {-15, 1.05, 0.8}, {-15, -1.05, 0.8}, {15, 1.05, 0.8}, {15, -1.05, 0.8}};

}  // namespace

TEST_CASE("localises on percepts from the simulator's vision code, both sides") {
  for (int side = 0; side < 2; ++side) {
    bool left = side == 0;
    // Truth in the world frame; our team frame is mirrored for the right team.
    double wx = left ? -6.0 : 6.0, wy = left ? 2.0 : -2.0, wyaw = left ? 0.4 : 0.4 + kPi;
    Vec3 ball_world(left ? -3.5 : 3.5, left ? 2.8 : -2.8, 0.042);
    std::mt19937 rng(7 + side);
    sim::VisionNoiseParams noise;
    Vec3 calibration = sim::draw_calibration_offset(noise, rng);

    world::WorldModelOptions options;
    options.team_name = "Libero";
    world::WorldModel model(options);
    motion::MotionStatus status{};
    protocol::Percept p;
    for (int k = 0; k < 150; ++k) {
      p = protocol::Percept{};
      p.has_time = true;
      p.server_time = 5 + 0.02 * k;
      p.game_state.present = true;
      p.game_state.play_mode = protocol::PlayMode::BeforeKickOff;
      if (k == 0) {
        p.game_state.has_side = true;
        p.game_state.side = left ? protocol::Side::Left : protocol::Side::Right;
        p.game_state.has_unum = true;
        p.game_state.unum = 1;
      }
      p.has_gyro = true;
      p.has_accel = true;
      p.accel.z = 9.81f;
      double neck_yaw = deg2rad(60) * std::sin(0.02 * k * 2.0);
      double neck_pitch = deg2rad(-10);
      for (int j = 0; j < kJointCountWithoutToes; ++j) p.joint_present[j] = true;
      p.joint_angle_deg[kNeckYaw] = static_cast<float>(rad2deg(neck_yaw));
      p.joint_angle_deg[kNeckPitch] = static_cast<float>(rad2deg(neck_pitch));
      // Standing straight: torso centre 0.385 m above the ground (zero pose).
      if (k % 3 == 0) {
        Vec3 torso(wx, wy, 0.385);
        sim::CameraPose camera;
        camera.rotation = rot_z(wyaw) * rot_z(neck_yaw) * rot_y(-neck_pitch);
        camera.position = torso + rot_z(wyaw) * (Vec3(0, 0, 0.09) + rot_z(neck_yaw) * (Vec3(0, 0, 0.06) +
                                                                                 rot_y(-neck_pitch) * Vec3(0, 0, 0.005)));
        protocol::VisionPercept& v = p.vision;
        v.present = true;
        for (int i = 0; i < protocol::kLandmarkCount; ++i) {
          sim::PolarDeg polar;
          if (!sim::see_point(camera, calibration, kLandmarks[i], &polar)) continue;
          sim::add_vision_noise(noise, rng, &polar);
          v.landmark_seen[i] = true;
          v.landmark[i] = rounded(polar);
        }
        sim::PolarDeg ball;
        if (sim::see_point(camera, calibration, ball_world, &ball)) {
          sim::add_vision_noise(noise, rng, &ball);
          v.ball_seen = true;
          v.ball = rounded(ball);
        }
        const double lines[][4] = {{0, -10, 0, 10},     {15, -10, 15, 10},   {-15, -10, -15, 10},
                                   {15, 10, -15, 10},   {15, -10, -15, -10}, {13.2, 3, 13.2, -3},
                                   {13.2, 3, 15, 3},    {13.2, -3, 15, -3},  {-13.2, 3, -13.2, -3},
                                   {-13.2, 3, -15, 3},  {-13.2, -3, -15, -3}};
        for (const auto& l : lines) {
          sim::PolarDeg a, b;
          if (!sim::see_line(camera, calibration, Vec3(l[0], l[1], 0), Vec3(l[2], l[3], 0), &a, &b)) continue;
          sim::add_vision_noise(noise, rng, &a);
          sim::add_vision_noise(noise, rng, &b);
          v.lines[v.line_count].begin = rounded(a);
          v.lines[v.line_count].end = rounded(b);
          ++v.line_count;
        }
      }
      model.update(p, status);
    }
    const world::WorldState& ws = model.state();
    double tx = left ? wx : -wx, ty = left ? wy : -wy, th = normalize_angle(left ? wyaw : wyaw - kPi);
    CAPTURE(side);
    CHECK(ws.self.localised == 1);
    CHECK(std::hypot(ws.self.x - tx, ws.self.y - ty) < 0.08);
    CHECK(std::fabs(normalize_angle(ws.self.heading - th)) < deg2rad(2));
    CHECK(std::fabs(ws.self.z - 0.385) < 0.01);
    REQUIRE(ws.ball.valid == 1);
    double bx = left ? ball_world.x() : -ball_world.x(), by = left ? ball_world.y() : -ball_world.y();
    CHECK(std::hypot(ws.ball.x - bx, ws.ball.y - by) < 0.1);
  }
}
