-- search_for_ball: look around on the spot, then turn in place, and again.
local option = require "lib.option"

return option.define {
  name = "search_for_ball",
  states = {
    look_around = {
      initial = true,
      transition = function(o) if o.state_time > 2 then return "turn" end end,
      action = function(o)
        skill.stand()
        skill.scan()
      end,
    },
    turn = {
      transition = function(o) if o.state_time > 3 then return "look_around" end end,
      action = function(o)
        skill.walk(0, 0, 0.5)
        skill.scan()
      end,
    },
  },
}
