-- Behaviour tests of kick-offs, set plays and the rules around them, both
-- sides (docs/team.md "Game phases", simspark-facts §7.3-7.5). We play left.

local function dist(a, b) return math.sqrt((a.x - b.x) ^ 2 + (a.y - b.y) ^ 2) end

-- Runs n cycles and watches our robots `ids`: the smallest distance of any
-- of them to the ball, and the first one the referee moved (a jump no walk
-- makes in one cycle), or nil.
local function watch(s, ids, n)
  local closest, moved, last = math.huge, nil, {}
  for _, i in ipairs(ids) do last[i] = s:robot(i) end
  for _ = 1, n do
    s:run(1)
    local b = s:ball()
    for _, i in ipairs(ids) do
      local r = s:robot(i)
      closest = math.min(closest, dist(r, b))
      if dist(r, last[i]) > 0.1 then moved = moved or i end
      last[i] = r
    end
  end
  return closest, moved
end

-- The test harness ----------------------------------------------------------

test("a scene that starts in a set piece has the ball where the scene puts it", function()
  local s = scene{ play_mode = "KickIn_Right", ball = { x = -3, y = 9.958 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -8, y = 3 } } }
  s:run(75)                       -- past the referee's 1 s pause, when it places the ball
  expect_near(s:ball().x, -3, 1e-6, "ball x")
  expect_near(s:ball().y, 9.958, 1e-6, "ball y")
  s:set_ball{ x = 4, y = -2 }
  s:set_play_mode("free_kick_right")
  s:run(75)
  expect_near(s:ball().x, 4, 1e-6, "after set_play_mode: ball x")
  expect_near(s:ball().y, -2, 1e-6, "after set_play_mode: ball y")
end)

-- Their set plays: 2 m, on the way too ------------------------------------------

test("their kick-in: a player whose straight path crosses the circle walks round it", function()
  -- #2 marks the ball on the line to our goal, 2.5 m away at (-4.92, 8.36);
  -- the straight line from (-0.5, 9.3) passes 1.2 m from the ball.
  local s = scene{ play_mode = "KickIn_Right", ball = { x = -3, y = 9.958 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -0.5, y = 9.3, heading = 3.1 } } }
  local closest, moved = watch(s, { 1, 2 }, 600)
  expect(closest >= 2.0, "nobody within 2 m of the ball, closest " .. closest)
  expect(moved == nil, "the referee moved nobody, moved #" .. tostring(moved))
  expect(dist(s:robot(2), { x = -4.92, y = 8.36 }) < 0.2, "#2 got to its marking spot")
end)

test("their free kick: defenders in front of the ball go round the circle to their slots", function()
  local s = scene{ play_mode = "free_kick_right", ball = { x = 2, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 4.6, y = 0.2, heading = 3.1 },
                          { unum = 3, x = 5, y = -1, heading = 3.1 }, { unum = 4, x = 4.5, y = 1.5, heading = 3.1 } } }
  local closest, moved = watch(s, { 2, 3, 4 }, 750)
  expect(closest >= 2.0, "nobody within 2 m of the ball, closest " .. closest)
  expect(moved == nil, "the referee moved nobody, moved #" .. tostring(moved))
  for i = 2, 4 do expect(s:robot(i).x < 2, "#" .. i .. " got behind the ball") end
end)

test("their corner: everybody keeps 2 m, the keeper stays in goal", function()
  local s = scene{ play_mode = "corner_kick_right", ball = { x = -14.958, y = -5.483 },
                   us = { { unum = 1, x = -14.2, y = 0 }, { unum = 2, x = -12, y = -4 }, { unum = 3, x = -13, y = -7 },
                          { unum = 4, x = -8, y = 2 } } }
  local closest, moved = watch(s, { 1, 2, 3, 4 }, 500)
  expect(closest >= 2.0, "nobody within 2 m of the ball, closest " .. closest)
  expect(moved == nil, "the referee moved nobody, moved #" .. tostring(moved))
  expect(s:robot(1).x < -13.5 and math.abs(s:robot(1).y) < 1.1, "keeper in goal")
end)

test("their goal kick: we keep 2 m and out of their penalty area", function()
  -- #2 marks the ball at (10.4, 0), 3.6 m away (the circle round the spot
  -- covers their penalty area): the straight line from (14.6, -3.5) passes
  -- 1.7 m from the ball and through the area.
  local s = scene{ play_mode = "goal_kick_right", ball = { x = 14, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 14.6, y = -3.5, heading = 2 },
                          { unum = 3, x = 10, y = -3 } } }
  local closest, moved = watch(s, { 2, 3 }, 600)
  expect(closest >= 2.0, "nobody within 2 m of the ball, closest " .. closest)
  expect(moved == nil, "the referee moved nobody, moved #" .. tostring(moved))
  expect(dist(s:robot(2), { x = 10.4, y = 0 }) < 0.2, "#2 got to its marking spot")
  for i = 2, 3 do expect(s:robot(i).x < 13.2 - 0.15 or math.abs(s:robot(i).y) > 3, "#" .. i .. " out of the area") end
end)

test("their free kick near our goal: the keeper leaves the circle before the referee clears it", function()
  local s = scene{ play_mode = "free_kick_right", ball = { x = -12.3, y = 0.6 },
                   us = { { unum = 1, x = -14.2, y = 0 }, { unum = 2, x = -8, y = 3 } } }
  s:run(49)                       -- the referee's pause: it clears the circle from 1 s on
  local closest, moved = watch(s, { 1 }, 200)
  expect(closest >= 2.0, "keeper outside 2 m, closest " .. closest)
  expect(moved == nil, "the referee did not move the keeper")
  expect(s:robot(1).x < -12.5, "still in front of the goal")
end)
