-- Behaviour tests of the captain's role proposal (scripts/lib/team.lua;
-- docs/team.md "Roles and their assignment"): every robot sends its
-- proposal with the radio payload, all follow the captain's (lowest active
-- number) while it is fresh, and fall back to their own otherwise. We play
-- left: own goal at x = -15.
--
-- The mock world's perception is perfect, so the robots' views are made to
-- differ with s:hide_ball: a robot that stops seeing the ball keeps it where
-- it last saw it, and the ball is then moved to another robot.

-- The proposal's bits (docs/team.md): striker number in bits 0-3, a
-- supporter bit per number 2..11 from bit 4, the kind (1) in bits 14-17.
local function decode(bits)
  expect(bits ~= nil, "the robot sent a proposal")
  if not bits then return { supporter = {} } end
  expect_eq(bit.band(bit.rshift(bits, 14), 0xF), 1, "kind: role proposal")
  expect_eq(bit.rshift(bits, 18), 0, "bits 18-23 are free (zero)")
  local p = { striker = bit.band(bits, 0xF), supporter = {} }
  for n = 2, 11 do p.supporter[n] = bit.band(bits, bit.lshift(1, 4 + n - 2)) ~= 0 end
  return p
end

local function count_roles(s, unums)
  local c = { keeper = 0, defender = 0, supporter = 0, striker = 0 }
  for _, i in ipairs(unums) do
    local r = s:role(i)
    if r then c[r] = (c[r] or 0) + 1 end
  end
  return c
end

-- Puts the ball at `a` until `unum` is striker, hides the ball from it there,
-- then moves the ball to `b`: `unum` still believes the ball lies at its feet.
local function mislead(s, unum, a, b)
  s:set_ball{ x = a[1], y = a[2] }
  s:run(10)
  expect_eq(s:role(unum), "striker", "#" .. unum .. " is striker while the ball lies at its feet")
  s:hide_ball(unum)
  s:set_ball{ x = b[1], y = b[2] }
end

local function five()
  return scene{
    ball = { x = 1, y = 0 },
    us = { { unum = 1, x = -14, y = 0 }, { unum = 2, x = -9, y = -2 }, { unum = 3, x = -9, y = 2 },
           { unum = 4, x = -2, y = 0 }, { unum = 5, x = -3, y = -5 } },
  }
end
local ALL5 = { 1, 2, 3, 4, 5 }

test("five players: a robot whose own view makes it striker follows the captain's proposal", function()
  local s = five()
  mislead(s, 5, { -3, -4.6 }, { -1.6, 0 })
  s:run(5)
  expect_eq(decode(s:requests(5).radio_payload).striker, 5, "#5's own proposal: itself (it sees the ball at its feet)")
  expect_eq(decode(s:requests(1).radio_payload).striker, 4, "the captain #1 proposes #4, at the ball")
  expect(s:role(5) ~= "striker", "#5 follows the captain: not striker, got " .. tostring(s:role(5)))
  expect_eq(s:role(4), "striker", "#4 is striker")
  expect_eq(count_roles(s, ALL5).striker, 1, "one striker")
  expect_eq(s:role(1), "keeper", "#1 keeps")
end)

test("five players: the captain's stale proposal is not followed; a silent captain hands over to the next number", function()
  local s = five()
  mislead(s, 5, { -3, -4.6 }, { -1.6, 0 })
  s:run(5)
  expect(s:role(5) ~= "striker", "#5 follows the captain")
  s:silence(1)                    -- #1's radio goes quiet: its proposal ages, it stays active for 3 s
  s:run(40)                       -- 0.8 s: still fresh (proposal_timeout 1 s)
  expect(s:role(5) ~= "striker", "a proposal 0.8 s old is still followed")
  s:run(25)                       -- 1.3 s: stale, but #1 is still active (teammate_timeout 3 s)
  expect_eq(s:role(5), "striker", "#5 falls back to its own view: striker")
  expect_eq(s:role(1), "keeper", "#1 still keeps")
  s:run(100)                      -- 3.3 s: #1 dropped out; #2 is captain and sees the ball at #4
  expect_eq(decode(s:requests(2).radio_payload).striker, 4, "the new captain #2 proposes #4")
  expect(s:role(5) ~= "striker", "#5 follows the new captain #2: not striker, got " .. tostring(s:role(5)))
  expect_eq(s:role(4), "striker", "#4 is striker")
end)

test("two players without number 1: the non-captain follows the captain; once the captain is silent, its own", function()
  local s = scene{ ball = { x = 0, y = 0 }, us = { { unum = 2, x = -4, y = 2 }, { unum = 5, x = -4, y = -3 } } }
  mislead(s, 5, { -3.6, -3 }, { -3.5, 2 })
  s:run(5)
  expect_eq(decode(s:requests(2).radio_payload).striker, 2, "the captain #2 proposes itself")
  expect_eq(decode(s:requests(5).radio_payload).striker, 5, "#5 proposes itself")
  expect_eq(s:role(2), "striker", "#2 is striker")
  expect_eq(s:role(5), "defender", "#5 follows: defender")
  s:silence(2)
  s:run(65)                       -- 1.3 s: #2's proposal is stale
  expect_eq(s:role(5), "striker", "#5 on its own view: striker")
end)

test("eleven players: everyone plays the captain's proposal, the supporter split included", function()
  local lineup = { { -14.0, 0.0 }, { -10.0, -3.0 }, { -10.0, 3.0 }, { -2.5, 0.0 }, { -4.0, -5.0 }, { -4.0, 5.0 },
                   { -7.0, 0.0 }, { -8.0, -7.0 }, { -8.0, 7.0 }, { -1.0, -3.0 }, { -1.0, 3.0 } }
  local us = {}
  for i = 1, 11 do us[i] = { unum = i, x = lineup[i][1], y = lineup[i][2] } end
  local s = scene{ ball = { x = 0, y = 0 }, us = us }
  s:run(3)
  mislead(s, 10, { -0.6, -3 }, { -2.1, 0.2 })
  s:run(5)
  local captain = decode(s:requests(1).radio_payload)
  expect_eq(captain.striker, 4, "the captain proposes #4, at the ball")
  expect_eq(decode(s:requests(10).radio_payload).striker, 10, "#10's own proposal: itself")
  local all = {}
  for i = 1, 11 do all[i] = i end
  local c = count_roles(s, all)
  expect_eq(c.keeper, 1, "one keeper")
  expect_eq(c.striker, 1, "one striker")
  expect_eq(c.supporter, 4, "four supporters")
  expect_eq(c.defender, 5, "five defenders")
  for i = 2, 11 do
    local want = i == captain.striker and "striker" or (captain.supporter[i] and "supporter" or "defender")
    expect_eq(s:role(i), want, "#" .. i .. " plays the captain's role for it")
  end
end)
