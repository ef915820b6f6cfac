// Vision geometry: known poses give the expected polar coordinates (no noise).
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>

#include "tools/sim/server/percept_writer.h"
#include "tools/sim/server/vision.h"

using namespace libero;
using namespace libero::sim;
using doctest::Approx;

namespace {

CameraPose camera_at(double x, double y, double z, double heading_deg, double pitch_deg = 0) {
  CameraPose c;
  c.position = Vec3(x, y, z);
  // heading about z, then pitch about the camera's left axis (positive = looking down)
  c.rotation = (Eigen::AngleAxisd(deg2rad(heading_deg), Vec3::UnitZ()) *
                Eigen::AngleAxisd(deg2rad(pitch_deg), Vec3::UnitY()))
                   .toRotationMatrix();
  return c;
}

}  // namespace

TEST_CASE("landmarks in polar coordinates for a camera facing +x") {
  CameraPose cam = camera_at(0, 0, 0.5, 0);
  PolarDeg p;
  REQUIRE(see_point(cam, Vec3::Zero(), Vec3(15, 10, 0), &p));
  CHECK(p.distance == Approx(std::sqrt(225.0 + 100.0 + 0.25)));
  CHECK(p.horizontal == Approx(rad2deg(std::atan2(10.0, 15.0))));  // left is positive
  CHECK(p.vertical == Approx(rad2deg(std::atan2(-0.5, std::sqrt(325.0)))));
  REQUIRE(see_point(cam, Vec3::Zero(), Vec3(15, -10, 0), &p));
  CHECK(p.horizontal == Approx(-33.690067525979785));
  // Behind the camera: not seen.
  CHECK_FALSE(see_point(cam, Vec3::Zero(), Vec3(-15, 10, 0), &p));
}

TEST_CASE("the ±60 degree window uses the camera's heading and pitch") {
  CameraPose cam = camera_at(0, 0, 0.5, 90);  // facing world +y
  PolarDeg p;
  REQUIRE(see_point(cam, Vec3::Zero(), Vec3(15, 10, 0), &p));
  CHECK(p.horizontal == Approx(-56.309932474020215));  // to the right
  REQUIRE(see_point(cam, Vec3::Zero(), Vec3(-15, 10, 0), &p));
  CHECK(p.horizontal == Approx(56.309932474020215));
  CHECK_FALSE(see_point(cam, Vec3::Zero(), Vec3(15, -10, 0), &p));
  // Just inside and just outside the horizontal edge.
  CameraPose ahead = camera_at(0, 0, 0, 0);
  CHECK(see_point(ahead, Vec3::Zero(), Vec3(1, std::tan(deg2rad(59.9)), 0), &p));
  CHECK_FALSE(see_point(ahead, Vec3::Zero(), Vec3(1, std::tan(deg2rad(60.1)), 0), &p));
  // Looking down 45 degrees: a point on the ground 1 m ahead of a camera 1 m up is straight ahead.
  CameraPose down = camera_at(0, 0, 1, 0, 45);
  REQUIRE(see_point(down, Vec3::Zero(), Vec3(1, 0, 0), &p));
  CHECK(p.horizontal == Approx(0.0).epsilon(1e-9));
  CHECK(p.vertical == Approx(0.0).epsilon(1e-9));
  // A point straight down is 45 degrees below the view axis: visible; the vertical window is ±60.
  REQUIRE(see_point(down, Vec3::Zero(), Vec3(0, 0, 0), &p));
  CHECK(p.vertical == Approx(-45.0));
}

TEST_CASE("calibration offset shifts the angles but not the object distance; 0.1 m rule") {
  CameraPose cam = camera_at(0, 0, 0, 0);
  Vec3 offset(0, 0.005, 0);
  PolarDeg p;
  REQUIRE(see_point(cam, offset, Vec3(1, 0, 0), &p));
  CHECK(p.distance == Approx(1.0));
  CHECK(p.horizontal == Approx(rad2deg(std::atan2(0.005, 1.0))));
  // Objects at most 0.1 m away (after the offset) are dropped: the own head.
  CHECK_FALSE(see_point(cam, offset, Vec3(0, 0, 0), &p));
  CHECK_FALSE(see_point(cam, Vec3::Zero(), Vec3(0.1, 0, 0), &p));
  CHECK(see_point(cam, Vec3::Zero(), Vec3(0.11, 0, 0), &p));
}

TEST_CASE("a line with both ends in view is reported as is") {
  CameraPose cam = camera_at(-10, 0, 0.5, 0);
  PolarDeg a, b;
  REQUIRE(see_line(cam, Vec3::Zero(), Vec3(0, -1, 0), Vec3(0, 1, 0), &a, &b));
  CHECK(a.distance == Approx(std::sqrt(100 + 1 + 0.25)));
  CHECK(a.horizontal == Approx(rad2deg(std::atan2(-1.0, 10.0))));
  CHECK(b.horizontal == Approx(rad2deg(std::atan2(1.0, 10.0))));
}

TEST_CASE("a long line is clipped to the image-plane rectangle") {
  CameraPose cam = camera_at(0, 0, 0.5, 0);
  PolarDeg a, b;
  REQUIRE(see_line(cam, Vec3::Zero(), Vec3(5, -20, 0), Vec3(5, 20, 0), &a, &b));
  double half = 5 * std::tan(deg2rad(60.0));
  CHECK(a.horizontal == Approx(-60.0));
  CHECK(b.horizontal == Approx(60.0));
  CHECK(a.distance == Approx(std::sqrt(25 + half * half + 0.25)));
  CHECK(a.vertical == Approx(rad2deg(std::atan2(-0.5, std::sqrt(25 + half * half)))));
}

