-- Behaviour tests of the ball owner's pass choice and of taking
-- passes (scripts/lib/passing.lua, behaviors/special.lua, behaviors/keepaway.lua;
-- docs/team.md), in the mock world. We play left. Mock kicks: short up to
-- 3.3 m stopping at its target, long 9 m, lofted 10 m (robots/nao/mock.lua).

-- The running kick_to's target and kind of robot unum, or nil.
local function kick_plan(s, unum)
  for _, e in ipairs(s:activation(unum)) do
    if e.option == "kick_to" then
      local p = e.params
      return tonumber(p:match("x=([%-%d%.]+)")), tonumber(p:match("y=([%-%d%.]+)")), p:match("kind=\"?(%a+)")
    end
  end
end

local function dist(ax, ay, bx, by) return math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2) end

-- Region MC's qualifying points from a ball at (-5.5, 0): three short ones
-- near #3 at x = -3.33 and a long one at #4 (3.33, 0); their centroid is
-- 3.8 to 5.5 m from the ball, where neither kick goes.
test("a pass whose region centroid no kick reaches goes to a point a kick does reach", function()
  local s = scene{ ball = { x = -5.5, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -5.8, y = 0 }, { unum = 3, x = -3.3, y = 0 },
                          { unum = 4, x = 3.3, y = 0 } } }
  s:run(3)
  expect(s:active(2, "play_ball", "pass"), "#2 passes")
  local x, y, kind = kick_plan(s, 2)
  expect(x and kind, "kick_to runs")
  if not x then return end
  local d = dist(x, y, -5.5, 0)
  if kind == "short" then
    expect(d >= 1.0 and d <= 3.3, "a short pass within the short kick's range, got " .. d .. " m")
  else
    expect(d >= 7.5 and d <= 10.5, "a long pass within the long kick's range, got " .. d .. " m")
  end
end)

-- A body whose long kick rolls 12 m (passes of 10-14 m), the ball at
-- (0, -1.5): a pass to (0, 8.5), 10 m away, rolls on to y = 10.5, over the
-- touch line, unless the receiver stands there first and stops it. Regions
-- are clipped 0.5 m inside the field, so with the 9 m kick (at most 1.5 m
-- past a target) the ball ends on the line at worst; the longer kick makes
-- the case clear. (The lofted kick goes 20 m here: no pass is that long.)
local function long_kick_scene(receiver_y)
  return scene{ model = { kicks = { long = { distance = 12 }, lofted = { distance = 20 } } }, ball = { x = 0, y = -1.5 },
                us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -0.3, y = -1.5, heading = math.pi / 2 },
                       { unum = 3, x = 0, y = receiver_y, heading = math.pi / 2 } },
                them = { { unum = 2, x = -0.7, y = -2.0 } } }
end

-- Where a planned pass's ball stops with a 12 m long kick: x, y.
local function stop_point(x, y, kind)
  local d = dist(x, y, 0, -1.5)
  local reach = kind == "long" and 12.0 or d
  return x * reach / d, -1.5 + (y + 1.5) * reach / d
end

test("no long pass whose ball would roll out of the field to a receiver that arrives after it", function()
  local s = long_kick_scene(5.5)  -- 3 m from the target: there about 0.8 s after the ball
  s:run(3)
  local x, y, kind = kick_plan(s, 2)
  if s:active(2, "play_ball", "pass") and x then
    local sx, sy = stop_point(x, y, kind)
    expect(math.abs(sy) < 10 and math.abs(sx) < 15,
           string.format("the %s pass to (%.2f, %.2f) stops at (%.2f, %.2f), outside", kind, x, y, sx, sy))
  end
end)

test("a long pass that would roll out goes to a receiver waiting at its target", function()
  local s = long_kick_scene(8.5)
  s:run(3)
  expect(s:active(2, "play_ball", "pass"), "#2 passes")
  local x, y, kind = kick_plan(s, 2)
  expect(x and kind == "long" and dist(x, y, 0, 8.5) < 0.1,
         string.format("long, to #3 at (0, 8.5): got %s (%s, %s)", tostring(kind), tostring(x), tostring(y)))
end)

-- A ball rolling towards the touch line (it would stop 3.5 m outside):
-- the nearest robot meets it on its path, inside the field.
test("the receiver meets a pass on its path, inside the field, not where it would stop", function()
  local s = scene{ ball = { x = 10, y = 6, vx = 0, vy = 3.0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 0, y = 0 },
                          { unum = 3, x = 11.5, y = 8.5, heading = math.pi } } }
  s:run(2)
  expect(s:active(3, "take_pass", "receive"), "#3 takes the pass")
  local q = s:requests(3)
  expect(q.body == "walk_to", "walks")
  expect_near(q.target_x, 10, 0.05, "onto the ball's path (x = 10)")
  expect(q.target_y > 6 and q.target_y <= 9.75, "ahead of the ball, inside the touch line, got " .. q.target_y)
end)

-- A lofted ball flies over the robots in the middle of its path (robots/nao/mock.lua: over the
-- bar 0.8-8.5 m from the spot), so an opponent there does not cut the pass out; a ground pass
-- along the same line would be intercepted.
test("a lofted pass goes over an opponent in the middle of its path", function()
  local s = scene{ model = { kicks = { long = { distance = 5.0 } } }, ball = { x = -5, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -5.3, y = 0 },
                          { unum = 3, x = 4.5, y = 0, heading = math.pi } },
                   them = { { unum = 2, x = -1, y = 0 }, { unum = 3, x = -5.6, y = 0.6 } } }
  s:run(3)
  expect(s:active(2, "play_ball", "pass"), "#2 passes")
  local x, y, kind = kick_plan(s, 2)
  expect_eq(kind, "lofted", "the lofted kick")
  -- Straight at the receiver, over the opponent (counted as an interceptor it would go 2.3 m aside).
  expect(x and dist(x, y, -5, 0) > 8 and math.abs(y) < 0.5, "a long pass along the line, got " .. tostring(x) .. ", " .. tostring(y))
end)
