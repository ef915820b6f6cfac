-- keepaway: the keepers' behaviour of the 3 vs 2 keepaway benchmark
-- (tools/bench/teamplay, docs/team.md). `keepaway(mode)` returns the tick
-- function for a passing policy: "region" (region-based rational passing),
-- "nearest" (pass to the nearest teammate) or "none" (hold and dribble).
local team = require "lib.team"
local passing = require "lib.passing"
local special = require "behaviors.special"
local play_ball = require "behaviors.play_ball"
local option = require "lib.option"
local data = require "data.keepaway"

local ball, game, opponents = world.ball, world.game, world.opponents
local B = data.bounds
local SPECIAL = { special.stop_ball, special.take_pass }
local sqrt, max, min = math.sqrt, math.max, math.min

-- Dribble away from the nearest taker, staying inside the square.
local function away_from_takers()
  local best, bd = nil, math.huge
  for i = 1, 11 do
    local o = opponents[i]
    if o.valid == 1 then
      local d = (o.x - ball.x) ^ 2 + (o.y - ball.y) ^ 2
      if d < bd then best, bd = o, d end
    end
  end
  if not best then return 0, 0 end
  -- Away from the nearest taker, bent towards the square's centre so the
  -- ball is not driven into a corner.
  local dx, dy = ball.x - best.x, ball.y - best.y
  local d = sqrt(dx * dx + dy * dy) + 1e-9
  local cx, cy = -ball.x, -ball.y
  local c = sqrt(cx * cx + cy * cy) + 1e-9
  dx, dy = dx / d + 0.7 * cx / c, dy / d + 0.7 * cy / c
  d = sqrt(dx * dx + dy * dy) + 1e-9
  local x, y = ball.x + dx / d * 2, ball.y + dy / d * 2
  return max(B[1] + 1.5, min(B[3] - 1.5, x)), max(B[2] + 1.5, min(B[4] - 1.5, y))
end

-- A free corner for a keeper without the ball: the nearest spot not nearer
-- to another keeper, far from the ball.
local function open_spot()
  local mx, my = team.pose(game.unum)
  local best, best_cost = data.spots[1], math.huge
  local list, n = team.active_list()
  for s = 1, #data.spots do
    local p = data.spots[s]
    local mine = sqrt((p[1] - mx) ^ 2 + (p[2] - my) ^ 2)
    local taken = false
    for a = 1, n do
      local i = list[a]
      if i ~= game.unum and team.role(i) ~= team.STRIKER then
        local x, y = team.pose(i)
        if sqrt((p[1] - x) ^ 2 + (p[2] - y) ^ 2) < mine then taken = true end
      end
    end
    local near_ball = sqrt((p[1] - ball.x) ^ 2 + (p[2] - ball.y) ^ 2) < 2.5
    if not taken and not near_ball and mine < best_cost then best, best_cost = p, mine end
  end
  return best[1], best[2]
end

return function(mode)
  return function()
    play_ball.mode = mode
    play_ball.regions, play_ball.bounds = data.regions, data.bounds
    play_ball.dribble_target = away_from_takers
    play_ball.indirect = false
    special.bounds = data.bounds
    -- No role before the server names our number (behaviors/play.lua, "unnumbered").
    if game.unum < 1 then
      skill.stand()
      return
    end
    local role = team.role()
    libero.set_role(role)
    -- Special situations first for everybody, as in a match (play.lua): the
    -- receiver of a pass becomes the striker as the ball nears it, and
    -- play_ball would walk at the rolling ball instead of into its path.
    if option.select_option(SPECIAL) then return end
    if role == team.STRIKER then
      play_ball.option()
    else
      local x, y = open_spot()
      skill.walk_to(x, y, math.atan2(ball.y - y, ball.x - x))
      skill.look_at_ball()
    end
  end
end
