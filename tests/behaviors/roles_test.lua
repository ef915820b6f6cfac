-- Behaviour tests of role assignment, role positions, ball search and
-- clearing (scripts/lib/team.lua, lib/positioning.lua, data/formation.lua,
-- behaviors/search_for_ball.lua, behaviors/play_ball.lua; docs/team.md), in
-- the mock world. We play left: own goal at x = -15.

local function count_roles(s, unums, gone)
  local c = { keeper = 0, defender = 0, supporter = 0, striker = 0 }
  for _, i in ipairs(unums) do
    if not (gone and gone[i]) then
      local r = s:role(i)
      if r then c[r] = (c[r] or 0) + 1 end
    end
  end
  return c
end

local function five(ball_x, ball_y)
  return scene{
    ball = { x = ball_x, y = ball_y },
    us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -9, y = -2 }, { unum = 3, x = -9, y = 2 },
           { unum = 4, x = -2, y = 0 }, { unum = 5, x = -3, y = -5 } },
  }
end

local ALL5 = { 1, 2, 3, 4, 5 }

-- Teammates that stop talking ----------------------------------------------

test("a teammate that is still seen but stops talking drops out of the roles after the timeout", function()
  local s = five(1, 0)
  s:run(5)
  expect_eq(s:role(4), "striker", "#4 is nearest the ball")
  s:silence(4)                    -- its radio is dead; it stands on the field, visible
  s:run(50)                       -- 1 s
  local c = count_roles(s, ALL5, { [4] = true })
  expect_eq(c.striker, 0, "a short silence is no reason to reassign")
  s:run(150)                      -- 3 s more: past the 3 s teammate timeout
  c = count_roles(s, ALL5, { [4] = true })
  expect_eq(c.striker, 1, "one of the four that talk took over as striker")
  expect_eq(s:role(1), "keeper", "#1 still keeps")
  expect(c.defender >= 1, "at least one defender")
end)

-- Own pose lost ---------------------------------------------------------------

test("a robot that lost its own pose turns in place, scanning, and plays on once it has it back", function()
  local s = scene{ ball = { x = 3, y = 2 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -2, y = 2, heading = 0 } } }  -- facing the ball: no turn
  s:run(5)
  expect(s:active(2, "striker"), "#2 plays the ball")
  s:lose_pose(2)
  s:run(50)                       -- 1 s: a short loss is no reason to stop
  expect(s:active(2, "striker"), "still playing after 1 s")
  local turning = s:run_until(function(t) return t:active(2, "play", "relocalise") end, 50)
  expect(turning, "relocalises after 1.5 s lost")
  local q = s:requests(2)
  expect(q.body == "walk_velocity" and math.abs(q.walk_vx) < 0.01 and math.abs(q.walk_vy) < 0.01 and q.walk_turn > 0.5,
         "turning in place")
  expect_eq(q.head, "scan", "scanning")
  local back = s:run_until(function(t) return t:active(2, "striker") end, 150)
  expect(back, "plays again once it has turned and found its pose")
end)

-- Ball search ---------------------------------------------------------------

test("ball lost: a field player looks around, turns on the spot, then patrols; the keeper keeps guarding", function()
  local s = scene{ ball = { x = 3, y = 2 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -2, y = 1 } } }
  s:run(2)
  s:hide_ball(1, 4)               -- neither has seen it for 4 s (lost after 3 s)
  s:hide_ball(2, 4)
  s:run(50)                       -- 1 s
  expect(s:active(2, "search_for_ball", "look_around"), "#2 looks around first")
  expect_eq(s:requests(2).body, "stand", "standing")
  expect_eq(s:requests(2).head, "scan", "scanning")
  expect(s:active(1, "keeper"), "the keeper keeps guarding")
  s:run(100)                      -- 3 s
  expect(s:active(2, "search_for_ball", "turn"), "then turns")
  local q = s:requests(2)
  expect(q.body == "walk_velocity" and math.abs(q.walk_turn) > 0.1 and math.abs(q.walk_vx) < 0.01,
         "turning on the spot")
  s:run(200)                      -- 7 s
  expect(s:active(2, "search_for_ball", "patrol"), "then patrols")
  q = s:requests(2)
  expect_eq(q.body, "walk_to", "walking")
  local on_patrol = false
  for _, p in ipairs { { -5, 0 }, { 0, 5 }, { 5, 0 }, { 0, -5 } } do   -- data/formation.lua patrol
    if math.abs(q.target_x - p[1]) < 0.01 and math.abs(q.target_y - p[2]) < 0.01 then on_patrol = true end
  end
  expect(on_patrol, string.format("to a patrol point, got (%.2f, %.2f)", q.target_x, q.target_y))
  s:show_ball(2)
  s:run(2)
  expect(not s:active(2, "search_for_ball"), "stops searching once it sees the ball")
