// The agent pipeline, stats, record files and replay, in process.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "../cli/run_process.h"
#include "agent/action_builder.h"
#include "agent/cycle_stats.h"
#include "agent/data_paths.h"
#include "agent/pipeline.h"
#include "agent/record_file.h"
#include "agent/replay.h"
#include "core/log.h"
#include "core/math.h"
#include "sample_messages.h"

using namespace libero;
using namespace libero::agent;

namespace {

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }
bool ends_with(std::string_view text, std::string_view tail) {
  return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}

PipelineOptions test_options() {
  PipelineOptions options;
  options.scripts_dir = find_data_dir("scripts");
  options.robots_dir = find_data_dir("robots");
  options.watch_scripts = false;
  return options;
}

struct QuietLog {
  QuietLog() { log::set_level(log::Level::Error); }
  ~QuietLog() { log::set_level(log::Level::Info); }
};

}  // namespace

TEST_CASE("pipeline: scene first, init with the first percept, (syn) and joints every cycle") {
  QuietLog quiet;
  auto session = testing::load_sample_session();
  REQUIRE(session.first_capture.size() == 13);
  CycleStats stats;
  PipelineOptions options = test_options();
  options.team = "Probe";
  options.unum = 7;
  options.robot_type = 3;
  AgentPipeline pipeline(options, &stats);
  REQUIRE(pipeline.start().ok());
  auto scene = pipeline.scene_message();
  REQUIRE(scene.ok());
  CHECK(*scene == "(scene rsg/agent/nao/nao_hetero.rsg 3)");
  CHECK_FALSE(pipeline.init_sent());

  std::string first(pipeline.on_message(session.first_capture[0]));
  CHECK(first.rfind("(init (unum 7)(teamname Probe))", 0) == 0);
  CHECK(ends_with(first, "(syn)"));
  CHECK(contains(first, "(he1 "));
  CHECK(pipeline.init_sent());
  CHECK_FALSE(pipeline.side_known());

  for (size_t i = 1; i < session.first_capture.size(); ++i) {
    std::string reply(pipeline.on_message(session.first_capture[i]));
    CHECK_FALSE(contains(reply, "(init"));
    CHECK(ends_with(reply, "(syn)"));
    for (const char* joint : {"(he1 ", "(he2 ", "(rle1 ", "(lle6 ", "(lae4 "}) CHECK(contains(reply, joint));
    CHECK_FALSE(contains(reply, "(rle7 "));  // type 3 has no toes
  }
  // #2 carries (GS (unum 1) (team left) ...)
  CHECK(pipeline.side_known());
  CHECK(pipeline.unum() == 1);
  CHECK(pipeline.side() == protocol::Side::Left);
  CHECK(pipeline.world_state().game.side == 1);
  CHECK(pipeline.cycles() == 13);
  auto summary = stats.summarize();
  CHECK(summary.cycles == 13);
  CHECK(summary.decode_errors == 0);
}

TEST_CASE("pipeline: the one-time side message is learnt even when skipped") {
  QuietLog quiet;
  auto session = testing::load_sample_session();
  CycleStats stats;
  AgentPipeline pipeline(test_options(), &stats);
  REQUIRE(pipeline.start().ok());
  (void)pipeline.on_message(session.first_capture[0]);
  (void)pipeline.on_message(session.first_capture[1]);
  pipeline.on_skipped(session.first_capture[2]);  // the GS with unum and side
  CHECK(pipeline.side_known());
  CHECK(pipeline.unum() == 1);
  (void)pipeline.on_message(session.first_capture[3]);
  CHECK(stats.summarize().skipped_percepts == 1);
  CHECK(pipeline.world_state().game.side == 1);
}

TEST_CASE("pipeline: a malformed message is counted and the cycle still answers") {
  QuietLog quiet;
  auto session = testing::load_sample_session();
  CycleStats stats;
  AgentPipeline pipeline(test_options(), &stats);
  REQUIRE(pipeline.start().ok());
  (void)pipeline.on_message(session.first_capture[0]);
  for (std::string_view bad : {std::string_view("(time (now 1"), std::string_view(")))"), std::string_view("")}) {
    std::string reply(pipeline.on_message(bad));
    CHECK(ends_with(reply, "(syn)"));
    CHECK(contains(reply, "(he1 "));
  }
  CHECK(stats.summarize().decode_errors >= 2);  // "" may legitimately decode to an empty percept
  CHECK(stats.summarize().cycles == 4);
}

