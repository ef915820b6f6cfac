-- Behaviour tests of the dribble (behaviors/dribble.lua, docs/team.md "Playing the ball", step 6)
-- in the mock world. We play left.

-- The striker (#2) 0.8 m behind the ball, facing it and the opponents' goal; their #2 may stand at
-- the ball facing it from the other side. The long kick is the simulator robot's 5.9 m, so a free
-- ball is dribbled, not advanced (docs/team.md, step 5).
local function duel(opponent, heading, robot_x)
  local them = opponent and { { unum = 2, x = -1.6, y = 0, heading = math.pi } } or nil
  return scene{ ball = { x = -2.2, y = 0 }, model = { kicks = { long = { distance = 5.9 } } },
                us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = robot_x or -3.0, y = 0.3, heading = heading or 0 } },
                them = them }
end

-- Pressed, the line-up to the pose 0.2 m behind the ball is skipped: in halves against FC Portugal
-- on the real server the robot stood lining up 0.5-1.5 m from the ball, facing it, while their
-- robot played it away.
test("pressed: the striker facing the ball walks into it at once instead of lining up", function()
  local s = duel(true)
  s:run(5)
  expect(s:active(2, "play_ball", "dribble"), "dribbles")
  expect(s:active(2, "dribble", "push"), "pushes")
  local q = s:requests(2)
  -- From 0.8 m it walks through the ball: its target lies beyond the ball, not on the pose behind it.
  expect(q.body == "walk_to" and q.target_x > s:ball().x, "walks to a point beyond the ball")
  local reached = s:run_until(function(t)
    local r, b = t:robot(2), t:ball()
    return (r.x - b.x) ^ 2 + (r.y - b.y) ^ 2 < 0.3 ^ 2
  end, 75)
  expect(reached, "at the ball within 1.5 s")
  expect(s:active(2, "dribble", "push"), "still pushing")
  expect_eq(s:requests(2).body, "walk_velocity", "at the ball, walks into it")
  s:run(50)
  expect(s:ball().x > -2.0, "the ball moved on towards their goal")
end)

test("not pressed: the striker lines up behind the ball first", function()
  local s = duel(false)
  s:run(5)
  expect(s:active(2, "play_ball", "dribble"), "dribbles")
  expect(s:active(2, "dribble", "line_up"), "lines up")
  expect_eq(s:requests(2).body, "walk_to", "walks to the pose")
end)

test("pressed but facing our own goal: no push that way, it goes round the ball", function()
  -- #2 beyond the ball, facing it and our goal; the opponent behind it on our side.
  local s = scene{ ball = { x = -2.2, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -1.4, y = 0.3, heading = math.pi } },
                   them = { { unum = 2, x = -2.8, y = 0, heading = 0 } } }
  for _ = 1, 25 do
    s:run(1)
    expect(not s:active(2, "dribble", "push"), "never pushes towards our goal")
  end
  expect(s:active(2, "dribble", "line_up"), "lines up")
end)

test("pressed with the ball off to the side: lines up", function()
  local s = duel(true, 1.2)  -- facing 1.2 rad left of the ball and of their goal
  s:run(5)
  expect(s:active(2, "dribble", "line_up"), "lines up")
end)

-- In our danger zone with an opponent at the ball the striker would line up a clearance; facing
-- upfield with the ball just ahead, it pushes the ball on at once instead.
test("pressed near our goal, facing upfield: pushes the ball on instead of lining up a clearance", function()
  local s = scene{ ball = { x = -11, y = 1 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -11.8, y = 1.2, heading = 0.2 } },
                   them = { { unum = 2, x = -10.4, y = 1, heading = math.pi } } }
  s:run(5)
  expect(not s:active(2, "play_ball", "clear"), "no clearance lined up")
  expect(s:active(2, "dribble", "push"), "pushes")
end)

test("pressed near our goal, facing our goal: lines up the clearance", function()
  local s = scene{ ball = { x = -11, y = 1 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -10.2, y = 1.2, heading = math.pi } },
                   them = { { unum = 2, x = -11.6, y = 1, heading = 0 } } }
  s:run(5)
  expect(s:active(2, "play_ball", "clear"), "clears")
end)

-- Duel: an opponent standing in the way slows the push below the fast gait (params.dribble.duel;
-- on rcssserver3d most of our falls near a robot came pushing head-on into one at full speed).
local function head_on(opponent_x)
  local them = opponent_x and { { unum = 2, x = opponent_x, y = 0, heading = math.pi } } or nil
  return scene{ ball = { x = -2.2, y = 0 }, model = { kicks = { long = { distance = 5.9 } } },
                us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -2.42, y = 0, heading = 0 } },
                them = them }
end

test("duel: pushing with an opponent just ahead walks below the fast gait", function()
  local s = head_on(-2.05)
  s:run(5)
  expect(s:active(2, "dribble", "push"), "pushes")
  local q = s:requests(2)
  expect_eq(q.body, "walk_velocity", "walks into the ball")
  -- The fast gait starts at 0.4 m/s (robots/nao/walk.lua gait_speed_from).
  expect(q.walk_vx > 0 and q.walk_vx <= 0.4, "forward below the fast gait, got " .. tostring(q.walk_vx))
end)

test("duel: with the opponent beyond `ahead`, or none, the push keeps its speed", function()
  for _, x in ipairs({ -1.6, false }) do
    local s = head_on(x or nil)
    s:run(5)
    expect(s:active(2, "dribble", "push"), "pushes")
    local q = s:requests(2)
    expect_eq(q.body, "walk_velocity", "walks into the ball")
    expect(q.walk_vx > 0.4, "forward in the fast gait, got " .. tostring(q.walk_vx))
  end
end)

-- Level with the ball and beside it (where a duel leaves it), the robot steps straight back past
-- it and in behind it; going round (0.45 m out, 0.35 m back) took a median 2.3 s on the real
-- server, and the ball stayed untouched either way.
local function beside(lateral)
  return scene{ ball = { x = -2.2, y = 0 }, model = { kicks = { long = { distance = 5.9 } } },
                us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -2.2, y = lateral, heading = 0 } } }
end

test("the ball beside the robot: steps back past it, not round it", function()
  local s = beside(0.25)
  s:run(3)
  expect(s:active(2, "dribble", "line_up"), "lines up")
  local q = s:requests(2)
  expect_eq(q.body, "walk_to", "walks to a pose")
  expect(q.target_x < -2.3, "the pose lies behind the ball, got x " .. tostring(q.target_x))
  expect(q.target_y > 0.15 and q.target_y < 0.3, "and beside its line, not 0.45 m out, got y " .. tostring(q.target_y))
  local widest = 0
  local pushed = s:run_until(function(t)
    widest = math.max(widest, t:robot(2).y)
    return t:active(2, "dribble", "push")
  end, 75)
  expect(pushed, "pushing within 1.5 s")
  expect(widest < 0.3, "never went wide, got y " .. widest)
  expect_near(s:ball().x, -2.2, 0.02, "the ball was not touched on the way")
end)

test("the ball just beside the feet: still goes round it", function()
  local s = beside(0.12)
  s:run(3)
  local q = s:requests(2)
  expect(q.body == "walk_to" and q.target_y > 0.3, "the detour 0.45 m out, got y " .. tostring(q.target_y))
end)
