// A whole match on the real server (rcssserver3d): the runner starts the
// server on free loopback ports, starts every agent (Libero's or an external
// team's command) about a second apart, and drives and records the game
// through the monitor port only: kick-offs by trainer command, the clock,
// score, ball and torso positions from the scene graph. The same
// MatchRecorder writes the same summary, replay log and HTML report as on
// the built-in simulator.
//
// What the monitor does not say is estimated from the scene: ball touches
// (the nearest robot within reach when the ball's velocity jumps) and robot
// contacts (torsos closer than two robot radii). docs/match.md says how.
#pragma once

#include <csignal>

#include "core/result.h"
#include "tools/match/match_frame.h"
#include "tools/match/match_options.h"
#include "tools/match/match_recorder.h"
#include "tools/monitor/scene_reader.h"

namespace libero::match {

// Estimates touches from two consecutive scenes (see the header comment).
struct TouchEstimator {
  bool have_previous = false;
  double previous_time_wall = 0;
  double ball_x = 0, ball_y = 0, ball_vx = 0, ball_vy = 0;
  // Fills the frame's ball velocity, last touch and per-robot touch flags.
  // dt: simulated seconds since the previous scene.
  void update(MatchFrame* frame, double dt);
};

// Turns a scene into a frame (robots with a team and number only).
void frame_from_scene(const monitor::SceneState& scene, MatchFrame* frame);

Result<MatchSummary> run_real_match(const MatchOptions& options, MatchRecorder* recorder,
                                    const volatile std::sig_atomic_t* stop);

}  // namespace libero::match
