-- Path planning data of the default team (lib/walk.lua; docs/team.md "Path planning").
-- `walk`: what the global planner (planning.path) is given. `field`: the local
-- potential field of Huang & Cao (planning.field_config; gains, limits and the
-- role x task -> (rho_min, rho_max) tables of the reference notes, section F).
return {
  walk = {
    range = 2.5,             -- m: robots, posts, nets and the ball farther than this are left out
    robot_radius = 0.4,      -- m: another robot's circle (two bodies of 0.15 m plus room to step)
    net_radius = 0.2,        -- m: a goal is three walls (capsules) along its back and side nets, from the posts: a body (0.15) + 5 cm
    ball_radius = 0.3,       -- m: the ball's circle when walking round it (kick_to from the wrong side)
    straight = 0.8,          -- m: the last stretch to the target is walked straight
    -- local avoidance of moving robots with the potential field
    field = true,            -- false: the global planner alone
    field_min_speed = 0.15,  -- m/s: robots slower than this are left to the global planner
    -- m: nearer the target than this, no local avoidance. Runs to the ball
    -- among ball-chasing robots lost goals with 1.0 and 2.5 (docs/team.md)
    field_min_target = 4.0,
    field_velocity_gain = 0.3, -- low-pass weight of a new velocity estimate per cycle
    field_lookahead = 1.0,   -- s: the walk target is the field's velocity times this ahead
    -- our roles -> the paper's roles; the task of walks whose caller names none
    -- (positioning runs); kick_to names pursue_ball
    roles = { striker = "forward", supporter = "midfield", defender = "back", keeper = "goalkeeper" },
    default_role = "midfield",
    default_task = "follow_opponent",
  },
  field = {
    k1 = 1.0, m = 1.2,         -- attraction to the target position
    k2 = 0.5, n = 1.2,         -- attraction to the target velocity
    k3 = 1.5, s = 2.0,         -- repulsion k3 (1 / (|rho_o| + eta_sign eta))^s
    k4 = 3000.0, t = 1.1,        -- sideways repulsion k4 zeta^t
    eta_sign = 1,              -- +1 as printed in the paper
    delta_zeta = 0.1,          -- anti-oscillation push, used when the resultant is parallel to rho_o
    parallel_tolerance = 0.05, -- rad
    mass = 1.0,
    max_acceleration = 1.0,    -- m/s^2: the NAO walk's (robots/nao/mock.lua)
    max_speed = 0.6,           -- m/s: the NAO's forward walk
    period = 0.1,              -- s: T of eta = T |v_rop|, zeta = T |v_ron| and of one velocity step
    range = 1.5,               -- m: P, the scale of the labels
    labels = { VN = 1 / 9, N = 1 / 3, F = 2 / 3, VF = 8 / 9 },  -- label centroids as fractions of P
    rho_min = {
      find_ball       = { forward = "VF", midfield = "VF", back = "VF", goalkeeper = "VF" },
      pursue_ball     = { forward = "F",  midfield = "VF", back = "F",  goalkeeper = "F" },
      keep_ball       = { forward = "F",  midfield = "VN", back = "F",  goalkeeper = "VN" },
      follow_opponent = { forward = "VN", midfield = "VF", back = "VN", goalkeeper = "VN" },
      intercept       = { forward = "VN", midfield = "N",  back = "F",  goalkeeper = "N" },
      shoot           = { forward = "N",  midfield = "VN", back = "N",  goalkeeper = "VN" },
    },
    rho_max = {
      find_ball       = { forward = "VF", midfield = "VF", back = "VF", goalkeeper = "VF" },
      pursue_ball     = { forward = "F",  midfield = "VF", back = "F",  goalkeeper = "N" },
      keep_ball       = { forward = "N",  midfield = "VN", back = "N",  goalkeeper = "VN" },
      follow_opponent = { forward = "VN", midfield = "VF", back = "VN", goalkeeper = "VN" },
      intercept       = { forward = "VN", midfield = "N",  back = "N",  goalkeeper = "VN" },
      shoot           = { forward = "VN", midfield = "VN", back = "VN", goalkeeper = "VN" },
    },
  },
}
