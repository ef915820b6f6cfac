-- lib/body.lua: what this robot's body can do, as the engine reports it
-- (motion.status: the kick tables and walk limits of the data the body runs
-- on, or the mock world's skill model), with the team's data
-- (data/params.lua) where the engine reports 0 (unknown, e.g. before the
-- first cycle). Planning with these keeps the same scripts right on the
-- simulator's robot and in the mock world.
local params = require "data.params"

local M = {}

local status = motion.status
local KICK_INDEX = { long = 0, short = 1 }
-- Reading an array field of the view makes a new FFI reference each time
-- (a Lua allocation); these are taken once (the struct never moves).
local kick_distance, kick_ball_x = status.kick_distance, status.kick_ball_x
local kick_ball_y, kick_duration = status.kick_ball_y, status.kick_duration

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
  if v > 0 then return v end
  return params.walk_speed
end

function M.turn_speed()
  local v = status.max_walk_turn
  if v > 0 then return v end
  return params.turn_speed
end

return M
