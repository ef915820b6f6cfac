-- lib/walk.lua: walk to a field pose round obstacles with the engine's
-- planners (planning.*, docs/scripting.md). The global planner gives the
-- route: other robots, the goals (posts and nets as walls) and, on
-- request, the ball are obstacles; re-planned every cycle, the first waypoint
-- is used. Near robots that move, the local potential field shapes the walk
-- towards that waypoint (it knows their velocities). Data: data/planning.lua.
local data = require "data.planning"
local params = require "data.params"
local geometry = require "lib.geometry"

local M = {}

-- A malformed table raises here, at load, naming the file: the reload fails
-- and the last good configuration stays in the engine (docs/scripting.md).
local configured, problem = pcall(planning.field_config, data.field)
if not configured then error("data/planning.lua (field): " .. tostring(problem), 0) end

local W = data.walk
local me, mates, opponents, game, ball = world.self, world.teammates, world.opponents, world.game, world.ball
local sqrt, atan2, abs = math.sqrt, math.atan2, math.abs
local GOAL_X, GOAL_Y, NET_X = field.half_length, field.goal_width / 2, field.half_length + field.goal_depth

-- Velocity estimates of the robots (slot 0 = me, 1..11 teammates, 12..22
-- opponents), from positions sampled every VELOCITY_PERIOD s (the world
-- model's tracks move in steps, so a per-cycle difference would be noise).
local VELOCITY_PERIOD, STALE = 0.1, 0.5
local sample_x, sample_y, sample_t, vel_x, vel_y, live = {}, {}, {}, {}, {}, {}
for k = 0, 22 do sample_x[k], sample_y[k], sample_t[k], vel_x[k], vel_y[k], live[k] = 0, 0, -1, 0, 0, false end
local tracked_at = -1

local function track_one(k, valid, x, y, now)
  if not valid then live[k] = false return end
  local age = now - sample_t[k]
  if not live[k] or age > STALE or age < 0 then
    sample_x[k], sample_y[k], sample_t[k], vel_x[k], vel_y[k], live[k] = x, y, now, 0, 0, true
  elseif age >= VELOCITY_PERIOD then
    local g = W.field_velocity_gain
    vel_x[k] = vel_x[k] + g * ((x - sample_x[k]) / age - vel_x[k])
    vel_y[k] = vel_y[k] + g * ((y - sample_y[k]) / age - vel_y[k])
    sample_x[k], sample_y[k], sample_t[k] = x, y, now
  end
end

local function track()
  local now = libero.now()
  if now == tracked_at then return end
  tracked_at = now
  track_one(0, true, me.x, me.y, now)
  for i = 1, 11 do
    local p = mates[i]
    track_one(i, i ~= game.unum and p.valid == 1, p.x, p.y, now)
    local o = opponents[i]
    track_one(11 + i, o.valid == 1, o.x, o.y, now)
  end
end

local function add_if_near(x, y, r)
  local dx, dy = x - me.x, y - me.y
  if dx * dx + dy * dy < W.range * W.range then planning.obstacle(x, y, r) end
end

-- The goal at x = sign * 15 as three walls (back and side nets), when it is
-- in range. The side walls start at the posts and are at least as thick, so
-- the posts need no circles of their own (12 fewer graph nodes).
local function add_net(sign)
  if abs(me.x - sign * GOAL_X) > W.range + field.goal_depth or abs(me.y) > GOAL_Y + W.range then return end
  local r = W.net_radius
  planning.wall(sign * NET_X, -GOAL_Y, sign * NET_X, GOAL_Y, r)
  planning.wall(sign * GOAL_X, GOAL_Y, sign * NET_X, GOAL_Y, r)
  planning.wall(sign * GOAL_X, -GOAL_Y, sign * NET_X, -GOAL_Y, r)
end

-- Whether the ball's circle (radius r) lies across the straight line to (x, y).
local function ball_in_the_way(x, y, r)
  local dx, dy = x - me.x, y - me.y
  local len2 = dx * dx + dy * dy
  if len2 < 1e-9 then return false end
  local t = ((ball.x - me.x) * dx + (ball.y - me.y) * dy) / len2
  t = t < 0 and 0 or (t > 1 and 1 or t)
  local cx, cy = me.x + t * dx - ball.x, me.y + t * dy - ball.y
  return cx * cx + cy * cy < r * r
end

-- Returns the point to walk to now on the way to (x, y), the planner's
-- status ("direct" when no plan was needed) and the path length. avoid_ball:
-- the ball is an obstacle (a target inside its circle is moved to the nearest
-- point outside): true for walk.ball_radius when near (walking round it), a
-- number for a circle of that radius whatever its distance (the distance
-- the rules keep us from it at their set plays).
function M.waypoint(x, y, avoid_ball)
  local ball_radius = nil
  if avoid_ball and ball.valid == 1 then ball_radius = avoid_ball == true and W.ball_radius or avoid_ball end
  local d = sqrt((x - me.x) ^ 2 + (y - me.y) ^ 2)
  if d < W.straight and not (ball_radius and ball_in_the_way(x, y, ball_radius)) then return x, y, "direct", d end
  planning.clear()
  local r = W.robot_radius
  for i = 1, 11 do
    local p = mates[i]
    if i ~= game.unum and p.valid == 1 then add_if_near(p.x, p.y, r) end
    local o = opponents[i]
    if o.valid == 1 then add_if_near(o.x, o.y, r) end
  end
  add_net(1)
  add_net(-1)
  if avoid_ball == true then
    if ball_radius then add_if_near(ball.x, ball.y, ball_radius) end
  elseif ball_radius then
    planning.obstacle(ball.x, ball.y, ball_radius)
  end
  return planning.path(me.x, me.y, x, y)
end

-- Local avoidance: when a robot moving faster than field_min_speed is within
-- the field's reach, walk the potential field's velocity towards the
-- waypoint (wx, wy). Returns false (nothing requested) when no moving robot
-- acts, near the target (ball duels are not avoided), for task = false, or
-- with field = false.
local function field_walk(x, y, wx, wy, task)
  if task == nil then task = W.default_task end
  if not W.field or not task then return false end
  local tx, ty = x - me.x, y - me.y
  if tx * tx + ty * ty < W.field_min_target * W.field_min_target then return false end
  local rho_min, rho_max = planning.field_avoidance(W.roles[libero.role()] or W.default_role, task)
  local reach = rho_min + rho_max
  local min_speed2 = W.field_min_speed * W.field_min_speed
  planning.field_clear()
  local n = 0
  for k = 1, 22 do
    if live[k] then
      local dx, dy = sample_x[k] - me.x, sample_y[k] - me.y
      if dx * dx + dy * dy < reach * reach and vel_x[k] * vel_x[k] + vel_y[k] * vel_y[k] >= min_speed2 then
        planning.field_obstacle(sample_x[k], sample_y[k], vel_x[k], vel_y[k])
        n = n + 1
      end
    end
  end
  if n == 0 then return false end
  local vx, vy, acting = planning.field_step(me.x, me.y, vel_x[0], vel_y[0], wx, wy)
  if acting == 0 then return false end
  local lookahead = W.field_lookahead
  local heading = (vx * vx + vy * vy > 0.0025) and atan2(vy, vx) or me.heading
  skill.walk_to(me.x + vx * lookahead, me.y + vy * lookahead, heading)
  draw.line(me.x, me.y, me.x + vx * lookahead, me.y + vy * lookahead, "magenta")
  return true
end

-- skill.walk_to through the planners; the final heading applies once the
-- waypoint is the target itself. task: the potential field's task for the
-- avoidance distances ("pursue_ball", ...; nil: data's default_task, false:
-- no local avoidance).
-- avoid_ball: walk round the ball (true: walk.ball_radius; a number: that radius, see M.waypoint).
function M.to(x, y, heading, task, avoid_ball)
  track()
  local wx, wy, _, length = M.waypoint(x, y, avoid_ball)
  if field_walk(x, y, wx, wy, task) then return end
  if wx ~= x or wy ~= y then
    -- Aim beyond a near waypoint so the walk does not slow down for it,
    -- unless the path ends there (a target moved out of an obstacle).
    local dx, dy = wx - me.x, wy - me.y
    local d = sqrt(dx * dx + dy * dy)
    if d > 1e-6 and d < 1.0 and length > d + 0.01 then wx, wy = me.x + dx / d, me.y + dy / d end
    skill.walk_to(wx, wy, atan2(dy, dx))
  else
    skill.walk_to(x, y, heading)
  end
end

-- Whether an opponent stands in my way within `ahead` m, at most `lateral`
-- m to either side of my nose (params.dribble.duel).
local function opponent_ahead(c, s, ahead, lateral)
  for i = 1, 11 do
    local o = opponents[i]
    if o.valid == 1 then
      local dx, dy = o.x - me.x, o.y - me.y
      local along = c * dx + s * dy
      if along > 0 and along < ahead and abs(-s * dx + c * dy) < lateral then return true end
    end
  end
  return false
end

-- Walk into the ball towards (x, y), steering by the ball's sideways offset
-- and the heading's error (params.dribble: speed, side_gain, turn_gain):
-- the dribble's push, and kick_to's poke when pressed. Against an opponent
-- in the way the push slows to params.dribble.duel.speed: see there.
function M.push_ball(x, y)
  local p = params.dribble
  local h = atan2(y - ball.y, x - ball.x)
  local c, s = math.cos(me.heading), math.sin(me.heading)
  local bx, by = ball.x - me.x, ball.y - me.y
  local speed = p.speed
  if opponent_ahead(c, s, p.duel.ahead, p.duel.lateral) then speed = p.duel.speed end
  skill.walk(speed, p.side_gain * (-s * bx + c * by), p.turn_gain * geometry.angle_diff(h, me.heading))
end

return M
