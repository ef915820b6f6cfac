// Walk parameters per robot type, read from robots/<model>/walk.lua:
//   return { default = { step_period = 0.25, ... }, type1 = { hip_height_ratio = 0.9 }, ... }
// `default` must set every field but the optional ones (walk_params.cpp: added
// later, they do nothing when left out); `typeN` overrides some of them for type N.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"

namespace libero::motion {

struct WalkParams {
  double step_period = 0.25;         // s per step (one foot's swing)
  // Speed-dependent gait: above gait_speed_from (m/s of forward speed, |vx|)
  // a step's period is step_period plus step_period_per_speed times the
  // excess speed it starts at, bounded to [0.08, 0.5] s, and the walk leans
  // torso_pitch plus torso_pitch_per_speed times the excess (signed:
  // backwards leans back). Slower walking (the kick approach, dribbling)
  // keeps the one gait. 0 and 0: one gait for every speed.
  double step_period_per_speed = 0.0;  // s per m/s
  double torso_pitch_per_speed = 0.0;  // rad per m/s
  double gait_speed_from = 0.0;        // m/s
  // Turn-dependent step period: a step's period also changes by
  // step_period_per_turn times the |turn| (rad/s) it starts at beyond
  // turn_gait_from (the same [0.08, 0.5] s bound). Negative: shorter,
  // larger turning steps, which lose less of their turn to the support foot
  // pivoting in yaw. 0: the period does not depend on the turn.
  double step_period_per_turn = 0.0;   // s per rad/s
  double turn_gait_from = 0.0;         // rad/s
  double hip_height_ratio = 0.87;    // hip-to-ankle height while walking, fraction of the straight leg
  double stand_hip_height_ratio = 0.87;  // the same standing (get-ups end and kicks start there)
  double foot_spread = 0.0;          // extra lateral ankle offset beyond the hip joint, m
  double torso_offset_x = 0.01;      // torso ahead of the feet' neutral position, m
  double torso_pitch = 0.1;          // forward lean, rad
  // The stand pose's own values of the three above: get-ups end and kicks
  // start in the stand pose they were searched for, whatever the walk is
  // tuned to; the walk blends between them while it crouches and rises.
  double stand_foot_spread = 0.0, stand_torso_offset_x = 0.01, stand_torso_pitch = 0.1;
  double step_height = 0.03;         // swing foot lift, m
  double swing_end = 1.0;            // fraction of the single support by which the swing foot is down
  // Swing foot's horizontal path in time: 0 a half cosine (starts and stops
  // gently), 1 a straight ramp (peak speed 2/pi of the cosine's: the swing
  // hip runs at its speed limit on long steps), in between a blend.
  double swing_linear = 0.0;
  // 0: the half cosine above. In (0, 0.5]: a trapezoid speed profile whose
  // speed rises over this fraction of the swing, holds, and falls over the
  // same fraction at the end (peak 1 / (1 - ramp) of the mean speed, the
  // foot at rest at lift-off and landing). swing_linear blends onto it.
  double swing_ramp = 0.0;
  double double_support = 0.0;       // fraction of a step with both feet on the ground
  double sway = 0.02;                // lateral CoM sway amplitude at the step centre, m
  double lateral_pendulum = 0.0;     // share of the support foot's lateral offset the CoM sways over (0: none)
  double sway_lead = 0.0;            // fraction of a step the sway runs ahead of the feet
  double com_height = 0.26;          // height for the pendulum time constant, m
  double max_forward = 0.8, max_backward = 0.4, max_side = 0.35, max_turn = 1.6;  // m/s, rad/s
  // How the limits combine: a command is scaled down until
  // (|vx/max_x|^p + |vy/max_side|^p + |turn/max_turn|^p)^(1/p) <= 1. p = 2 an
  // ellipsoid; p = 1 a diamond, which takes more off fast combined commands
  // (full speed forward while turning hard is where the walk falls).
  double combine_power = 2.0;
  // > 0: the turn's term in that norm is |turn| / combine_max_turn (at most
  // 1), and the turn is then bounded by max_turn: commands with turns up to
  // combine_max_turn are limited exactly as with max_turn = combine_max_turn,
  // and only a turn beyond it (with little else) reaches max_turn. 0: the
  // norm uses max_turn.
  double combine_max_turn = 0.0;     // rad/s
  double accel_forward = 1.0, accel_side = 1.0, accel_turn = 4.0;  // m/s^2, rad/s^2
  double gyro_ankle_pitch = 0.05;    // rad per rad/s of pitch rate, added to the ankle pitch
  double gyro_hip_pitch = 0.0;
  double gyro_ankle_roll = 0.05;     // rad per rad/s of roll rate
  double gyro_hip_roll = 0.0;
  double tilt_ankle_pitch = 0.0;     // rad per rad of torso pitch beyond torso_pitch, support ankle
  double tilt_hip_pitch = 0.0;       // the same on the support hip
  double tilt_ankle_roll = 0.0;      // rad per rad of torso roll, support ankle (walking only)
  double tilt_hip_roll = 0.0;        // the same on the support hip (walking only)
  // Standing gains (hips none): the stand pose is where get-ups end, and
  // they were searched with these, whatever the walk is tuned to.
  double stand_gyro_ankle_roll = 0.1;  // gyro_ankle_roll while standing (less: the stance is wide)
  double stand_gyro_ankle_pitch = 0.05;
  // Rates below this (rad/s) are not fed back while standing, and larger
  // ones less this. Fed back whole, the one-cycle-late ankle answer to the
  // rate keeps a standing robot chattering at the cycle rate; without any
  // feedback it rocks heel to toe for seconds after a walk stops.
  double stand_gyro_deadband = 0.0;
  double balance_step_x = 0.0;       // m per rad/s of (pitch rate + pitch error / Tc): step further when tipping forward
  double balance_step_y = 0.0;       // m per rad/s of (roll rate + roll / Tc): step to the side we tip to
  // The two above while the forward speed is at most gait_speed_from (the
  // slow gait: kick approaches and ball duels, where robots bump into each
  // other). Larger gains catch pushes better there, but the fast gait falls
  // with them; balance_step_x/y hold above gait_speed_from. A gait table's
  // balance_step_x/y move both by the table's share (blend_gaits): a
  // sidestep or a turn in place is slow, and its table's gain must act.
  double slow_balance_step_x = 0.0, slow_balance_step_y = 0.0;
  // Step timing from the foot sensors (FRP): the swing foot counts as
  // landed once its soles carry touchdown_load (N). Landed from
  // touchdown_from of the step on, it ends the step there (a body tipping
  // towards the swing side puts the foot down early, and standing on to the
  // plan's end would push it over); still unloaded at the step's end, the
  // step is held for up to touchdown_wait (s) for it to come down (a body
  // tipping the other way has not arrived on it). touchdown_load 0: the
  // plan's timing alone, as before the sensors were read. The gait tables
  // may set touchdown_from and touchdown_wait (1 and 0: off for that gait).
  double touchdown_load = 0.0;       // N
  double touchdown_from = 1.0;       // fraction of the step
  double touchdown_wait = 0.0;       // s
  double turn_feedback = 0.0;        // share of the last step's yaw-rate error added to the next step
  // Share of the heading error (commanded turn minus measured, integrated
  // over the walk, bounded to 0.3 rad) stepped on each step that can take
  // it; > 0 replaces turn_feedback.
  double heading_feedback = 0.0;
  // The most yaw (rad) the heading hold (or turn_feedback) adds to one
  // step. In a fast curve under slip the robot turns slower than told, the
  // heading error sits at its bound and every step took the whole 0.1 rad
  // on top of the turn it was asked for: those steps tip it over
  // (docs/motion.md, Walk). A gait field: the forward table can set it alone.
  double heading_step_max = 0.1;
  // Share of each accelerometer reading in the running mean the IMU filter
  // corrects its tilt estimate from while this walk steps (1: each reading
  // alone). A fast gait's chatter throws single readings out of the
  // filter's trust band; their mean stays near gravity (docs/motion.md,
  // Fall detection). A gait field: the forward table can set it alone.
  double imu_accel_smoothing = 1.0;
  // Share of the way the IMU filter's tilt estimate is pulled each cycle
  // towards the up a loaded sole says (the sole taken as flat on the
  // ground, from the measured leg joints): the gyro's integration drifts
  // 3-6 deg while the accelerometer, shaken by the steps, is rarely trusted
  // (docs/motion.md, Fall detection). 0: the IMU alone. A gait field.
  double imu_foot_gain = 0.0;
  double arm_swing = 0.5;            // rad of shoulder pitch per m of foot offset
  double arm_pitch = -1.6;           // neutral shoulder pitch (arms down), rad
  double arm_out = 0.2;              // shoulder yaw outwards, rad
  double elbow = 0.5;                // elbow bend, rad
  double walk_to_gain = 1.5;         // 1/s, target distance -> speed
  double walk_to_turn_gain = 2.0;    // 1/s
  double walk_to_tolerance = 0.05;   // m
  double walk_to_heading_tolerance = 0.1;  // rad
  // skill.walk_to's two regimes (MotionSystem walk_to_command): beyond
  // walk_to_near m of the target it faces the target and walks forwards,
  // within it it turns to the asked heading and steps in any direction; in
  // either, a turn of more than walk_to_turn_first rad is made in place
  // before any step.
  double walk_to_near = 0.5;         // m
  double walk_to_turn_first = 0.6;   // rad
  // Within walk_to_step_within m a target more than walk_to_turn_first off
  // the nose is stepped to as in the close regime.
  double walk_to_step_within = 1.0;  // m

