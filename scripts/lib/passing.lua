-- lib/passing.lua: region-based rational passing (docs/team.md).
-- Candidate targets are grid points of the tactical regions that lie in our
-- team's dominate region (a teammate gets there before every opponent) and in
-- the passable region (a kick of the kick model covers the distance and no
-- opponent reaches the ball's path before the ball). A region's value is its
-- reward times the mean success margin of its candidate points; the pass goes
-- to the centroid of the candidates of the best region when the centroid is
-- itself a candidate (it can fall between the kicks' ranges), else to the
-- region's best candidate. A target only counts if the ball, rolling as
-- far as the kick sends it, stops inside the bounds, or if the receiver is
-- there before the ball. Allocation-free.
local params = require "data.params"
local team = require "lib.team"
local body = require "lib.body"

local M = {}

local sqrt, huge, min, max = math.sqrt, math.huge, math.min, math.max
local opponents, ball = world.opponents, world.ball

local P = params.pass
local DECEL = 0.6          -- m/s^2, ball rolling deceleration (robots/nao/mock.lua)

-- Ball travel time over distance d for a kick that rolls `range` metres.
local function ball_time(d, range)
  local v0 = sqrt(2 * DECEL * range)
  local disc = v0 * v0 - 2 * DECEL * d
  if disc < 0 then return huge end
  return (v0 - sqrt(disc)) / DECEL
end

-- Snapshots of the players (plain Lua arrays): reading FFI views costs
-- ~40 ns a field in the interpreter, and the grid search reads them often.
local ox, oy, on = {}, {}, 0
local tx, ty, th, tpen, tnum, tn = {}, {}, {}, {}, {}, 0

local function snapshot(passer)
  on = 0
  for i = 1, 11 do
    local o = opponents[i]
    if o.valid == 1 then
      on = on + 1
      ox[on], oy[on] = o.x, o.y
    end
  end
  tn = 0
  local list, n = team.active_list()
  for a = 1, n do
    local i = list[a]
    if i ~= passer then
      local x, y, h, fallen = team.pose(i)
      tn = tn + 1
      tx[tn], ty[tn], th[tn], tnum[tn] = x, y, h, i
      tpen[tn] = fallen and params.fallen_penalty or 0
    end
  end
end

local function opponent_time_fast(px, py)
  local best = huge
  for k = 1, on do
    local dx, dy = ox[k] - px, oy[k] - py
    local d2 = dx * dx + dy * dy
    if d2 < best then best = d2 end
  end
  if best == huge then return huge end
  return sqrt(best) / P.opponent_speed + P.reaction
end

local time_to_reach = team.time_to_reach
local function teammate_time_fast(px, py)
  local best, who = huge, nil
  for k = 1, tn do
    local t = time_to_reach(tx[k], ty[k], th[k], px, py) + tpen[k]
    if t < best then best, who = t, tnum[k] end
  end
  return best, who
end

local function opponent_time(px, py)
  snapshot(nil)
  return opponent_time_fast(px, py)
end

-- Whether an opponent we see stands within d m of the ball (the pressed
-- kick approach, behaviors/kick_to.lua; the pressed dribble, dribble.lua).
local function opponent_at_ball(d)
  for i = 1, 11 do
    local o = opponents[i]
    if o.valid == 1 and (o.x - ball.x) ^ 2 + (o.y - ball.y) ^ 2 < d * d then return true end
  end
  return false
end

-- Which kick covers distance d: kind, rolling range, or nil. The short
-- kick stops the ball at the target; the long and lofted kicks cannot be
-- shortened and roll their full distance, past a nearer target.
local function pass_kick(d)
  local short, long, long_error = body.kick_distance("short"), body.kick_distance("long"), body.kick_max_error("long")
  if d >= 1.0 and d <= short + 0.3 then return "short", d end
  if d >= long - long_error and d <= long + long_error then return "long", long end
  if P.lofted and body.has_kick("lofted") then
    local lofted, lofted_error = body.kick_distance("lofted"), body.kick_max_error("lofted")
    if d >= lofted - lofted_error and d <= lofted + lofted_error then return "lofted", lofted end
  end
  return nil
end
M.pass_kick = pass_kick

-- The rectangle {x_min, y_min, x_max, y_max} the ball must stop in (set by
-- best_pass; the field by default).
local bounds = { -field.half_length, -field.half_width, field.half_length, field.half_width }

-- Whether a ball kicked from the ball's spot towards a point dx, dy away
-- (distance d) and rolling `range` metres stops inside the bounds, with a margin.
local function stops_inside(dx, dy, d, range)
  local f = range / d
  local sx, sy = ball.x + dx * f, ball.y + dy * f
  local m = P.stop_margin
  return sx >= bounds[1] + m and sx <= bounds[3] - m and sy >= bounds[2] + m and sy <= bounds[4] - m
end

-- Success margin (s) of a pass from the ball to (px, py), or nil if the
-- point is not passable or not ours. `passer` is excluded from receivers.
local function point_margin(px, py, passer)
  local bx, by = ball.x, ball.y
  local dx, dy = px - bx, py - by
  local d = sqrt(dx * dx + dy * dy)
  local kind, range = pass_kick(d)
  if not kind then return nil end
  local inside = stops_inside(dx, dy, d, range)
  local t_mate = teammate_time_fast(px, py)
  if t_mate == huge then return nil end
  local t_opp = opponent_time_fast(px, py)
  local release = body.kick_duration(kind) * 0.5
  local t_ball = release + ball_time(d, range)
  -- A pass goes to a teammate: it must be there about when the ball is.
  if t_mate > t_ball + P.receive_slack then return nil end
  -- A ball that would stop outside is passed only to a receiver waiting at
  -- the target when it arrives: it stops the ball there. Rejecting these
  -- outright ended every pass in the keepaway square, where corner to
  -- corner is a long kick rolling past the square (docs/benchmarks.md).
  if not inside and t_mate > t_ball then return nil end
  local arrive = max(t_mate, t_ball)
  if t_opp <= arrive + P.margin then return nil end   -- not in our dominate region
  -- Interception: opponents reaching the path before the ball does (not
  -- where a lofted ball flies over them).
  for k = 1, 3 do
    local f = k * 0.25
    if not body.kick_over_heads_at(kind, d * f) then
      local sx, sy = bx + dx * f, by + dy * f
      local tb = release + ball_time(d * f, range)
      if opponent_time_fast(sx, sy) < tb then return nil end
    end
  end
  return min(t_opp - arrive, 3.0) / 3.0
end

-- A region's rectangle clipped to the bounds less 0.5 m: x0, y0, x1, y1.
local function clip(rect)
  return max(rect[1], bounds[1] + 0.5), max(rect[2], bounds[2] + 0.5),
         min(rect[3], bounds[3] - 0.5), min(rect[4], bounds[4] - 0.5)
end

-- The candidate of `rect` (clipped as in best_pass) with the largest margin,
-- ties to the one nearest (cx, cy): x, y, or nil.
local function best_point(rect, cx, cy, passer)
  local g = P.grid
  local x0, y0, x1, y1 = clip(rect)
  local best_m, best_d, bx, by = -huge, huge, nil, nil
  for i = 1, g do
    local px = x0 + (x1 - x0) * (i - 0.5) / g
    for j = 1, g do
      local py = y0 + (y1 - y0) * (j - 0.5) / g
      local m = point_margin(px, py, passer)
      if m then
        local d = (px - cx) ^ 2 + (py - cy) ^ 2
        if m > best_m or (m == best_m and d < best_d) then best_m, best_d, bx, by = m, d, px, py end
      end
    end
  end
  return bx, by
end

-- The best pass over `regions` (list of {rect=, reward=}) inside the
-- rectangle `area` {x_min, y_min, x_max, y_max}: x, y, value, receiver,
-- kick kind; nil when no region has a candidate.
function M.best_pass(regions, area, passer)
  snapshot(passer)
  bounds = area
  local g = P.grid
  local best_value, bx, by, best_rect = -huge, nil, nil, nil
  for r = 1, #regions do
    local region = regions[r]
    local rect = region.rect
    local x0, y0, x1, y1 = clip(rect)
    if x1 > x0 and y1 > y0 then
      local n, sum, sx, sy = 0, 0, 0, 0
      for i = 1, g do
        local px = x0 + (x1 - x0) * (i - 0.5) / g
        for j = 1, g do
          local py = y0 + (y1 - y0) * (j - 0.5) / g
          local m = point_margin(px, py, passer)
          if m then
            n = n + 1
            sum = sum + m
            sx, sy = sx + px, sy + py
          end
        end
      end
      if n > 0 then
        local value = region.reward * (sum / n) * (0.75 + 0.25 * n / (g * g))
        if value > best_value then best_value, bx, by, best_rect = value, sx / n, sy / n, rect end
      end
    end
  end
  if not bx then return nil end
  -- The centroid of good points need not be good: between the short and
  -- the long kick's ranges no kick fits, and it can be nearer an opponent.
  if not point_margin(bx, by, passer) then bx, by = best_point(best_rect, bx, by, passer) end
  local _, receiver = teammate_time_fast(bx, by)
  local d = sqrt((bx - ball.x) ^ 2 + (by - ball.y) ^ 2)
  return bx, by, best_value, receiver, (pass_kick(d))
end

-- Pass to the nearest teammate (the keepaway baseline): x, y, receiver, kind.
function M.nearest_pass(passer)
  local list, n = team.active_list()
  local best, best_d = nil, huge
  for a = 1, n do
    local i = list[a]
    if i ~= passer then
      local x, y = team.pose(i)
      local d = sqrt((x - ball.x) ^ 2 + (y - ball.y) ^ 2)
      if d < best_d then best, best_d = i, d end
    end
  end
  if not best then return nil end
  local x, y = team.pose(best)
  return x, y, best, (pass_kick(best_d) or "short")
end

-- Value of keeping the ball where it is (for comparison with a pass): the
-- reward of the region containing the ball, reduced under pressure.
function M.hold_value(regions)
  local reward = 0
  for r = 1, #regions do
    local rect = regions[r].rect
    if ball.x >= rect[1] and ball.x <= rect[3] and ball.y >= rect[2] and ball.y <= rect[4] then
      reward = regions[r].reward
    end
  end
  local t_opp = opponent_time(ball.x, ball.y)
  return reward * min(max(t_opp - P.reaction, 0), P.hold_horizon) / P.hold_horizon
end

M.opponent_time = opponent_time
M.opponent_at_ball = opponent_at_ball
return M
