#include "tools/match/mock_match.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>

#include "script/behavior_host.h"
#include "tools/mock/mock_world.h"

namespace libero::match {

Result<MatchSummary> run_mock_match(const MatchOptions& options, MatchRecorder* recorder,
                                    const volatile std::sig_atomic_t* stop) {
  auto model = mock::load_mock_model(options.robots_dir + "/nao/mock.lua");
  if (!model.ok()) return model.error();
  mock::MockOptions world_options;
  world_options.seed = options.seed;
  world_options.model = *model;
  world_options.rules.half_time = options.half_time;
  world_options.rules.single_half = options.single_half;
  // Robots beam and get ready before the kick-off, as in a real match.
  world_options.rules.automatic_kick_off = true;
  world_options.rules.wait_before_kick_off = 2.0;
  mock::MockWorld world(world_options);

  std::unique_ptr<script::BehaviorHost> hosts[mock::kMaxMockRobots];
  motion::SkillRequests requests[mock::kMaxMockRobots] = {};
  const motion::SkillRequests* request_views[mock::kMaxMockRobots] = {};
  const TeamOptions* teams[2] = {&options.left, &options.right};
  for (int t = 0; t < 2; ++t) {
    for (int u = 1; u <= options.players; ++u) {
      const int type = u - 1 < static_cast<int>(teams[t]->types.size()) ? teams[t]->types[u - 1] : 0;
      const int index = world.add_robot(t == 0 ? sim::TeamSide::Left : sim::TeamSide::Right, u, type);
      if (index < 0) return make_error("cannot add robot " + std::to_string(u) + " to the mock world");
      script::BehaviorHostOptions host_options;
      host_options.script_dir = teams[t]->scripts_dir;
      host_options.watch = false;
      host_options.tick_budget_ms = 20;
      host_options.jit = !options.no_jit;
      hosts[index] = std::make_unique<script::BehaviorHost>(host_options);
      Status started = hosts[index]->start();
      if (!started.ok()) {
        recorder->event(0, "script_error", t, u, started.error().describe().c_str());
        recorder->stats().agent(t, u)->problem = "scripts failed to load: " + started.error().describe();
      }
      request_views[index] = &requests[index];
    }
  }

  const auto start = std::chrono::steady_clock::now();
  const int decide_every = std::max(1, options.decision_every);
  bool interrupted = false;
  int last_score[2] = {0, 0};
  MatchFrame frame;
  while (world.referee().state().play_mode != protocol::PlayMode::GameOver) {
    if (stop && *stop) {
      interrupted = true;
      break;
    }
    if (world.cycle() % static_cast<uint32_t>(decide_every) == 0) {
      for (int i = 0; i < world.robot_count(); ++i)
        if (world.robot(i).active) hosts[i]->tick(world.world_state(i), world.motion_status(i), &requests[i]);
    }
    world.step(request_views);

    const sim::GameState& game = world.referee().state();
    frame.cycle = world.cycle();
    frame.time = game.game_time;
    frame.play_mode = game.play_mode;
    frame.half = game.half;
    frame.score_left = game.score_left;
    frame.score_right = game.score_right;
    frame.ball_x = world.ball_x();
    frame.ball_y = world.ball_y();
    frame.ball_z = world_options.rules.ball_radius;
    frame.ball_vx = world.ball_vx();
    frame.ball_vy = world.ball_vy();
    const int touch = world.last_touch_index();
    frame.last_touch_team = touch < 0 ? -1 : static_cast<int8_t>(world.robot(touch).team == sim::TeamSide::Left ? 0 : 1);
    frame.last_touch_unum = touch < 0 ? 0 : static_cast<int8_t>(world.robot(touch).unum);
    frame.robot_count = world.robot_count();
    for (int i = 0; i < world.robot_count(); ++i) {
      const mock::MockRobot& r = world.robot(i);
      FrameRobot& fr = frame.robots[i];
      fr.team = r.team == sim::TeamSide::Left ? 0 : 1;
      fr.unum = static_cast<int8_t>(r.unum);
      fr.type = static_cast<int8_t>(r.type);
      fr.fallen = r.fallen;
      fr.x = r.x;
      fr.y = r.y;
      fr.z = r.fallen ? 0.1 : 0.38;
      fr.yaw = r.heading;
    }
    const int scores[2] = {game.score_left, game.score_right};
    for (int t = 0; t < 2; ++t) {
      if (scores[t] > last_score[t]) {
        last_score[t] = scores[t];
        recorder->event(game.game_time, "goal", t, frame.last_touch_team == t ? frame.last_touch_unum : 0, "");
      }
    }
    recorder->record(frame);
    recorder->maybe_print_progress(frame);
  }
  for (int i = 0; i < world.robot_count(); ++i) {
    const auto& stats = hosts[i]->stats();
    const mock::MockRobot& r = world.robot(i);
    AgentReport* report = recorder->stats().agent(r.team == sim::TeamSide::Left ? 0 : 1, r.unum);
    if (stats.runtime_errors > 0 || stats.budget_overruns > 0) {
      report->problem += (report->problem.empty() ? "" : "; ") + std::to_string(stats.runtime_errors) +
                         " script errors, " + std::to_string(stats.budget_overruns) + " budget overruns";
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return recorder->finish(wall, interrupted);
}

}  // namespace libero::match
