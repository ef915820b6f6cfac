-- main.lua of the skill bench's agent (tools/bench/skills/skill_bench.cpp):
-- one skill, over the real protocol, on whichever server runs it. The bench
-- writes scenario.lua beside this file with what to do; the runner moves the
-- ball and puts the game in PlayOn through the monitor port, so the robot
-- only beams before and acts after.
local s = require "scenario"

return function()
  if world.game.phase == world.PHASE.BEFORE_KICK_OFF then
    skill.beam(s.start_x, s.start_y, s.start_heading)
    skill.stand()
    return
  end
  if s.kind == "walk" then
    local vx = s.vx
    if vx == "max" then vx = motion.status.max_walk_forward end
    local vy = s.vy
    if vy == "max" then vy = motion.status.max_walk_side end
    local turn = s.turn
    if turn == "max" then turn = motion.status.max_walk_turn end
    skill.walk(vx, vy, turn)
  elseif s.kind == "kick" then
    skill.kick(s.target_x, s.target_y, s.kick)
  else
    skill.stand()
  end
end
