-- Wander: the world-model benchmark's walker on the simulator. Beams to the
-- first waypoint before kick-off, then walks a fixed tour of the field while
-- the head scans, so localisation is scored on a real walk (slips, sway,
-- falls and get-ups included) against the server's ground truth.
local tour = { { -6, 0 }, { -2, 4 }, { 3, 4 }, { 6, -1 }, { 2, -5 }, { -4, -4 }, { -8, 2 }, { -3, 7 }, { 4, 7 }, { 9, 2 } }
local state = libero.persistent("wander")
state.next = state.next or 1
local P = world.PHASE
return function()
  local g, me = world.game, world.self
  if g.phase == P.BEFORE_KICK_OFF then
    skill.beam(tour[1][1], tour[1][2], 0)
    return
  end
  local target = tour[state.next]
  local dx, dy = target[1] - me.x, target[2] - me.y
  if dx * dx + dy * dy < 0.3 * 0.3 then
    state.next = state.next % #tour + 1
    target = tour[state.next]
    dx, dy = target[1] - me.x, target[2] - me.y
  end
  skill.walk_to(target[1], target[2], math.atan2(dy, dx))
  skill.scan()
end
