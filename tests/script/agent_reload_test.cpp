// Integration: the agent's real cycle pipeline (decode -> world -> behaviours
// -> motion -> encode) on the captured server messages, while a script in a
// temp dir is edited. The behaviour's say message shows up in the outgoing
// protocol message, so this checks the whole path without a server.
#include <doctest/doctest.h>

#include <unistd.h>

#include <string>

#include "../agent/sample_messages.h"
#include "agent/data_paths.h"
#include "agent/pipeline.h"
#include "core/log.h"
#include "script_test_util.h"

using namespace libero;
using namespace libero::script::testing;

namespace {

std::string saying(const std::string& word) { return "return function() skill.say(\"" + word + "\") end\n"; }

struct PipelineRun {
  TempScriptDir dir;
  agent::CycleStats stats;
  std::unique_ptr<agent::AgentPipeline> pipeline;
  std::vector<std::string> messages = libero::testing::load_sample_session().all();
  std::size_t next = 0;
  std::string last_out;

  explicit PipelineRun(const std::string& main_source) {
    log::set_level(log::Level::Error);
    dir.write("main.lua", main_source);
    agent::PipelineOptions options;
    options.scripts_dir = dir.path();
    options.robots_dir = agent::find_data_dir("robots");
    options.watch_scripts = true;
    pipeline = std::make_unique<agent::AgentPipeline>(options, &stats);
  }
  // Runs cycles (sleeping 2 ms between them so inotify delivers) until the
  // outgoing message contains `part`; bounded.
  bool cycle_until(const std::string& part, bool present = true, int max_cycles = 500) {
    for (int i = 0; i < max_cycles; ++i) {
      last_out = std::string(pipeline->on_message(messages[next]));
      next = next + 1 < messages.size() ? next + 1 : 1;  // replay, skipping the very first
      if ((last_out.find(part) != std::string::npos) == present) return true;
      usleep(2000);
    }
    return false;
  }
};

}  // namespace

TEST_CASE("agent pipeline: editing a script changes the outgoing messages without a restart") {
  PipelineRun run(saying("v1"));
  REQUIRE(run.messages.size() > 5);
  Status started = run.pipeline->start();  // motion data from robots/ must load
  REQUIRE_MESSAGE(started.ok(), started.error().describe());
  REQUIRE(run.pipeline->scene_message().ok());
  CHECK(run.cycle_until("(say v1)"));

  run.dir.write("main.lua", saying("v2"));
  CHECK(run.cycle_until("(say v2)"));

  // A syntax error keeps v2 running.
  run.dir.write("main.lua", "return function( skill.say('v3') end\n");
  for (int i = 0; i < 20; ++i) CHECK(run.cycle_until("(say v2)", true, 1));
  CHECK(run.pipeline->behavior_stats().failed_reloads == 1);

  // A runtime error: the safe fallback says nothing; the next good save recovers.
  run.dir.write("main.lua", "return function() local t = nil; skill.say('v4'); return t.x end\n");
  CHECK(run.cycle_until("(say", /*present=*/false));
  CHECK(run.pipeline->behavior_stats().in_fallback);
  run.dir.write("main.lua", saying("v5"));
  CHECK(run.cycle_until("(say v5)"));
  CHECK_FALSE(run.pipeline->behavior_stats().in_fallback);
}
