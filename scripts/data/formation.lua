-- Formation data (team frame: own goal at x = -15). docs/team.md explains it.
return {
  -- Kick-off line-up by team size: [n][unum] = { x, y }. When we kick off,
  -- the player listed in `kick_off_taker` of that size stands at the ball.
  kick_off = {
    [1] = { { -14.0, 0.0 } },
    [2] = { { -14.0, 0.0 }, { -2.5, 0.0 } },
    [3] = { { -14.0, 0.0 }, { -9.0, 0.0 }, { -2.5, 0.0 } },
    [4] = { { -14.0, 0.0 }, { -9.0, -1.5 }, { -2.5, 0.0 }, { -3.5, 5.0 } },
    [5] = { { -14.0, 0.0 }, { -9.5, -2.5 }, { -9.5, 2.5 }, { -2.5, 0.0 }, { -3.5, -5.0 } },
    [6] = { { -14.0, 0.0 }, { -9.5, -2.5 }, { -9.5, 2.5 }, { -2.5, 0.0 }, { -3.5, -5.0 }, { -3.5, 5.0 } },
    [7] = { { -14.0, 0.0 }, { -10.0, -3.0 }, { -10.0, 3.0 }, { -2.5, 0.0 }, { -4.0, -5.0 }, { -4.0, 5.0 }, { -7.0, 0.0 } },
    [8] = { { -14.0, 0.0 }, { -10.0, -3.0 }, { -10.0, 3.0 }, { -2.5, 0.0 }, { -4.0, -5.0 }, { -4.0, 5.0 }, { -7.0, 0.0 },
            { -8.0, -7.0 } },
    [9] = { { -14.0, 0.0 }, { -10.0, -3.0 }, { -10.0, 3.0 }, { -2.5, 0.0 }, { -4.0, -5.0 }, { -4.0, 5.0 }, { -7.0, 0.0 },
            { -8.0, -7.0 }, { -8.0, 7.0 } },
    [10] = { { -14.0, 0.0 }, { -10.0, -3.0 }, { -10.0, 3.0 }, { -2.5, 0.0 }, { -4.0, -5.0 }, { -4.0, 5.0 }, { -7.0, 0.0 },
             { -8.0, -7.0 }, { -8.0, 7.0 }, { -1.0, -3.0 } },
    [11] = { { -14.0, 0.0 }, { -10.0, -3.0 }, { -10.0, 3.0 }, { -2.5, 0.0 }, { -4.0, -5.0 }, { -4.0, 5.0 }, { -7.0, 0.0 },
             { -8.0, -7.0 }, { -8.0, 7.0 }, { -1.0, -3.0 }, { -1.0, 3.0 } },
  },
  -- Where the kick-off taker stands (just behind the ball, inside the circle).
  kick_off_spot = { -0.25, 0.0 },

  -- Field players besides keeper and striker: how many are supporters, by
  -- team size (the rest are defenders; at least one defender when possible).
  supporters = { [1] = 0, [2] = 0, [3] = 0, [4] = 1, [5] = 1, [6] = 2, [7] = 2, [8] = 3, [9] = 3, [10] = 4, [11] = 4 },

  -- Base positions of defenders and supporters (by rank within the role,
  -- sorted by y): position = base + attraction * ball, clamped to the box.
  defender = {
    slots = { { -11.0, 0.0 }, { -11.0, -2.5 }, { -11.0, 2.5 }, { -9.0, -5.0 }, { -9.0, 5.0 }, { -8.0, 0.0 } },
    attraction = { 0.35, 0.35 },
    box = { -12.5, -7.0, -2.0, 7.0 },   -- x_min, y_min, x_max, y_max
  },
  supporter = {
    slots = { { -1.0, 4.0 }, { -1.0, -4.0 }, { 1.0, 6.5 }, { 1.0, -6.5 } },
    attraction = { 0.6, 0.4 },
    box = { -8.0, -8.5, 11.0, 8.5 },
  },
  -- Keeper: on an arc round the goal centre, between ball and goal.
  keeper = { radius = 0.8, max_y = 0.9, clear_distance = 2.5 },
  -- Search patrol points when the team lost the ball (visited in order).
  patrol = { { -5.0, 0.0 }, { 0.0, 5.0 }, { 5.0, 0.0 }, { 0.0, -5.0 } },
}
