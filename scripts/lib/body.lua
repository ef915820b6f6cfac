-- lib/body.lua: what this robot's body can do, as the engine reports it
-- (motion.status: the kick tables and walk limits of the data the body runs
-- on, or the mock world's skill model), with the team's data
-- (data/params.lua) where the engine reports 0 (unknown, e.g. before the
-- first cycle). Planning with these keeps the same scripts right on the
-- simulator's robot and in the mock world.
local params = require "data.params"

local M = {}

local status = motion.status
local KICK_INDEX = { long = 0, short = 1, lofted = 2 }
-- Reading an array field of the view makes a new FFI reference each time
-- (a Lua allocation); these are taken once (the struct never moves).
local kick_distance, kick_ball_x = status.kick_distance, status.kick_ball_x
local kick_ball_y, kick_duration = status.kick_ball_y, status.kick_duration
local over_bar_from, over_bar_to = status.kick_over_bar_from, status.kick_over_bar_to

-- Whether this body has the kick: the long and short kicks always (the data's
-- figures stand in until the engine reports), the lofted one only when the
-- body reports it (a robot type without its motion file has none).
function M.has_kick(kind)
  return kind ~= "lofted" or kick_duration[KICK_INDEX[kind]] > 0
end

-- Whether the kick's ball passes under the crossbar `d` metres from the kick
-- spot: outside the stretch where it flies too high, with params.over_bar_margin
-- for the kick's spread (the stretch ends as far out as the kick goes).
function M.kick_under_bar_at(kind, d)
  local i = KICK_INDEX[kind]
  local to = over_bar_to[i]
  if to <= 0 then return true end
  local m = params.over_bar_margin
  return d < over_bar_from[i] - m or d > to + m
end

-- Whether the kick's ball surely flies over the robots `d` metres from the
-- kick spot (the crossbar stretch less the margin: a robot is lower than the
-- bar, but the kick's spread is not).
function M.kick_over_heads_at(kind, d)
  local i = KICK_INDEX[kind]
  local m = params.over_bar_margin
  return over_bar_to[i] > 0 and d > over_bar_from[i] + m and d < over_bar_to[i] - m
end

function M.kick_distance(kind)
  local d = kick_distance[KICK_INDEX[kind]]
  if d > 0 then return d end
  return params.kicks[kind].distance
end

-- The data's allowed error is for the data's distance; a shorter kick
-- scatters less.
function M.kick_max_error(kind)
  local k = params.kicks[kind]
  return k.max_error * M.kick_distance(kind) / k.distance
end

-- Where the kick wants the ball: ahead of the robot centre, and beside it
-- (either foot), m. Kicks differ (the simulator's long kick takes the ball
-- 7 cm further ahead than the short one), so each kick has its own pose.
function M.kick_ball_x(kind)
  local v = kick_ball_x[KICK_INDEX[kind]]
  if v > 0 then return v end
  return params.kick_distance
end

function M.kick_ball_y(kind)
  return kick_ball_y[KICK_INDEX[kind]]
end

-- Seconds the kick motion takes.
function M.kick_duration(kind)
  local v = kick_duration[KICK_INDEX[kind]]
  if v > 0 then return v end
  return params.kicks[kind].duration
end

function M.walk_speed()
  local v = status.max_walk_forward
  if v > 0 then return v * params.walk_speed_share end
  return params.walk_speed
end

function M.turn_speed()
  local v = status.max_walk_turn
  if v > 0 then return v * params.turn_speed_share end
  return params.turn_speed
end

return M
