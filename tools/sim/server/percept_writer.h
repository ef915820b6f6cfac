// Writes one agent's percept message in rcssserver3d 0.7.2's exact text
// (reference sheet §5): time, GS, hear, GYR, ACC, HJ hj1, HJ hj2, See (when
// due), the arm and leg joints with FRP just before the foot-roll joint it
// belongs to, every float with exactly two decimals. Nothing allocates.
#pragma once

#include <random>
#include <string_view>

#include "tools/sim/physics/physics_world.h"
#include "tools/sim/server/hearing.h"
#include "tools/sim/server/team.h"
#include "tools/sim/server/text_writer.h"
#include "tools/sim/server/vision.h"

namespace libero::sim {

struct PerceptHeader {
  double server_time = 0;          // (time (now ...)): simulated time since server start
  double game_time = 0;            // GS t
  int score_left = 0, score_right = 0;
  std::string_view play_mode;      // GS pm, the server's string
  bool announce = false;           // first GS after init: (unum N) (team side)
  int unum = 0;
  Team team = Team::None;
};

// One robot as the vision perceptor sees it: markers in MarkerIndex order.
struct VisibleRobot {
  bool has_team = false;
  std::string_view team_name;
  int unum = 0;
  Vec3 marker[kMarkers];
};

struct VisionScene {
  Vec3 ball = Vec3::Zero();
  const VisibleRobot* robots = nullptr;
  int robot_count = 0;
};

struct VisionRequest {
  bool due = false;                     // every 3rd percept of this agent
  const VisionScene* scene = nullptr;
  Vec3 calibration = Vec3::Zero();      // this robot's offset, drawn once
  const VisionNoiseParams* noise = nullptr;
  std::mt19937* rng = nullptr;
};

// The (See ...) expression alone (exposed for tests).
void write_see(TextWriter* w, const CameraPose& camera, const VisionRequest& vision);

void write_percept(TextWriter* w, const PerceptHeader& header, const HeardEntry* heard,
                   int heard_count, const RobotReadings& readings, int robot_type,
                   const VisionRequest& vision);

}  // namespace libero::sim
