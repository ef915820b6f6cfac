-- lib/geometry.lua: angles, 2D vectors and frame changes.
-- The scalar functions take and return plain numbers (several return
-- values instead of tables) so they never allocate; use them in per-cycle
-- code. `vec2` values are small tables: convenient, but each one allocates.

local M = {}

local sqrt, atan2, cos, sin, pi, floor = math.sqrt, math.atan2, math.cos, math.sin, math.pi, math.floor

M.pi = pi

function M.rad(degrees) return degrees * (pi / 180) end
function M.deg(radians) return radians * (180 / pi) end

-- Wraps an angle to (-pi, pi].
function M.normalize_angle(a)
  a = (a + pi) % (2 * pi)
  if a <= 0 then a = a + 2 * pi end
  return a - pi
end

-- Smallest signed difference a - b, in (-pi, pi].
function M.angle_diff(a, b) return M.normalize_angle(a - b) end

function M.clamp(value, low, high)
  if value < low then return low end
  if value > high then return high end
  return value
end

function M.distance(x1, y1, x2, y2)
  local dx, dy = x2 - x1, y2 - y1
  return sqrt(dx * dx + dy * dy)
end

-- Field direction from (x1, y1) towards (x2, y2).
function M.direction(x1, y1, x2, y2) return atan2(y2 - y1, x2 - x1) end

-- A field point in the robot frame of a robot at (x, y) facing heading.
function M.to_relative(x, y, heading, px, py)
  local dx, dy = px - x, py - y
  local c, s = cos(heading), sin(heading)
  return c * dx + s * dy, -s * dx + c * dy
end

-- A robot-frame point back to the field frame.
function M.to_field(x, y, heading, rx, ry)
  local c, s = cos(heading), sin(heading)
  return x + c * rx - s * ry, y + s * rx + c * ry
end

-- The point at distance d from (x1, y1) on the way to (x2, y2).
function M.point_towards(x1, y1, x2, y2, d)
  local length = M.distance(x1, y1, x2, y2)
  if length < 1e-9 then return x1, y1 end
  return x1 + (x2 - x1) * d / length, y1 + (y2 - y1) * d / length
end

function M.round(value) return floor(value + 0.5) end

-- 2D vectors as tables with arithmetic operators.
local vec2_meta = {}
vec2_meta.__index = vec2_meta

function M.vec2(x, y) return setmetatable({ x = x, y = y }, vec2_meta) end
local vec2 = M.vec2

vec2_meta.__add = function(a, b) return vec2(a.x + b.x, a.y + b.y) end
vec2_meta.__sub = function(a, b) return vec2(a.x - b.x, a.y - b.y) end
vec2_meta.__mul = function(a, b)
  if type(a) == "number" then return vec2(a * b.x, a * b.y) end
  return vec2(a.x * b, a.y * b)
end
vec2_meta.__unm = function(a) return vec2(-a.x, -a.y) end
vec2_meta.__eq = function(a, b) return a.x == b.x and a.y == b.y end
vec2_meta.__tostring = function(a) return string.format("(%.3f, %.3f)", a.x, a.y) end
function vec2_meta.length(a) return sqrt(a.x * a.x + a.y * a.y) end
function vec2_meta.angle(a) return atan2(a.y, a.x) end
function vec2_meta.dot(a, b) return a.x * b.x + a.y * b.y end
function vec2_meta.normalized(a)
  local l = sqrt(a.x * a.x + a.y * a.y)
  if l < 1e-12 then return vec2(0, 0) end
  return vec2(a.x / l, a.y / l)
end
function vec2_meta.rotated(a, angle)
  local c, s = cos(angle), sin(angle)
  return vec2(c * a.x - s * a.y, s * a.x + c * a.y)
end
function vec2_meta.distance(a, b) return M.distance(a.x, a.y, b.x, b.y) end

return M
