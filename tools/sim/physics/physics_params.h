// Tuned MuJoCo parameters of the physics world, in one place. Every value is
// explained in docs/simulator.md ("Physics parameters"); change them there too.
#pragma once

namespace libero::sim::params {

// Time stepping: one 20 ms cycle = kDefaultSubsteps MuJoCo Euler steps.
constexpr int kDefaultSubsteps = 4;
constexpr int kMaxSubsteps = 40;

// Joint motors: each hinge carries a frictionloss constraint of 10 N*m whose
// reference velocity is shifted to the commanded velocity every substep, so
// MuJoCo's solver enforces "joint rate = command" with a bounded force, like
// ODE's velocity motor (dParamVel/dParamFMax). Time constant in substeps
// (2 = deadbeat with the Euler integrator) and impedance; the softness of
// 0.99 is cancelled by the creep compensation in physics_world.cpp.
constexpr double kMotorTimeConstantSubsteps = 2.0;
constexpr double kMotorImpedance = 0.99;

// Joint stops (ODE StopERP 0.8, StopCFM 1e-8: nearly hard).
constexpr double kLimitTimeConstantSubsteps = 2.0;
constexpr double kLimitImpedance = 0.9999;

// Contacts. Robot parts vs. ground/robots/walls: ODE soft ERP 0.4-0.6 and
// CFM 1e-4 at 20 ms are a stiff, overdamped spring; MuJoCo gets a short time
// constant with critical damping. Friction replaces ODE's unbounded Coulomb
// friction with force-dependent slip.
constexpr double kRobotContactTimeConstant = 0.01;  // s
constexpr double kRobotContactDampRatio = 1.0;
constexpr double kRobotContactImpedance[3] = {0.95, 0.99, 0.001};
constexpr double kRobotFriction = 1.5;
// SimSpark's force-dependent slip of robot parts on the ground, robots and
// walls (ODE contact slip 5e-3 both ways: a contact slides at 5 mm/s per N of
// tangential force, facts §3.6). PhysicsOptions::robot_slip turns it on.
constexpr double kSimSparkRobotSlip = 5e-3;  // m/s per N
// With the slip on, robot contacts also get SimSpark's unbounded Coulomb
// friction (ODE mu = dInfinity), so the slip is their only tangential give.
// It is needed for more than fidelity: MuJoCo's elliptic cone solves a
// contact at the cone's edge (sliding at mu * normal) with the normal row's
// stiffness, so a cone edge reachable by slip-softened friction rows gives
// the solver a discontinuous cost, and sliding feet then took forces of
// 1e3-1e6 N until the world blew up (docs/simulator.md). At mu = 100 the edge
// is out of reach; 1e6 is too ill-conditioned (the walk falls).
constexpr double kSlipRobotFriction = 100;

// Ball: SimSpark's bounce is a velocity-level restitution (ODE contact
// bounce 0.8 above a minimum approach speed of 0.8 m/s, 1.4 m/s against goals
// and walls, facts §3.6). MuJoCo has no such mode, so the ball's contacts are
// stiff and critically damped (no spring bounce, stable at any substep), and
// physics_world.cpp shifts the normal row's reference velocity to
// -bounce * approach speed in the substep a fast approach is detected. The
// ball's parameters win every contact pair (solmix), like its bounce in ODE.
constexpr double kBallContactTimeConstantSubsteps = 2.0;
constexpr double kBallContactDampRatio = 1.0;
constexpr double kBallContactImpedance[3] = {0.95, 0.99, 0.001};
constexpr double kBallBounce = 0.8;
constexpr double kBallBounceMinSpeed = 0.8;          // m/s, ground and robots
constexpr double kBallBounceMinSpeedStatic = 1.4;    // m/s, goals and outer walls
constexpr double kBallFriction = 1.5;
constexpr double kBallSolmix = 1000.0;

// Drag (SimSpark dragcontroller.rsg and ball.rsg), applied once per cycle
// from the velocities at the cycle start.
constexpr double kBodyLinearDrag = 0.01;    // N per m/s
constexpr double kBodyAngularDrag = 0.01;   // N*m per rad/s
constexpr double kBallLinearDrag = 0.01;
constexpr double kBallAngularDrag = 0.00005;

}  // namespace libero::sim::params
