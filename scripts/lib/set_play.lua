-- lib/set_play.lua: the rules of our kick-offs and set plays that the team
-- must keep (SimSpark, facts §7.3-7.5, docs/team.md):
-- * a kick-off, kick-in or indirect free kick is indirect only when more than
--   2 agents are connected, counting both teams;
-- * double touch: whoever takes the kick must not touch the ball again before
--   another player has (else the opponents get a free kick). The rule has no
--   time limit. Every robot works out who took the kick from the shared world
--   (the striker at the ball when our set play turned into PlayOn), so all
--   agree that the taker is not the striker (`team.not_striker`) until a robot
--   other than the taker comes within touching distance of the ball. A set
--   play that runs into the drop ball had no taker.
local params = require "data.params"
local team = require "lib.team"

local M = {}

local PHASE = world.PHASE
local game, ball, mates, opponents = world.game, world.ball, world.teammates, world.opponents
local sqrt = math.sqrt

-- Our kicks with a kick taker (the pass mode has none: it ends at any touch).
local ours = {}
for _, name in ipairs { "OUR_KICK_OFF", "OUR_KICK_IN", "OUR_CORNER_KICK", "OUR_GOAL_KICK", "OUR_FREE_KICK",
                        "OUR_DIRECT_FREE_KICK", "THEIR_OFFSIDE" } do
  if PHASE[name] then ours[PHASE[name]] = true end
end

local updated_tick = -1
local taking = false      -- the last tick was one of our set plays
local taking_since = 0    -- libero.now() when it began
local taker, taker_at_ball, taker_watched = nil, false, false  -- the striker during it
local barred = nil        -- the taker, while the double-touch rule watches it

-- Agents on the field as far as we know: our active players and every
-- opponent we have a track of (tracks expire after 30 s unseen).
function M.agent_count()
  local n = team.active_count()
  for i = 1, 11 do
    if opponents[i].valid == 1 then n = n + 1 end
  end
  return n
end

-- Whether our kick is indirect under the rules, given whether its kind is
-- (kick-off, kick-in, indirect free kick).
function M.indirect(indirect_phase)
  return indirect_phase and M.agent_count() > 2
end

local function near_ball(x, y)
  local dx, dy = x - ball.x, y - ball.y
  return dx * dx + dy * dy < params.kick_taker.touch_distance ^ 2
end

local function someone_else_at_ball()
  for i = 1, 11 do
    if i ~= barred then
      if i == game.unum then
        if near_ball(world.self.x, world.self.y) then return true end
      elseif mates[i].valid == 1 and near_ball(mates[i].x, mates[i].y) then
        return true
      end
    end
    local o = opponents[i]
    if o.valid == 1 and near_ball(o.x, o.y) then return true end
  end
  return false
end

-- The striker of our set play and whether it stands at the ball.
local function note_taker(kick_off)
  taker = nil
  local list, n = team.active_list()
  for a = 1, n do
    if team.role(list[a]) == team.STRIKER then taker = list[a] end
  end
  if taker then
    local x, y = team.pose(taker)
    local dx, dy = x - ball.x, y - ball.y
    taker_at_ball = sqrt(dx * dx + dy * dy) < params.kick_taker.reach
  end
  -- At a kick-off the server watches the taker only when the kick is indirect.
  taker_watched = not kick_off or M.agent_count() > 2
end

-- Once per tick, before any role is assigned (behaviors/play.lua calls it
-- first): starts and ends the watch on the taker.
function M.update()
  local tick = libero.tick()
  if tick == updated_tick then return end
  updated_tick = tick
  local p = game.phase
  if ours[p] then
    if not taking then taking_since = libero.now() end
    barred, taking = nil, true
    team.not_striker = nil
    note_taker(p == PHASE.OUR_KICK_OFF)
    return
  elseif p == PHASE.PLAY_ON then
    -- A set play that lasted the drop-ball time ended untouched (facts
    -- §7.3-7.4: no touch within 15 s, the ball is dropped): nobody took it.
    local dropped = libero.now() - taking_since >= params.kick_taker.drop_ball_time
    if taking and taker and taker_at_ball and taker_watched and not dropped then barred = taker end
    taking = false
    if barred and someone_else_at_ball() then barred = nil end
  else
    barred, taking = nil, false
  end
  team.not_striker = barred
end

-- The player the double-touch rule still watches, or nil.
function M.barred() return barred end

-- Whether to ask for pass mode now, lining up a kick (params.pass_mode):
-- the server grants it only when the ball is still, my torso within 0.5 m
-- of it and no opponent within 1 m, and then keeps the opponents 1 m off
-- the ball for up to 4 s or until the kick. On rcssserver3d our kick
-- approach stood at the ball for seconds while an opponent came and took
-- it (docs/team.md, "Playing the ball"); FC Portugal's base team asks for
-- pass mode when an opponent comes within 1.45 m of the ball it lines up.
function M.want_pass_mode()
  local P = params.pass_mode
  if game.phase ~= PHASE.PLAY_ON or ball.x > P.max_ball_x then return false end
  if ball.vx * ball.vx + ball.vy * ball.vy > P.max_ball_speed ^ 2 then return false end
  local me = world.self
  if (me.x - ball.x) ^ 2 + (me.y - ball.y) ^ 2 > P.reach ^ 2 then return false end
  for i = 1, 11 do
    local o = opponents[i]
    if o.valid == 1 and (o.x - ball.x) ^ 2 + (o.y - ball.y) ^ 2 < P.opponent_within ^ 2 then return true end
  end
  return false
end

return M
