-- lib/positioning.lua: formation positions of defenders and supporters that
-- follow the ball, kept out of the opponents' set-play circle and out of our
-- penalty area (illegal defence: at most 3 players inside it).
local formation = require "data.formation"
local params = require "data.params"
local team = require "lib.team"
local walk = require "lib.walk"

local M = {}
local ball, me = world.ball, world.self
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

-- Where to mark the ball at the opponents' set plays: on the line from the
-- ball to our goal, the required distance away.
function M.mark_ball()
  local gx = field.own_goal_x
  local dx, dy = gx - ball.x, -ball.y
  local d = sqrt(dx * dx + dy * dy)
  if d < 1e-3 then dx, dy, d = 1, 0, 1 end
  return M.in_field(ball.x + dx / d * params.set_play_distance, ball.y + dy / d * params.set_play_distance)
end

-- Walk to (x, y) facing the ball; at the opponents' set plays keep the distance.
function M.go_to(x, y, keep_distance)
  if keep_distance then x, y = M.outside_ball(x, y, params.set_play_distance) end
  x, y = M.in_field(x, y)
  local h = math.atan2(ball.y - y, ball.x - x)
  if sqrt((me.x - x) ^ 2 + (me.y - y) ^ 2) < 0.15 then
    skill.walk_to(me.x, me.y, h)  -- turn on the spot
  else
    walk.to(x, y, h)
  end
  skill.look_at_ball()
end

return M
