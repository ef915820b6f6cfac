-- lib/kicking.lua: where to shoot (the centre of the widest opening of the
-- goal seen from the ball, between opponents) and which kick to use (the
-- cheapest by time to reach the kick pose + kick duration, among the kicks
-- that reach the target). Allocation-free: fixed scratch arrays.
local params = require "data.params"
local team = require "lib.team"
local body = require "lib.body"

local M = {}

local abs, sqrt, huge = math.abs, math.sqrt, math.huge
local atan2, cos, sin = math.atan2, math.cos, math.sin
local opponents, ball, me = world.opponents, world.ball, world.self

local lo, hi = {}, {}     -- blocked intervals on the goal line (y)
local count = 0
local POST = 1.05 - 0.12  -- aim inside the posts (ball radius + margin)
local BLOCK = 0.25        -- opponent body radius + ball radius

local function add_block(y1, y2)
  count = count + 1
  lo[count], hi[count] = y1, y2
end

-- Returns the target (x, y) on the opponent goal line and the opening width (m).
function M.shot_target()
  local gx = field.opponent_goal_x
  local bx, by = ball.x, ball.y
  count = 0
  for i = 1, 11 do
    local o = opponents[i]
    if o.valid == 1 and o.x > bx and o.x < gx + 0.5 then
      -- Project the opponent's shadow onto the goal line.
      local dx = o.x - bx
      local scale = (gx - bx) / dx
      local cy = by + (o.y - by) * scale
      local half = BLOCK * scale
      add_block(cy - half, cy + half)
    end
  end
  -- Sort the intervals by their low end (insertion sort, count <= 11).
  for a = 2, count do
    local l, h = lo[a], hi[a]
    local b = a - 1
    while b >= 1 and lo[b] > l do
      lo[b + 1], hi[b + 1] = lo[b], hi[b]
      b = b - 1
    end
    lo[b + 1], hi[b + 1] = l, h
  end
  local best_width, best_y = -1, 0
  local start = -POST
  for a = 1, count + 1 do
    local stop = a <= count and lo[a] or POST
    if stop > POST then stop = POST end
    local width = stop - start
    if width > best_width then best_width, best_y = width, (start + stop) * 0.5 end
    if a <= count and hi[a] > start then start = hi[a] end
    if start >= POST then break end
  end
  if best_width < 0 then best_width = 0 end
  return gx, best_y, best_width
end

-- The kick pose for kicking the ball towards (tx, ty) with `kind` (nil: a
-- generic pose params.kick_distance behind the ball, for dribbling): x, y,
-- heading. The kind's ball offset (body.kick_ball_x/y) places the robot;
-- of the two feet, the one whose pose is nearer to me.
function M.kick_pose(tx, ty, kind)
  local h = math.atan2(ty - ball.y, tx - ball.x)
  local c, s = math.cos(h), math.sin(h)
  local ax, ay = params.kick_distance, 0
  if kind then ax, ay = body.kick_ball_x(kind), body.kick_ball_y(kind) end
  local x, y = ball.x - ax * c, ball.y - ax * s
  if ay ~= 0 then
    -- Ball to the right of the kicking foot's pose (right foot): the robot
    -- stands to the ball's left, i.e. at +ay along the left normal (-s, c).
    local lx, ly = x - ay * s, y + ay * c
    local rx, ry = x + ay * s, y - ay * c
    if (lx - me.x) ^ 2 + (ly - me.y) ^ 2 <= (rx - me.x) ^ 2 + (ry - me.y) ^ 2 then return lx, ly, h end
    return rx, ry, h
  end
  return x, y, h
end

local KINDS = { "long", "short", "lofted" }

-- Chooses a kick for (tx, ty): the kind ("long"/"short"/"lofted") with the
-- smallest time to reach its own pose + its duration whose distance fits;
-- exact = true requires the kick to end near the target (passes), else at
-- least reach it; under_bar = true (shots) only kicks whose ball passes under
-- the crossbar at the target. Returns kind, cost (s), or nil when no kick fits.
function M.choose_kick(tx, ty, exact, under_bar)
  local d = sqrt((tx - ball.x) ^ 2 + (ty - ball.y) ^ 2)
  local best, best_cost = nil, huge
  for a = 1, #KINDS do
    local kind = KINDS[a]
    if not body.has_kick(kind) or (under_bar and not body.kick_under_bar_at(kind, d)) then goto next_kind end
    local distance, max_error = body.kick_distance(kind), body.kick_max_error(kind)
    local fits
    if kind == "short" then
      fits = d <= distance + max_error
    elseif exact then
      fits = abs(d - distance) <= max_error
    else
      fits = d <= distance + max_error
    end
    if fits then
      local px, py, ph = M.kick_pose(tx, ty, kind)
      local cost = team.time_to_pose(me.x, me.y, me.heading, px, py, ph) + body.kick_duration(kind)
      if cost < best_cost then best, best_cost = kind, cost end
    end
    ::next_kind::
  end
  return best, best_cost
end

-- Whether an opponent stands in the lane of a ball kicked `distance` m
-- along heading h (params.clear.lane, widening by lane_growth per m).
local function clear_blocked(h, distance)
  local c, s = cos(h), sin(h)
  local C = params.clear
  for i = 1, 11 do
    local o = opponents[i]
    if o.valid == 1 then
      local dx, dy = o.x - ball.x, o.y - ball.y
      local along = dx * c + dy * s
      if along > 0 and along < distance and abs(dy * c - dx * s) < C.lane + C.lane_growth * along then return true end
    end
  end
  return false
end

-- The allowed heading nearest h0 (h0, h0 + step, h0 - step, h0 + 2 step,
-- ...) whose lane is free; h0 when none is.
local function clear_heading(h0, distance)
  local C = params.clear
  for n = 0, math.floor(2 * C.max_angle / C.step) do
    for sign = 1, -1, -2 do
      local h = h0 + sign * n * C.step
      if h >= -C.max_angle and h <= C.max_angle and not clear_blocked(h, distance) then return h end
    end
  end
  return h0
end

-- Where to clear the ball to: `distance` m along the way I already come at
-- it, turned to within params.clear.max_angle of straight upfield, and then
-- turned step by step (params.clear.step rad, nearest first) until no
-- opponent stands in the ball's way; kept params.clear.side_margin inside
-- the touchline. A clear that needs no walk round the ball is kicked before
-- the attacker arrives: with a fixed target to the side, in a half against
-- FC Portugal on rcssserver3d our clears took a median 3-6 s at the ball
-- and most ended with the ball taken (docs/team.md, "Playing the ball").
function M.clear_target(distance)
  local bx, by = ball.x, ball.y
  local C = params.clear
  local h0 = atan2(by - me.y, bx - me.x)
  if h0 > C.max_angle then h0 = C.max_angle elseif h0 < -C.max_angle then h0 = -C.max_angle end
  local h = clear_heading(h0, distance)
  local tx, ty = bx + distance * cos(h), by + distance * sin(h)
  local edge = field.half_width - C.side_margin
  if ty > edge then ty = edge elseif ty < -edge then ty = -edge end
  return tx, ty
end

return M
