-- Special situations checked before the role behaviour (B-Human): stop a ball
-- kicked towards me, take a pass meant for me (announced by the passer's
-- "pass<unum>:<x>:<y>" message, or seen: the ball rolls to a stop near me).
-- Each aborts at once when its situation does not hold, so
-- option.select_option can try them in order.
local option = require "lib.option"
local team = require "lib.team"
local params = require "data.params"

local me, ball, game = world.self, world.ball, world.game
local sqrt, min, max = math.sqrt, math.min, math.max
local heard, heard_text = world.heard, world.heard_text
local tonumber, match = tonumber, string.match

local M = {}
-- Where a pass can be received: the field, or the keepaway square
-- (behaviors/keepaway.lua sets it). {x_min, y_min, x_max, y_max}.
M.bounds = { -field.half_length, -field.half_width, field.half_length, field.half_width }
local INTERCEPT_STEPS, BOUNDS_MARGIN = 12, 0.3

-- Where the ball passes me: closest point of its path, miss distance, time.
local function path_point()
  local vx, vy = ball.vx, ball.vy
  local v2 = vx * vx + vy * vy
  if v2 < 1e-6 then return ball.x, ball.y, 1e9, 0 end
  local t = ((me.x - ball.x) * vx + (me.y - ball.y) * vy) / v2
  local px, py = ball.x + vx * t, ball.y + vy * t
  return px, py, sqrt((px - me.x) ^ 2 + (py - me.y) ^ 2), t
end

local function ball_speed() return sqrt(ball.vx * ball.vx + ball.vy * ball.vy) end

-- The last pass announced for me: where to, and when (libero.now()).
local announced = { seen_id = 0, x = 0, y = 0, time = -1 }

-- Reads only messages with a new id, so a tick without news allocates nothing.
local function read_announcements()
  local newest = announced.seen_id
  for i = 1, #heard do
    local h = heard[i]
    if h.valid == 1 and h.id > announced.seen_id then
      if h.id > newest then newest = h.id end
      if h.from_self == 0 then
        local unum, x, y = match(heard_text(i) or "", "^pass(%d+):([%-%d%.]+):([%-%d%.]+)$")
        if tonumber(unum) == game.unum and tonumber(x) and tonumber(y) then
          announced.x, announced.y = tonumber(x), tonumber(y)
          announced.time = libero.now() - h.age
        end
      end
    end
  end
  announced.seen_id = newest
end

-- A teammate said it passes to me, recently, and the ball is not yet mine to play.
local function announced_for_me()
  if announced.time < 0 or libero.now() - announced.time > params.take_pass.announce_time then return false end
  local dx, dy = ball.x - me.x, ball.y - me.y
  return dx * dx + dy * dy > params.take_pass.control_distance ^ 2
end

function M.ball_coming(max_miss)
  if ball_speed() < params.stop_ball.min_speed or ball.moving_towards_me ~= 1 then return false end
  local px, py, miss, t = path_point()
  -- Only if the ball still reaches me before stopping.
  local stop_along = (ball.stop_x - ball.x) * ball.vx + (ball.stop_y - ball.y) * ball.vy
  local me_along = (px - ball.x) * ball.vx + (py - ball.y) * ball.vy
  return miss < (max_miss or params.stop_ball.max_miss) and t > params.stop_ball.min_time and stop_along > me_along, px, py
end

-- Where to receive the rolling ball: the first point of its path that I
-- reach before the ball does; when I am late everywhere, the last point of
-- the path inside the bounds. The path ends where the ball stops or leaves
-- the bounds, so a long pass that rolls on past its target, or out, is met
-- on its way rather than where it would stop.
local function intercept_point()
  local bx, by, vx, vy = ball.x, ball.y, ball.vx, ball.vy
  local v = sqrt(vx * vx + vy * vy)
  local total = sqrt((ball.stop_x - bx) ^ 2 + (ball.stop_y - by) ^ 2)
  if v < 1e-3 or total < 1e-3 then return ball.stop_x, ball.stop_y end
  local ux, uy = vx / v, vy / v
  local B, m = M.bounds, BOUNDS_MARGIN
  local limit = total
  if ux > 1e-6 then limit = min(limit, (B[3] - m - bx) / ux) elseif ux < -1e-6 then limit = min(limit, (B[1] + m - bx) / ux) end
  if uy > 1e-6 then limit = min(limit, (B[4] - m - by) / uy) elseif uy < -1e-6 then limit = min(limit, (B[2] + m - by) / uy) end
  if limit < 0 then limit = 0 end
  local decel = v * v / (2 * total)   -- the world model's rolling model, as its stop point implies
  for k = 1, INTERCEPT_STEPS do
    local s = limit * k / INTERCEPT_STEPS
    local px, py = bx + ux * s, by + uy * s
    local t_ball = (v - sqrt(max(v * v - 2 * decel * s, 0))) / decel
    if team.time_to_reach(me.x, me.y, me.heading, px, py) <= t_ball then return px, py end
  end
  return bx + ux * limit, by + uy * limit
end
M.intercept_point = intercept_point

-- A pass meant for me: the ball rolls, I can meet it near me and I am the
-- teammate fastest to that point.
local function pass_for_me()
  read_announcements()
  if announced_for_me() then return true end
  -- Approaching me (not a ball I push ahead of me), still rolling.
  if ball_speed() < params.take_pass.min_speed then return false end
  if (me.x - ball.x) * ball.vx + (me.y - ball.y) * ball.vy <= 0 then return false end
  local ix, iy = intercept_point()
  if sqrt((ix - me.x) ^ 2 + (iy - me.y) ^ 2) > params.take_pass.max_distance then return false end
  return team.fastest_teammate_to(ix, iy) == game.unum
end

local function face_ball_heading() return math.atan2(ball.y - me.y, ball.x - me.x) end

M.stop_ball = option.define {
  name = "stop_ball",
  states = {
    check = { initial = true,
      transition = function(o) if M.ball_coming() then return "block" end return "none" end },
    block = {
      transition = function(o) if not M.ball_coming(params.stop_ball.max_miss + 0.5) then return "none" end end,
      action = function(o)
        local _, px, py = M.ball_coming(params.stop_ball.max_miss + 0.5)
        skill.walk_to(px or me.x, py or me.y, face_ball_heading())
        skill.look_at_ball()
      end,
    },
    none = { aborted = true },
  },
}

M.take_pass = option.define {
  name = "take_pass",
  states = {
    check = { initial = true, transition = function(o) if pass_for_me() then return "receive" end return "none" end },
    receive = {
      transition = function(o) if not pass_for_me() then return "none" end end,
      action = function(o)
        -- Before the kick, go where the passer aims; once it rolls, onto its path.
        if ball_speed() < params.take_pass.min_speed and announced_for_me() then
          skill.walk_to(announced.x, announced.y, face_ball_heading())
        else
          local ix, iy = intercept_point()
          skill.walk_to(ix, iy, face_ball_heading())
        end
        skill.look_at_ball()
      end,
    },
    none = { aborted = true },
  },
}

return M
