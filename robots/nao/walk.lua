-- Walk parameters (engine/motion/walk_params.h explains each field).
-- `default` sets everything; `typeN` overrides for hetero type N.
-- Reloaded while the agent runs (the file's mtime is polled off the cycle).
return {
  default = {
    step_period = 0.1383, hip_height_ratio = 0.7825, stand_hip_height_ratio = 0.87, foot_spread = 0.0039,
    torso_offset_x = 0.0184, torso_pitch = -0.0239, step_height = 0.0337, swing_end = 0.9689, swing_linear = 0.0581, swing_ramp = 0, double_support = 0.0916, sway = 0.0058, sway_lead = 0.1141, lateral_pendulum = 0.3646,
    com_height = 0.2683,
    stand_foot_spread = 0.0, stand_torso_offset_x = 0.01, stand_torso_pitch = 0.1,
    max_forward = 0.7, max_backward = 0.2, max_side = 0.3420, max_turn = 2.4, combine_power = 1,
    accel_forward = 0.5482, accel_side = 1.4780, accel_turn = 6.4032,
    gyro_ankle_pitch = -0.0117, gyro_hip_pitch = -0.0040, gyro_ankle_roll = 0.1433, stand_gyro_ankle_roll = 0.25, stand_gyro_ankle_pitch = -0.05, gyro_hip_roll = -0.0210,
    tilt_ankle_pitch = -0.0435, tilt_hip_pitch = -0.1025, tilt_ankle_roll = 0.4206, tilt_hip_roll = 0.0859,
    balance_step_x = 0.0130, balance_step_y = 0.0030, turn_feedback = 0.5145, heading_feedback = 0,
    arm_swing = 1.0041, arm_pitch = -1.5, arm_out = 0.2, elbow = 0.5,
    walk_to_gain = 1.5, walk_to_turn_gain = 2.0, walk_to_tolerance = 0.05,
    walk_to_heading_tolerance = 0.1,
  },
  -- Types 1-4: `libero_walk_search robots/nao/walk.lua out.lua --type N` on top of `default`
  -- (docs/motion.md); speed limits lowered by hand where the 60 s random-command runs fell.
  -- max_turn: the searched blocks capped turning below what the walk can do in place; raised by
  -- hand until 60 s random-command runs with turns up to 3 rad/s fell (type 1 fell at 2.4, not at 2.0;
  -- types 2-4 fell above their searched values, type 3 at them).
  type1 = { max_turn = 2.0, max_forward = 0.5514 },
  -- Type 2's ankle roll is slow (3.47 rad/s): its search kept a small gyro gain.
  type2 = {
    gyro_ankle_roll = 0.1212, step_period = 0.1389, hip_height_ratio = 0.7800, foot_spread = 0.0035, torso_offset_x = 0.0190, torso_pitch = 0.0202,
    step_height = 0.0441, double_support = 0.1569, sway = 0.0061, com_height = 0.2613, gyro_ankle_pitch = -0.0516, gyro_hip_pitch = -0.0071,
    gyro_hip_roll = -0.0226, balance_step_x = 0.0121, balance_step_y = 0.0043, max_forward = 0.4792, max_side = 0.3327, max_turn = 1.6072,
    accel_forward = 0.3375, arm_swing = 0.8613, tilt_ankle_pitch = -0.1785, tilt_hip_pitch = -0.0304, tilt_ankle_roll = 0.2285, tilt_hip_roll = -0.0543,
    sway_lead = 0.1100, accel_side = 1.3158, accel_turn = 4.9414, lateral_pendulum = 0.4381, swing_end = 1.0000, turn_feedback = 0.6386,
    swing_linear = 0.1691,
  },
  -- Type 3 (longest legs): the least robust type (docs/benchmarks.md, Motion).
  type3 = {
    step_period = 0.1266, hip_height_ratio = 0.7956, foot_spread = 0.0006, torso_offset_x = 0.0214, torso_pitch = 0.0380, step_height = 0.0383,
    double_support = 0.1302, sway = 0.0074, com_height = 0.2476, gyro_ankle_pitch = -0.0666, gyro_hip_pitch = -0.0162, gyro_ankle_roll = 0.0796,
    gyro_hip_roll = 0.0154, balance_step_x = 0.0030, balance_step_y = 0.0038, max_forward = 0.6116, max_side = 0.2800, max_turn = 1.3306,
    accel_forward = 0.3941, arm_swing = 1.1827, tilt_ankle_pitch = -0.0758, tilt_hip_pitch = -0.0415, tilt_ankle_roll = 0.2531, tilt_hip_roll = -0.1297,
    sway_lead = 0.1675, accel_side = 1.2997, accel_turn = 4.7147, lateral_pendulum = 0.4079, swing_end = 0.9939, turn_feedback = 0.6292,
    swing_linear = 0.0000,
  },
  -- Type 4 (toes): max_forward 0.5 and max_side 0.25 instead of the searched 0.60 / 0.36,
  -- which fell 9 times in 10 random-command runs.
  type4 = {
    gyro_ankle_roll = 0.1846, step_period = 0.1375, hip_height_ratio = 0.7859, foot_spread = 0.0040, torso_offset_x = 0.0191, torso_pitch = 0.0238,
    step_height = 0.0351, double_support = 0.1472, sway = 0.0090, com_height = 0.2370, gyro_ankle_pitch = -0.0418, gyro_hip_pitch = 0.0081,
    gyro_hip_roll = -0.0219, balance_step_x = 0.0044, balance_step_y = 0.0028, max_forward = 0.5, max_side = 0.25, max_turn = 1.3217,
    accel_forward = 0.5878, arm_swing = 0.9643, tilt_ankle_pitch = -0.1520, tilt_hip_pitch = 0.0343, tilt_ankle_roll = 0.4251, tilt_hip_roll = -0.1244,
    sway_lead = 0.0955, accel_side = 1.3127, accel_turn = 5.4186, lateral_pendulum = 0.5927, swing_end = 1.0000, turn_feedback = 0.4545,
    swing_linear = 0.0261,
  },
}
