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

-- Runs until PlayOn (our kick taken); false if not within `max` cycles.
local function until_play_on(s, max)
  return s:run_until(function(t) return t:play_mode() == "PlayOn" end, max)
end

-- Runs n cycles after our kick: whether the referee gave them a free kick
-- (double touch), and whether robot `other` came within kicking reach of the
-- ball (0.4 m in the mock world).
local function after_kick(s, n, other)
  local foul, reached = false, false
  for _ = 1, n do
    s:run(1)
    if s:play_mode() == "free_kick_right" then foul = true end
    if other and dist(s:robot(other), s:ball()) < 0.42 then reached = true end
  end
  return foul, reached
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

-- Our set plays -----------------------------------------------------------------

test("our kick-in is taken at the touch line", function()
  local s = scene{ play_mode = "KickIn_Left", ball = { x = 2, y = -9.958 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 1, y = -7 }, { unum = 3, x = 5, y = -3 } },
                   them = { { unum = 1, x = 14, y = 0 } } }
  local b
  local ok = s:run_until(function(t)
    if t:play_mode() ~= "PlayOn" then b = t:ball() end
    return t:play_mode() == "PlayOn"
  end, 1000)
  expect(ok, "taken within 20 s")
  expect_near(b.y, -9.958, 1e-6, "from the line")
  expect_near(b.x, 2, 1e-6, "where it went out")
  expect(not s:active(2, "play_ball", "shoot"), "not a shot (indirect)")
end)

test("our corner: the striker kicks it in, nobody dribbles it off the spot", function()
  local s = scene{ play_mode = "corner_kick_left", ball = { x = 14.958, y = 5.483 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 12, y = 4 }, { unum = 3, x = 9, y = -1 } },
                   them = { { unum = 1, x = 14.5, y = 0 }, { unum = 2, x = 11, y = 1 } } }
  local ok = until_play_on(s, 1000)
  expect(ok, "taken within 20 s")
  expect(s:active(2, "kick_to"), "#2 kicked it")
  expect(not s:active(2, "play_ball", "dribble"), "no dribble")
  local foul = after_kick(s, 250)
  expect(not foul, "no double touch")
end)

test("our goal kick: a field player takes it, the keeper stays out of its way", function()
  local s = scene{ play_mode = "goal_kick_left", ball = { x = -14, y = 0 },
                   us = { { unum = 1, x = -14.2, y = 1.0 }, { unum = 2, x = -10, y = 2 }, { unum = 3, x = -6, y = -3 } },
                   them = { { unum = 9, x = -5, y = 1 } } }
  local keeper_closest = math.huge
  local ok = s:run_until(function(t)
    keeper_closest = math.min(keeper_closest, dist(t:robot(1), t:ball()))
    return t:play_mode() == "PlayOn"
  end, 1500)
  expect(ok, "the ball left the penalty area within 30 s")
  expect_eq(s:role(1), "keeper", "#1 kept goal")
  expect(keeper_closest > 0.6, "the keeper kept off the ball, closest " .. keeper_closest)
  expect(not s:active(1, "keeper", "clear"), "the keeper did not kick it")
end)

test("our direct free kick in range is shot at the goal", function()
  local s = scene{ play_mode = "direct_free_kick_left", ball = { x = 9, y = 1 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 8.5, y = 1 }, { unum = 3, x = 2, y = -4 } },
                   them = { { unum = 1, x = 14.6, y = 0.5 } } }
  local shot = s:run_until(function(t) return t:active(2, "play_ball", "shoot") end, 200)
  expect(shot, "#2 shoots")
end)

test("our direct free kick before the goal is kicked, not walked in (that would touch it twice)", function()
  local s = scene{ play_mode = "direct_free_kick_left", ball = { x = 12.5, y = 0.5 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 12, y = 0.5 }, { unum = 3, x = 6, y = -4 } },
                   them = { { unum = 1, x = 14.6, y = -0.3 } } }
  local dribbled = false
  local ok = s:run_until(function(t)
    if t:active(2, "play_ball", "dribble") then dribbled = true end
    return t:play_mode() == "PlayOn"
  end, 1000)
  expect(ok, "taken")
  expect(not dribbled, "no dribble at the set play")
  local foul = after_kick(s, 250)
  expect(not foul, "no double touch")
