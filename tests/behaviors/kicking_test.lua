-- Behaviour tests of the kick choice (scripts/lib/kicking.lua: each kick's
-- own pose and duration, from motion.status; docs/team.md), in the mock
-- world. We play left. Mock kicks: short up to 3.3 m, 0.5 s; long 9 m, 1 s;
-- both lined up with the ball 0.22 m ahead (robots/nao/mock.lua).

-- The running kick_to's kind for robot unum, or nil.
local function kick_kind(s, unum)
  for _, e in ipairs(s:activation(unum)) do
    if e.option == "kick_to" then return e.params:match("kind=\"?(%a+)") end
  end
end

-- Shot from (13.2, 1.8) at (16, 0): 3.3 m, so both kicks reach it. The
-- robot stands at the kick pose (0.22 m behind the ball, facing the goal).
local function shot_scene(model)
  local h = math.atan2(-1.8, 2.8)
  return scene{ model = model, ball = { x = 13.2, y = 1.8 },
                us = { { unum = 1, x = -14, y = 0 },
                       { unum = 4, x = 13.2 - 0.22 * math.cos(h), y = 1.8 - 0.22 * math.sin(h), heading = h } } }
end

test("kick choice: with both kicks reaching the goal the shorter-lasting short kick is taken", function()
  local s = shot_scene()
  s:run(3)
  expect(s:active(4, "play_ball", "shoot"), "shoots")
  local kind = kick_kind(s, 4)
  expect_eq(kind, "short", "short kick (0.5 s against 1 s)")
end)

test("kick choice: a short kick that takes longer loses to the long kick", function()
  local s = shot_scene{ kicks = { short = { duration = 2.0 } } }
  s:run(3)
  expect(s:active(4, "play_ball", "shoot"), "shoots")
  local kind = kick_kind(s, 4)
  expect_eq(kind, "long", "long kick: the body's durations, not the team's data")
end)

test("kick choice: a kick whose pose is far to walk to loses to one whose pose I stand at", function()
  -- The short kick wants the ball 1.2 m ahead: a metre back and turning.
  local s = shot_scene{ kicks = { short = { ball_x = 1.2 } } }
  s:run(3)
  expect(s:active(4, "play_ball", "shoot"), "shoots")
  local kind = kick_kind(s, 4)
  expect_eq(kind, "long", "long kick: each kick's own pose")
end)

test("kick choice: a shot is never lofted from where the lofted ball flies over the bar", function()
  -- The lofted kick is the quickest here, but at 3.3 m its ball is above the crossbar (0.8-8.5 m).
  local s = shot_scene{ kicks = { short = { duration = 2.0 }, long = { duration = 2.5 }, lofted = { duration = 0.3 } } }
  s:run(3)
  expect(s:active(4, "play_ball", "shoot"), "shoots")
  expect_eq(kick_kind(s, 4), "short", "a kick that stays under the bar")
end)

test("kick choice: beyond its high stretch the quickest kick may be the lofted one", function()
  local s = shot_scene{ kicks = { short = { duration = 2.0 }, long = { duration = 2.5 },
                                  lofted = { duration = 0.3, over_bar_from = 0.5, over_bar_to = 1.5 } } }
  s:run(3)
  expect(s:active(4, "play_ball", "shoot"), "shoots")
  expect_eq(kick_kind(s, 4), "lofted", "lofted: its ball is down again at the goal")
end)
