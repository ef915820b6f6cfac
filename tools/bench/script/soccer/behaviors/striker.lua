-- Striker: aim at the widest gap in the goal between opponents, walk to the
-- kick pose behind the ball, kick; dribble when an opponent is close.
local option = require "lib.option"
local geometry = require "lib.geometry"
local opponents, me, ball = world.opponents, world.self, world.ball
local status, STATE = motion.status, motion.STATE

local function best_goal_target()
  local goal_x, half = field.opponent_goal_x, field.goal_width / 2 - 0.15
  local best_y, best_score = 0, -1
  for k = -4, 4 do
    local y = half * k / 4
    local aim = geometry.direction(ball.x, ball.y, goal_x, y)
    local clearance = 10
    for i = 1, 11 do
      local o = opponents[i]
      if o.valid == 1 and o.last_seen_age < 3 then
        local d = geometry.distance(ball.x, ball.y, o.x, o.y)
        local off = math.abs(geometry.angle_diff(geometry.direction(ball.x, ball.y, o.x, o.y), aim)) * d
        if off < clearance then clearance = off end
      end
    end
    if clearance > best_score then best_score, best_y = clearance, y end
  end
  return goal_x, best_y
end

local function nearest_opponent_distance()
  local best = 100
  for i = 1, 11 do
    local o = opponents[i]
    if o.valid == 1 then
      local d = geometry.distance(me.x, me.y, o.x, o.y)
      if d < best then best = d end
    end
  end
  return best
end

local kick_pose = option.define {
  name = "go_to_kick_pose",
  params = { "x", "y" },
  states = {
    walk = { initial = true,
      transition = function(o, x, y)
        local heading = geometry.direction(ball.x, ball.y, x, y)
        local px, py = ball.x - 0.2 * math.cos(heading), ball.y - 0.2 * math.sin(heading)
        if geometry.distance(me.x, me.y, px, py) < 0.06 and math.abs(geometry.angle_diff(me.heading, heading)) < 0.15 then return "ready" end
      end,
      action = function(o, x, y)
        local heading = geometry.direction(ball.x, ball.y, x, y)
        local px, py = ball.x - 0.2 * math.cos(heading), ball.y - 0.2 * math.sin(heading)
        skill.walk_to(px, py, heading)
        draw.line(me.x, me.y, px, py, "yellow")
      end },
    ready = { target = true, action = function(o) skill.stand() end },
  },
}

local kick = option.define {
  name = "kick",
  params = { "x", "y" },
  states = {
    kicking = { initial = true,
      transition = function(o)
        if o.state_time > 0.1 and status.state == STATE.DONE then return "done" end
        if o.state_time > 3 or status.state == STATE.FAILED then return "failed" end
      end,
      action = function(o, x, y) skill.kick(x, y, "long") end },
    done = { target = true },
    failed = { aborted = true },
  },
}

return option.define {
  name = "striker",
  common = function(o) if nearest_opponent_distance() < 0.5 and o.state ~= "dribble" then return "dribble" end end,
  states = {
    approach = { initial = true,
      transition = function(o) if o.action_done then return "kick" end end,
      action = function(o)
        local x, y = best_goal_target()
        draw.circle(x, y, 0.2, "red")
        kick_pose(x, y)
        skill.look_at_ball()
      end },
    kick = {
      transition = function(o) if o.action_done or o.action_aborted then return "approach" end end,
      action = function(o) local x, y = best_goal_target(); kick(x, y) end },
    dribble = {
      transition = function(o) if o.state_time > 1 and nearest_opponent_distance() > 0.8 then return "approach" end end,
      action = function(o)
        local rx, ry = geometry.to_relative(me.x, me.y, me.heading, ball.x, ball.y)
        skill.walk(0.4, geometry.clamp(ry, -0.2, 0.2), geometry.clamp(math.atan2(ry, rx), -0.5, 0.5))
      end },
  },
}