end)

-- Indirect kicks: more than 2 agents of both teams (facts §7.3) ----------------

test("our free kick with keeper, taker and one opponent is indirect: no shot", function()
  local s = scene{ play_mode = "free_kick_left", ball = { x = 10, y = 1 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 9.6, y = 1 } },
                   them = { { unum = 5, x = 0, y = -8 } } }
  local shot = false
  local ok = s:run_until(function(t)
    if t:active(2, "play_ball", "shoot") then shot = true end
    return t:play_mode() == "PlayOn"
  end, 1000)
  expect(ok, "taken")
  expect(not shot, "no shot: 3 agents are connected")
end)

test("our free kick with only keeper and taker on the field is direct: shot", function()
  local s = scene{ play_mode = "free_kick_left", ball = { x = 10, y = 1 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 9.6, y = 1 } } }
  local shot = s:run_until(function(t) return t:active(2, "play_ball", "shoot") end, 150)
  expect(shot, "a shot: 2 agents")
end)

-- Double touch (facts §7.5) --------------------------------------------------------

test("after our kick-in the taker leaves the ball to a teammate (double touch)", function()
  local s = scene{ play_mode = "KickIn_Left", ball = { x = 2, y = -9.958 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 1.5, y = -9.4 }, { unum = 3, x = -4, y = -5 } },
                   them = { { unum = 1, x = 14, y = 0 } } }
  expect(until_play_on(s, 1000), "kick-in taken")
  s:run(2)
  expect(s:role(2) ~= "striker", "the taker is no longer striker")
  expect_eq(s:role(3), "striker", "#3 is")
  local foul, reached = after_kick(s, 750, 3)
  expect(not foul, "no free kick for them")
  expect(reached, "#3 got to the ball")
end)

test("after our kick-off the taker does not play the ball again before someone else", function()
  local s = scene{ play_mode = "KickOff_Left", ball = { x = 0, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -0.25, y = 0 }, { unum = 3, x = -3, y = 4 } },
                   them = { { unum = 1, x = 14, y = 0 } } }
  expect(until_play_on(s, 750), "kick-off taken")
  local foul, reached = after_kick(s, 750, 3)
  expect(not foul, "no free kick for them")
  expect(reached, "#3 got to the ball")
end)

-- On the centre spot the ball's estimate wanders by centimetres either side
-- of y = 0 (in games a taker turned back and forth between the two sides for
-- 11 s): the short kick-off goes to one side whichever way it wanders.
test("an indirect kick-off is played to the same side with the ball a few cm either side of the spot", function()
  local sides = {}
  for _, y in ipairs { 0.04, -0.04 } do
    local s = scene{ play_mode = "KickOff_Left", ball = { x = 0, y = y },
                     us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -0.25, y = y }, { unum = 3, x = -9, y = 0 } },
                     them = { { unum = 1, x = 14, y = 0 } } }
    local aimed = s:run_until(function(t) return t:active(2, "kick_to") end, 50)
    expect(aimed, "#2 lines up its kick (ball at y " .. y .. ")")
    for _, e in ipairs(s:activation(2)) do
      if e.option == "kick_to" then sides[#sides + 1] = tonumber(e.params:match("y=([%-%d%.]+)")) end
    end
  end
  expect(#sides == 2 and sides[1] * sides[2] > 0 and math.abs(sides[1]) > 1,
         "the same side both times, got " .. tostring(sides[1]) .. " and " .. tostring(sides[2]))
end)

test("once a teammate has played the ball, the taker may be striker again", function()
  local s = scene{ play_mode = "KickIn_Left", ball = { x = 2, y = -9.958 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 1.5, y = -9.4 }, { unum = 3, x = -4, y = -5 } },
                   them = { { unum = 1, x = 14, y = 0 } } }
  expect(until_play_on(s, 1000), "kick-in taken")
  s:run(2)
  expect(s:role(2) ~= "striker", "the taker is barred")
  -- #3 stops the ball; then #2 stands much nearer it than #3.
  local b = s:ball()
  s:set_ball{ x = b.x, y = b.y, vx = 0, vy = 0 }
  s:place(3, b.x - 0.2, b.y, 0)
  s:run(2)
  s:place(3, b.x - 5, b.y, 0)
  s:place(2, b.x - 0.5, b.y, 0)
  s:run(2)
  expect_eq(s:role(2), "striker", "#2 strikes again")
