-- lib/formation.lua: kick-off positions by player number (own half, team frame).
local M = {}

local positions = {
  { -14.0, 0.0 }, { -10.0, -3.0 }, { -10.0, 3.0 }, { -7.0, 0.0 }, { -4.0, -5.0 }, { -4.0, 5.0 },
  { -2.5, 0.0 }, { -8.0, -7.0 }, { -8.0, 7.0 }, { -1.0, -3.0 }, { -1.0, 3.0 },
}

-- Position for a player number; unknown numbers go to the centre of the own half.
function M.position(unum)
  local p = positions[unum]
  if p == nil then return -5.0, 0.0 end
  return p[1], p[2]
end

return M
