-- Behaviour tests of the default team's roles, game states and special
-- situations (docs/team.md), in the mock world. We play left.

local function five(ball_x, ball_y, play_mode)
  return scene{
    play_mode = play_mode or "PlayOn",
    ball = { x = ball_x or 0, y = ball_y or 0 },
    us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -9, y = -2 }, { unum = 3, x = -9, y = 2 },
           { unum = 4, x = -2, y = 0 }, { unum = 5, x = -3, y = -5 } },
  }
end

local function count_roles(s, n)
  local c = { keeper = 0, defender = 0, supporter = 0, striker = 0 }
  for i = 1, n do
    local r = s:role(i)
    if r then c[r] = (c[r] or 0) + 1 end
  end
  return c
end

test("before kick-off all five beam to own-half formation spots", function()
  local s = five(0, 0, "BeforeKickOff")
  -- Robots that have just connected listen 0.5 s before their first beam.
  local beamed = {}
  for _ = 1, 40 do
    s:run(1)
    for i = 1, 5 do
      local q = s:requests(i)
      if q.beam == 1 or q.beam == true then beamed[i] = beamed[i] or { x = q.beam_x } end
      expect(q.body == "stand", "#" .. i .. " stands")
    end
  end
  for i = 2, 5 do  -- #1 starts on its spot in goal
    expect(beamed[i] ~= nil, "#" .. i .. " beams")
    expect(beamed[i] and beamed[i].x < 0, "#" .. i .. " beams into the own half")
  end
  expect(s:robot(1).x < -13, "keeper beamed into the goal")
end)

test("roles: keeper is #1, one striker nearest the ball, a supporter and defenders", function()
  local s = five(1, 0)
  s:run(5)
  expect_eq(s:role(1), "keeper", "#1 keeps")
  expect_eq(s:role(4), "striker", "#4 is nearest the ball")
  local c = count_roles(s, 5)
  expect_eq(c.striker, 1, "one striker")
  expect_eq(c.supporter, 1, "one supporter with five players")
  expect_eq(c.defender, 2, "two defenders with five players")
  expect(s:role(5) ~= "striker", "#5 not striker")
end)

test("roles: the striker keeps its role against a slightly faster teammate (hysteresis)", function()
  local s = scene{ ball = { x = 0, y = 0 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -1.5, y = 0 },
                                                   { unum = 3, x = -4, y = 3 } } }
  s:run(3)
  expect_eq(s:role(2), "striker", "#2 nearest")
  s:place(3, -0.5, 1.35, -1.2)    -- #3 now a little nearer the ball than #2
  s:place(2, -1.3, 0, 0)
  s:run(2)
  expect_eq(s:role(2), "striker", "#2 still striker")
  s:place(3, -0.3, 0.05, 0)       -- #3 much nearer
  s:place(2, -4, 0, 0)
  s:run(2)
  expect_eq(s:role(3), "striker", "#3 took over when clearly faster")
end)

test("roles: with two players there is a keeper and a striker, with three also a defender", function()
  local s = scene{ ball = { x = 2, y = 0 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 7, x = -1, y = 0 } } }
  s:run(3)
  expect_eq(s:role(1), "keeper")
  expect_eq(s:role(7), "striker")
  local t = scene{ ball = { x = 2, y = 0 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -1, y = 0 },
                                                   { unum = 3, x = -5, y = 0 } } }
  t:run(3)
  expect_eq(t:role(3), "defender", "third player defends")
end)

test("striker with an open goal in range shoots at it", function()
  local s = scene{ ball = { x = 10, y = 0 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 4, x = 9.5, y = 0 } } }
  s:run(3)
  expect(s:active(4, "play_ball", "shoot"), "play_ball chose to shoot")
  local ok = s:run_until(function(s) return s:score() == 1 end, 1500)
  expect(ok, "scored within 30 s")
end)

test("an opponent at the ball before a shot could be taken: the striker pushes the ball on instead", function()
  -- Lining up takes seconds; a robot pressing the ball plays it first (full-physics
  -- matches: with a longer long kick the striker kept lining up shots amid three
  -- opponents and the ball stayed 3-6 m before their goal).
  local s = scene{ ball = { x = 10, y = 0 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 4, x = 9.0, y = 0.4 } },
                   them = { { unum = 2, x = 10.0, y = -0.5, heading = math.pi / 2 } } }
  s:run(3)
  expect(not s:active(4, "play_ball", "shoot"), "no shot")
  expect(s:active(4, "play_ball", "dribble"), "dribbles")
end)

