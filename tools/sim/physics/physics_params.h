// The physics world's tuned parameters. The values are data: robots/
// simulator.lua holds them (every key explained there and in
// docs/simulator.md, "Physics parameters as data"), `libero serve`, `libero
// match` and the motion harness read it when they build the world, and
// `--physics FILE` picks another file. What stays here is structure: the
// substep limits and SimSpark's own slip figure, which tests measure against.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"

namespace libero::sim {

namespace params {

// Time stepping: one 20 ms cycle = kDefaultSubsteps MuJoCo Euler steps.
constexpr int kDefaultSubsteps = 4;
constexpr int kMaxSubsteps = 40;

// SimSpark's force-dependent slip of robot parts on the ground, robots and
// walls (ODE contact slip 5e-3 both ways: a contact slides at 5 mm/s per N of
// tangential force, facts §3.6). A fact about the real server, not a tuning.
constexpr double kSimSparkRobotSlip = 5e-3;  // m/s per N

}  // namespace params

// Every tuned number of the physics world. The member initialisers are the
// values robots/simulator.lua ships, so a world built without the file (unit
// tests, benches that step MuJoCo directly) is the shipped one; ctest
// sim_physics "the shipped physics file is the built-in default" keeps the
// two equal. Each member's meaning and evidence: robots/simulator.lua.
struct PhysicsParams {
  // Joint motors: a frictionloss row driven to the commanded rate.
  double motor_time_constant_substeps = 2.0;
  double motor_impedance = 0.99;
  double motor_max_torque = 10.0;  // N*m, ODE dParamFMax
  // 1: a motor may spend its max torque x 20 ms of impulse anywhere within
  // the cycle (ODE's one step); 0: at most max torque in every substep.
  // Off by default: with it type 0's walk falls in about 1 of 4 runs here
  // (docs/simulator.md, "Robots at rest and the motor impulse: off").
  double motor_impulse_per_cycle = 0;
  // Joint stops.
  double limit_time_constant_substeps = 2.0;
  double limit_impedance = 0.9999;
  // Robot parts vs. ground, robots, walls.
  double robot_contact_time_constant = 0.01;  // s
  double robot_contact_damp_ratio = 1.0;
  // The normal direction's own damping ratio (its spring softer by the
  // ratio's square against robot_contact_damp_ratio's, its damping the same;
  // the friction rows keep robot_contact_damp_ratio), off when equal to it.
  double robot_contact_normal_damp_ratio = 1.0;
  // m of penetration the normal's spring leaves alone (ODE's contact
  // surface layer, 0.001 in SimSpark); the damping acts throughout. The
  // ratio is off and the layer on in robots/simulator.lua, which says why.
  double robot_contact_surface_layer = 0.001;
  double robot_contact_impedance_min = 0.95;
  double robot_contact_impedance_max = 0.99;
  double robot_contact_impedance_width = 0.001;  // m
  double robot_friction = 1.5;
  double robot_slip = 0;  // m/s per N; 0 = off (grip up to robot_friction)
  double slip_robot_friction = 100;  // mu while the slip is on
  // Ball.
  double ball_contact_time_constant_substeps = 2.0;
  double ball_contact_damp_ratio = 1.0;
  double ball_contact_impedance_min = 0.95;
  double ball_contact_impedance_max = 0.99;
  double ball_contact_impedance_width = 0.001;  // m
  double ball_bounce = 0.8;
  double ball_bounce_min_speed = 0.8;         // m/s, ground and robots
  double ball_bounce_min_speed_static = 1.4;  // m/s, goals and outer walls
  double ball_friction = 5.0;  // SimSpark: unbounded; 1.5 let a fast ball slide and hop (robots/simulator.lua)
  double ball_solmix = 1000.0;
  // Drag, once per cycle.
  double body_linear_drag = 0.01;   // N per m/s
  double body_angular_drag = 0.01;  // N*m per rad/s
  double ball_linear_drag = 0.01;
  double ball_angular_drag = 0.00005;
  // Robots at rest (ODE auto-disable, on in SimSpark): a body whose speeds
  // stay at or below these for rest_idle_steps cycles in a row stops being
  // simulated, and a robot all of whose bodies did stands frozen until a
  // non-zero joint command or a touch wakes it. 0 steps = off (the default:
  // SimSpark's 10 made type 0's walk fall at its start in about 1 of 20 runs).
  double rest_idle_steps = 0;
  double rest_linear_speed = 0.01;   // m/s
  double rest_angular_speed = 0.01;  // rad/s
};

// One key of the physics file: its name, where it goes, its allowed range.
struct PhysicsParamField {
  const char* key;
  double PhysicsParams::*member;
  double min, max;
};
// All keys, in the shipped file's order.
const PhysicsParamField* physics_param_fields(int* count);

// The physics file the simulator reads by default: <robots_dir>/simulator.lua.
std::string default_physics_file(const std::string& robots_dir);

// Reads a physics file: a Lua table (engine/core/datafile.h sandbox) that
// sets every key of physics_param_fields() to a number within its range.
// Errors name the file, the key's line and the key: a missing, unknown or
// misspelt key, a value that is not a number or out of range.
Result<PhysicsParams> load_physics_params(const std::string& path);
Result<PhysicsParams> parse_physics_params(std::string_view text, const std::string& name);

}  // namespace libero::sim