end)

test("a ball seen 2 s ago is not lost yet", function()
  local s = scene{ ball = { x = 3, y = 2 }, us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -2, y = 1 } } }
  s:hide_ball(2, 2)
  s:run(10)
  expect(not s:active(2, "search_for_ball"), "no search within the 3 s")
  s:run(75)
  expect(s:active(2, "search_for_ball"), "searches once it is 3 s old")
end)

-- Clearing ------------------------------------------------------------------

-- The clear's kick_to target and kind from robot unum's activation graph.
local function clear_kick(s, unum)
  local x, y, kind
  for _, e in ipairs(s:activation(unum)) do
    if e.option == "kick_to" then
      x, y = tonumber(e.params:match("x=([%-%d%.]+)")), tonumber(e.params:match("y=([%-%d%.]+)"))
      kind = e.params:match("kind=\"?(%a+)")
    end
  end
  return x, y, kind
end

test("a field player with the ball deep in our half and an opponent close clears it upfield past him", function()
  local s = scene{ ball = { x = -11, y = 2 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -11.4, y = 2 } },
                   them = { { unum = 9, x = -10, y = 2.6 } } }
  s:run(3)
  expect(s:active(2, "play_ball", "clear"), "play_ball chose to clear")
  local x, y, kind = clear_kick(s, 2)
  expect(kind == "long" or kind == "lofted", "a far kick, got " .. tostring(kind))
  expect(x and x > -11 + 3, "upfield")
  -- the attacker 1 m ahead and 0.6 m to the left is not in the ball's way
  expect(y and math.abs(y - 2) < 1.5, "about the way the robot faces, got y " .. tostring(y))
  local ok = s:run_until(function(t) return t:ball().x > -8 end, 750)
  expect(ok, "the ball is out of the danger zone within 15 s")
end)

test("a clear goes the way the robot comes at the ball, not round it", function()
  -- Coming from the left touchline side at the ball: clear upfield to the right, no walk round.
  local s = scene{ ball = { x = -11, y = 2 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -11, y = 2.4, heading = -math.pi / 2 } },
                   them = { { unum = 9, x = -10, y = 2.6, heading = math.pi } } }
  s:run(3)
  expect(s:active(2, "play_ball", "clear"), "play_ball chose to clear")
  local x, y = clear_kick(s, 2)
  expect(x and x > -11, "not towards our goal")
  expect(y and y < 2 - 3, "to the right, the way it comes, got y " .. tostring(y))
end)

test("a clear turns away from an attacker standing in the ball's way", function()
  local s = scene{ ball = { x = -11, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -11.4, y = 0 } },
                   them = { { unum = 9, x = -9.9, y = 0.1, heading = math.pi } } }
  s:run(3)
  expect(s:active(2, "play_ball", "clear"), "play_ball chose to clear")
  local x, y = clear_kick(s, 2)
  expect(x and x > -11, "upfield")
  -- the ball's path passes the attacker 1.1 m ahead by more than the lane (0.35 + 0.11 m)
  local h = math.atan2(y, x + 11)
  expect(math.abs(1.1 * math.sin(h) - 0.1 * math.cos(h)) > 0.46, "away from the attacker, heading " .. h)
end)

-- A kick approach that stands at the ball (as the engine's does on the real
-- server), the keeper clearing a slow ball in the penalty area.
local SLOW_APPROACH = { kicks = { long = { approach = 4 }, lofted = { approach = 4 } } }

