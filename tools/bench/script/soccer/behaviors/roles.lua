-- Role choice: keeper is number 1; the teammate closest in walking time to
-- the ball strikes (with a bonus for the current striker); then supporter
-- and defenders by x.
local geometry = require "lib.geometry"
local M = {}
local mates, me, ball, game = world.teammates, world.self, world.ball, world.game
local current = "defender"

local function time_to_ball(x, y, heading)
  local d = geometry.distance(x, y, ball.x, ball.y)
  local turn = math.abs(geometry.angle_diff(geometry.direction(x, y, ball.x, ball.y), heading))
  return d / 0.6 + turn / 1.5
end

function M.choose()
  local unum = game.unum
  if unum == 1 then current = "keeper"; libero.set_role(current); return current end
  local my_time = time_to_ball(me.x, me.y, me.heading)
  if current == "striker" then my_time = my_time - 1.0 end
  local faster, ahead = 0, 0
  for i = 2, 11 do
    local mate = mates[i]
    if i ~= unum and mate.valid == 1 and mate.last_seen_age < 2 and mate.fall == 0 then
      if time_to_ball(mate.x, mate.y, mate.heading) < my_time then faster = faster + 1 end
      if mate.x > me.x then ahead = ahead + 1 end
    end
  end
  if faster == 0 then current = "striker"
  elseif ahead <= 1 then current = "supporter"
  else current = "defender" end
  libero.set_role(current)
  return current
end

return M
