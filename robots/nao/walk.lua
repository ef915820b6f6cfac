-- Walk parameters (engine/motion/walk_params.h explains each field).
-- `default` sets everything; `typeN` overrides for hetero type N.
-- Reloaded while the agent runs (the file's mtime is polled off the cycle).
return {
  default = {
    step_period = 0.16, hip_height_ratio = 0.8, stand_hip_height_ratio = 0.87, foot_spread = 0.0,
    torso_offset_x = 0.01, torso_pitch = 0.1, step_height = 0.03, swing_end = 1.0, swing_linear = 0.0, double_support = 0.2, sway = 0.0, sway_lead = 0.0, lateral_pendulum = 0.0,
    com_height = 0.26,
    stand_foot_spread = 0.0, stand_torso_offset_x = 0.01, stand_torso_pitch = 0.1,
    max_forward = 0.4, max_backward = 0.2, max_side = 0.15, max_turn = 1.6,
    accel_forward = 1.0, accel_side = 1.0, accel_turn = 4.0,
    gyro_ankle_pitch = -0.05, gyro_hip_pitch = 0.0, gyro_ankle_roll = 0.25, stand_gyro_ankle_roll = 0.25, stand_gyro_ankle_pitch = -0.05, gyro_hip_roll = 0.0,
    tilt_ankle_pitch = 0.0, tilt_hip_pitch = 0.0, tilt_ankle_roll = 0.0, tilt_hip_roll = 0.0,
    balance_step_x = 0.015, balance_step_y = 0.0, turn_feedback = 1.0,
    arm_swing = 1.0, arm_pitch = -1.5, arm_out = 0.2, elbow = 0.5,
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
