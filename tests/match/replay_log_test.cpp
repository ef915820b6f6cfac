#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "tools/match/html_report.h"
#include "tools/match/replay_log.h"

using namespace libero::match;

namespace {
std::string temp_path(const char* name) {
  return std::string("/tmp/libero_match_test_") + std::to_string(getpid()) + "_" + name;
}

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

MatchFrame sample_frame(uint32_t cycle) {
  MatchFrame f;
  f.cycle = cycle;
  f.time = cycle * 0.02;
  f.play_mode = libero::protocol::PlayMode::PlayOn;
  f.ball_x = 1.5;
  f.robot_count = 2;
  f.robots[0].team = 0;
  f.robots[0].unum = 1;
  f.robots[0].x = -14;
  f.robots[1].team = 1;
  f.robots[1].unum = 7;
  f.robots[1].fallen = true;
  return f;
}
}  // namespace

TEST_CASE("replay log: header, frames every N cycles, escaped events") {
  std::string path = temp_path("log.jsonl");
  ReplayLogWriter log;
  ReplayHeader header;
  header.team_left = "Blue\"Team";
  header.team_right = "Red";
  header.frame_every = 5;
  REQUIRE(log.open(path, header).ok());
  for (uint32_t c = 0; c < 20; ++c) log.frame(sample_frame(c));
  log.event(0.3, "goal", 0, 7, "left\nscored");
  log.close();
  auto lines = read_lines(path);
  REQUIRE(lines.size() == 1 + 4 + 1);
  CHECK(lines[0].find("\"type\":\"header\"") != std::string::npos);
  CHECK(lines[0].find("\"team_left\":\"Blue\\\"Team\"") != std::string::npos);
  CHECK(lines[1].find("\"cycle\":0,") != std::string::npos);
  CHECK(lines[2].find("\"cycle\":5,") != std::string::npos);
  CHECK(lines[1].find("\"pm\":\"PlayOn\"") != std::string::npos);
  CHECK(lines[1].find("\"fallen\":true") != std::string::npos);
  CHECK(lines[5].find("\"detail\":\"left\\u000ascored\"") != std::string::npos);
  for (const auto& l : lines) {
    CHECK(l.front() == '{');
    CHECK(l.back() == '}');
  }
  std::remove(path.c_str());
}

TEST_CASE("replay log: unwritable path is a clear error") {
  ReplayLogWriter log;
  auto status = log.open("/nonexistent-dir/x.jsonl", ReplayHeader{});
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().message.find("/nonexistent-dir/x.jsonl") != std::string::npos);
  log.frame(sample_frame(0));  // writing to a closed log is harmless
}

TEST_CASE("HTML report is self-contained, escapes names and embeds every frame") {
  MatchSummary s;
  s.team_left = "<script>alert(1)</script>";
  s.team_right = "Red";
  s.score_left = 2;
  std::vector<MatchFrame> frames;
  for (uint32_t c = 0; c < 50; c += 5) frames.push_back(sample_frame(c));
  std::string html = render_html_report(s, frames);
  CHECK(html.find("<canvas id=\"field\"") != std::string::npos);
  // The live viewer's field drawing (tools/view/web/field.js) is inlined.
  CHECK(html.find("global.LiberoField = {") != std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("<script>alert(1)") == std::string::npos);
  CHECK(html.find("http://") == std::string::npos);  // no external resources
  CHECK(html.find("https://") == std::string::npos);
  size_t count = 0;
  for (size_t p = html.find("\n[0."); p != std::string::npos; p = html.find("\n[", p + 1)) ++count;
  CHECK(count >= frames.size() - 1);
  std::string path = temp_path("report.html");
  REQUIRE(write_html_report(path, s, frames).ok());
  CHECK(read_lines(path).size() > 10);
  std::remove(path.c_str());
  CHECK_FALSE(write_html_report("/nonexistent-dir/r.html", s, frames).ok());
}
