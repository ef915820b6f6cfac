-- Tactical regions for region-based passing (team frame). Three lanes
-- (L, C, R) x three rows (B, M, F) + Shoot + Danger, each a rectangle
-- { x_min, y_min, x_max, y_max } with a reward; later entries win where
-- rectangles overlap (Shoot and Danger are listed last).
return {
  { name = "BL", rect = { -15, 3.5, -5, 10 },  reward = 0.2 },
  { name = "BC", rect = { -15, -3.5, -5, 3.5 }, reward = 0.1 },
  { name = "BR", rect = { -15, -10, -5, -3.5 }, reward = 0.2 },
  { name = "ML", rect = { -5, 3.5, 5, 10 },    reward = 0.5 },
  { name = "MC", rect = { -5, -3.5, 5, 3.5 },  reward = 0.55 },
  { name = "MR", rect = { -5, -10, 5, -3.5 },  reward = 0.5 },
  { name = "FL", rect = { 5, 3.5, 15, 10 },    reward = 0.7 },
  { name = "FC", rect = { 5, -3.5, 15, 3.5 },  reward = 0.85 },
  { name = "FR", rect = { 5, -10, 15, -3.5 },  reward = 0.7 },
  { name = "Shoot", rect = { 10, -4, 15, 4 },  reward = 1.0 },
  { name = "Danger", rect = { -15, -4, -10, 4 }, reward = -1.0 },
}
