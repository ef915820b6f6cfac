-- lib/team.lua: who is playing, time to reach a point, and role assignment
-- as B-Human does it (docs/team.md). Allocation-free per cycle: every array
-- lives in the module and is refilled in place.
local params = require "data.params"
local body = require "lib.body"
local formation = require "data.formation"

local M = {}

local sqrt, abs, atan2 = math.sqrt, math.abs, math.atan2
local mates, game = world.teammates, world.game
local FALL_NONE = world.FALL.NONE

M.KEEPER, M.DEFENDER, M.SUPPORTER, M.STRIKER = "keeper", "defender", "supporter", "striker"
-- A player that must not be striker unless nobody else can (set by
-- lib/set_play.lua before the tick's assignment: the kick taker under the
-- double-touch rule).
M.not_striker = nil

local role_of = {}        -- [unum] = role of the current assignment
local previous = libero.persistent("team.roles")  -- [unum] = role last cycle (kept over reloads)
local active = {}         -- active numbers, ascending
local active_count = 0
local order = {}          -- scratch for sorting
local order_key = {}
local assigned_tick = -1

local function wrap(a)
  a = (a + math.pi) % (2 * math.pi)
  return a - math.pi
end

-- Seconds for a robot at (x, y, heading) to walk to (px, py): straight-line
-- walk plus turning to face the point.
function M.time_to_reach(x, y, heading, px, py)
  local dx, dy = px - x, py - y
  local d = sqrt(dx * dx + dy * dy)
  local turn = d > 0.3 and abs(wrap(atan2(dy, dx) - heading)) or 0
  return d / body.walk_speed() + turn / body.turn_speed()
end

-- Seconds to reach a pose (px, py, ph): walk there as above, then turn to
-- ph from the direction walked (near the pose: step there and turn on the spot).
function M.time_to_pose(x, y, heading, px, py, ph)
  local dx, dy = px - x, py - y
  local d = sqrt(dx * dx + dy * dy)
  if d <= 0.3 then return d / body.walk_speed() + abs(wrap(ph - heading)) / body.turn_speed() end
  local path = atan2(dy, dx)
  return d / body.walk_speed() + (abs(wrap(path - heading)) + abs(wrap(ph - path))) / body.turn_speed()
end

-- Whether teammate i takes part: it talked recently. Being seen is not
-- enough: a robot whose agent hangs can stand on the field, visible, and
-- would keep a role nobody plays (B-Human drops teammates that stop talking).
function M.is_active(i)
  if i == game.unum then return true end
  local p = mates[i]
  return p.valid == 1 and p.last_heard_age < params.teammate_timeout
end

-- Pose of teammate i (my own estimate for me): x, y, heading, fallen.
local me = world.self
function M.pose(i)
  if i == game.unum then return me.x, me.y, me.heading, me.fall ~= FALL_NONE end
  local p = mates[i]
  return p.x, p.y, p.heading, p.fall ~= FALL_NONE
end
local pose = M.pose

local function time_to(i, px, py)
  local x, y, h, fallen = pose(i)
  local t = M.time_to_reach(x, y, h, px, py)
  if fallen then t = t + params.fallen_penalty end
  return t
end
M.time_to = time_to

local function time_to_ball(i)
  local b = world.ball
  return time_to(i, b.x, b.y)
end

local function sort_order(n)
  -- insertion sort of order[1..n] by order_key[], ascending (n <= 11)
  for a = 2, n do
    local v, k = order[a], order_key[order[a]]
    local b = a - 1
    while b >= 1 and order_key[order[b]] > k do
      order[b + 1] = order[b]
      b = b - 1
    end
    order[b + 1] = v
  end
end

-- Computes the proposal for every active teammate. All robots run the same
-- function on (nearly) the same shared world, so it equals the captain's
-- proposal (lowest active number); `M.captain()` names the captain.
function M.assign()
  local tick = libero.tick()
  if assigned_tick == tick then return end
  assigned_tick = tick
  active_count = 0
  for i = 1, 11 do
    role_of[i] = nil
    if M.is_active(i) then
      active_count = active_count + 1
      active[active_count] = i
    end
  end
  for i = active_count + 1, 11 do active[i] = nil end
  local field_players = 0
  for a = 1, active_count do
    local i = active[a]
    if i == 1 and active_count > 1 then role_of[i] = M.KEEPER else field_players = field_players + 1 end
  end
  -- Striker: fastest to the ball, the current striker gets a bonus.
  local best, best_time = nil, math.huge
  for a = 1, active_count do
    local i = active[a]
    if role_of[i] == nil then
      local t = time_to_ball(i)
      if previous[i] == M.STRIKER then t = t - params.striker_bonus end
      if i == M.not_striker then t = t + 1e6 end
      if t < best_time then best, best_time = i, t end
    end
  end
  if best then role_of[best] = M.STRIKER end
  -- The rest: the most advanced (plus a bonus for current supporters) support,
  -- the others defend; at least one defender when anyone is left.
  local n = 0
  for a = 1, active_count do
    local i = active[a]
    if role_of[i] == nil then
      n = n + 1
      order[n] = i
      local x = pose(i)
      if previous[i] == M.SUPPORTER then x = x + params.supporter_bonus end
      order_key[i] = -x
    end
  end
  for a = n + 1, 11 do order[a] = nil end
  sort_order(n)
  local team_size = active_count
  local supporters = formation.supporters[team_size] or 0
  if supporters > n - 1 then supporters = n - 1 end
  if supporters < 0 then supporters = 0 end
  for a = 1, n do
    role_of[order[a]] = a <= supporters and M.SUPPORTER or M.DEFENDER
  end
  for i = 1, 11 do previous[i] = role_of[i] end
end

function M.role(i) M.assign(); return role_of[i or game.unum] end
function M.captain() M.assign(); return active[1] end
function M.active_count() M.assign(); return active_count end

-- Rank of player i among the players with the same role, sorted by y
-- (ascending), and how many there are: used to pick formation slots.
function M.rank_in_role(i)
  M.assign()
  local role, rank, count = role_of[i], 1, 0
  local _, yi = pose(i)
  for a = 1, active_count do
    local j = active[a]
    if role_of[j] == role then
      count = count + 1
      local _, yj = pose(j)
      if j ~= i and (yj < yi or (yj == yi and j < i)) then rank = rank + 1 end
    end
  end
  return rank, count
end

-- The active teammate (not me) with the smallest time to reach (px, py).
function M.fastest_teammate_to(px, py, except)
  M.assign()
  local best, best_time = nil, math.huge
  for a = 1, active_count do
    local i = active[a]
    if i ~= except then
      local t = time_to(i, px, py)
      if t < best_time then best, best_time = i, t end
    end
  end
  return best, best_time
end

function M.active_list() M.assign(); return active, active_count end

return M
