-- dribble(x, y): push the ball towards (x, y) by walking into it; lines up
-- behind the ball first (through kick_to's approach when far).
local option = require "lib.option"
local kicking = require "lib.kicking"
local params = require "data.params"

local me, ball = world.self, world.ball
local sqrt, cos, sin, abs = math.sqrt, math.cos, math.sin, math.abs
local function wrap(a) return (a + math.pi) % (2 * math.pi) - math.pi end

return option.define {
  name = "dribble",
  params = { "x", "y" },
  states = {
    line_up = {
      initial = true,
      transition = function(o, x, y)
        local px, py, h = kicking.kick_pose(x, y)
        if sqrt((me.x - px) ^ 2 + (me.y - py) ^ 2) < 0.12 and abs(wrap(me.heading - h)) < 0.3 then return "push" end
      end,
      action = function(o, x, y)
        local px, py, h = kicking.kick_pose(x, y)
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
        local _, _, h = kicking.kick_pose(x, y)
        local rx, ry = me.x - ball.x, me.y - ball.y
        local lateral = -math.sin(h) * rx + math.cos(h) * ry
        if abs(lateral) > 0.2 or sqrt(rx * rx + ry * ry) > 0.6 then return "line_up" end
      end,
      action = function(o, x, y)
        local _, _, h = kicking.kick_pose(x, y)
        local c, s = cos(me.heading), sin(me.heading)
        local bx, by = ball.x - me.x, ball.y - me.y
        local left = -s * bx + c * by
        skill.walk(params.dribble_speed, 1.5 * left, 2.0 * wrap(h - me.heading))
      end,
    },
  },
}