TEST_CASE("action builder: beam in degrees, say from behaviour or world model, bad text rejected") {
  motion::SkillRequests requests{};
  protocol::Action action;
  action.clear();
  requests.beam = 1;
  requests.beam_x = -5;
  requests.beam_y = 1.5;
  requests.beam_heading = kPi / 2;
  CHECK(add_requests_to_action(requests, "", &action) == SayOutcome::kNone);
  CHECK(action.send_beam);
  CHECK(action.beam_x == doctest::Approx(-5));
  CHECK(action.beam_y == doctest::Approx(1.5));
  CHECK(action.beam_rot_deg == doctest::Approx(90));
  CHECK_FALSE(action.send_say);
  CHECK_FALSE(action.send_pass);

  action.clear();
  requests = {};
  requests.pass_mode = 1;
  add_requests_to_action(requests, "", &action);
  CHECK(action.send_pass);
  CHECK_FALSE(action.send_beam);

  action.clear();
  requests = {};
  CHECK(add_requests_to_action(requests, "p3x1y2", &action) == SayOutcome::kFromWorldModel);
  CHECK(action.send_say);
  CHECK(std::string_view(action.say, action.say_length) == "p3x1y2");

  action.clear();
  requests.say = 1;
  std::snprintf(requests.say_text, sizeof requests.say_text, "%s", "ball!");
  CHECK(add_requests_to_action(requests, "p3x1y2", &action) == SayOutcome::kFromBehaviour);
  CHECK(std::string_view(action.say, action.say_length) == "ball!");

  action.clear();
  std::snprintf(requests.say_text, sizeof requests.say_text, "%s", "has space");
  CHECK(add_requests_to_action(requests, "", &action) == SayOutcome::kRejected);
  CHECK_FALSE(action.send_say);

  action.clear();
  std::memset(requests.say_text, 'x', sizeof requests.say_text);  // no terminator: must not overrun
  auto outcome = add_requests_to_action(requests, "", &action);
  CHECK(outcome == SayOutcome::kRejected);  // 21 characters: one too many
}