test("pressed during a slow kick approach, the keeper walks the ball on towards the clear's target", function()
  -- Facing 0.9 rad off the ball: facing it, the keeper would push it on without a kick
  -- (tests/behaviors/dribble_test.lua, the pressed clearance).
  local s = scene{ ball = { x = -13.5, y = 0 }, model = SLOW_APPROACH,
                   us = { { unum = 1, x = -14.1, y = 0, heading = 0.9 } },
                   them = { { unum = 9, x = -13.3, y = 0.55, heading = -math.pi / 2 } } }
  local poked = s:run_until(function(t) return t:active(1, "kick_to", "poke") end, 150)
  expect(poked, "pokes within 3 s")
  expect(s:robot(1).body ~= "kick", "the kick's approach given up, body " .. tostring(s:robot(1).body))
  local moved = s:run_until(function(t) return t:ball().x > -13.2 end, 100)
  expect(moved, "the ball goes upfield within 2 s, at x " .. s:ball().x)
end)

test("unpressed, a slow kick approach is waited for, and the keeper kicks", function()
  -- #2 upfield: alone, #1 would be the striker, not the keeper.
  local s = scene{ ball = { x = -13.5, y = 0 }, model = SLOW_APPROACH,
                   us = { { unum = 1, x = -14.1, y = 0 }, { unum = 2, x = 5, y = 3 } } }
  local poked = false
  local kicked = s:run_until(function(t)
    poked = poked or t:active(1, "kick_to", "poke")
    return t:ball().x > -11
  end, 400)
  expect(kicked, "the ball cleared within 8 s")
  expect_eq(s:role(1), "keeper", "#1 keeps")
  expect(not poked, "no poke: nobody at the ball")
end)

-- A slow ball in our penalty area is the keeper's (lib/team.lua keeper_ball):
-- against FC Portugal on rcssserver3d keeper and striker both stood at such
-- balls for 10 s and more, and their robot came and scored.
local function goal_mouth_scene(keeper_fallen)
  return scene{ ball = { x = -14.3, y = -1.0 },
                us = { { unum = 1, x = -14.7, y = -0.8, fallen = keeper_fallen }, { unum = 2, x = -13.2, y = -1.6 } },
                them = { { unum = 9, x = -11.8, y = -1.0, heading = math.pi } } }
end

test("a slow ball in our penalty area: the keeper clears it, the striker covers it from the attacker", function()
  local s = goal_mouth_scene(false)
  s:run(3)
  expect_eq(s:role(2), "striker", "#2 is the striker")
  expect(s:active(2, "striker", "cover"), "the striker covers")
  expect(s:active(1, "keeper", "clear"), "the keeper clears")
  local q = s:requests(2)
  local tx, ty = q.target_x, q.target_y
  expect(tx and math.abs(math.sqrt((tx + 14.3) ^ 2 + (ty + 1.0) ^ 2) - 0.8) < 0.05,
         string.format("waits 0.8 m from the ball, target (%s, %s)", tostring(tx), tostring(ty)))
  expect(tx > -14.3 + 0.75, "between the ball and the attacker upfield, target x " .. tx)
  local nearest = math.huge
  local cleared = s:run_until(function(t)
    local b, r = t:ball(), t:robot(2)
    if t:active(2, "striker", "cover") then
      nearest = math.min(nearest, math.sqrt((r.x - b.x) ^ 2 + (r.y - b.y) ^ 2))
    end
    return b.x > -12
  end, 500)
  expect(cleared, "the keeper cleared it within 10 s, ball x " .. s:ball().x)
  expect(nearest > 0.3, "while covering the striker kept off the ball: nearest " .. nearest)
end)

test("the keeper's ball stays the keeper's on the area's line, and is the striker's again well out of it", function()
  local s = goal_mouth_scene(false)
  s:run(3)
  expect(s:active(2, "striker", "cover"), "the striker covers")
  s:set_ball{ x = -15 + 1.8 + 0.3, y = -1.0 }   -- 0.3 m out of the area: within the 0.5 m margin
  s:run(3)
  expect(s:active(2, "striker", "cover"), "still covering just outside the area")
  s:set_ball{ x = -15 + 1.8 + 1.0, y = -1.0 }   -- 1 m out
  s:run(3)
  expect(s:active(2, "play_ball"), "the striker plays it")
end)

