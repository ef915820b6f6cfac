-- Baseline team for mock matches: every player chases the ball and kicks it
-- at the opponent goal; lines up at a fixed spot before kick-off.
local spots = { { -14, 0 }, { -9, -3 }, { -9, 3 }, { -3, 0 }, { -5, -6 }, { -5, 6 }, { -7, 0 }, { -8, -7 }, { -8, 7 }, { -2, -3 }, { -2, 3 } }
local P = world.PHASE
return function()
  local g, me, b = world.game, world.self, world.ball
  if g.phase == P.BEFORE_KICK_OFF or g.phase == P.OUR_GOAL or g.phase == P.THEIR_GOAL then
    local s = spots[g.unum] or spots[4]
    skill.beam(s[1], s[2], 0)
  elseif g.phase == P.THEIR_KICK_OFF or g.phase == P.GAME_OVER then
    skill.stand()
  else
    local h = math.atan2(-b.y, 15 - b.x)
    local px, py = b.x - 0.22 * math.cos(h), b.y - 0.22 * math.sin(h)
    local d, e = math.sqrt((me.x - px) ^ 2 + (me.y - py) ^ 2), math.abs((me.heading - h + math.pi) % (2 * math.pi) - math.pi)
    if d < 0.08 and e < 0.15 then skill.kick(15, 0, "long") else skill.walk_to(px, py, h) end
  end
end
