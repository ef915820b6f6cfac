-- A robot that walks straight ahead at 0.5 m/s whatever happens: the moving
-- obstacle of tests/behaviors/planning_test.lua.
return function()
  skill.walk(0.5, 0, 0)
end