TEST_CASE("a line running behind the camera is clipped at the bottom edge of the image") {
  CameraPose cam = camera_at(0, 0, 0.5, 0);
  PolarDeg a, b;
  REQUIRE(see_line(cam, Vec3::Zero(), Vec3(-5, 0, 0), Vec3(5, 0, 0), &a, &b));
  // Image bottom edge: z/x = -tan 60 -> x = 0.5 / tan 60.
  double x = 0.5 / std::tan(deg2rad(60.0));
  CHECK(a.vertical == Approx(-60.0));
  CHECK(a.horizontal == Approx(0.0));
  CHECK(a.distance == Approx(std::sqrt(x * x + 0.25)));
  CHECK(b.distance == Approx(std::sqrt(25 + 0.25)));
  // Entirely behind: nothing.
  CHECK_FALSE(see_line(cam, Vec3::Zero(), Vec3(-5, -1, 0), Vec3(-1, 1, 0), &a, &b));
  // Entirely beside the view cone: nothing.
  CHECK_FALSE(see_line(cam, Vec3::Zero(), Vec3(1, 5, 0), Vec3(2, 8, 0), &a, &b));
}

TEST_CASE("a segment crossing the near plane in front of a low camera is clipped at 0.1 m") {
  // Camera on the ground plane looking along +x, line along x at the camera's height.
  CameraPose cam = camera_at(0, 0, 0, 0);
  PolarDeg a, b;
  REQUIRE(see_line(cam, Vec3::Zero(), Vec3(-3, 0, 0), Vec3(3, 0, 0), &a, &b));
  CHECK(a.distance == Approx(0.1));
  CHECK(b.distance == Approx(3.0));
}

TEST_CASE("noise: Gaussian with the reference sigmas, calibration within ±5 mm, off when disabled") {
  VisionNoiseParams params;
  std::mt19937 rng(42);
  double sum_h = 0, sum_h2 = 0, sum_d2 = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    PolarDeg p{10.0, 0.0, 0.0};
    add_vision_noise(params, rng, &p);
    sum_h += p.horizontal;
    sum_h2 += p.horizontal * p.horizontal;
    sum_d2 += (p.distance - 10.0) * (p.distance - 10.0);
  }
  CHECK(std::fabs(sum_h / n) < 0.01);
  CHECK(std::sqrt(sum_h2 / n) == Approx(0.1480).epsilon(0.05));
  CHECK(std::sqrt(sum_d2 / n) == Approx(0.0965 * 10.0 / 100.0).epsilon(0.05));
  for (int i = 0; i < 100; ++i) {
    Vec3 c = draw_calibration_offset(params, rng);
    CHECK(c.cwiseAbs().maxCoeff() <= 0.005);
  }
  params.enabled = false;
  PolarDeg p{10.0, 1.0, 2.0};
  add_vision_noise(params, rng, &p);
  CHECK(p.distance == 10.0);
  CHECK(draw_calibration_offset(params, rng) == Vec3::Zero());
}

TEST_CASE("See lists landmarks, ball, robot parts grouped in P (own parts included), then lines") {
  // Observer at the left penalty spot area facing +x; another robot 2 m ahead.
  CameraPose cam = camera_at(-5, 0, 0.555, 0);
  VisibleRobot robots[2];
  robots[0].has_team = true;
  robots[0].team_name = "Probe";
  robots[0].unum = 1;
  robots[0].marker[kMarkerHeadPos] = cam.position;                       // own head: dropped (0.1 m)
  robots[0].marker[kMarkerRLowerArmPos] = Vec3(-5 + 0.14, -0.098, 0.484);  // own arms: seen
  robots[0].marker[kMarkerLLowerArmPos] = Vec3(-5 + 0.14, 0.098, 0.484);
  robots[0].marker[kMarkerRFootPos] = Vec3(-5 + 0.025, -0.055, 0.025);     // own feet: below the window
  robots[0].marker[kMarkerLFootPos] = Vec3(-5 + 0.025, 0.055, 0.025);
  robots[1].has_team = true;
  robots[1].team_name = "Other";
  robots[1].unum = 7;
  for (int m = 0; m < kMarkers; ++m) robots[1].marker[m] = Vec3(-3, 0, 0.1 * m + 0.05);
  VisionScene scene;
  scene.ball = Vec3(0, 0, 0.042);
  scene.robots = robots;
  scene.robot_count = 2;
  VisionRequest vision;
  vision.due = true;
  vision.scene = &scene;
  char buffer[8192];
  TextWriter w(buffer, sizeof buffer);
  write_see(&w, cam, vision);
  std::string text(w.view());
  CHECK(text.rfind("(See (F1R (pol ", 0) == 0);
  CHECK(text.find("(G1R (pol ") != std::string::npos);
  CHECK(text.find("(F1L") == std::string::npos);
  CHECK(text.find("(B (pol 5.03 0.00 -5.86))") != std::string::npos);
  CHECK(text.find("(P (team Probe) (id 1) (rlowerarm (pol ") != std::string::npos);
  CHECK(text.find("(P (team Probe) (id 1) (head") == std::string::npos);
  CHECK(text.find("(P (team Other) (id 7) (head (pol ") != std::string::npos);
  CHECK(text.find("(L (pol ") > text.find("(P (team Other)"));
  CHECK(text.back() == ')');
  // Teamless robots are not listed.
  robots[1].has_team = false;
  w.clear();
  write_see(&w, cam, vision);
  CHECK(std::string(w.view()).find("Other") == std::string::npos);
}
