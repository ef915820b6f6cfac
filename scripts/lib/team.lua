-- lib/team.lua: who is playing, time to reach a point, and role assignment
-- as B-Human does it (docs/team.md): every robot computes a proposal for the
-- whole team and sends it on the radio; all follow the captain's (lowest
-- active number). Allocation-free per cycle: every array lives in the module
-- and is refilled in place.
local params = require "data.params"
local body = require "lib.body"
local formation = require "data.formation"

local M = {}

local sqrt, abs, atan2 = math.sqrt, math.abs, math.atan2
local band, bor, lshift, rshift = bit.band, bit.bor, bit.lshift, bit.rshift
local mates, game = world.teammates, world.game
local FALL_NONE = world.FALL.NONE

M.KEEPER, M.DEFENDER, M.SUPPORTER, M.STRIKER = "keeper", "defender", "supporter", "striker"
-- A player that must not be striker unless nobody else can (set by
-- lib/set_play.lua before the tick's assignment: the kick taker under the
-- double-touch rule).
M.not_striker = nil

-- Tables keyed by player number 1..11 are made with their array part in
-- place: a key that lives in the hash part and is cleared to nil and set
-- again each tick makes LuaJIT rehash the table, i.e. allocate (3.3
-- allocations per tick for the whole team before, all from here).
local function numbered() return { false, false, false, false, false, false, false, false, false, false, false } end
local role_of = numbered() -- [unum] = role in effect: the captain's proposal, or my own
local own = numbered()     -- [unum] = role of my own proposal this tick
local previous = libero.persistent("team.roles")  -- [unum] = role in effect last cycle (kept over reloads)
local following = nil     -- the captain whose proposal is in effect, nil when it is my own
local own_payload = 0     -- my proposal as radio bits (below)
local active = numbered()  -- active numbers, ascending
local active_count = 0
local order = numbered()   -- scratch for sorting
local order_key = numbered()
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
-- ph from the direction walked (within `near` m, default 0.3: step there and
-- turn on the spot).
function M.time_to_pose(x, y, heading, px, py, ph, near)
  local dx, dy = px - x, py - y
  local d = sqrt(dx * dx + dy * dy)
  if d <= (near or 0.3) then return d / body.walk_speed() + abs(wrap(ph - heading)) / body.turn_speed() end
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

-- The proposal on the radio (skill.set_radio_payload, 24 bits; docs/team.md):
--   bits 0-3    the proposed striker's number (1-11)
--   bits 4-13   supporters: bit 4 + (n - 2) set when number n (2-11) supports
--   bits 14-17  kind: PROPOSAL_KIND (other uses of the payload would pick another)
--   bits 18-23  zero (free)
-- The keeper is number 1 by rule, and every other active player not named is
-- a defender, so a striker and a supporter set describe any team of up to 11.
local PROPOSAL_KIND = 1
local KIND_SHIFT, SUPPORTER_SHIFT = 14, 4

local function encode_own()
  local bits = lshift(PROPOSAL_KIND, KIND_SHIFT)
  for a = 1, active_count do
    local i = active[a]
    if own[i] == M.STRIKER then bits = bor(bits, i)
    elseif own[i] == M.SUPPORTER and i >= 2 then bits = bor(bits, lshift(1, SUPPORTER_SHIFT + i - 2)) end
  end
  return bits
end

local function is_listed(i)
  for a = 1, active_count do
    if active[a] == i then return true end
  end
  return false
end

-- Takes the captain's proposal into role_of for my active players. False
-- (role_of untouched) when it is not a proposal or names a striker I do not
-- count as active, or number 1 while number 1 keeps: then my own applies.
local function follow(bits)
  if band(rshift(bits, KIND_SHIFT), 0xF) ~= PROPOSAL_KIND then return false end
  local striker = band(bits, 0xF)
  if not is_listed(striker) or (striker == 1 and active_count > 1) then return false end
  for a = 1, active_count do
    local i = active[a]
    if i == striker then role_of[i] = M.STRIKER
    elseif i == 1 and active_count > 1 then role_of[i] = M.KEEPER
    elseif i >= 2 and band(bits, lshift(1, SUPPORTER_SHIFT + i - 2)) ~= 0 then role_of[i] = M.SUPPORTER
    else role_of[i] = M.DEFENDER end
  end
  return true
