-- An earlier search candidate (not shipped): type 0's forward gait table from the former forward_gait_search.py
-- (f3: from the shipped walk, --seed 3 --sigma 0.04, best of generation 18). 0 falls with grip in every
-- case and far fewer with slip, but 0.718 m/s at the limit (target 0.75). Paste into walk.lua's type0 block.
-- Figures: docs/benchmarks.md history, "Forward gait across contact models".
forward = { step_period = 0.1333, step_height = 0.0433, double_support = 0.0000, sway = 0.0010, com_height = 0.2537, torso_offset_x = 0.0255, gyro_ankle_pitch = -0.0234, gyro_hip_pitch = -0.0013, tilt_ankle_pitch = -0.0394, tilt_hip_pitch = -0.0178, balance_step_x = 0.0047, gyro_ankle_roll = 0.0852, tilt_ankle_roll = 0.4667, arm_swing = 7.5902 },
