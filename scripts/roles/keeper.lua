-- Keeper: on an arc in front of the goal between ball and goal centre; stops
-- balls coming at the goal; clears a slow ball inside the penalty area.
local option = require "lib.option"
local formation = require "data.formation"
local special = require "behaviors.special"
local kick_to = require "behaviors.kick_to"
local body = require "lib.body"
local kicking = require "lib.kicking"
local params = require "data.params"
local positioning = require "lib.positioning"
local walk = require "lib.walk"
local team = require "lib.team"

local ball, me = world.ball, world.self
local K = formation.keeper
local gx = field.own_goal_x

-- The clear's target, fixed when the clear starts: a target that followed
-- the robot would turn the kick's direction under the approach.
local clear_x, clear_y = 0, 0

return option.define {
  name = "keeper",
  -- keep_distance (m): at a set play, guard only, at least this far from the
  -- ball (the circle at theirs; out of the taker's way at ours).
  params = { "keep_distance" },
  common = function(o, keep_distance) if keep_distance then return "guard" end end,
  states = {
    guard = {
      initial = true,
      transition = function(o)
        if special.ball_coming(1.5) then return "block" end
        -- The rule the striker leaves the ball to me by.
        if team.keeper_ball() then
          -- Upfield the way it comes at the ball: no walk round it (lib/kicking.lua).
          clear_x, clear_y = kicking.clear_target(params.clear.distance)
          return "clear"
        end
      end,
      action = function(o, keep_distance)
        local a = math.atan2(ball.y, ball.x - gx)
        local x, y = gx + K.radius * math.cos(a), K.radius * math.sin(a)
        if y > K.max_y then y = K.max_y elseif y < -K.max_y then y = -K.max_y end
        if keep_distance and (x - ball.x) ^ 2 + (y - ball.y) ^ 2 < keep_distance ^ 2 then
          if keep_distance >= params.set_play_distance then
            positioning.go_to(x, y, true)  -- round the circle too
            return
          end
          x, y = positioning.outside_ball_in_field(x, y, keep_distance)
          walk.to(x, y, math.atan2(ball.y - y, ball.x - x), nil, keep_distance - 0.2)
          skill.look_at_ball()
          return
        end
        skill.walk_to(x, y, math.atan2(ball.y - y, ball.x - x))
        skill.look_at_ball()
      end,
    },
    block = {
      transition = function(o) if not special.ball_coming(2.0) and o.state_time > 0.3 then return "guard" end end,
      action = function(o)
        local _, px, py = special.ball_coming(2.0)
        if px then
          px = math.max(gx + 0.2, px)
          skill.walk_to(px, py, math.atan2(ball.y - py, ball.x - px))
        end
        skill.look_at_ball()
      end,
    },
    clear = {
      transition = function(o)
        if o.action_done or o.action_aborted or not team.in_own_penalty_area(ball.x, ball.y, params.keeper_ball.margin) then
          return "guard"
        end
      end,
      action = function(o)
        kick_to(clear_x, clear_y, body.has_kick("lofted") and "lofted" or "long")
      end,
    },
  },
}
