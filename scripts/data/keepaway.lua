-- Keepaway 3 vs 2 in a 10 x 10 m square centred on the field centre
-- (tools/bench/teamplay): the square and its tactical regions (3 x 3 cells;
-- corners are worth most: farthest from the takers' usual path).
return {
  bounds = { -5, -5, 5, 5 },
  regions = {
    { name = "BL", rect = { -5, 1.67, -1.67, 5 },     reward = 1.0 },
    { name = "BC", rect = { -5, -1.67, -1.67, 1.67 }, reward = 0.8 },
    { name = "BR", rect = { -5, -5, -1.67, -1.67 },   reward = 1.0 },
    { name = "ML", rect = { -1.67, 1.67, 1.67, 5 },   reward = 0.8 },
    { name = "MC", rect = { -1.67, -1.67, 1.67, 1.67 }, reward = 0.5 },
    { name = "MR", rect = { -1.67, -5, 1.67, -1.67 }, reward = 0.8 },
    { name = "FL", rect = { 1.67, 1.67, 5, 5 },       reward = 1.0 },
    { name = "FC", rect = { 1.67, -1.67, 5, 1.67 },   reward = 0.8 },
    { name = "FR", rect = { 1.67, -5, 5, -1.67 },     reward = 1.0 },
  },
  -- Where keepers without the ball wait: the corners (the free one nearest).
  spots = { { -4, -4 }, { 4, -4 }, { 4, 4 }, { -4, 4 } },
}