end)

test("a kick-off that runs into the drop ball had no taker: the striker may play it", function()
  local s = scene{ play_mode = "KickOff_Left", ball = { x = 0, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -0.3, y = 0 }, { unum = 3, x = -6, y = 4 } },
                   them = { { unum = 1, x = 14, y = 0 } } }
  -- #2 is held at the ball facing its own goal, so it cannot kick, until the
  -- referee drops the ball (15 s untouched).
  local dropped = s:run_until(function(t)
    if t:play_mode() == "KickOff_Left" then t:place(2, -0.3, 0, math.pi) end
    return t:play_mode() == "PlayOn"
  end, 1000)
  expect(dropped, "the ball was dropped")
  expect(dist(s:ball(), { x = 0, y = 0 }) < 0.01, "untouched")
  -- The drop ball moves #2 back; #3 is sent further away, so #2 is nearest.
  s:place(3, -12, 5, 0)
  s:run(25)
  expect_eq(s:role(2), "striker", "#2, nearest, is striker: nobody took the kick")
end)

-- Line-up ------------------------------------------------------------------------

-- Runs until every robot in `ids` has asked for a beam (at most `max`
-- cycles) and returns the cycle of the earliest request: robots that have
-- just connected listen for params.beam_join_wait before their first beam.
local function run_until_beamed(s, ids, max)
  local first, waiting, spots = nil, {}, {}
  for _, i in ipairs(ids) do waiting[i] = true end
  for k = 1, max do
    s:run(1)
    for _, i in ipairs(ids) do
      local q = s:requests(i)
      if waiting[i] and (q.beam == 1 or q.beam == true) then
        waiting[i] = nil
        spots[i] = { q.beam_x, q.beam_y }
        first = first or k
      end
    end
    if next(waiting) == nil then break end
  end
  return first, spots
end

test("line-up: no beam onto the spot a teammate still stands on", function()
  -- #3's spot (the 3-player striker spot, at the ball for our first
  -- kick-off) is held by #2 for 20 cycles, as when #3 joins a team of two
  -- whose #2 had that spot and has not beamed away yet. Beamed onto each
  -- other, two robots collide and fall.
  local s = scene{ play_mode = "BeforeKickOff", ball = { x = 0, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -0.25, y = 0 }, { unum = 3, x = -13, y = 3 } } }
  local onto = false
  for k = 1, 100 do
    if k <= 20 then s:place(2, -0.25, 0, 0) end
    s:run(1)
    local q = s:requests(3)
    if k <= 20 and q.beam and dist({ x = q.beam_x, y = q.beam_y }, { x = -0.25, y = 0 }) < 0.5 then onto = true end
  end
  expect(not onto, "#3 did not beam onto #2")
  expect(dist(s:robot(3), { x = -0.25, y = 0 }) < 0.3, "#3 at the kick-off spot once it is free")
  expect(dist(s:robot(2), { x = -9, y = 0 }) < 0.3, "#2 on the defender spot")
end)

test("line-up by rank among active players: numbers 1, 2 and 9 use the 3-player line-up", function()
  local s = scene{ play_mode = "BeforeKickOff", ball = { x = 0, y = 0 },
                   us = { { unum = 1, x = -12, y = 2 }, { unum = 2, x = -6, y = 3 }, { unum = 9, x = -6, y = -3 } } }
  local _, spots = run_until_beamed(s, { 1, 2, 9 }, 60)
  local function beams(_, unum) return (spots[unum] or {})[1], (spots[unum] or {})[2] end
  local x, y = beams(s, 1)
  expect(x == -14 and y == 0, "#1 in goal")
  x, y = beams(s, 2)
  expect(x == -9 and y == 0, "#2 on the 3-player defender spot, got " .. x .. ", " .. y)
  x, y = beams(s, 9)
  -- The 3-player striker spot, moved to the ball: the first kick-off is ours.
  expect(x == -0.25 and y == 0, "#9 at the kick-off spot, got " .. x .. ", " .. y)
end)

