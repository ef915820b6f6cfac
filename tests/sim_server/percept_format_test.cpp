// Percept text: exact two-decimal formatting and the reference server's order.
#include <doctest/doctest.h>

#include <charconv>
#include <cmath>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "tools/sim/server/percept_writer.h"
#include "tools/sim/server/text_writer.h"

using namespace libero;
using namespace libero::sim;

namespace {

std::string fixed(double v) {
  char buffer[64];
  TextWriter w(buffer, sizeof buffer);
  w.fixed2(v);
  return std::string(w.view());
}

// Top-level tags in order, e.g. "time", "GS", "HJ:hj1", "FRP:rf".
std::vector<std::string> top_level_tags(const std::string& text) {
  std::vector<std::string> tags;
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') {
      if (depth == 0) {
        size_t end = text.find_first_of(" ()", i + 1);
        std::string tag = text.substr(i + 1, end - i - 1);
        if (tag == "HJ" || tag == "FRP") {
          size_t n = text.find("(n ", i);
          size_t close = text.find(')', n);
          tag += ":" + text.substr(n + 3, close - n - 3);
        }
        tags.push_back(tag);
      }
      ++depth;
    } else if (text[i] == ')') {
      --depth;
    }
  }
  CHECK(depth == 0);
  return tags;
}

RobotReadings standing_readings() {
  RobotReadings r;
  r.joint_count = 22;
  for (int j = 0; j < kJointCount; ++j) r.joint_angle[j] = deg2rad(0.5 * j);
  r.joint_angle[kNeckYaw] = -1e-5;  // prints as -0.00
  r.gyro = Vec3(0.01, -0.02, 0.03);
  r.accelerometer = Vec3(0.0, 0.0, 9.81);
  r.foot[kSensorLeftFoot].contact = true;
  r.foot[kSensorLeftFoot].force = Vec3(0.1, 0.2, 22.59);
  r.foot[kSensorLeftFoot].center = Vec3(0.0, 0.0, -0.01);
  r.camera_position = Vec3(-5, 0, 0.555);
  return r;
}

}  // namespace

TEST_CASE("fixed2 prints exactly two decimals like SimSpark's stream output") {
  CHECK(fixed(0.0) == "0.00");
  CHECK(fixed(-0.0) == "-0.00");
  CHECK(fixed(-0.001) == "-0.00");
  CHECK(fixed(13.2) == "13.20");
  CHECK(fixed(-57.8249) == "-57.82");
  CHECK(fixed(1.146) == "1.15");
  CHECK(fixed(123456.789) == "123456.79");
  CHECK(fixed(std::nan("")) == "0.00");
}

// fixed2's integer path against the general conversion it replaces: values
// across every magnitude it takes, exact ties (k / 8, rounded to even), their
// neighbours, and both signs.
TEST_CASE("fixed2 prints the same text as std::to_chars for every value it handles itself") {
  auto reference = [](double v) {
    char buffer[64];
    std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::fixed, 2);
    return std::string(buffer, r.ptr);
  };
  std::vector<double> values = {0.001, 0.0009999999, 0.005, 0.015, 0.025, 0.125, 0.375, 2.675, 1e15, 999999999999999.9,
                                4503599627370495.5, 1e16, 5e-324};
  for (int k = 0; k < 80000; ++k) {
    const double tie = k / 8.0;  // every eighth: ..., 0.125, 0.375, 0.625, 0.875 are exact ties at two decimals
    values.insert(values.end(), {tie, std::nextafter(tie, 0.0), std::nextafter(tie, 1e300)});
  }
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> exponent(-6, 16), mantissa(1, 10);
  for (int k = 0; k < 300000; ++k) values.push_back(mantissa(random) * std::pow(10.0, std::floor(exponent(random))));
  int mismatches = 0;
  for (double v : values) {
    for (double signed_value : {v, -v}) {
      if (fixed(signed_value) != reference(signed_value) && ++mismatches <= 5)
        FAIL_CHECK(fixed(signed_value) << " != " << reference(signed_value) << " for " << signed_value);
    }
  }
  CHECK(mismatches == 0);
  CHECK(fixed(2.675) == "2.67");   // below the tie in binary
  CHECK(fixed(0.125) == "0.12");   // a tie: to even
  CHECK(fixed(0.375) == "0.38");
}

TEST_CASE("TextWriter reports overflow instead of writing past the buffer") {
  char buffer[8];
  TextWriter w(buffer, sizeof buffer);
  w.text("(time ");
  CHECK_FALSE(w.overflowed());
  w.fixed2(1234.5);
  CHECK(w.overflowed());
  CHECK(w.size() <= sizeof buffer);
}

