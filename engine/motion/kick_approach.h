// The kick's approach: walk until the ball lies at the kick spot of one foot
// with the feet facing the kick direction, then say when to start the kick.
//
// The ball is measured from the feet, not from the torso: while the walk
// steps the torso sways a few centimetres over the feet and yaws several
// degrees against them, so a torso-relative ball never settles inside the
// kick's tolerances although the feet stand still. The feet are where the
// kick happens (the keyframe motion brings the torso back over them), so
// the stance (the ankles' midpoint and the feet's mean yaw, from the
// measured joint angles levelled with the IMU's up vector) is compared with
// the stance of the stand pose the kick spot was measured in. Once the
// robot stands settled, a kick with a torso range (KickSpec::torso_x_min)
// also wants the torso's sightings of the ball inside it: after a stop the
// feet and the torso disagree by up to 3 cm, and on rcssserver3d that
// decides whether the long kick meets the ball.
#pragma once

#include "core/math.h"
#include "core/nao_joints.h"
#include "motion/keyframe.h"
#include "motion/leg_ik.h"
#include "motion/walk.h"

namespace libero::motion {

// The feet seen from the torso, in the level frame turned with the torso's
// heading (x forward, y left).
struct Stance {
  double x = 0, y = 0;   // midpoint of the two ankles, m
  double yaw = 0;        // mean yaw of the feet, rad
  double gap_x = 0;      // left ankle ahead of the right one, m
  double gap_yaw = 0;    // left foot's yaw minus the right one's, rad
};

// `angles` joint angles (rad), `up` world up in the torso frame.
Stance measure_stance(const LegGeometry& geometry, const double angles[kJointCount], const Vec3& up);

struct KickApproachInput {
  double ball_x = 0, ball_y = 0;  // ball in the torso's level heading frame, m
  double kick_dir = 0;            // kick direction relative to the torso's heading, rad
  Stance stance;                  // where the feet are now
  Stance reference;               // the stand pose's stance (the kick spot is relative to it)
};

// Whether a settled robot kicks: the settle's mean error (the ball from
// the kick spot in the stance frame, m, and the turn still to make, rad)
// lies inside the kick's window, which reaches forward to the kick's
// settle_window_x once the robot stands.
bool settled_inside(const KickSpec& spec, double x, double y, double yaw);
// Whether the settle's mean ball ahead of the torso (m) lies in the kick's
// torso_x_min..torso_x_max (always, for a kick without that range), widened
// at each end by torso_x_grow per settle already rejected (`rejections`).
bool torso_inside(const KickSpec& spec, double torso_x, int rejections = 0);

// Where an approach is (traces and the skill bench's per-phase timing):
// walking up from afar; correcting sideways or turning behind the spot;
// walking straight onto it; placed and stepping until the walk can be
// stopped; placed with the walk stopped, standing up; standing still and
// settling; kicking.
enum class ApproachPhase { Far, LineUp, WalkIn, Placed, StandUp, Settle, Kick };
const char* approach_phase_name(ApproachPhase phase);

struct KickApproachOutput {
  WalkCommand command;
  bool kick = false;        // start the kick motion this cycle
  bool stop_walk = false;   // stop the walk now and stand (feet are placed well enough)
  bool left_foot = false;   // kick with the left foot (the motion mirrored)
  // Pose error of the chosen foot (stance frame): for traces and tests.
  double error_x = 0, error_y = 0, error_yaw = 0;
  // Why a placed robot is not kicking yet (traces): the pose is inside the
  // kick's window; the feet side by side; the walk's own speed in place;
  // cycles stood still so far.
  bool aligned = false, feet_together = false, in_place = false;
  int still_cycles = 0;
  // The settle ended inside the feet's window but with the ball outside the
  // torso's range: the approach walks again, corrected.
  bool torso_rejected = false;
  ApproachPhase phase = ApproachPhase::Far;
};

class KickApproach {
 public:
  // Forget the foot choice and the hold (a new kick request).
  void reset();
  KickApproachOutput step(const KickSpec& spec, const KickApproachInput& in, const WalkEngine& walk);

 private:
  bool foot_chosen_ = false;
  bool left_ = false;
  bool holding_ = false;   // aligned: the walk was told to stop
  bool lined_up_ = false;  // sideways and in direction: walk straight onto the spot
  int still_cycles_ = 0;   // aligned with the walk stopped
  // Sums of the error over the settle's second half (their mean decides the kick).
  double settle_sum_x_ = 0, settle_sum_y_ = 0, settle_sum_yaw_ = 0, settle_sum_torso_x_ = 0;
  // Added to the feet's forward error (m) once a settle found the ball in
  // the feet's window but outside the torso's range (KickSpec::torso_x_min).
  double correction_x_ = 0;
  int torso_rejections_ = 0;  // settles rejected by the torso's range in this approach
};

}  // namespace libero::motion
