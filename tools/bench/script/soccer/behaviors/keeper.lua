local option = require "lib.option"
local geometry = require "lib.geometry"
local ball = world.ball

return option.define {
  name = "keeper",
  common = function(o)
    if ball.moving_towards_me == 1 and ball.x < -10 then return "block" end
  end,
  states = {
    guard = { initial = true,
      action = function(o)
        local x, y = geometry.point_towards(field.own_goal_x, 0, ball.x, ball.y, 1)
        skill.walk_to(x, geometry.clamp(y, -1, 1), 0)
        skill.look_at_ball()
      end },
    block = {
      transition = function(o) if o.state_time > 1.5 then return "guard" end end,
      action = function(o) skill.walk_to(field.own_goal_x + 0.5, geometry.clamp(ball.stop_y, -1, 1), 0) end },
  },
}