TEST_CASE("percept order, GS announcement and FRP omission follow the reference server") {
  RobotReadings r = standing_readings();
  PerceptHeader h;
  h.server_time = 13.24;
  h.play_mode = "BeforeKickOff";
  h.announce = true;
  h.unum = 1;
  h.team = Team::Left;
  char buffer[8192];
  TextWriter w(buffer, sizeof buffer);
  write_percept(&w, h, nullptr, 0, r, 0, VisionRequest{});
  std::string text(w.view());
  REQUIRE_FALSE(w.overflowed());
  CHECK(text.rfind("(time (now 13.24))(GS (unum 1) (team left) (sl 0) (sr 0) (t 0.00) (pm BeforeKickOff))"
                   "(GYR (n torso) (rt ", 0) == 0);
  CHECK(text.find("(HJ (n hj1) (ax -0.00))") != std::string::npos);
  CHECK(text.find("(ACC (n torso) (a -0.00 0.00 9.81))") != std::string::npos);

  std::vector<std::string> expected = {"time", "GS", "GYR", "ACC", "HJ:hj1", "HJ:hj2", "HJ:raj1", "HJ:raj2",
                                       "HJ:raj3", "HJ:raj4", "HJ:laj1", "HJ:laj2", "HJ:laj3", "HJ:laj4",
                                       "HJ:rlj1", "HJ:rlj2", "HJ:rlj3", "HJ:rlj4", "HJ:rlj5", "HJ:rlj6",
                                       "HJ:llj1", "HJ:llj2", "HJ:llj3", "HJ:llj4", "HJ:llj5", "FRP:lf",
                                       "HJ:llj6"};
  CHECK(top_level_tags(text) == expected);

  // Every number with a decimal point has exactly two decimals.
  std::regex number(R"([ (](-?[0-9]+\.[0-9]+))");
  int numbers = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) {
    std::string n = (*it)[1];
    CHECK(n.size() - n.find('.') - 1 == 2);
    ++numbers;
  }
  CHECK(numbers > 30);

  // Without announce: plain GS.
  h.announce = false;
  w.clear();
  write_percept(&w, h, nullptr, 0, r, 0, VisionRequest{});
  CHECK(std::string(w.view()).find("(GS (sl 0) (sr 0) (t 0.00) (pm BeforeKickOff))") != std::string::npos);
}

TEST_CASE("type 4 adds toe sensors and joints after the foot roll joint; vision after hj2") {
  RobotReadings r = standing_readings();
  r.joint_count = 24;
  r.foot[kSensorRightFoot].contact = true;
  r.foot[kSensorRightToe].contact = true;
  r.foot[kSensorLeftToe].contact = false;
  VisibleRobot robots[1];
  VisionScene scene;
  scene.ball = Vec3(0, 0, 0.042);
  VisionRequest vision;
  vision.due = true;
  vision.scene = &scene;
  (void)robots;
  PerceptHeader h;
  h.play_mode = "PlayOn";
  char buffer[16384];
  TextWriter w(buffer, sizeof buffer);
  write_percept(&w, h, nullptr, 0, r, 4, vision);
  std::vector<std::string> tags = top_level_tags(std::string(w.view()));
  std::vector<std::string> expected = {"time", "GS", "GYR", "ACC", "HJ:hj1", "HJ:hj2", "See", "HJ:raj1",
                                       "HJ:raj2", "HJ:raj3", "HJ:raj4", "HJ:laj1", "HJ:laj2", "HJ:laj3",
                                       "HJ:laj4", "HJ:rlj1", "HJ:rlj2", "HJ:rlj3", "HJ:rlj4", "HJ:rlj5",
                                       "FRP:rf", "HJ:rlj6", "FRP:rf1", "HJ:rlj7", "HJ:llj1", "HJ:llj2",
                                       "HJ:llj3", "HJ:llj4", "HJ:llj5", "FRP:lf", "HJ:llj6", "HJ:llj7"};
  CHECK(tags == expected);
}

TEST_CASE("hear entries: self echo and direction, speaker's team name, game time") {
  Utterance u;
  u.speaker = 0;
  u.team_name = "TA";
  u.side = Team::Left;
  std::memcpy(u.text, "hello", 5);
  u.length = 5;
  HeardEntry heard[2] = {{&u, true, 0.0}, {&u, false, 20.62}};
  PerceptHeader h;
  h.play_mode = "BeforeKickOff";
  char buffer[8192];
  TextWriter w(buffer, sizeof buffer);
  write_percept(&w, h, heard, 2, standing_readings(), 0, VisionRequest{});
  std::string text(w.view());
  CHECK(text.find("(pm BeforeKickOff))(hear TA 0.00 self hello)(hear TA 0.00 20.62 hello)(GYR") !=
        std::string::npos);
}