TEST_CASE("cycle stats: percentiles, late percepts, counters, JSON") {
  CycleStats stats(1000);
  for (int i = 1; i <= 100; ++i) stats.record_compute(i * 1000);  // 1..100 us
  int64_t t = 1'000'000'000;
  stats.record_arrival(t);
  stats.record_arrival(t += 20'000'000);
  stats.record_arrival(t += 29'000'000);  // under 1.5 cycles
  stats.record_arrival(t += 31'000'000);  // over: late
  stats.count_skipped();
  stats.count_late_action();
  stats.count_decode_error();
  auto s = stats.summarize();
  CHECK(s.cycles == 100);
  CHECK(s.compute_p50_us == doctest::Approx(50));
  CHECK(s.compute_p99_us == doctest::Approx(99));
  CHECK(s.compute_max_us == doctest::Approx(100));
  CHECK(s.compute_mean_us == doctest::Approx(50.5));
  CHECK(s.late_percepts == 1);
  CHECK(s.max_percept_gap_ms == doctest::Approx(31));
  CHECK(s.percepts_received == 5);
  CHECK(s.skipped_percepts == 1);
  CHECK(s.late_actions == 1);
  CHECK(s.decode_errors == 1);
  std::string json = summary_to_json(s);
  for (const char* key : {"\"cycles\": 100", "\"late_percepts\": 1", "\"compute_p99_us\": 99.000", "\"skipped_percepts\": 1"})
    CHECK_MESSAGE(contains(json, key), key);
  CHECK(contains(format_summary(s), "p99 99.0 us"));

  // A new session's first gap (connection set-up) is not judged.
  stats.begin_session();
  stats.record_arrival(t += 5'000'000'000);
  CHECK(stats.summarize().late_percepts == 1);
}

TEST_CASE("cycle stats: the sample store keeps the most recent cycles") {
  CycleStats stats(10);
  for (int i = 0; i < 25; ++i) stats.record_compute(i < 15 ? 1'000'000 : 1000);
  auto s = stats.summarize();
  CHECK(s.cycles == 25);
  CHECK(s.samples == 10);
  CHECK(s.compute_p99_us == doctest::Approx(1));
  CHECK(s.compute_max_us == doctest::Approx(1000));  // the maximum covers every cycle
}

TEST_CASE("record file: written entries read back exactly") {
  testing::TempDir dir;
  std::string path = dir.file("session.record");
  {
    RecordWriter writer(4096);
    REQUIRE(writer.open(path, {{"team", "Libero"}, {"unum", "3"}}).ok());
    writer.write(RecordKind::kConnect, 0, "127.0.0.1:3100");
    writer.write(RecordKind::kSent, 1'500, "(scene rsg/agent/nao/nao_hetero.rsg 0)");
    writer.write(RecordKind::kReceived, 128'700'000, std::string("line\nbreak and \0 nul", 20));
    writer.write(RecordKind::kSkipped, 3'000'000'001, "");
    REQUIRE(writer.close().ok());
  }
  auto read = read_record_file(path);
  REQUIRE(read.ok());
  REQUIRE(read->meta.size() == 2);
  CHECK(*read->find_meta("team") == "Libero");
  CHECK(*read->find_meta("unum") == "3");
  CHECK(read->find_meta("type") == nullptr);
  REQUIRE(read->entries.size() == 4);
  CHECK(read->entries[0].kind == RecordKind::kConnect);
  CHECK(read->entries[1].time_ns == 1'500);
  CHECK(read->entries[2].payload == std::string("line\nbreak and \0 nul", 20));
  CHECK(read->entries[2].time_ns == 128'700'000);
  CHECK(read->entries[3].kind == RecordKind::kSkipped);
  CHECK(read->entries[3].time_ns == 3'000'000'001);
  CHECK(read->entries[3].payload.empty());
  CHECK(testing::read_text_file(path).find("R 0.128700000 20\n") != std::string::npos);
}

TEST_CASE("record file: a full ring drops entries and says so instead of blocking") {
  testing::TempDir dir;
  RecordWriter writer(4096);
  REQUIRE(writer.open(dir.file("small.record"), {}).ok());
  std::string big(3000, 'x');
  for (int i = 0; i < 50; ++i) writer.write(RecordKind::kReceived, i, big);  // faster than any disk flush cycle
  auto closed = writer.close();
  if (writer.dropped_entries() > 0) {
    REQUIRE_FALSE(closed.ok());
    CHECK(contains(closed.error().message, "entries: the disk could not keep up"));
  }
  auto read = read_record_file(dir.file("small.record"));
  REQUIRE(read.ok());  // whatever was written is whole
  CHECK(read->entries.size() + writer.dropped_entries() == 50);
}

TEST_CASE("record file: malformed files give clear errors") {
  CHECK(contains(parse_record("nope\n").error().message, "not a Libero record file"));
  CHECK(contains(parse_record("libero-record 1\nmeta team X\n").error().message, "no end-header"));
  CHECK(contains(parse_record("libero-record 1\nbogus\nend-header\n").error().message, "unexpected header line"));
  auto bad_kind = parse_record("libero-record 1\nend-header\nX 0.000000000 1\na\n");
  CHECK(contains(bad_kind.error().message, "unknown entry kind 'X'"));
  auto bad_time = parse_record("libero-record 1\nend-header\nR 0.1 1\na\n");
  CHECK(contains(bad_time.error().message, "malformed time"));
  auto truncated = parse_record("libero-record 1\nend-header\nR 0.000000000 10\nabc\n");
  CHECK(contains(truncated.error().message, "payload shorter than its length 10"));
  CHECK(truncated.error().offset == 27);
  auto fine = parse_record("libero-record 1\nend-header\nR 1.000000000 3\nabc\n");
  REQUIRE(fine.ok());
  CHECK(fine->entries[0].time_ns == 1'000'000'000);
}

TEST_CASE("replay: the same record gives byte-identical outputs") {
  QuietLog quiet;
  auto session = testing::load_sample_session();
  RecordContents record;
  record.meta = {{"team", "Probe"}, {"unum", "1"}, {"type", "4"}};
  record.entries.push_back({RecordKind::kConnect, 0, "127.0.0.1:3100"});
  int64_t t = 100;
  for (int lap = 0; lap < 5; ++lap)
    for (const std::string& message : session.all()) record.entries.push_back({RecordKind::kReceived, t += 20'000'000, message});
  record.entries.insert(record.entries.begin() + 5, RecordEntry{RecordKind::kSkipped, 5, session.first_capture[4]});

  PipelineOptions options = replay_pipeline_options(record, test_options());
  CHECK(options.team == "Probe");
  CHECK(options.unum == 1);
  CHECK(options.robot_type == 4);
  CHECK_FALSE(options.watch_scripts);
  auto first = replay_record(record, options);
  auto second = replay_record(record, options);
  REQUIRE(first.ok());
  REQUIRE(second.ok());
  CHECK(first->record == second->record);
  CHECK(first->cycles == 5 * session.all().size());
  CHECK(first->sessions == 1);
  CHECK(first->replayed_sent == first->cycles + 1);  // + the scene
  CHECK(first->stats.skipped_percepts == 1);
  CHECK(contains(first->record, "(scene rsg/agent/nao/nao_hetero.rsg 4)"));
  CHECK(contains(first->record, "(init (unum 1)(teamname Probe))"));
  CHECK(contains(first->record, "(rle7 "));  // type 4 has toes

  // The replay output is itself a record: replaying it reproduces its own outputs.
  auto reparsed = parse_record(first->record);
  REQUIRE(reparsed.ok());
  auto again = replay_record(*reparsed, options);
  REQUIRE(again.ok());
  CHECK(again->mismatches == 0);
  CHECK(again->recorded_sent == again->replayed_sent);
  CHECK(again->record == first->record);
}
