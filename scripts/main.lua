-- main.lua: the default entry behaviour. The host requires this module once
-- per (re)load and calls the function it returns every cycle.
local play = require "behaviors.play"

return function()
  play()
end
