local option = require "lib.option"

return option.define {
  name = "search",
  states = {
    look = { initial = true,
      transition = function(o) if o.state_time > 2 then return "turn" end end,
      action = function(o) skill.stand(); skill.scan() end },
    turn = {
      transition = function(o) if o.state_time > 3 then return "look" end end,
      action = function(o) skill.walk(0, 0, 0.6); skill.scan() end },
  },
}