test("line-up without number 1: 2, 3 and 9 take the field spots of the 4-player line-up", function()
  local s = scene{ play_mode = "BeforeKickOff", ball = { x = 0, y = 0 },
                   us = { { unum = 2, x = -6, y = 3 }, { unum = 3, x = -6, y = -3 }, { unum = 9, x = -8, y = 0 } } }
  local _, spots = run_until_beamed(s, { 2, 3, 9 }, 60)
  local function beams(_, unum) return (spots[unum] or {})[1], (spots[unum] or {})[2] end
  local x, y = beams(s, 2)
  expect(x == -9 and y == -1.5, "#2, got " .. x .. ", " .. y)
  x, y = beams(s, 3)
  expect(x == -0.25 and y == 0, "#3 (striker spot, our first kick-off: at the ball), got " .. x .. ", " .. y)
  x, y = beams(s, 9)
  expect(x == -3.5 and y == 5, "#9, got " .. x .. ", " .. y)
end)

-- The referee gives the first half's kick-off to the left team and the
-- second's to the right (facts section 7.3). Before the second half the clock
-- has run; both teams run the default scripts here.
local function beams_before_half(time)
  local s = scene{ play_mode = "BeforeKickOff", ball = { x = 0, y = 0 }, time = time, them_scripts = "../../scripts",
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -9, y = 0 }, { unum = 3, x = -6, y = 3 } },
                   them = { { unum = 1, x = 14, y = 0 }, { unum = 2, x = 9, y = 0 }, { unum = 3, x = 6, y = -3 } } }
  local ours, theirs
  for _ = 1, 60 do
    s:run(1)
    local q, r = s:requests(3), s:requests(3, "them")
    if q.beam == 1 or q.beam == true then ours = { q.beam_x, q.beam_y } end
    if r.beam == 1 or r.beam == true then theirs = { r.beam_x, r.beam_y } end
  end
  expect(ours and theirs, "both #3 beamed (time " .. time .. ")")
  return ours or {}, theirs or {}
end

test("line-up before each half: the left team's taker at the ball for the first, the right team's for the second", function()
  local ours, theirs = beams_before_half(0)
  expect(ours[1] == -0.25 and ours[2] == 0, "first half: our #3 (left) at the kick-off spot, got " .. tostring(ours[1]))
  expect(theirs[1] == -2.5, "first half: their #3 (right) on its striker spot, got " .. tostring(theirs[1]))
  ours, theirs = beams_before_half(120)
  expect(ours[1] == -2.5, "second half: our #3 on its striker spot, got " .. tostring(ours[1]))
  expect(theirs[1] == -0.25 and theirs[2] == 0, "second half: their #3 at the kick-off spot, got " .. tostring(theirs[1]))
end)

test("line-up: robots that have just connected listen before their first beam", function()
  -- Each teammate talks once per 0.44 s: in its first cycles a robot knows
  -- no teammates, takes rank 1 and would beam onto #1 in goal. (In the
  -- simulator the two overlapping robots made the physics blow up.)
  local s = scene{ play_mode = "BeforeKickOff", ball = { x = 0, y = 0 },
                   us = { { unum = 1, x = -6, y = 6 }, { unum = 2, x = -6, y = 3 }, { unum = 3, x = -6, y = -3 } } }
  local first = run_until_beamed(s, { 1, 2, 3 }, 60)
  expect(first ~= nil, "every robot beamed within 1.2 s")
  expect(first >= 25, "no beam within the first 0.5 s, first at cycle " .. tostring(first))
end)

-- After a goal ---------------------------------------------------------------

test("after their goal we line up and our striker beams to the kick-off spot", function()
  local s = scene{ play_mode = "Goal_Right", ball = { x = -15.3, y = 0.2 },
                   us = { { unum = 1, x = -13, y = 1 }, { unum = 2, x = -9, y = 4 }, { unum = 3, x = -3, y = -2 },
                          { unum = 4, x = -6, y = -6 } } }
  s:run(25)  -- roles settle as robots beam; nobody beams onto a teammate
  local at_spot = 0
  for i = 1, 4 do
    local r = s:robot(i)
    if math.abs(r.x + 0.25) < 0.1 and math.abs(r.y) < 0.1 then at_spot = at_spot + 1 end
  end
  expect_eq(at_spot, 1, "one player (the striker) at the kick-off spot")
  expect(s:robot(1).x < -13.5, "the keeper in goal")
  for i = 1, 4 do expect(s:robot(i).x < 0, "#" .. i .. " in our half") end
  local ok = s:run_until(function(t) return t:play_mode() == "KickOff_Left" end, 200)
  expect(ok, "our kick-off follows")
end)

