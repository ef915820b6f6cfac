-- search_for_ball: the team lost the ball. Look around on the spot, turn,
-- then patrol the formation's coverage points (data/formation.lua) in turn.
local option = require "lib.option"
local formation = require "data.formation"

local me, game = world.self, world.game
local patrol = formation.patrol

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
      transition = function(o) if o.state_time > 4 then return "patrol" end end,
      action = function(o)
        skill.walk(0, 0, 0.5)
        skill.scan()
      end,
    },
    patrol = {
      transition = function(o) if o.state_time > 8 then return "look_around" end end,
      action = function(o)
        local k = (game.unum + math.floor(libero.now() / 8)) % #patrol + 1
        local p = patrol[k]
        skill.walk_to(p[1], p[2], math.atan2(-p[2], -p[1] + 0.001))
        skill.scan()
      end,
    },
  },
}