test("a slow ball in our penalty area with the keeper down: the striker plays it", function()
  local s = goal_mouth_scene(true)
  s:run(3)
  expect_eq(s:role(2), "striker", "#2 is the striker")
  expect(s:active(2, "play_ball"), "the striker plays the ball")
  expect(not s:active(2, "striker", "cover"), "no cover while the keeper is down")
end)

-- Role positions (data/formation.lua) -----------------------------------

-- The formation slots of a role for the ball at (bx, by): base +
-- attraction * ball, clamped to the box. Values of data/formation.lua.
local FORMATION = {
  defender = { slots = { { -11.0, 0.0 }, { -11.0, -2.5 }, { -11.0, 2.5 }, { -9.0, -5.0 }, { -9.0, 5.0 } },
               attraction = { 0.35, 0.35 }, box = { -12.5, -7.0, -2.0, 7.0 } },
  supporter = { slots = { { -1.0, 4.0 }, { -1.0, -4.0 }, { 1.0, 6.5 }, { 1.0, -6.5 } },
                attraction = { 0.6, 0.4 }, box = { -8.0, -8.5, 11.0, 8.5 } },
}
local function slot(role, k, bx, by)
  local f = FORMATION[role]
  local x = f.slots[k][1] + f.attraction[1] * bx
  local y = f.slots[k][2] + f.attraction[2] * by
  return math.max(f.box[1], math.min(f.box[3], x)), math.max(f.box[2], math.min(f.box[4], y))
end

local function is_slot(role, n, x, y, bx, by)
  for k = 1, n do
    local sx, sy = slot(role, k, bx, by)
    if math.abs(sx - x) < 0.01 and math.abs(sy - y) < 0.01 then return k end
  end
end

test("five players: defenders and the supporter walk to the formation's slots, the lower defender to the lower slot", function()
  local s = five(1, 0)
  s:run(3)
  expect_eq(s:role(2), "defender")
  expect_eq(s:role(3), "defender")
  expect_eq(s:role(5), "supporter")
  local q2, q3 = s:requests(2), s:requests(3)
  expect(is_slot("defender", 2, q2.target_x, q2.target_y, 1, 0) and is_slot("defender", 2, q3.target_x, q3.target_y, 1, 0),
         "#2 and #3 walk to the two first defender slots")
  expect(q2.target_y < q3.target_y, string.format("#2 (y = -2) takes the lower slot, #3 (y = 2) the upper: %.2f, %.2f",
                                                  q2.target_y, q3.target_y))
  expect(is_slot("supporter", 1, s:requests(5).target_x, s:requests(5).target_y, 1, 0), "#5 on the supporter slot")
end)

test("five players: the two defenders spread out on their slots instead of swapping targets", function()
  local s = scene{ ball = { x = 1, y = 0 }, them = { { unum = 1, x = 14, y = 0 } },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -9, y = -2 }, { unum = 3, x = -9, y = 2 },
                          { unum = 4, x = -2, y = 0 }, { unum = 5, x = -3, y = -5 } } }
  s:run(1000)                     -- 20 s: the striker plays the ball upfield meanwhile
  local a, b = s:robot(2), s:robot(3)
  expect(s:role(2) == "defender" and s:role(3) == "defender", "both still defend")
  expect(math.abs(a.y - b.y) > 2.0, string.format("2.5 m apart in y as the slots are, got %.2f m", math.abs(a.y - b.y)))
end)

