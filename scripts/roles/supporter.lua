-- Supporter: formation slot ahead of / beside the ball, open for a pass.
local option = require "lib.option"
local positioning = require "lib.positioning"
local team = require "lib.team"

local game = world.game

return option.define {
  name = "supporter",
  params = { "keep_distance" },
  states = {
    position = {
      initial = true,
      action = function(o, keep_distance)
        local x, y = positioning.role_position(game.unum, team.SUPPORTER)
        positioning.go_to(x, y, keep_distance)
      end,
    },
  },
}
