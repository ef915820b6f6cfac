-- Striker: owns the ball: play_ball chooses shoot / pass / dribble / clear.
local option = require "lib.option"
local play_ball = require "behaviors.play_ball"

return option.define {
  name = "striker",
  states = { play = { initial = true, action = function(o) play_ball.option() end } },
}
