#include "world/observations.h"

#include <cmath>
#include <string_view>

#include "world/field.h"

namespace libero::world {

Vec3 polar_to_head_vector(const protocol::Polar& polar) {
  double h = deg2rad(polar.horizontal), v = deg2rad(polar.vertical);
  double d = polar.distance;
  return Vec3(d * std::cos(v) * std::cos(h), d * std::cos(v) * std::sin(h), d * std::sin(v));
}

namespace {

// Decoded numbers are finite by construction, but a NaN here would poison
// every filter, so each observation is checked once at the door.
bool usable(const protocol::Polar& p) {
  return std::isfinite(p.distance) && std::isfinite(p.horizontal) && std::isfinite(p.vertical) &&
         p.distance > 0.0f && p.distance < 100.0f;
}

struct Projector {
  Mat3 rotation;   // head frame -> level frame
  Vec3 camera;     // camera position in the level frame (z = field height)

  Vec3 point(const protocol::Polar& polar) const { return camera + rotation * polar_to_head_vector(polar); }

  // Ground-plane position of an object at known height: keep the measured
  // bearing, but take the horizontal distance from the measured range and the
  // known height difference, which does not depend on the tilt estimate.
  void ground(const protocol::Polar& polar, double object_height, double* x, double* y) const {
    Vec3 v = rotation * polar_to_head_vector(polar);
    double dz = object_height - camera.z();
    double d2 = static_cast<double>(polar.distance) * polar.distance - dz * dz;
    double horizontal = std::sqrt(v.x() * v.x() + v.y() * v.y());
    if (d2 > 0 && horizontal > 1e-6) {
      double scale = std::sqrt(d2) / horizontal;
      *x = camera.x() + v.x() * scale;
      *y = camera.y() + v.y() * scale;
    } else {
      *x = camera.x() + v.x();
      *y = camera.y() + v.y();
    }
  }
};

void add_line_point(Observations* out, double x, double y, int line) {
  if (out->line_point_count >= kMaxLinePoints) return;
  LinePointObservation& p = out->line_points[out->line_point_count++];
  p.x = x;
  p.y = y;
  p.range = std::sqrt(x * x + y * y);
  p.line = line;
}

}  // namespace

void build_observations(const protocol::VisionPercept& vision, const ObservationContext& context,
                        Observations* out) {
  out->present = vision.present;
  out->landmark_count = 0;
  out->line_point_count = 0;
  out->ball_seen = false;
  out->player_count = 0;
  if (!vision.present) return;

  Projector projector;
  projector.rotation = context.tilt * context.camera.rotation;
  projector.camera = context.tilt * context.camera.position;
  projector.camera.z() += context.torso_height;
  out->camera_height = projector.camera.z();

  for (int i = 0; i < protocol::kLandmarkCount; ++i) {
    if (!vision.landmark_seen[i] || !usable(vision.landmark[i])) continue;
    auto id = static_cast<protocol::Landmark>(i);
    // Goal markers sit on the crossbar, flags on the ground.
    double height = id >= protocol::kG1L ? kGoalHeight : 0.0;
    LandmarkObservation& obs = out->landmarks[out->landmark_count++];
    obs.id = id;
    projector.ground(vision.landmark[i], height, &obs.x, &obs.y);
    obs.range = std::sqrt(obs.x * obs.x + obs.y * obs.y);
  }

  // Lines: both ends and, for long pieces, interior points, so that a line
  // far away weighs about as much as its visible length deserves.
  for (int i = 0; i < vision.line_count && i < protocol::kMaxSeenLines; ++i) {
    if (!usable(vision.lines[i].begin) || !usable(vision.lines[i].end)) continue;
    double ax, ay, bx, by;
    projector.ground(vision.lines[i].begin, 0.0, &ax, &ay);
    projector.ground(vision.lines[i].end, 0.0, &bx, &by);
    double length = std::hypot(bx - ax, by - ay);
    int pieces = length > 3.0 ? 3 : (length > 1.0 ? 2 : 1);
    for (int k = 0; k <= pieces; ++k) {
      double t = static_cast<double>(k) / pieces;
      add_line_point(out, ax + t * (bx - ax), ay + t * (by - ay), i);
    }
  }

  if (vision.ball_seen && usable(vision.ball)) {
    out->ball_seen = true;
    projector.ground(vision.ball, kBallRadius, &out->ball_x, &out->ball_y);
    out->ball_range = std::sqrt(out->ball_x * out->ball_x + out->ball_y * out->ball_y);
  }

  std::string_view own_team(context.own_team ? context.own_team : "", context.own_team_length);
  for (int i = 0; i < vision.player_count && i < protocol::kMaxSeenPlayers; ++i) {
    const protocol::SeenPlayer& seen = vision.players[i];
    bool ours = seen.has_team && !own_team.empty() && seen.team.view() == own_team;
    // The observer's own arms and feet show up as a P group of its own.
    if (seen.id == context.own_unum && ours) continue;
    PlayerObservation& obs = out->players[out->player_count];
    obs.ours = ours;
    obs.id = seen.id;
    obs.marker_count = 0;
    for (int m = 0; m < protocol::kMarkerCount; ++m) {
      obs.marker_seen[m] = seen.marker_seen[m] && usable(seen.marker[m]);
      if (!obs.marker_seen[m]) continue;
      obs.marker[m] = projector.point(seen.marker[m]);
      ++obs.marker_count;
    }
    if (obs.marker_count == 0) continue;
    if (own_team.empty() && seen.id == context.own_unum) {
      // Without a team name, "our id and within arm's reach" means us.
      bool near = true;
      for (int m = 0; m < protocol::kMarkerCount; ++m)
        if (obs.marker_seen[m] && std::hypot(obs.marker[m].x(), obs.marker[m].y()) > 0.4) near = false;
      if (near) continue;
    }
    ++out->player_count;
  }
}

}  // namespace libero::world