test("with the ball in front of the goal the striker walks it in instead of lining up a kick", function()
  local s = scene{ ball = { x = 13, y = 0.2 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 4, x = 12.6, y = 0.2 } },
                   them = { { unum = 2, x = 11.5, y = 0.3 } } }
  s:run(3)
  expect(s:active(4, "play_ball", "dribble"), "play_ball chose to dribble")
  expect(not s:active(4, "kick_to"), "no kick")
  local ok = s:run_until(function(s) return s:score() == 1 end, 750)
  expect(ok, "scored within 15 s")
end)

test("the shot aims at the widest opening beside a goalkeeper", function()
  local s = scene{ ball = { x = 10, y = 0 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 4, x = 9.5, y = 0 } },
                   them = { { unum = 1, x = 14.6, y = 0.45 } } }
  s:run(3)
  local q = s:requests(4)
  expect(s:active(4, "kick_to"), "kicking")
  expect(s:active(4, "play_ball", "shoot"), "shooting")
  local a = s:activation(4)
  local y
  for _, e in ipairs(a) do
    if e.option == "kick_to" then y = tonumber(e.params:match("y=([%-%d%.]+)")) end
  end
  expect(y and y < -0.2, "aims at the open (right) side, got " .. tostring(y))
end)

test("striker under pressure passes to a free teammate and says so", function()
  local s = scene{ ball = { x = -2, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -2.4, y = 0 }, { unum = 3, x = 4, y = 6 } },
                   them = { { unum = 2, x = -1.05, y = 0.3 }, { unum = 3, x = -1.15, y = -0.5 } } }
  s:run(3)
  expect(s:active(2, "play_ball", "pass"), "play_ball chose to pass")
  local said = s:said(2) or ""
  local x, y = said:match("^pass3:([%-%d%.]+):([%-%d%.]+)$")
  expect(x and y, "announced the pass to #3 with its target, said " .. said)
end)

-- The same free teammate, but an opponent stands at the ball facing the striker: a pass would
-- need the kick lined up first, which it never is with the opponent there (11-a-side games on the
-- simulator stood for half a minute in such duels), so the striker pushes the ball on.
test("an opponent at the ball: the striker dribbles instead of lining up a pass", function()
  for _, oy in ipairs { 0.1, -0.1 } do
    local s = scene{ ball = { x = -2, y = 0 },
                     us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -2.4, y = 0 }, { unum = 3, x = 4, y = 6 } },
                     them = { { unum = 2, x = -1.7, y = oy, heading = math.pi } } }
    s:run(2)
    expect(not s:active(2, "play_ball", "pass"), "no pass with the opponent at the ball (at y " .. oy .. ")")
    expect(s:active(2, "play_ball", "dribble"), "dribbles (opponent at y " .. oy .. ")")
  end
end)

test("the announced receiver walks to the pass target before the ball moves", function()
  local s = scene{ ball = { x = -2, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -2.4, y = 0 }, { unum = 3, x = 4, y = 6 } },
                   them = { { unum = 2, x = -1.05, y = 0.3 }, { unum = 3, x = -1.15, y = -0.5 } } }
  local heard = s:run_until(function(t) return t:active(3, "take_pass", "receive") end, 50)
  expect(heard, "#3 took the pass within 1 s of the announcement")
  local b = s:ball()
  expect(math.abs(b.vx) + math.abs(b.vy) < 0.3, "before the ball was kicked")
  local x, y = (s:said(2) or ""):match("^pass3:([%-%d%.]+):([%-%d%.]+)$")
  local q = s:requests(3)
  expect(q.body == "walk_to", "#3 walks")
  expect_near(q.target_x, tonumber(x), 0.05, "to the announced x")
  expect_near(q.target_y, tonumber(y), 0.05, "to the announced y")
end)

test("a pass announced for someone else does not move me", function()
  local s = scene{ ball = { x = -2, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -2.4, y = 0 }, { unum = 3, x = 4, y = 6 },
                          { unum = 4, x = -6, y = -6 } },
                   them = { { unum = 2, x = -1.05, y = 0.3 }, { unum = 3, x = -1.15, y = -0.5 } } }
  s:run(25)
  local said = s:said(2) or ""
  if said:match("^pass3:") then
    expect(not s:active(4, "take_pass", "receive"), "#4 ignores a pass for #3")
  else
    expect(said:match("^pass4:") and not s:active(3, "take_pass", "receive"), "#3 ignores a pass for #4, said " .. said)
  end
end)

test("a field player stops a ball kicked towards it", function()
  local s = scene{ ball = { x = 0, y = 0, vx = -2.5, vy = 0.2 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 3, x = -5, y = 1.0 }, { unum = 2, x = 3, y = 0 } } }
  s:run(2)
  expect(s:active(3, "stop_ball", "block"), "stop_ball runs")
  expect(s:requests(3).body == "walk_to", "walks into the ball's path")
  expect_near(s:requests(3).target_y, 0.4, 0.5, "target on the ball's line")
