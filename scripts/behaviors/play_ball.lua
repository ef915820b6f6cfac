-- play_ball: the ball owner's choice between shooting, passing, dribbling
-- and clearing (docs/team.md), then carrying it out. The choice is made in
-- `choose` and kept until the kick is done or the plan expires.
local option = require "lib.option"
local kicking = require "lib.kicking"
local body = require "lib.body"
local passing = require "lib.passing"
local team = require "lib.team"
local params = require "data.params"
local regions = require "data.regions"
local kick_to = require "behaviors.kick_to"
local dribble = require "behaviors.dribble"

local ball, game, me = world.ball, world.game, world.self
local BOUNDS = { -field.half_length, -field.half_width, field.half_length, field.half_width }
local format = string.format

-- plan.message: the pass announcement "pass<receiver>:<x>:<y>" (our frame,
-- 0.1 m), made once per plan; behaviors/special.lua reads it.
local plan = { x = 0, y = 0, kind = "long", receiver = 0, message = nil, said_at = -1 }

local function announce(receiver)
  plan.receiver = receiver or 0
  plan.message = plan.receiver > 0 and format("pass%d:%.1f:%.1f", plan.receiver, plan.x, plan.y) or nil
  plan.said_at = -1
end
local M = {}
-- set_play: taking a kick-off or set piece. Only a kick: pushing the ball
-- along would touch it twice (double touch, lib/set_play.lua).
M.set_play = false
M.mode = "region"     -- "region", "nearest" or "none" (keepaway experiments)
M.regions, M.bounds = regions, BOUNDS

-- Whether a kick of `kind` towards (x, y) is done before an opponent can
-- reach the ball (time to the kick pose + the kick, against `pressure`). In
-- open play a pass is only worth lining up then: with an opponent at the
-- ball the approach never ends, and full 11-a-side games stalled in duels
-- of two robots each walking round the ball to line up a pass (docs/team.md).
-- A pose within 0.5 m counts as reached stepping sideways and turning at
-- once: walked as a path (turn to it, walk, turn back) a pose 0.37 m away
-- cost 4.7 s.
local function in_time(x, y, kind, pressure)
  local px, py, ph = kicking.kick_pose(x, y, kind)
  local walk = team.time_to_pose(me.x, me.y, me.heading, px, py, ph, 0.5)
  return walk + body.kick_duration(kind) <= pressure + params.pass_time_margin
end

local function choose()
  local bx, by = ball.x, ball.y
  -- Danger: ball deep in our half with an opponent close: clear to the side away from goal.
  local pressure = passing.opponent_time(bx, by)
  if bx < params.clear_zone_x and pressure < 2.5 then
    -- Pressed with the ball just ahead and their goal roughly ahead too:
    -- push it on at once (behaviors/dribble.lua). Lining up a clearance
    -- there let FC Portugal's robot at the ball play it first (docs/team.md).
    if not M.set_play and not M.dribble_target and dribble.pressed(field.opponent_goal_x, 0) then
      plan.x, plan.y = field.opponent_goal_x, 0
      return "dribble"
    end
    -- The way I come at the ball, upfield; over the attackers' heads when
    -- the body has the lofted kick in play.
    plan.x, plan.y = kicking.clear_target(params.clear.distance)
    plan.kind = body.has_kick("lofted") and "lofted" or "long"
    return "clear"
  end
  -- Shoot when the goal is in range and open enough (not from an indirect kick-off).
  local gx, gy, width = kicking.shot_target()
  local goal_d = math.sqrt((gx - bx) ^ 2 + (gy - by) ^ 2)
  -- In front of the goal, walk the ball in: lining up a kick takes seconds
  -- there, and the defenders arrive (full-physics matches stalled for 10 s
  -- with the ball 2 m from an empty goal).
  if goal_d < params.finish_range and math.abs(by) < params.finish_width and not M.indirect and not M.set_play then
    plan.x, plan.y = gx + 0.5, gy
    return "dribble"
  end
  if goal_d < params.shoot_range and width > params.min_opening and not M.indirect then
    local kind, cost = kicking.choose_kick(gx + 1, gy, false, true)
    -- A shot pays only if it is taken before an opponent reaches the ball;
    -- otherwise push the ball on (dribble below).
    if kind and (M.set_play or cost <= pressure + params.shoot_time_margin) then
      plan.x, plan.y, plan.kind = gx + 1, gy, kind
      return "shoot"
    end
  end
  if M.mode ~= "none" and team.active_count() > 1 then
    local px, py, value, receiver, kind
    if M.mode == "region" then
      px, py, value, receiver, kind = passing.best_pass(M.regions, M.bounds, game.unum)
      local hold = passing.hold_value(M.regions)
      if px and (value > hold + params.pass.min_gain or M.indirect) and (M.set_play or in_time(px, py, kind or "short", pressure)) then
        plan.x, plan.y, plan.kind = px, py, kind or "short"
        announce(receiver)
        return "pass"
      end
    elseif pressure < params.pass.nearest_pressure or M.indirect then
      px, py, receiver, kind = passing.nearest_pass(game.unum)
      if px then
        plan.x, plan.y, plan.kind = px, py, kind
        announce(receiver)
        return "pass"
      end
    end
  end
  if M.indirect then  -- must not score directly: play it short forward
    -- Towards the middle; near it always to the left: on the centre spot the
    -- ball's estimate wanders by centimetres around y = 0, and a side taken
    -- from its sign turned the kick-off taker back and forth between the two
    -- for 11 s (docs/benchmarks.md history).
    plan.x, plan.y, plan.kind = bx + 2.5, by + (by > params.indirect_side_from and -1.5 or 1.5), "short"
    return "pass"
  end
  -- Advance: a long kick towards the goal when there is time for it (a kick
  -- takes a second) and the kick goes far enough to pay for lining up;
  -- otherwise dribble (on the simulator's robot, dribbling gains more ground
  -- than a 6 m kick after a slow approach: docs/team.md).
  -- Only the flat kick advances: advancing with the lofted kick too cost
  -- shots in full-physics matches (docs/team.md).
  if M.set_play or (not M.dribble_target and pressure > params.advance_pressure
      and body.kick_distance("long") >= params.advance_min_kick) then
    plan.x, plan.y, plan.kind = gx, gy, "long"
    return "advance"
  end
  plan.x, plan.y = field.opponent_goal_x, 0
  if M.dribble_target then plan.x, plan.y = M.dribble_target(plan.x, plan.y) end
  return "dribble"
end

local function kick_state(name, color)
  return {
    transition = function(o)
      if o.action_done or o.action_aborted or o.state_time > 8 then return "choose" end
    end,
    action = function(o)
      if name == "pass" and plan.message then
        local now = libero.now()
        if plan.said_at < 0 or now - plan.said_at >= params.pass_say_every then
          skill.say(plan.message)
          plan.said_at = now
        end
      end
      draw.circle(plan.x, plan.y, 0.3, color)
      kick_to(plan.x, plan.y, plan.kind)
    end,
  }
end

M.option = option.define {
  name = "play_ball",
  states = {
    choose = {
      initial = true,
      transition = function(o) return choose() end,
      action = function(o) skill.walk_to(ball.x - 0.3, ball.y, 0) end,
    },
    shoot = kick_state("shoot", "red"),
    pass = kick_state("pass", "cyan"),
    clear = kick_state("clear", "magenta"),
    advance = kick_state("advance", "yellow"),
    dribble = {
      transition = function(o)
        if o.state_time > 1.0 or M.set_play then return "choose" end
      end,
      action = function(o) dribble(plan.x, plan.y) end,
    },
  },
}

return M
