-- The built-in simulator's physics parameters (tools/sim/physics): read when
-- `libero serve`, `libero match` or the motion harness build the world;
-- `--physics FILE` reads another file. Every key must be set to a number in
-- its range (tools/sim/physics/physics_params.cpp); the reasons and the
-- measurements behind each value are in docs/simulator.md ("Physics world").
-- SimSpark's own figures are from its ODE setup (simspark facts §1.4, §3.6).
return {
  -- Joint motors. Each hinge carries a frictionloss constraint whose reference
  -- velocity is shifted to the commanded rate every substep, like ODE's
  -- velocity motor. Time constant in substeps (2 = deadbeat with the Euler
  -- integrator); impedance 0.99 needs far fewer Newton iterations than
  -- 0.9999 and the creep compensation makes it as stiff.
  motor_time_constant_substeps = 2,
  motor_impedance = 0.99,
  motor_max_torque = 10,               -- N*m, ODE dParamFMax (§1.4)
  -- 1: each motor may spend motor_max_torque x 20 ms of impulse anywhere
  -- within the cycle, as ODE does in SimSpark's one 20 ms step; 0: at most
  -- motor_max_torque in every substep. With 0, a robot dropped 3 cm onto
  -- bent knees gave 0.87 deg at the knee; on rcssserver3d it gives none.
  -- Off: with 1, type 0's walk falls in 7-11 of 40 runs here (0-1 of 40 with
  -- 0, 0 of 10 on rcssserver3d); docs/simulator.md, "Robots at rest and the
  -- motor impulse: off". ctest calibration_replay turns it on.
  motor_impulse_per_cycle = 0,

  -- Joint stops: ODE StopERP 0.8, StopCFM 1e-8 are nearly hard; at 0.99
  -- the light elbow joints overshot their stops by 1.7 deg.
  limit_time_constant_substeps = 2,
  limit_impedance = 0.9999,

  -- Robot parts against the ground, robots and walls. ODE's soft ERP 0.4-0.6
  -- and CFM 1e-4 at 20 ms are a stiff, overdamped spring; here a short time
  -- constant (>= 2 substeps of 5 ms) with critical damping: ~0.1 mm of foot
  -- penetration standing.
  robot_contact_time_constant = 0.01,  -- s
  robot_contact_damp_ratio = 1,
  -- The normal direction alone (the friction rows keep the ratio above):
  -- its own damping ratio (4 keeps the damping and makes the spring 16
  -- times softer) and ODE's contact surface layer (SimSpark: 0.001 m of
  -- penetration the spring leaves alone). Either stops a robot landing on
  -- one foot from rocking from foot to foot, as rcssserver3d does, and
  -- halves UT Austin Villa's falls away from other robots (1.50 per
  -- player-minute -> 0.75 with ratio 4, 0.80 with the layer; 0.55 on
  -- rcssserver3d). The layer ships (its impedance read beyond it, the
  -- get-ups of types 1-3 turning the soles against the lean): with the
  -- ratio 15 of 40 get-ups with SimSpark's slip failed (ctest
  -- libero_tests_motion_skills); docs/simulator.md, "Ground contact in
  -- motion".
  robot_contact_normal_damp_ratio = 1,
  robot_contact_surface_layer = 0.001,  -- m
  robot_contact_impedance_min = 0.95,  -- MuJoCo solimp
  robot_contact_impedance_max = 0.99,
  robot_contact_impedance_width = 0.001,  -- m
  -- Coulomb friction while the slip is off: never limits a standing or
  -- walking NAO, lets a fallen robot's limbs slide.
  robot_friction = 1.5,
  -- SimSpark's force-dependent slip, m/s of sliding per N of tangential
  -- force (its value: 0.005); 0 = off. `--slip K` overrides it.
  robot_slip = 0,
  -- Friction while the slip is on: SimSpark's is unbounded; 100 keeps
  -- contacts off MuJoCo's cone edge, 1e6 is too ill-conditioned.
  slip_robot_friction = 100,

  -- The ball: a stiff, critically damped contact plus SimSpark's
  -- velocity-level bounce (0.8 above 0.8 m/s of approach, 1.4 m/s against
  -- goals and walls, §3.6). The ball's values win every pair (solmix).
  ball_contact_time_constant_substeps = 2,
  ball_contact_damp_ratio = 1,
  ball_contact_impedance_min = 0.95,
  ball_contact_impedance_max = 0.99,
  ball_contact_impedance_width = 0.001,  -- m
  ball_bounce = 0.8,
  ball_bounce_min_speed = 0.8,         -- m/s, ground and robots
  ball_bounce_min_speed_static = 1.4,  -- m/s, goals and outer walls
  -- SimSpark's ball contacts have unbounded friction (with slip 0.3, §3.6);
  -- MuJoCo takes the larger of two geoms' friction. At 1.5 a ball set rolling
  -- without spin slid long enough for MuJoCo's convex contact to lift it off
  -- the ground (1.8-8 cm at 4-8 m/s, never on rcssserver3d) and rolled 5-9 %
  -- too far; at 5 it rolls as there to 0.6 % from 1 to 8 m/s and stays down
  -- (libero_ball_roll; docs/simulator.md, "The ball's roll and the kick's launch").
  ball_friction = 5,
  ball_solmix = 1000,

  -- Drag (SimSpark dragcontroller.rsg and ball.rsg), once per cycle.
  body_linear_drag = 0.01,    -- N per m/s
  body_angular_drag = 0.01,   -- N*m per rad/s
  ball_linear_drag = 0.01,
  ball_angular_drag = 0.00005,

  -- Robots at rest: SimSpark turns ODE's auto-disable on (spark.rb) with
  -- ODE's defaults. At the start of each step a body whose linear and angular
  -- speeds are both at most 0.01 counts one idle step, any faster resets the
  -- count; after 10 idle steps it is disabled, and a robot all of whose
  -- bodies are disabled is not stepped at all (no gravity, no motors) until
  -- a non-zero joint command (the hinge effector enables the joint's child
  -- body, resetting its count) or a touch by a moving robot wakes it. What it
  -- shows: a robot beamed every cycle (its velocities zeroed) loses every
  -- 10th step of its joint motion on the real server; docs/simulator.md,
  -- "Robots at rest". 0 idle steps = off. Off: SimSpark's 10 made type 0's
  -- walk fall within 3 s of its start in 6 of 110 runs here (1 of 120 with
  -- 0); ctest calibration_replay turns it on.
  rest_idle_steps = 0,
  rest_linear_speed = 0.01,   -- m/s
  rest_angular_speed = 0.01,  -- rad/s

  -- rcssserver3d's self-collision rule (facts §7.8, naosoccersim.rb): each
  -- cycle of a running game, a robot whose box colliders overlap by at least
  -- `tolerance` has every joint of the limbs involved frozen (commands sent
  -- replaced by 0) for `frozen_seconds`, and not frozen again within
  -- frozen + thaw seconds. Read by tools/sim/referee/self_collision_data.cpp;
  -- the boxes and limbs are in robots/nao/nao.lua. The league plays with it.
  self_collision = {
    enabled = true,
    tolerance = 0.04,      -- m, SelfCollisionsTolerance
    frozen_seconds = 1.0,  -- SelfCollisionJointFrozenTime
    thaw_seconds = 2.0,    -- SelfCollisionJointThawTime
  },
}
