local option = require "lib.option"
local roles = require "behaviors.roles"
local striker = require "behaviors.striker"
local supporter = require "behaviors.supporter"
local defender = require "behaviors.defender"
local keeper = require "behaviors.keeper"
local search = require "behaviors.search"

local PHASE, game, ball = world.PHASE, world.game, world.ball

return option.define {
  name = "play",
  common = function(o)
    local phase = game.phase
    if phase == PHASE.GAME_OVER then return "finished" end
    if phase == PHASE.BEFORE_KICK_OFF or phase == PHASE.OUR_GOAL or phase == PHASE.THEIR_GOAL then return "ready" end
    if world.self.fall ~= 0 then return "fallen" end
  end,
  states = {
    ready = { initial = true,
      transition = function(o) if game.phase == PHASE.PLAY_ON then return "playing" end end,
      action = function(o) skill.stand(); skill.look_at_ball() end },
    fallen = {
      transition = function(o) if world.self.fall == 0 then return "playing" end end,
      action = function(o) skill.get_up() end },
    playing = {
      transition = function(o) if ball.valid == 0 or ball.last_known_age > 4 then return "searching" end end,
      action = function(o)
        local role = roles.choose()
        if role == "keeper" then keeper()
        elseif role == "striker" then striker()
        elseif role == "supporter" then supporter()
        else defender() end
      end },
    searching = {
      transition = function(o) if ball.valid == 1 and ball.last_known_age < 1 then return "playing" end end,
      action = function(o) search() end },
    finished = { target = true, action = function(o) skill.stand() end },
  },
}