-- Eleven players in the kick-off line-up, the ball at (bx, by); a striker
-- next to the ball. Every defender's target that is a formation slot (the
-- planner may give a waypoint instead) is at or behind the ball.
test("eleven players: defenders' targets are formation slots at or behind the ball", function()
  local lineup = { { -14.0, 0.0 }, { -10.0, -3.0 }, { -10.0, 3.0 }, { -2.5, 0.0 }, { -4.0, -5.0 }, { -4.0, 5.0 },
                   { -7.0, 0.0 }, { -8.0, -7.0 }, { -8.0, 7.0 }, { -1.0, -3.0 }, { -1.0, 3.0 } }
  for _, b in ipairs { { -12.2, 0 }, { -11, 4 }, { -9, -6 }, { -5, 0 }, { 0, 3 }, { 8, -2 } } do
    local us = {}
    for i = 1, 11 do us[i] = { unum = i, x = lineup[i][1], y = lineup[i][2] } end
    us[4] = { unum = 4, x = b[1] - 0.25, y = b[2] }   -- the striker, at the ball
    local s = scene{ ball = { x = b[1], y = b[2] }, us = us }
    s:run(2)
    local matched = 0
    for i = 2, 11 do
      if s:role(i) == "defender" then
        local q = s:requests(i)
        if q.body == "walk_to" and is_slot("defender", 5, q.target_x, q.target_y, b[1], b[2]) then
          matched = matched + 1
          expect(q.target_x <= b[1], string.format("ball (%g, %g): #%d's slot (%.2f, %.2f) is in front of the ball",
                                                   b[1], b[2], i, q.target_x, q.target_y))
        end
      end
    end
    expect(matched >= 3, string.format("ball (%g, %g): most defenders walk to slots, %d did", b[1], b[2], matched))
  end
end)

-- Supporter vs defender hysteresis ------------------------------------------

test("supporter vs defender: the current supporter keeps its role against a slightly more advanced teammate", function()
  -- Four players: keeper, striker, one supporter, one defender.
  local s = scene{ ball = { x = 3, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = 2.6, y = 0 }, { unum = 3, x = -5, y = 4 },
                          { unum = 4, x = -7, y = -4 } } }
  s:run(3)
  expect_eq(s:role(3), "supporter", "#3, more advanced, supports")
  expect_eq(s:role(4), "defender", "#4 defends")
  s:place(4, -4.0, -4, 0)         -- 1 m ahead of #3: less than the 1.5 m bonus
  s:place(3, -5, 4, 0)
  s:run(2)
  expect_eq(s:role(3), "supporter", "#3 still supports")
  expect_eq(s:role(4), "defender", "#4 still defends")
  s:place(4, -2.5, -4, 0)         -- 2.5 m ahead: clearly more advanced
  s:place(3, -5, 4, 0)
  s:run(2)
  expect_eq(s:role(4), "supporter", "#4 took over as supporter")
  expect_eq(s:role(3), "defender", "#3 defends now")
end)

-- Team sizes ---------------------------------------------------------------

test("four players: one keeper, one striker, one supporter, one defender", function()
  local s = scene{ ball = { x = 0, y = 0 },
                   us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -9, y = -1.5 }, { unum = 3, x = -0.5, y = 0 },
                          { unum = 4, x = -3.5, y = 5 } } }
  s:run(3)
  local c = count_roles(s, { 1, 2, 3, 4 })
  expect_eq(s:role(1), "keeper")
  expect_eq(s:role(3), "striker", "#3 nearest the ball")
  expect_eq(c.striker, 1)
  expect_eq(c.supporter, 1)
  expect_eq(c.defender, 1)
end)

test("eleven players: one keeper, one striker, four supporters, five defenders", function()
  local us = {}
  local lineup = { { -14.0, 0.0 }, { -10.0, -3.0 }, { -10.0, 3.0 }, { -2.5, 0.0 }, { -4.0, -5.0 }, { -4.0, 5.0 },
                   { -7.0, 0.0 }, { -8.0, -7.0 }, { -8.0, 7.0 }, { -1.0, -3.0 }, { -1.0, 3.0 } }
  for i = 1, 11 do us[i] = { unum = i, x = lineup[i][1], y = lineup[i][2] } end
  local s = scene{ ball = { x = 0, y = 0 }, us = us }
  s:run(3)
  local all = {}
  for i = 1, 11 do all[i] = i end
  local c = count_roles(s, all)
  expect_eq(s:role(1), "keeper", "#1 keeps")
  expect_eq(c.keeper, 1, "one keeper")
  expect_eq(c.striker, 1, "one striker")
  expect_eq(c.supporter, 4, "four supporters")
  expect_eq(c.defender, 5, "five defenders")
  local defenders_behind = true
  for i = 2, 11 do
    if s:role(i) == "defender" and s:robot(i).x > 0 then defenders_behind = false end
  end
  expect(defenders_behind, "the defenders are the players furthest back")
end)