end

-- My own proposal for every active teammate, into own[], with the
-- hysteresis bonuses of the roles in effect last cycle (previous[]): a robot
-- that follows the captain proposes the captain's roles unless they are
-- clearly off, so a new captain takes over without a jump.
local function compute_own()
  for i = 1, 11 do own[i] = nil end
  for a = 1, active_count do
    local i = active[a]
    if i == 1 and active_count > 1 then own[i] = M.KEEPER end
  end
  -- Striker: fastest to the ball, the current striker gets a bonus.
  local best, best_time = nil, math.huge
  for a = 1, active_count do
    local i = active[a]
    if own[i] == nil then
      local t = time_to_ball(i)
      if previous[i] == M.STRIKER then t = t - params.striker_bonus end
      if i == M.not_striker then t = t + 1e6 end
      if t < best_time then best, best_time = i, t end
    end
  end
  if best then own[best] = M.STRIKER end
  -- The rest: the most advanced (plus a bonus for current supporters) support,
  -- the others defend; at least one defender when anyone is left.
  local n = 0
  for a = 1, active_count do
    local i = active[a]
    if own[i] == nil then
      n = n + 1
      order[n] = i
      local x = pose(i)
      if previous[i] == M.SUPPORTER then x = x + params.supporter_bonus end
      order_key[i] = -x
    end
  end
  for a = n + 1, 11 do order[a] = nil end
  sort_order(n)
  local supporters = formation.supporters[active_count] or 0
  if supporters > n - 1 then supporters = n - 1 end
  if supporters < 0 then supporters = 0 end
  for a = 1, n do
    own[order[a]] = a <= supporters and M.SUPPORTER or M.DEFENDER
  end
end

-- Once per tick (behaviors/play.lua calls it every tick, so the proposal is
-- sent and the hysteresis kept even while fallen): the active players, my
-- proposal (sent with skill.set_radio_payload), and the roles in effect:
-- the captain's proposal while it is fresher than params.proposal_timeout,
-- else my own. The captain (`M.captain()`) follows its own.
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
  compute_own()
  own_payload = encode_own()
  skill.set_radio_payload(own_payload)
  following = nil
  local captain = active[1]  -- nil while our number is unknown and nobody talks
  if captain and captain ~= game.unum then
    local p = mates[captain]
    if p.radio_payload_age < params.proposal_timeout and follow(p.radio_payload) then following = captain end
  end
  if following == nil then
    for i = 1, 11 do role_of[i] = own[i] end
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
-- The captain whose proposal I follow this tick, or nil (I am the captain,
-- or its proposal is stale or unusable and my own applies).
function M.following() M.assign(); return following end
-- My own proposal this tick: the role I propose for player i, and the radio bits.
function M.own_role(i) M.assign(); return own[i or game.unum] end
function M.own_payload() M.assign(); return own_payload end

-- Whether (x, y) lies in our penalty area, grown by `margin` m (default 0).
function M.in_own_penalty_area(x, y, margin)
  margin = margin or 0
  return x < field.own_goal_x + field.penalty_length + margin and abs(y) < field.penalty_width / 2 + margin
end

-- Whether the ball is the keeper's to clear (roles/keeper.lua clears it):
-- slow inside our penalty area, with our keeper playing and up. The striker
-- then covers it instead of playing it (roles/striker.lua): in halves against
-- FC Portugal on rcssserver3d both went for such balls, stood at them from
-- either side for 10 s and more, and their robot came and scored (docs/team.md).
-- `hold`: already the keeper's; it stays so until the ball leaves the area by
-- params.keeper_ball.margin or goes faster than `hold_speed` (a kick), so a
-- ball on the area's line or nudged in the keeper's approach does not hand it
-- back and forth (both robots read their own estimates of it).
function M.keeper_ball(hold)
  M.assign()
  if role_of[1] ~= M.KEEPER then return false end
  local b, K = world.ball, params.keeper_ball
  local slow = hold and K.hold_speed or K.max_speed
  if b.vx * b.vx + b.vy * b.vy >= slow * slow then return false end
  if not M.in_own_penalty_area(b.x, b.y, hold and K.margin or 0) then return false end
  local _, _, _, fallen = pose(1)
  return not fallen
end

return M
