-- An earlier search candidate (not shipped): type 0's forward gait table found by
-- the former tools/bench/motion/forward_gait_search.py (generation 20 of seed 1). Paste into walk.lua's type0 block.
-- Figures: docs/benchmarks.md history, "Forward gait across contact models".
forward = { step_period = 0.1302, step_height = 0.0530, double_support = 0.0633, sway = 0.0015, com_height = 0.2827, torso_offset_x = -0.0023, gyro_ankle_pitch = -0.0974, gyro_hip_pitch = 0.0151, tilt_ankle_pitch = -0.3000, tilt_hip_pitch = 0.0362, balance_step_x = 0.0109, gyro_ankle_roll = 0.0347, tilt_ankle_roll = 0.4419, arm_swing = 7.4348 },
