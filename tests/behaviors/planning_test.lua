-- Path planning in the mock world (docs/team.md "Path planning"): the
-- potential field round a robot crossing the way, the goal net as walls, the
-- ball as an obstacle when walking round it. We play left.

local sqrt = math.sqrt

-- Runs until #2 touches the ball at (bx, 0) (or the ball moved); returns
-- whether that happened within max cycles and the closest approach to
-- opponent #5 (centre to centre; bodies touch at 0.3 m).
local function chase(s, bx, max)
  local closest = 1e9
  local ok = s:run_until(function(s)
    local r, o, b = s:robot(2), s:robot(5, "them"), s:ball()
    closest = math.min(closest, sqrt((r.x - o.x) ^ 2 + (r.y - o.y) ^ 2))
    return (b.x - bx) ^ 2 + b.y ^ 2 > 0.01 or (r.x - b.x) ^ 2 + (r.y - b.y) ^ 2 < 0.3 ^ 2
  end, max)
  return ok, closest
end

-- The crossing robot walks at 0.5 m/s across #2's straight line to the ball
-- and would meet it there. With the global planner alone the closest approach
-- is 0.40 m here (0.30 = bodies touching, from below at x = -2.2); the field
-- keeps 0.73 m (docs/team.md, "Path planning").
local function crossing(y, heading)
  return scene{
    ball = { x = 4, y = 0 },
    us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -5, y = 0, heading = 0 } },
    them = { { unum = 5, x = -1.5, y = y, heading = heading } },
    them_scripts = "crossing_robot",
  }
end

test("a robot crossing from the right is avoided, and the ball is still reached", function()
  local s = crossing(-2.6, math.pi / 2)
  local ok, closest = chase(s, 4, 1500)
  expect(ok, "reached the ball within 30 s")
  expect(closest > 0.6, "kept more than 0.6 m from the crossing robot (closest " .. closest .. ")")
  expect(s:robot(2).fallen == false, "did not fall")
end)

test("a robot crossing from the left is avoided the same way (mirror image)", function()
  local s = crossing(2.6, -math.pi / 2)
  local ok, closest = chase(s, 4, 1500)
  expect(ok, "reached the ball within 30 s")
  expect(closest > 0.6, "kept more than 0.6 m (closest " .. closest .. ")")
end)

test("from behind the opponent goal, the way to the ball goes round the net, not through it", function()
  -- ball beyond the finish range, so the striker lines up a shot through kick_to (lib/walk)
  local s = scene{ ball = { x = 10.5, y = 0.3 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 16.3, y = 0.2, heading = math.pi } } }
  local through = false
  local ok = s:run_until(function(s)
    local r = s:robot(2)
    -- the net: back at x = 15.6, sides at |y| = 1.05 between x = 15 and 15.6
    if r.x > 15.0 and r.x < 15.6 and math.abs(r.y) < 1.05 then through = true end
    if math.abs(r.x - 15.6) < 0.1 and math.abs(r.y) < 1.05 then through = true end
    local b = s:ball()
    return (r.x - b.x) ^ 2 + (r.y - b.y) ^ 2 < 0.35 ^ 2
  end, 2000)
  expect(ok, "reached the ball")
  expect(not through, "never inside the goal or on its back net")
end)

-- Kick direction +x: the kick pose is behind (-x of) the ball; #2 starts on the wrong side.
local function round_the_ball(x, y)
  return scene{ ball = { x = 0, y = 0 },
                us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = x, y = y, heading = math.pi } } }
end

for _, start in ipairs{ { 0.9, 0.05 }, { 0.3, 0.02 } } do
test(("standing in front of the ball at (%.2f, %.2f), the striker walks round it without touching it"):format(start[1], start[2]), function()
  local s = round_the_ball(start[1], start[2])
  local touched = false
  local ok = s:run_until(function(s)
    local r, b = s:robot(2), s:ball()
    if r.x > b.x - 0.1 and (b.x ^ 2 + b.y ^ 2) > 0.02 ^ 2 then touched = true end
    return r.x < b.x - 0.15
  end, 1000)
  expect(ok, "got behind the ball within 20 s")
  expect(not touched, "did not push the ball on the way round")
end)
end
