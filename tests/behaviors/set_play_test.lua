-- Behaviour tests of kick-offs, set plays and the rules around them, both
-- sides (docs/team.md "Game phases", simspark-facts §7.3-7.5). We play left.

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
