local option = require "lib.option"
local geometry = require "lib.geometry"
local me, ball = world.self, world.ball

return option.define {
  name = "supporter",
  states = {
    position = { initial = true,
      action = function(o)
        local x = geometry.clamp(ball.x - 2.5, -12, 12)
        local y = ball.y > 0 and ball.y - 2 or ball.y + 2
        skill.walk_to(x, y, geometry.direction(x, y, ball.x, ball.y))
        skill.look_at_ball()
        draw.point(x, y, "green")
      end },
  },
}
