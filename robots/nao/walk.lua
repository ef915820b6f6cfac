-- Walk parameters (engine/motion/walk_params.h explains each field).
-- `default` sets everything; `typeN` overrides for hetero type N.
-- Reloaded while the agent runs (the file's mtime is polled off the cycle).
return {
  default = {
    step_period = 0.1418, hip_height_ratio = 0.7919, stand_hip_height_ratio = 0.87, foot_spread = 0.0030,
    torso_offset_x = 0.0201, torso_pitch = 0.0271, step_height = 0.0363, swing_end = 1.0000, swing_linear = 0.0, double_support = 0.1388, sway = 0.0084, sway_lead = 0.1256, lateral_pendulum = 0.4379,
    com_height = 0.2460,
    stand_foot_spread = 0.0, stand_torso_offset_x = 0.01, stand_torso_pitch = 0.1,
    max_forward = 0.5573, max_backward = 0.2, max_side = 0.3165, max_turn = 1.5247,
    accel_forward = 0.5876, accel_side = 1.4378, accel_turn = 5.1162,
    gyro_ankle_pitch = -0.0539, gyro_hip_pitch = 0.0070, gyro_ankle_roll = 0.0510, stand_gyro_ankle_roll = 0.25, stand_gyro_ankle_pitch = -0.05, gyro_hip_roll = 0.0137,
    tilt_ankle_pitch = -0.1502, tilt_hip_pitch = 0.0043, tilt_ankle_roll = 0.3452, tilt_hip_roll = -0.0629,
    balance_step_x = 0.0081, balance_step_y = 0.0000, turn_feedback = 0.5646,
    arm_swing = 1.0033, arm_pitch = -1.5, arm_out = 0.2, elbow = 0.5,
    walk_to_gain = 1.5, walk_to_turn_gain = 2.0, walk_to_tolerance = 0.05,
    walk_to_heading_tolerance = 0.1,
  },
  type1 = {},
  -- Type 2's ankle roll is slow (3.47 rad/s): a big gyro gain asks it for
  -- more than it can follow and the lag rocks the robot.
  type2 = { gyro_ankle_roll = 0.1 },
  type3 = {},
  -- Type 4 (toes): with the default gain it fell turning in place (2 in 10).
  type4 = { gyro_ankle_roll = 0.2 },
}
