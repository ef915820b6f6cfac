// One vision frame turned into geometry the filters can use, in the "level"
// robot frame: origin below the torso centre on the ground, x forward along
// the torso heading, y left, z up (field height). Only the torso heading is
// left to be estimated; tilt and neck angles are already applied.
// Fixed-size: filling it never allocates.
#pragma once

#include "core/math.h"
#include "protocol/percepts.h"
#include "world/body_geometry.h"

namespace libero::world {

constexpr int kMaxLinePoints = 48;

struct LandmarkObservation {
  protocol::Landmark id;
  double x, y;         // ground-plane position relative to the torso, level frame
  double range;        // horizontal distance from the torso, m
};

struct LinePointObservation {
  double x, y;         // a point on a field line, level frame
  double range;
  int line;            // which seen line it came from
};

struct PlayerObservation {
  bool ours = false;   // team name matches ours
  int id = 0;
  int marker_count = 0;
  bool marker_seen[protocol::kMarkerCount] = {};
  Vec3 marker[protocol::kMarkerCount];  // level frame, z = field height
};

struct Observations {
  bool present = false;
  double camera_height = 0;            // camera above the ground, m
  int landmark_count = 0;
  LandmarkObservation landmarks[protocol::kLandmarkCount];
  int line_point_count = 0;
  LinePointObservation line_points[kMaxLinePoints];
  bool ball_seen = false;
  double ball_x = 0, ball_y = 0, ball_range = 0;  // level frame, ground plane
  int player_count = 0;
  PlayerObservation players[protocol::kMaxSeenPlayers];
};

// Head-frame polar (degrees) to a head-frame vector (x forward, y left, z up).
Vec3 polar_to_head_vector(const protocol::Polar& polar);

struct ObservationContext {
  CameraInTorso camera;   // from the neck angles
  Mat3 tilt;              // torso -> level frame (roll and pitch)
  double torso_height;    // torso centre above the ground
  const char* own_team;   // for P groups; may be empty
  int own_team_length;
  int own_unum;           // our own parts appear in vision with this id
};

void build_observations(const protocol::VisionPercept& vision, const ObservationContext& context,
                        Observations* out);

}  // namespace libero::world