test("after our goal we line up outside the centre circle, nobody at the kick-off spot", function()
  local s = scene{ play_mode = "Goal_Left", ball = { x = 15.3, y = 0.2 },
                   us = { { unum = 1, x = -13, y = 1 }, { unum = 2, x = 9, y = 4 }, { unum = 3, x = 12, y = -2 },
                          { unum = 4, x = 6, y = -6 } } }
  s:run(5)
  for i = 1, 4 do
    local r = s:robot(i)
    expect(r.x < 0 and math.sqrt(r.x ^ 2 + r.y ^ 2) > 2.0, "#" .. i .. " in our half outside the circle")
  end
end)

-- Pass mode (facts §7.10, lib/set_play.lua, docs/team.md) -----------------------

-- A clearance being lined up at (-11, 0), our striker at the kick pose facing
-- upfield, their robot `them_x` m upfield of the ball. The body stands at the
-- ball 1.5 s before its swing, as the engine's approach does on rcssserver3d.
local function clearance_scene(them_x)
  return scene{ ball = { x = -11, y = 0 },
                model = { kicks = { long = { approach = 1.5 } } },
                us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -11.22, y = 0, heading = 0 } },
                them = { { unum = 9, x = them_x, y = 0.3, heading = math.pi } } }
end

test("pass mode: lining up a clearance with an opponent coming, the striker asks for it", function()
  local s = clearance_scene(-9.4)
  local asked = false
  local ok = s:run_until(function(t)
    asked = asked or t:requests(2).pass_mode
    return t:play_mode() == "pass_left"
  end, 100)
  expect(asked, "asked for pass mode")
  expect(ok, "the referee granted it")
  -- Their robot stepping in is put back 1.1 m from the ball while it lasts.
  s:place(9, -10.4, 0.1, math.pi, "them")
  s:run(1)
  if s:play_mode() == "pass_left" then
    expect(dist(s:robot(9, "them"), s:ball()) > 1.05, "the opponent kept 1 m off")
  end
  -- Play goes on meanwhile: the kick is taken, which ends the mode.
  local kicked = s:run_until(function(t) return t:play_mode() == "PlayOn" and t:ball().x > -10 end, 300)
  expect(kicked, "the clearance went upfield")
end)

-- Runs n cycles: whether our #2 ever asked for pass mode, and whether it
-- ever ran kick_to (so a test of "never asked" is not vacuous).
local function watch_pass_requests(s, n)
  local asked, kicking = false, false
  for _ = 1, n do
    s:run(1)
    asked = asked or s:requests(2).pass_mode
    kicking = kicking or s:active(2, "kick_to")
  end
  return asked, kicking
end

test("pass mode: not asked for with no opponent within 2 m, nor upfield of x = 5", function()
  local asked, kicking = watch_pass_requests(clearance_scene(-8.5), 150)
  expect(kicking, "lined up a kick")
  expect(not asked, "no opponent within 2 m: not asked")
  local s = scene{ ball = { x = 6, y = 0 }, model = { kicks = { long = { approach = 1.5 } } },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 5.78, y = 0, heading = 0 } },
                   them = { { unum = 9, x = 7.6, y = 0.3, heading = math.pi } } }
  asked, kicking = watch_pass_requests(s, 150)
  expect(kicking, "upfield: lined up a kick")
  expect(not asked, "upfield of x = 5 (a goal within 10 s would not count): not asked")
end)

test("their pass mode: our striker waits just outside the metre the referee clears", function()
  local s = scene{ play_mode = "pass_right", ball = { x = 0, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -3, y = 0, heading = 0 } },
                   them = { { unum = 9, x = 0.3, y = 0, heading = math.pi } } }
  local closest = watch(s, { 2 }, 150)
  expect(closest > 1.0, "never within the metre")
  local d = dist(s:robot(2), s:ball())
  expect(d > 1.1 and d < 1.6, "waits 1.1-1.6 m from the ball, not at the set plays' 2.5 m: " .. d)
end)
