-- A representative soccer behaviour for the tick benchmark: role choice from
-- all teammates, striker with kick-pose choice over opponents, supporter and
-- defender positioning, keeper, ball search, head control, debug drawing.
local play = require "behaviors.play"
return function() play() end
