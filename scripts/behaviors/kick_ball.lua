-- kick_ball(x, y): kick towards a field point; target once motion reports the
-- kick done, aborted if it failed.
local option = require "lib.option"

local status, STATE, BODY = motion.status, motion.STATE, motion.BODY

return option.define {
  name = "kick_ball",
  params = { "x", "y" },
  states = {
    kicking = {
      initial = true,
      transition = function(o)
        if o.state_time > 0.1 and status.active_body == BODY.KICK then
          if status.state == STATE.DONE then return "done" end
          if status.state == STATE.FAILED then return "failed" end
        end
      end,
      action = function(o, x, y)
        skill.kick(x, y, "long")
        skill.look_at_ball()
      end,
    },
    done = { target = true, action = function(o) skill.stand() end },
    failed = { aborted = true, action = function(o) skill.stand() end },
  },
}