end)

test("the receiver of a pass walks to where the ball will stop", function()
  local s = scene{ ball = { x = -4, y = 0, vx = 1.8, vy = 1.2 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -4.5, y = 0 }, { unum = 3, x = -0.5, y = 4 } } }
  s:run(2)
  expect(s:active(3, "take_pass", "receive") or s:active(3, "stop_ball"), "#3 takes the pass")
end)

test("keeper blocks a shot at the goal", function()
  local s = scene{ ball = { x = -8, y = 1, vx = -3.2, vy = -0.3 },
                   us = { { unum = 1, x = -14.2, y = 0 }, { unum = 2, x = 2, y = 0 } } }
  s:run(2)
  expect(s:active(1, "keeper", "block"), "keeper in block state")
  local q = s:requests(1)
  expect(q.body == "walk_to" and q.target_x < -13, "keeper moves along the goal line")
end)

test("keeper clears a slow ball in the penalty area", function()
  local s = scene{ ball = { x = -13.5, y = 1 }, us = { { unum = 1, x = -14.2, y = 0 }, { unum = 2, x = 2, y = 0 } },
                   them = { { unum = 9, x = -11, y = 2 } } }
  local ok = s:run_until(function(s) return s:ball().x > -11 end, 750)
  expect(ok, "ball cleared out of the penalty area within 15 s")
end)

test("opponents' kick-in: everybody keeps 2 m from the ball", function()
  -- Checked every cycle: a robot inside the circle would be moved out by the
  -- referee, so the end positions alone prove nothing.
  local s = scene{ play_mode = "KickIn_Right", ball = { x = -3, y = 9.96 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -3.5, y = 7.5 }, { unum = 3, x = -2, y = 7 } } }
  local last = {}
  for i = 1, 3 do last[i] = s:robot(i) end
  for _ = 1, 300 do
    s:run(1)
    for i = 1, 3 do
      local r, b = s:robot(i), s:ball()
      expect(math.sqrt((r.x - b.x) ^ 2 + (r.y - b.y) ^ 2) >= 2.0, "#" .. i .. " is 2 m away")
      expect(math.abs(r.x - last[i].x) + math.abs(r.y - last[i].y) < 0.1, "#" .. i .. " not moved by the referee")
      last[i] = r
    end
  end
end)

test("our kick-in: the striker takes it and play goes on", function()
  local s = scene{ play_mode = "KickIn_Left", ball = { x = 2, y = -9.96 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 1, y = -8 }, { unum = 3, x = 4, y = -3 } } }
  local ok = s:run_until(function(s) return s:play_mode() == "PlayOn" end, 1000)
  expect(ok, "kick-in taken within 20 s")
end)

test("their kick-off: we stand still", function()
  local s = scene{ play_mode = "KickOff_Right", ball = { x = 0, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 4, x = -2.5, y = 0 } } }
  s:run(10)
  expect_eq(s:requests(4).body, "stand", "#4 stands")
end)

test("our kick-off with three players is not shot at the goal (indirect)", function()
  local s = scene{ play_mode = "KickOff_Left", ball = { x = 0, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -0.3, y = 0 }, { unum = 3, x = -3, y = 4 } } }
  local ok = s:run_until(function(s) return s:play_mode() == "PlayOn" end, 750)
  expect(ok, "kick-off taken")
  expect(not s:active(2, "play_ball", "shoot"), "not a shot")
end)

test("game over: everybody stands", function()
  local s = scene{ play_mode = "GameOver", ball = { x = 0, y = 0 }, us = { { unum = 2, x = -1, y = 0 } } }
  s:run(3)
  expect_eq(s:requests(2).body, "stand")
end)

test("the team runs without script errors through a minute of 5 vs 5", function()
  local s = scene{ ball = { x = 0, y = 0 }, play_mode = "KickOff_Left",
                   us = { { unum = 1 }, { unum = 2 }, { unum = 3 }, { unum = 4 }, { unum = 5 } },
                   them = { { unum = 1 }, { unum = 2 }, { unum = 3 }, { unum = 4 }, { unum = 5 } },
                   them_scripts = "baseline_team" }
  s:run(3000)
  for i = 1, 5 do expect(s:script_error(i) == nil, "#" .. i .. ": " .. tostring(s:script_error(i))) end
end)

