-- lib/walk.lua: walk to a field pose round obstacles with the engine's
-- global planner (planning.*, docs/scripting.md): other robots and the goal
-- posts are circles; re-planned every cycle, the first waypoint is used.
local M = {}

local me, mates, opponents, game = world.self, world.teammates, world.opponents, world.game
local sqrt, atan2 = math.sqrt, math.atan2
local ROBOT_RADIUS, POST_RADIUS, RANGE = 0.4, 0.15, 2.5
local posts = { { 15, 1.05 }, { 15, -1.05 }, { -15, 1.05 }, { -15, -1.05 } }

local function add_if_near(x, y, r)
  local dx, dy = x - me.x, y - me.y
  if dx * dx + dy * dy < RANGE * RANGE then planning.obstacle(x, y, r) end
end

-- Returns the point to walk to now on the way to (x, y); with `ball_radius`
-- the ball is a circle of that radius too (whatever its distance).
function M.waypoint(x, y, ball_radius)
  local d = sqrt((x - me.x) ^ 2 + (y - me.y) ^ 2)
  if d < 0.8 then return x, y end  -- the last stretch: straight
  planning.clear()
  for i = 1, 11 do
    local p = mates[i]
    if i ~= game.unum and p.valid == 1 then add_if_near(p.x, p.y, ROBOT_RADIUS) end
    local o = opponents[i]
    if o.valid == 1 then add_if_near(o.x, o.y, ROBOT_RADIUS) end
  end
  for k = 1, 4 do add_if_near(posts[k][1], posts[k][2], POST_RADIUS) end
  if ball_radius then planning.obstacle(world.ball.x, world.ball.y, ball_radius) end
  local wx, wy = planning.path(me.x, me.y, x, y)
  return wx, wy
end

-- skill.walk_to through the planner's waypoint; the final heading applies
-- once the waypoint is the target itself.
function M.to(x, y, heading, ball_radius)
  local wx, wy = M.waypoint(x, y, ball_radius)
  if wx ~= x or wy ~= y then
    -- Aim beyond a near waypoint so the walk does not slow down for it.
    local dx, dy = wx - me.x, wy - me.y
    local d = sqrt(dx * dx + dy * dy)
    if d > 1e-6 and d < 1.0 then wx, wy = me.x + dx / d, me.y + dy / d end
    skill.walk_to(wx, wy, atan2(dy, dx))
  else
    skill.walk_to(x, y, heading)
  end
end

return M