  // Gaits of their own (a block's `sideways`, `forward` and `turning`
  // tables): the values some of the fields above take for a step that
  // starts at the full sideways speed (|vy| = max_side), the full forward
  // speed (vx = max_forward) or the full turn (|turn| = max_turn), blended
  // in linearly from sideways_from (of max_side), gait_speed_from (m/s)
  // and turning_from (of max_turn) on, each by its part of the command, so
  // walking sideways, walking fast and turning fast can have gaits of
  // their own while slower walking keeps its own exactly. Which fields a table
  // may hold: kGaitFields in walk_params.cpp (timing, lift, pendulum,
  // balance feedback, arm swing; not limits, accelerations or the stand);
  // a field a table does not give is the block's own.
  double sideways_from = 0.0;
  // The turning gait (a block's `turning` table) blends in from
  // turning_from (of max_turn) on, by the turn's part of the command, so
  // only fast turns in place walk it: the kick approach's turns (up to
  // combine_max_turn) stay below it.
  double turning_from = 0.0;
  static constexpr int kGaitFieldCount = 27;
  struct GaitTable {
    double value[kGaitFieldCount] = {};
    bool given[kGaitFieldCount] = {};
  };
  GaitTable sideways, forward, turning;
};

// Sets one field of a gait table (false: not a field it may hold).
bool set_gait_field(WalkParams::GaitTable* table, std::string_view field, double value);

// `params` with its sideways, forward and turning gaits blended in by
// their shares (each clamped to [0, 1]; 0: as it is, 1: that table's
// values). The shares add: a walk's shares sum to at most 1.
struct GaitShares {
  double sideways = 0, forward = 0, turning = 0;
};
WalkParams blend_gaits(const WalkParams& params, const GaitShares& shares);

// Parses the walk file text for `robot_type` (0-4).
Result<WalkParams> parse_walk_text(const std::string& text, const std::string& name, int robot_type);
Result<WalkParams> load_walk_file(const std::string& path, int robot_type);

}  // namespace libero::motion
