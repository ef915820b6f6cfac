local option = require "lib.option"
local geometry = require "lib.geometry"
local opponents, ball = world.opponents, world.ball

-- Stand between the ball (or the most dangerous opponent) and the own goal.
return option.define {
  name = "defender",
  states = {
    guard = { initial = true,
      action = function(o)
        local tx, ty = ball.x, ball.y
        local best = 100
        for i = 1, 11 do
          local opp = opponents[i]
          if opp.valid == 1 and opp.x < 0 then
            local d = geometry.distance(opp.x, opp.y, field.own_goal_x, 0)
            if d < best then best, tx, ty = d, opp.x, opp.y end
          end
        end
        local x, y = geometry.point_towards(field.own_goal_x, 0, tx, ty, 4)
        skill.walk_to(x, y, geometry.direction(x, y, ball.x, ball.y))
        skill.look_at_ball()
      end },
  },
}
