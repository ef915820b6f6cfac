-- Behaviour tests of the default team (scripts/), run by `libero test` in the
-- mock world. We play left: own goal at x = -15. API: docs/testing.md.

test("a field player walks to a distant ball", function()
  local s = scene{ ball = { x = 3, y = 1 }, us = { { unum = 2, x = -1, y = 0 } } }
  local function distance()
    local r, b = s:robot(2), s:ball()
    return math.sqrt((r.x - b.x) ^ 2 + (r.y - b.y) ^ 2)
  end
  local before = distance()
  s:run(150)
  expect(distance() < before - 1.0, "came at least 1 m closer in 3 s")
  expect(s:script_error(2) == nil, "scripts run without errors")
end)

test("a player near the ball moves it towards the opponent goal", function()
  local s = scene{ ball = { x = 5, y = 0 }, us = { { unum = 9, x = 4, y = 0 } } }
  local reached = s:run_until(function(s) return s:ball().x > 8 end, 1500)
  expect(reached, "ball moved past x = 8 within 30 s")
end)

test("nobody leaves the own half before kick-off", function()
  local s = scene{ play_mode = "BeforeKickOff", us = { { unum = 2, x = -3, y = 0 }, { unum = 9, x = -1, y = 1 } } }
  s:run(250)
  expect(s:robot(2).x < 0, "#2 in own half")
  expect(s:robot(9).x < 0, "#9 in own half")
end)

-- An agent that joins a running game reads number 0 until the server's first
-- GameState names it; its scripts must wait for the number, not fail.
test("a robot that does not know its number yet waits without an error", function()
  local s = scene{ play_mode = "KickOff_Left", ball = { x = 0, y = 0 },
                   us = { { unum = 2, x = -0.6, y = 0, number_unknown_for = 0.5 } } }
  s:run(20)
  expect(s:script_error(2) == nil, "no script error while the number is unknown")
  local r = s:robot(2)
  expect_near(r.x, -0.6, 0.05, "stood still while the number is unknown")
  s:run(250)
  expect(s:script_error(2) == nil, "no script error once the number is known")
  expect(s:ball().x > 0.3, "took the kick-off once the number is known")
end)

test("a negative number_unknown_for is a clear scene error", function()
  local ok, err = pcall(scene, { us = { { unum = 2, number_unknown_for = -1 } } })
  expect(not ok and tostring(err):match("us%[1%]%.number_unknown_for must be >= 0"), "clear error, got " .. tostring(err))
end)
