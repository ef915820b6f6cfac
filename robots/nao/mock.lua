-- Skill-level model of the NAO for the mock world (tools/mock): how fast a
-- robot walks and turns, how its kicks behave and how long getting up takes.
-- The mock world is for fast, deterministic behaviour tests and strategy
-- experiments; these figures are the motion issue's targets and typical
-- values, to be replaced by what the simulator measures (docs/benchmarks.md).
return {
  body_radius = 0.15,                -- m, robots closer than twice this collide
  walk = {
    max_forward = 0.6, max_backward = 0.3, max_side = 0.3,   -- m/s
    max_turn = 1.6,                                          -- rad/s
    acceleration = 1.0,                                      -- m/s^2, per axis
    turn_acceleration = 6.0,                                 -- rad/s^2
    walk_to_gain = 1.5, walk_to_turn_gain = 2.5,
    walk_to_tolerance = 0.05, walk_to_heading_tolerance = 0.1,
  },
  kicks = {
    -- The ball must lie within `reach` of the robot centre plus body radius,
    -- within `max_angle` degrees of straight ahead, when the kick starts.
    -- `ball_x`: where behaviours line up for the kick (ball this far ahead of
    -- the robot centre), reported to them with the duration (MotionStatus).
    long  = { duration = 1.0, distance = 9.0, distance_sigma = 1.0, direction_sigma = 6.0, reach = 0.25, max_angle = 40, ball_x = 0.22 },
    short = { duration = 0.5, distance = 3.0, distance_sigma = 0.4, direction_sigma = 8.0, reach = 0.25, max_angle = 50, ball_x = 0.22 },
    -- Lofted: `over_bar_from/to` (m from the kick spot) is where the ball flies over the robots and
    -- the 0.8 m crossbar, as the simulator's kick_lofted does.
    lofted = { duration = 1.5, distance = 10.0, distance_sigma = 1.5, direction_sigma = 6.0, reach = 0.25, max_angle = 40, ball_x = 0.2,
               over_bar_from = 0.8, over_bar_to = 8.5 },
  },
  get_up = { duration = 2.0 },       -- s from lying to standing
  motion = { duration = 1.0 },       -- s a named keyframe motion takes in the mock
  collisions = {
    fall_speed = 0.6,                -- m/s closing speed above which a collision may floor a robot
    fall_probability = 0.3,          -- per robot and collision above that speed
  },
  ball = {
    rolling_deceleration = 0.6,      -- m/s^2: a 9 m kick leaves the foot at ~3.3 m/s
    push_gain = 1.3,                 -- a walking robot running into the ball pushes it this much faster than itself
  },
}
