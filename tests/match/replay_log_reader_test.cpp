// Reading a replay log back (tools/match/replay_log_reader.h): what the
// writer wrote, old version 1 logs, and damaged logs (cut, edited, garbage)
// whose bad lines are skipped and counted, never trusted.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

#include "tools/match/html_report.h"
#include "tools/match/replay_log.h"
#include "tools/match/replay_log_reader.h"
#include "tools/match/replay_page.h"

using namespace libero::match;

namespace {

std::string temp_path(const char* name) {
  return std::string("/tmp/libero_reader_test_") + std::to_string(getpid()) + "_" + name;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

const char* kAgent =
    "{\"k\":\"agent\",\"team\":\"A\",\"side\":1,\"unum\":2,\"t\":1.0,\"self\":[0,0,0,0.1,0.1,1,0],"
    "\"ball\":[1,1,0,0,0.2,1],\"mates\":[],\"opps\":[],\"role\":\"r\",\"act\":[],"
    "\"draw\":[[2,16711935,0,0,0,0,4,\"\",\"probe\"]]}";

// A log as the writer makes it: a frame, a goal, a debug record.
std::string write_log(const char* name) {
  std::string path = temp_path(name);
  ReplayLogWriter log;
  ReplayHeader header;
  header.team_left = "A";
  header.team_right = "B";
  header.seed = 9;
  REQUIRE(log.open(path, header).ok());
  MatchFrame f;
  f.cycle = 50;
  f.time = 1.0;
  f.play_mode = libero::protocol::PlayMode::PlayOn;
  f.score_left = 1;
  f.robot_count = 1;
  f.robots[0].team = 0;
  f.robots[0].unum = 2;
  f.robots[0].x = -3;
  log.frame(f, true);
  log.event(0.9, "goal", 0, 2, "");
  auto record = debug_record_from_text(kAgent);
  REQUIRE(record.ok());
  record->cycle = 50;
  record->time = 1.0;
  log.debug(*record);
  log.close();
  return path;
}

}  // namespace

TEST_CASE("a written log reads back: frames, events, debug records") {
  std::string path = write_log("good.jsonl");
  auto log = read_replay_log(path);
  REQUIRE(log.ok());
  CHECK(log->version == kReplayLogVersion);
  CHECK(log->team_left == "A");
  CHECK(log->seed == 9);
  REQUIRE(log->frames.size() == 1);
  CHECK(log->frames[0].cycle == 50);
  CHECK(log->frames[0].score_left == 1);
  CHECK(log->frames[0].robots[0].x == doctest::Approx(-3));
  REQUIRE(log->events.size() == 1);
  CHECK(log->events[0].kind == "goal");
  REQUIRE(log->debug.size() == 1);
  CHECK(log->debug[0].cycle == 50);
  CHECK(log->debug[0].unum == 2);
  CHECK(log->debug[0].json.find("\"probe\"") != std::string::npos);
  CHECK(log->skipped_lines == 0);
  std::remove(path.c_str());
}

TEST_CASE("a version 1 log (no debug lines) reads") {
  std::string path = temp_path("v1.jsonl");
  write_text(path,
             "{\"type\":\"header\",\"format\":\"libero-replay\",\"version\":1,\"team_left\":\"L\",\"team_right\":\"R\","
             "\"seed\":1,\"frame_every\":5,\"cycle_seconds\":0.020}\n"
             "{\"type\":\"frame\",\"cycle\":5,\"t\":0.10,\"pm\":\"PlayOn\",\"half\":1,\"score\":[0,0],"
             "\"ball\":[0.000,0.000,0.042],\"touch\":[-1,0],\"robots\":[{\"team\":1,\"unum\":4,\"type\":2,"
             "\"pos\":[1.000,2.000,0.380],\"yaw\":3.000,\"fallen\":true}]}\n");
  auto log = read_replay_log(path);
  REQUIRE(log.ok());
  CHECK(log->version == 1);
  CHECK(log->frame_every == 5);
  REQUIRE(log->frames.size() == 1);
  CHECK(log->frames[0].robots[0].fallen);
  CHECK(log->frames[0].robots[0].type == 2);
  CHECK(log->debug.empty());
  std::remove(path.c_str());
}

TEST_CASE("damaged lines are skipped and counted, with the line and why") {
  std::string path = write_log("damaged.jsonl");
  std::string text = read_text(path);
  std::string debug_line = text.substr(text.find("{\"type\":\"debug\""));
  text += "not json\n";                                                                  // line 5
  text += "{\"type\":\"debug\",\"cycle\":60,\"t\":1.2,\"d\":{\"k\":\"agent\",\"side\":1,\"unum\":2}}\n";  // 6: no self
  text += "{\"type\":\"debug\",\"cycle\":60,\"t\":1.2}\n";                              // 7: no message
  text += "{\"type\":\"frame\",\"cycle\":70}\n";                                         // 8: frame without fields
  text += "{\"type\":\"debug\",\"cycle\":-5,\"t\":1.2,\"d\":" + std::string(kAgent) + "}\n";  // 9: bad cycle
  text += "{\"type\":\"future\",\"x\":1}\n";                                             // a later version's: ignored
  text += std::string(kMaxReplayLine + 10, 'x') + "\n";                                  // 11: too long
  text += debug_line.substr(0, debug_line.size() / 2);                                   // 12: cut (a killed match)
  write_text(path, text);
  auto log = read_replay_log(path);
  REQUIRE(log.ok());
  CHECK(log->frames.size() == 1);
  CHECK(log->debug.size() == 1);
  CHECK(log->skipped_lines == 7);
  REQUIRE(log->problems.size() == ReplayLog::kMaxProblems);
  CHECK(log->problems[0].find("line 5: not JSON") == 0);
  CHECK(log->problems[1].find("line 6: a debug record the page cannot show: \"self\"") == 0);
  CHECK(log->problems[2].find("line 7: a debug record without its message") == 0);
  CHECK(log->problems[3].find("line 8: a frame without") == 0);
  // The page is still written, and says lines were skipped.
  std::string page = temp_path("damaged.html");
  REQUIRE(write_replay_page(*log, page).ok());
  CHECK(read_text(page).find("7 damaged lines of the log were skipped") != std::string::npos);
  std::remove(page.c_str());
  std::remove(path.c_str());
}

TEST_CASE("a file that is not a replay log, or a later version, is an error") {
  std::string path = temp_path("bad.jsonl");
  auto missing = read_replay_log(path + ".none");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message.find("cannot read replay log") != std::string::npos);
  write_text(path, "");
  auto empty = read_replay_log(path);
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().message.find("empty") != std::string::npos);
  write_text(path, "{\"type\":\"frame\"}\n");
  auto foreign = read_replay_log(path);
  REQUIRE_FALSE(foreign.ok());
  CHECK(foreign.error().message.find("not a libero replay header") != std::string::npos);
  write_text(path, "{\"type\":\"header\",\"format\":\"libero-replay\",\"version\":99}\n");
  auto later = read_replay_log(path);
  REQUIRE_FALSE(later.ok());
  CHECK(later.error().message.find("version 99") != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("the report embeds debug records where no text can end its script") {
  MatchSummary summary;
  summary.team_left = "A";
  summary.team_right = "B";
  std::vector<MatchFrame> frames(1);
  std::string evil(kAgent);
  evil.replace(evil.find("\"role\":\"r\""), 10, "\"role\":\"</script><script>alert(1)</script>\"");
  auto record = debug_record_from_text(evil);
  REQUIRE(record.ok());
  std::string html = render_html_report(summary, frames, {*record});
  // Exactly one script element: the report's own.
  size_t count = 0;
  for (size_t at = html.find("</script>"); at != std::string::npos; at = html.find("</script>", at + 1)) ++count;
  CHECK(count == 1);
  CHECK(html.find("debug:{agents:[\n[0,{\"k\":\"agent\"") != std::string::npos);
  CHECK(html.find("LiberoOverlay") != std::string::npos);
  // Without records the page says how to get them.
  CHECK(render_html_report(summary, frames).find("--record-debug") != std::string::npos);
}
