-- Defender: formation slot between ball and own goal (data/formation.lua).
local option = require "lib.option"
local positioning = require "lib.positioning"
local team = require "lib.team"

local game = world.game

return option.define {
  name = "defender",
  params = { "keep_distance" },
  states = {
    position = {
      initial = true,
      action = function(o, keep_distance)
        local x, y = positioning.role_position(game.unum, team.DEFENDER)
        positioning.go_to(x, y, keep_distance)
      end,
    },
  },
}
