-- main.lua of the skill bench's agent (tools/bench/skills/skill_bench.cpp):
-- one skill, over the real protocol, on whichever server runs it. The bench
-- writes scenario.lua beside this file with what to do; the runner moves the
-- ball and puts the game in PlayOn through the monitor port, so the robot
-- only beams before and acts after.
local s = require "scenario"
local kick_started = false
-- dribble: the team's own behaviour, from the team scripts the bench copied
-- beside this file.
local dribble = s.kind == "dribble" and require "behaviors.dribble" or nil

return function()
  if s.kind == "kick_spot" and not s.start_x then
    -- The torso placed so that the ball on the centre spot lies at the
    -- kick's spot (the stand pose's torso frame, right foot) moved by dx, dy.
    local k = ({ kick_long = 0, kick_short = 1, kick_lofted = 2 })[s.motion]
    local bx, by = motion.status.kick_ball_x[k], motion.status.kick_ball_y[k]
    if bx > 0 then
      s.start_x, s.start_y = -(bx + s.dx), by - s.dy
    end
  end
  if world.game.phase == world.PHASE.BEFORE_KICK_OFF then
    if s.start_x then skill.beam(s.start_x, s.start_y, s.start_heading) end
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
  elseif s.kind == "walk_to" then
    skill.walk_to(s.target_x, s.target_y, s.target_heading)
    local me = world.self
    log.debug("wm %.2f %.4f %.4f %.4f", world.game.time, me.x, me.y, me.heading)
  elseif s.kind == "kick" then
    skill.kick(s.target_x, s.target_y, s.kick)
    -- The kick motion itself has started (the approach is over): the bench
    -- reads this line from the agent's log (info level).
    local st = motion.status
    if not kick_started and st.active_body == motion.BODY.KICK and st.interruptible == 0 then
      kick_started = true
      log.info("bench: kick motion at %.3f", world.game.time)
    end
    -- The world model's robot and ball each cycle (debug level), for the
    -- bench's truth file (--keep-logs): game time, self x y heading, ball
    -- x y and seconds since it was last seen.
    local me, b = world.self, world.ball
    log.debug("wm %.2f %.4f %.4f %.4f %.4f %.4f %.2f", world.game.time, me.x, me.y, me.heading, b.x, b.y,
              b.last_seen_age)
  elseif s.kind == "fall" then
    -- A get-up motion played standing throws the robot down; then the
    -- automatic get-up (motion system) brings it back while we ask to stand,
    -- or to walk (then_walk m/s) as a game's behaviour does the moment the
    -- robot is up.
    -- fall_walking: walk first, so the fall comes from a walking body.
    s.t_play = s.t_play or world.game.time
    if world.game.time - s.t_play < (s.fall_walking_seconds or 0) then
      skill.walk(s.fall_walking, 0, 0)
    elseif world.game.time - (s.t0 or world.game.time) < 0.5 then
      s.t0 = s.t0 or world.game.time
      skill.play(s.motion)
    elseif (s.then_walk or 0) > 0 then
      skill.walk(s.then_walk, 0, 0)
    else
      skill.stand()
    end
  elseif s.kind == "dribble" then
    dribble(s.target_x, s.target_y)
  elseif s.kind == "kick_spot" then
    skill.play(s.motion)
    local st = motion.status
    if not kick_started and st.active_body == motion.BODY.MOTION then
      kick_started = true
      log.info("bench: kick motion at %.3f", world.game.time)
    end
  else
    skill.stand()
  end
end
