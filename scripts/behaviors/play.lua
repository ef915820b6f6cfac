-- play: root option. Follows the game phase: line up before kick-off and
-- after goals, stand when the game is over, otherwise play the ball.
local option = require "lib.option"
local formation = require "lib.formation"
local search_for_ball = require "behaviors.search_for_ball"
local go_to_ball = require "behaviors.go_to_ball"
local kick_ball = require "behaviors.kick_ball"

local PHASE = world.PHASE
local ball, game = world.ball, world.game

local function lining_up()
  local phase = game.phase
  return phase == PHASE.BEFORE_KICK_OFF or phase == PHASE.OUR_GOAL or phase == PHASE.THEIR_GOAL
end

return option.define {
  name = "play",
  common = function(o)
    if game.phase == PHASE.GAME_OVER then return "finished" end
    if lining_up() then return "line_up" end
  end,
  states = {
    line_up = {
      initial = true,
      transition = function(o) if not lining_up() then return "search" end end,
      action = function(o)
        local x, y = formation.position(game.unum)
        if o.state_time < 0.1 then skill.beam(x, y, 0) end
        skill.stand()
        skill.look_at_ball()
      end,
    },
    search = {
      transition = function(o)
        if ball.valid == 1 and ball.last_seen_age < 1 then return "approach" end
      end,
      action = function(o) search_for_ball() end,
    },
    approach = {
      transition = function(o)
        if ball.last_seen_age > 3 then return "search" end
        if o.action_done then return "kick" end
      end,
      action = function(o) go_to_ball(0.2) end,
    },
    kick = {
      transition = function(o)
        if o.action_done or o.action_aborted or o.state_time > 3 then return "approach" end
      end,
      action = function(o) kick_ball(field.opponent_goal_x, 0) end,
    },
    finished = {
      target = true,
      action = function(o) skill.stand() end,
    },
  },
}
