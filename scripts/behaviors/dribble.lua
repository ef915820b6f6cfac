-- dribble(x, y): push the ball towards (x, y) by walking into it; lines up
-- behind the ball first, unless pressed (below). Its numbers are
-- params.dribble (scripts/data/params.lua).
local option = require "lib.option"
local params = require "data.params"
local walk = require "lib.walk"
local passing = require "lib.passing"

local me, ball = world.self, world.ball
local sqrt, cos, sin, abs, atan2 = math.sqrt, math.cos, math.sin, math.abs, math.atan2
local function wrap(a) return (a + math.pi) % (2 * math.pi) - math.pi end

-- The pose `stand_off` behind the ball facing (x, y): x, y, heading.
local function push_pose(x, y)
  local h = atan2(y - ball.y, x - ball.x)
  local d = params.dribble.stand_off
  return ball.x - d * cos(h), ball.y - d * sin(h), h
end

-- Pressed: an opponent within `pressed.opponent` m of the ball, the ball
-- ahead of me within `reach` m and `ball_angle` rad of my nose, facing within
-- `yaw` rad of the way to (x, y). Then walk into the ball at once instead of
-- stopping on the pose first: in halves against FC Portugal on the real
-- server the robot nearest the ball spent 35-40 % of the time lining up, and
-- in a fifth of that it already stood facing the ball (and their goal) 0.5 to
-- 1.5 m from it while their robot played it away (docs/team.md). `slack`
-- widens the ball's window while the pressed push lasts.
local function pressed(x, y, slack)
  local P = params.dribble.pressed
  local bx, by = ball.x - me.x, ball.y - me.y
  local d = sqrt(bx * bx + by * by)
  if d > P.reach + slack then return false end
  if abs(wrap(atan2(by, bx) - me.heading)) > P.ball_angle + slack then return false end
  if abs(wrap(me.heading - atan2(y - ball.y, x - ball.x))) > P.yaw then return false end
  return passing.opponent_at_ball(P.opponent)
end

-- Whether the current push started pressed (module state: one dribbling
-- robot per agent); it then keeps on while pressed() holds with the slack.
local pressed_push = false

local M = option.define {
  name = "dribble",
  params = { "x", "y" },
  states = {
    line_up = {
      initial = true,
      transition = function(o, x, y)
        local px, py, h = push_pose(x, y)
        local p = params.dribble
        pressed_push = false
        if sqrt((me.x - px) ^ 2 + (me.y - py) ^ 2) < p.line_up_distance and abs(wrap(me.heading - h)) < p.line_up_yaw then
          return "push"
        end
        if pressed(x, y, 0) then
          pressed_push = true
          return "push"
        end
      end,
      action = function(o, x, y)
        local px, py, h = push_pose(x, y)
        local fx, fy = cos(h), sin(h)
        local along = (me.x - ball.x) * fx + (me.y - ball.y) * fy
        if along > -0.1 then  -- wrong side: go round the ball
          local lateral = -fy * (me.x - ball.x) + fx * (me.y - ball.y)
          local side = lateral >= 0 and 1 or -1
          local clear = params.dribble.beside_clear
          if abs(lateral) >= clear then
            -- Beside it already: step straight back past it, `clear` m off its
            -- line; within line_up_distance of the push pose it pushes. Against
            -- FC Portugal on the real server most such line-ups began with the
            -- ball 0.2-0.4 m beside the robot after a duel; the way round
            -- (0.45 m out) took a median 2.3 s and 81 of 135 never got to
            -- push, against 0.5 s from behind the ball. Stepping back: 1.7 s,
            -- 52 of 83 pushed (docs/team.md, "Playing the ball"). The target
            -- is the push pose moved `clear` m to my side of the ball's line.
            px, py = px - side * clear * fy, py + side * clear * fx
          else
            px, py = ball.x - 0.35 * fx - side * 0.45 * fy, ball.y - 0.35 * fy + side * 0.45 * fx
          end
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
        local lost = abs(lateral) > p.lose_lateral or sqrt(rx * rx + ry * ry) > p.lose_distance
        if pressed_push then
          -- Until the push runs as a lined-up one, it holds while pressed.
          if not lost and abs(wrap(me.heading - h)) < p.line_up_yaw then pressed_push = false
          elseif not pressed(x, y, p.pressed.slack) then return "line_up" end
        elseif lost then
          return "line_up"
        end
      end,
      action = function(o, x, y)
        local p = params.dribble
        local rx, ry = ball.x - me.x, ball.y - me.y
        if pressed_push and rx * rx + ry * ry > p.lose_distance ^ 2 then
          -- Still short of the ball: walk through it, to a point `through` m
          -- beyond it on the way to the target, facing the way it goes (a
          -- pushing walk that far off steps sideways at the ball).
          local _, _, h = push_pose(x, y)
          skill.walk_to(ball.x + p.pressed.through * cos(h), ball.y + p.pressed.through * sin(h), h)
        else
          walk.push_ball(x, y)
        end
      end,
    },
  },
}

-- Whether the dribble towards (x, y) would push at once (pressed, above):
-- play_ball then dribbles instead of lining up a clearance.
function M.pressed(x, y) return pressed(x, y, 0) end

return M
