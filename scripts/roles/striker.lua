-- Striker: owns the ball: play_ball chooses shoot / pass / dribble / clear.
-- A slow ball in our penalty area is the keeper's while the keeper is up
-- (lib/team.lua keeper_ball): the striker covers it from the nearest opponent
-- instead of going for it too.
local option = require "lib.option"
local play_ball = require "behaviors.play_ball"
local team = require "lib.team"
local positioning = require "lib.positioning"
local walk = require "lib.walk"
local params = require "data.params"

local ball = world.ball

return option.define {
  name = "striker",
  states = {
    play = {
      initial = true,
      transition = function(o) if team.keeper_ball() then return "cover" end end,
      action = function(o) play_ball.option() end,
    },
    cover = {
      transition = function(o) if not team.keeper_ball(true) then return "play" end end,
      action = function(o)
        local x, y = positioning.cover_ball()
        -- Round the ball, not through it: the keeper is lining it up.
        walk.to(x, y, math.atan2(ball.y - y, ball.x - x), nil, params.keeper_ball.cover_distance / 2)
        skill.look_at_ball()
      end,
    },
  },
}