test("walking to the ball goes round a robot standing on the line (path planner)", function()
  local s = scene{ ball = { x = 3, y = 0 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -3, y = 0 } },
                   them = { { unum = 5, x = 0, y = 0 } } }
  local closest = 1e9
  for _ = 1, 90 do
    s:run(5)
    local r = s:robot(2)
    closest = math.min(closest, math.sqrt(r.x ^ 2 + r.y ^ 2))
  end
  expect(closest > 0.3, "kept clear of the opponent, closest " .. closest)
  expect(s:robot(2).x > 0.5, "got past it")
end)

-- Roles of the robots still playing (a removed robot keeps its last role name).
local function count_roles_except(s, n, gone)
  local c = { keeper = 0, defender = 0, supporter = 0, striker = 0 }
  for i = 1, n do
    if not gone[i] then
      local r = s:role(i)
      if r then c[r] = (c[r] or 0) + 1 end
    end
  end
  return c
end

test("a teammate that stops talking keeps its role until the timeout, then drops out", function()
  local s = five(1, 0)
  s:run(5)
  expect_eq(s:role(4), "striker", "#4 is nearest the ball")
  s:remove(4)                     -- its agent crashed: the server takes the robot off
  s:run(50)                       -- 1 s (run counts 20 ms cycles)
  local c = count_roles_except(s, 5, { [4] = true })
  expect_eq(c.striker, 0, "a short silence is no reason to reassign (#4 still counted)")
  s:run(200)                      -- 4 s more: past the 3 s teammate timeout
  c = count_roles_except(s, 5, { [4] = true })
  expect_eq(c.striker, 1, "one of the four left took over as striker")
  expect_eq(s:role(1), "keeper", "#1 still keeps")
  expect(c.defender >= 1, "at least one defender with four players")
end)

test("the captain (#1) goes silent: the rest agree on one set of roles without it", function()
  local s = five(1, 0)
  s:run(5)
  s:remove(1)
  s:run(200)                      -- 4 s: past the 3 s teammate timeout
  local c = count_roles_except(s, 5, { [1] = true })
  expect_eq(c.striker, 1, "one striker")
  expect(c.defender >= 1, "at least one defender")
  expect_eq(c.keeper, 0, "the keeper is number 1 only")
  expect_eq(s:role(4), "striker", "#4, nearest the ball, still strikes")
end)

-- The ball owner advances by a long kick only when the body's long kick goes
-- far enough to pay for lining up (params.advance_min_kick); with the
-- simulator robot's shorter kick it dribbles instead.
local function open_field(model)
  return scene{ model = model, ball = { x = 0, y = 0 },
                us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -0.5, y = 0 } },
                them = { { unum = 1, x = 14, y = 0 } } }
end

test("with a 9 m long kick the free ball owner kicks it forward", function()
  local s = open_field()
  s:run(3)
  expect(s:active(2, "play_ball", "advance"), "advances with a long kick")
end)

test("with a 5.9 m long kick and a 6 m lofted kick the free ball owner dribbles", function()
  local s = open_field{ kicks = { long = { distance = 5.9 }, lofted = { distance = 6.0 } } }
  s:run(3)
  expect(s:active(2, "play_ball", "dribble"), "dribbles instead")
  expect(not s:active(2, "play_ball", "advance"), "no long-kick advance")
end)

-- The simulator robot's kicks: a 5.2 m flat kick, a lofted one of 8.5 m.
local function kick_kind(s, unum)
  for _, e in ipairs(s:activation(unum)) do
    if e.option == "kick_to" then return e.params:match("kind=\"?(%a+)") end
  end
end

test("a far lofted kick does not make the owner advance: it dribbles (lofted advances cost shots)", function()
  local s = open_field{ kicks = { long = { distance = 5.2 }, lofted = { distance = 12.0 } } }
  s:run(3)
  expect(s:active(2, "play_ball", "dribble"), "dribbles")
  expect(kick_kind(s, 2) ~= "lofted", "no lofted kick forward")
end)

test("a scene's model with an unknown field is an error, not ignored", function()
  local ok, err = pcall(scene, { model = { kicks = { long = { distanse = 5 } } }, us = { { unum = 1 } } })
  expect(not ok and tostring(err):match("unknown field 'distanse'"), "clear error, got " .. tostring(err))
  ok, err = pcall(scene, { model = { max_forward = 0 }, us = { { unum = 1 } } })
  expect(not ok and tostring(err):match("'max_forward' must be positive"), "clear error, got " .. tostring(err))
  ok, err = pcall(scene, { model = { kicks = { long = 5 } }, us = { { unum = 1 } } })
  expect(not ok and tostring(err):match("'model.kicks.long' must be a table"), "clear error, got " .. tostring(err))
  ok, err = pcall(scene, { model = { kicks = { short = { approach = -1 } } }, us = { { unum = 1 } } })
  expect(not ok and tostring(err):match("approach must be at least 0"), "clear error, got " .. tostring(err))
end)
