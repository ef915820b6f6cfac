-- go_to_ball(distance): walk to a point `distance` behind the ball on the
-- line from the opponent goal, facing the goal. Target state when there.
local option = require "lib.option"
local geometry = require "lib.geometry"

local me, ball = world.self, world.ball

local function approach_point(distance)
  local goal_x = field.opponent_goal_x
  local heading = geometry.direction(ball.x, ball.y, goal_x, 0)
  return ball.x - distance * math.cos(heading), ball.y - distance * math.sin(heading), heading
end

return option.define {
  name = "go_to_ball",
  params = { "distance" },
  states = {
    walk = {
      initial = true,
      transition = function(o, distance)
        local x, y, heading = approach_point(distance)
        if geometry.distance(me.x, me.y, x, y) < 0.08
            and math.abs(geometry.angle_diff(me.heading, heading)) < 0.2 then
          return "arrived"
        end
      end,
      action = function(o, distance)
        local x, y, heading = approach_point(distance)
        skill.walk_to(x, y, heading)
        skill.look_at_ball()
        draw.line(me.x, me.y, x, y, "yellow")
      end,
    },
    arrived = {
      target = true,
      transition = function(o, distance)
        local x, y = approach_point(distance)
        if geometry.distance(me.x, me.y, x, y) > 0.2 then return "walk" end
      end,
      action = function(o)
        skill.stand()
        skill.look_at_ball()
      end,
    },
  },
}
