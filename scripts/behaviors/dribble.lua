-- dribble(x, y): push the ball towards (x, y) by walking into it; lines up
-- behind the ball first. Its numbers are params.dribble (scripts/data/params.lua).
local option = require "lib.option"
local params = require "data.params"
local walk = require "lib.walk"

local me, ball = world.self, world.ball
local sqrt, cos, sin, abs, atan2 = math.sqrt, math.cos, math.sin, math.abs, math.atan2
local function wrap(a) return (a + math.pi) % (2 * math.pi) - math.pi end

-- The pose `stand_off` behind the ball facing (x, y): x, y, heading.
local function push_pose(x, y)
  local h = atan2(y - ball.y, x - ball.x)
  local d = params.dribble.stand_off
  return ball.x - d * cos(h), ball.y - d * sin(h), h
end

return option.define {
  name = "dribble",
  params = { "x", "y" },
  states = {
    line_up = {
      initial = true,
      transition = function(o, x, y)
        local px, py, h = push_pose(x, y)
        local p = params.dribble
        if sqrt((me.x - px) ^ 2 + (me.y - py) ^ 2) < p.line_up_distance and abs(wrap(me.heading - h)) < p.line_up_yaw then
          return "push"
        end
      end,
      action = function(o, x, y)
        local px, py, h = push_pose(x, y)
        local fx, fy = cos(h), sin(h)
        local along = (me.x - ball.x) * fx + (me.y - ball.y) * fy
        if along > -0.1 then  -- wrong side: go round the ball
          local side = (-fy * (me.x - ball.x) + fx * (me.y - ball.y)) >= 0 and 1 or -1
          px, py = ball.x - 0.35 * fx - side * 0.45 * fy, ball.y - 0.35 * fy + side * 0.45 * fx
        end
        skill.walk_to(px, py, h)
      end,
    },
    push = {
      transition = function(o, x, y)
        local _, _, h = push_pose(x, y)
        local p = params.dribble
        local rx, ry = me.x - ball.x, me.y - ball.y
        local lateral = -sin(h) * rx + cos(h) * ry
        if abs(lateral) > p.lose_lateral or sqrt(rx * rx + ry * ry) > p.lose_distance then return "line_up" end
      end,
      action = function(o, x, y) walk.push_ball(x, y) end,
    },
  },
}
