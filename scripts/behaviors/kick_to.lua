-- kick_to(x, y, kind): walk to the kick pose behind the ball (round the ball
-- if we stand on the wrong side), line up, kick towards (x, y). Target once
-- the kick is done, aborted if the motion reports it failed.
local option = require "lib.option"
local kicking = require "lib.kicking"
local params = require "data.params"
local walk = require "lib.walk"
local body = require "lib.body"
local passing = require "lib.passing"
local set_play = require "lib.set_play"

local me, ball, status = world.self, world.ball, motion.status
local STATE, BODY = motion.STATE, motion.BODY
local sqrt, cos, sin, atan2, abs = math.sqrt, math.cos, math.sin, math.atan2, math.abs

local function wrap(a) return (a + math.pi) % (2 * math.pi) - math.pi end

-- Walk target on the way to the pose: if the ball lies between me and the
-- pose, step round it sideways first, with the ball as the planner's
-- obstacle so the walk there does not touch it (third value true).
local function approach_point(px, py, heading)
  local fx, fy = cos(heading), sin(heading)
  local rx, ry = me.x - ball.x, me.y - ball.y
  local along = rx * fx + ry * fy          -- > 0: I am in front of the ball
  if along > -0.1 then
    local side = (-fy * rx + fx * ry) >= 0 and 1 or -1
    return ball.x - 0.35 * fx - side * 0.45 * fy, ball.y - 0.35 * fy + side * 0.45 * fx, true
  end
  return px, py, false
end

return option.define {
  name = "kick_to",
  params = { "x", "y", "kind" },
  states = {
    approach = {
      initial = true,
      transition = function(o, x, y, kind)
        -- Kickable (robots/nao/mock.lua: ball within body radius + reach,
        -- within the kick's angle): ball ahead in range, facing the target.
        local _, _, h = kicking.kick_pose(x, y, kind)
        local c, s = cos(me.heading), sin(me.heading)
        local bx, by = ball.x - me.x, ball.y - me.y
        local forward, left = c * bx + s * by, -s * bx + c * by
        -- The pose puts the ball beside the kicking foot (body.kick_ball_y):
        -- that bearing is where it should be, so it widens the window.
        local side = kind and atan2(body.kick_ball_y(kind), body.kick_ball_x(kind)) or 0
        if forward > 0.1 and forward < params.kick_align.reach and abs(atan2(left, forward)) < params.kick_align.ball_angle + side
            and abs(wrap(me.heading - h)) < params.kick_align.angle then
          return "kick"
        end
      end,
      action = function(o, x, y, kind)
        local px, py, h = kicking.kick_pose(x, y, kind)
        local wx, wy, round_ball = approach_point(px, py, h)
        walk.to(wx, wy, h, "pursue_ball", round_ball)
        skill.look_at_ball()
        draw.line(ball.x, ball.y, x, y, "orange")
      end,
    },
    kick = {
      transition = function(o)
        if o.state_time > 0.1 and status.active_body == BODY.KICK then
          if status.state == STATE.DONE then return "done" end
          if status.state == STATE.FAILED then return "failed" end
        end
        if o.state_time > params.kick_timeout then return "failed" end
        local P = params.kick_pressed
        if o.state_time > P.after and status.interruptible == 1 and passing.opponent_at_ball(P.distance) then return "poke" end
      end,
      action = function(o, x, y, kind)
        -- Only once lined up: asked for on the walk to the pose, it ran out
        -- while the robot walked round the ball (docs/team.md, "Pass mode").
        if set_play.want_pass_mode() then skill.request_pass_mode() end
        skill.kick(x, y, kind or "long")
        skill.look_at_ball()
      end,
    },
    -- Pressed: walk into the ball towards the target as the dribble's push
    -- does; then give up (aborted), so the caller chooses again.
    poke = {
      transition = function(o)
        if o.state_time > params.kick_pressed.poke then return "failed" end
      end,
      action = function(o, x, y)
        walk.push_ball(x, y)
        skill.look_at_ball()
      end,
    },
    done = { target = true, action = function(o) skill.stand() end },
    failed = { aborted = true, action = function(o) skill.stand() end },
  },
}
