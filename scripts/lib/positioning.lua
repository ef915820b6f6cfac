-- lib/positioning.lua: formation positions of defenders and supporters that
-- follow the ball, kept out of the opponents' set-play circle and out of our
-- penalty area (illegal defence: at most 3 players inside it).
local formation = require "data.formation"
local params = require "data.params"
local team = require "lib.team"
local walk = require "lib.walk"
local set_play = require "lib.set_play"

local M = {}
local ball, me, game = world.ball, world.self, world.game
local PHASE = world.PHASE
local sqrt, min, max = math.sqrt, math.min, math.max

-- Keeps (x, y) at least `radius` from the ball.
function M.outside_ball(x, y, radius)
  local dx, dy = x - ball.x, y - ball.y
  local d = sqrt(dx * dx + dy * dy)
  if d >= radius then return x, y end
  if d < 1e-3 then dx, dy, d = -1, 0, 1 end  -- straight back towards our goal
  return ball.x + dx / d * radius, ball.y + dy / d * radius
end

-- The slot of player unum in its role (defender/supporter).
function M.role_position(unum, role)
  local data = formation[role]
  local rank, count = team.rank_in_role(unum)
  -- Ranks are by y, so hand out the slots in use by y as well: taken in
  -- list order, two defenders crossed, swapped targets when they passed
  -- and stood on top of each other.
  local n = min(count, #data.slots)
  local want = min(rank, n)
  local slot = data.slots[1]
  for k = 1, n do
    local yk, r = data.slots[k][2], 1
    for j = 1, n do
      local yj = data.slots[j][2]
      if yj < yk or (yj == yk and j < k) then r = r + 1 end
    end
    if r == want then slot = data.slots[k] end
  end
  local x = slot[1] + data.attraction[1] * ball.x
  local y = slot[2] + data.attraction[2] * ball.y
  local box = data.box
  x, y = max(box[1], min(box[3], x)), max(box[2], min(box[4], y))
  if role == team.DEFENDER then
    -- Stay between ball and goal: never in front of the ball.
    if x > ball.x - 1.0 then x = max(box[1], ball.x - 1.0) end
  end
  return x, y
end

-- Inside the field lines (with a margin).
function M.in_field(x, y)
  local hx, hy = field.half_length - 0.3, field.half_width - 0.3
  return max(-hx, min(hx, x)), max(-hy, min(hy, y))
end

-- Which way to slide from the ball along a line: the point's side, else mine.
local function side(p, b, mine)
  if p ~= b then return p > b and 1 or -1 end
  return mine >= b and 1 or -1
end

-- (x, y) in the field and at least `radius` from the ball: where the field
-- line cuts the circle, the point slides along the line out of it.
function M.outside_ball_in_field(x, y, radius)
  x, y = M.outside_ball(x, y, radius)
  local fx, fy = M.in_field(x, y)
  local dx, dy = fx - ball.x, fy - ball.y
  if dx * dx + dy * dy >= radius * radius then return fx, fy end
  if fy ~= y then
    fx = ball.x + side(x, ball.x, me.x) * sqrt(max(0, radius * radius - dy * dy))
  else
    fy = ball.y + side(y, ball.y, me.y) * sqrt(max(0, radius * radius - dx * dx))
  end
  return M.in_field(fx, fy)
end

-- Where the striker waits while the keeper clears a slow ball in our penalty
-- area (lib/team.lua keeper_ball): params.keeper_ball.cover_distance m from
-- the ball towards the nearest opponent within `watch` m of it, so that robot
-- meets ours on its way to the ball, and no farther than that opponent;
-- upfield of the ball when none is near.
function M.cover_ball()
  local K = params.keeper_ball
  local ox, oy, nearest = nil, nil, K.watch * K.watch
  local opponents = world.opponents
  for i = 1, 11 do
    local o = opponents[i]
    if o.valid == 1 then
      local d = (o.x - ball.x) ^ 2 + (o.y - ball.y) ^ 2
      if d < nearest then ox, oy, nearest = o.x, o.y, d end
    end
  end
  local dx, dy, r = 1, 0, K.cover_distance
  if ox then
    dx, dy = ox - ball.x, oy - ball.y
    local d = sqrt(dx * dx + dy * dy)
    if d < 1e-3 then dx, dy, d = 1, 0, 1 end
    dx, dy, r = dx / d, dy / d, min(r, d)
  end
  return M.in_field(ball.x + dx * r, ball.y + dy * r)
end

-- Distance kept from the ball at the opponents' set plays and the ball's
-- radius as an obstacle: at their goal kick the circle also covers their
-- penalty area, which the referee clears of us (facts §7.4); their pass
-- mode clears 1 m (§7.10).
function M.set_play_circle()
  if game.phase == PHASE.THEIR_GOAL_KICK then return params.goal_kick_distance, params.goal_kick_clearance end
  -- Their pass mode keeps us 1 m off only until their kick: wait just outside.
  if game.phase == PHASE.THEIR_PASS then return params.pass_mode.mark_distance, params.pass_mode.mark_clearance end
  return params.set_play_distance, params.set_play_clearance
end

-- Where to mark the ball at the opponents' set plays: on the line from the
-- ball to our goal, the required distance away.
function M.mark_ball()
  local gx = field.own_goal_x
  local dx, dy = gx - ball.x, -ball.y
  local d = sqrt(dx * dx + dy * dy)
  if d < 1e-3 then dx, dy, d = 1, 0, 1 end
  local distance = M.set_play_circle()
  return M.in_field(ball.x + dx / d * distance, ball.y + dy / d * distance)
end

-- Walk to (x, y) facing the ball; at the opponents' set plays keep the
-- distance on the way too: the referee moves a robot that enters the circle
-- (and a straight path there may cross it). The taker of our last kick
-- walks round the ball while the double-touch rule watches it.
function M.go_to(x, y, keep_distance)
  local ball_radius = nil
  if set_play.barred() == game.unum then ball_radius = params.kick_taker.avoid_ball end
  if keep_distance then
    local distance, clearance = M.set_play_circle()
    x, y = M.outside_ball_in_field(x, y, distance)
    ball_radius = clearance
  else
    x, y = M.in_field(x, y)
  end
  local h = math.atan2(ball.y - y, ball.x - x)
  if sqrt((me.x - x) ^ 2 + (me.y - y) ^ 2) < 0.15 then
    skill.walk_to(me.x, me.y, h)  -- turn on the spot
  else
    walk.to(x, y, h, nil, ball_radius)
  end
  skill.look_at_ball()
end

return M
