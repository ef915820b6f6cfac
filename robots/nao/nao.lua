-- NAO as simulated by SimSpark / rcssserver3d 0.7.2, hetero types 0-4.
-- Every number cites /work/shared/reference/simspark-facts.md ("facts"):
-- §1.2 bodies, §1.3 joints, §1.4 motors, §2 hetero types, §5.7 camera.
--
-- Written in the RSG frame exactly as the RSG files give it: x = robot's
-- right, y = forward, z = up; offsets relative to the parent body's centre,
-- joint anchors relative to the child body's centre, limits in degrees.
-- The loader (engine/robot/description.cpp) converts to the engine frame
-- (x forward, y left: x_std = y_rsg, y_std = -x_rsg) and to radians.
--
-- A string where a number is expected names a type parameter (below); a
-- leading '-' negates it. Entries with `only_if = "<parameter>"` exist only
-- for the types where that parameter is true.

-- facts §1.4: setJointMaxSpeed1 = 3.14159265 * 351.77 / 180 rad/s
local joint_max_speed = 3.14159265 * 351.77 / 180

-- facts §2, type 4 foot/toe split (naolegtoe.rsg)
local toe_length = 0.035517656
local toe_mass_ratio = (toe_length / 0.16) * 0.5

return {
  model = "nao",

  -- Shared by all types unless a type overrides them (facts §1.2-1.4, §2).
  parameters = {
    joint_max_speed = joint_max_speed,
    joint_max_torque = 10,         -- dParamFMax, facts §1.4
    hip_z = -0.115,                -- Hip1RelTorso_Z
    foot_rel_ankle_y = 0.03,       -- foot centre ahead of the ankle (types 0-3)
    foot_size_y = 0.16,
    foot_mass = 0.2,
    use_toe = false,
  },

  -- facts §2 (naorobottypes.rb NaoType table)
  types = {
    { type = 0, hip_x = 0.055, thigh_rel_hip2_z = -0.04, ankle_rel_shank_z = -0.055,
      elbow_rel_upperarm_y = 0.07, lj5_max_speed = 6.1395, lj6_max_speed = 6.1395 },
    { type = 1, hip_x = 0.055, thigh_rel_hip2_z = -0.05832, ankle_rel_shank_z = -0.07332,
      elbow_rel_upperarm_y = 0.10664, lj5_max_speed = 6.1395, lj6_max_speed = 6.1395 },
    { type = 2, hip_x = 0.055, thigh_rel_hip2_z = -0.04, ankle_rel_shank_z = -0.055,
      elbow_rel_upperarm_y = 0.07, lj5_max_speed = 8.80667, lj6_max_speed = 3.47234 },
    { type = 3, hip_x = 0.072954143, thigh_rel_hip2_z = -0.067868424, ankle_rel_shank_z = -0.082868424,
      elbow_rel_upperarm_y = 0.125736848, lj5_max_speed = 6.1395, lj6_max_speed = 6.1395 },
    { type = 4, hip_x = 0.055, thigh_rel_hip2_z = -0.04, ankle_rel_shank_z = -0.055,
      elbow_rel_upperarm_y = 0.07, lj5_max_speed = 6.1395, lj6_max_speed = 6.1395,
      -- facts §2 "Type 4 foot/toe": shorter foot box, mass split by length ratio
      use_toe = true,
      toe_length = toe_length,
      foot_size_y = 0.16 - toe_length,                     -- 0.124482344
      foot_rel_ankle_y = (0.16 - toe_length) / 2 - 0.05,   -- 0.012241172
      foot_mass = (1 - toe_mass_ratio) * 0.2,              -- 0.177801465
      toe_mass = toe_mass_ratio * 0.2,                     -- 0.022198535
      toe_anchor_y = -toe_length / 2,                      -- lj7 on the front bottom edge of the foot
    },
  },

  -- facts §1.2. Shapes give the inertia (uniform density, total mass);
  -- collider = true when the collision geometry is the same shape.
  -- box = full edge lengths (x, y, z); sphere = radius; capsule = {radius, cylinder length} along z.
  bodies = {
    { name = "torso", mass = 1.2171, box = { 0.1, 0.1, 0.18 }, collider = true },
    { name = "neck", parent = "torso", offset = { 0, 0, 0.09 }, mass = 0.05,
      capsule = { 0.015, 0.08 }, collider = true },
    { name = "head", parent = "neck", offset = { 0, 0, 0.065 }, mass = 0.35,
      sphere = 0.065, collider = true, marker = "head" },

    { name = "rshoulder", parent = "torso", offset = { 0.098, 0, 0.075 }, mass = 0.07, sphere = 0.01 },
    { name = "rupperarm", parent = "rshoulder", offset = { 0.01, 0.02, 0 }, mass = 0.15,
      box = { 0.07, 0.08, 0.06 }, collider = true },
    { name = "relbow", parent = "rupperarm", offset = { -0.01, "elbow_rel_upperarm_y", 0.009 }, mass = 0.035,
      sphere = 0.01 },
    { name = "rlowerarm", parent = "relbow", offset = { 0, 0.05, 0 }, mass = 0.2,
      box = { 0.05, 0.11, 0.05 }, collider = true, marker = "rlowerarm" },

    { name = "lshoulder", parent = "torso", offset = { -0.098, 0, 0.075 }, mass = 0.07, sphere = 0.01 },
    { name = "lupperarm", parent = "lshoulder", offset = { -0.01, 0.02, 0 }, mass = 0.15,
      box = { 0.07, 0.08, 0.06 }, collider = true },
    { name = "lelbow", parent = "lupperarm", offset = { 0.01, "elbow_rel_upperarm_y", 0.009 }, mass = 0.035,
      sphere = 0.01 },
    { name = "llowerarm", parent = "lelbow", offset = { 0, 0.05, 0 }, mass = 0.2,
      box = { 0.05, 0.11, 0.05 }, collider = true, marker = "llowerarm" },

    { name = "rhip1", parent = "torso", offset = { "hip_x", -0.01, "hip_z" }, mass = 0.09, sphere = 0.01 },
    { name = "rhip2", parent = "rhip1", offset = { 0, 0, 0 }, mass = 0.125, sphere = 0.01 },
    { name = "rthigh", parent = "rhip2", offset = { 0, 0.01, "thigh_rel_hip2_z" }, mass = 0.275,
      box = { 0.07, 0.07, 0.14 }, collider = true },
    { name = "rshank", parent = "rthigh", offset = { 0, 0.005, -0.125 }, mass = 0.225,
      box = { 0.08, 0.07, 0.11 }, collider = true },
    { name = "rankle", parent = "rshank", offset = { 0, -0.01, "ankle_rel_shank_z" }, mass = 0.125,
      sphere = 0.01 },
    { name = "rfoot", parent = "rankle", offset = { 0, "foot_rel_ankle_y", -0.04 }, mass = "foot_mass",
      box = { 0.08, "foot_size_y", 0.02 }, collider = true, marker = "rfoot" },
    { name = "rtoe", parent = "rfoot", offset = { 0, 0.08, -0.005 }, mass = "toe_mass",
      box = { 0.08, "toe_length", 0.01 }, collider = true, only_if = "use_toe" },

    { name = "lhip1", parent = "torso", offset = { "-hip_x", -0.01, "hip_z" }, mass = 0.09, sphere = 0.01 },
    { name = "lhip2", parent = "lhip1", offset = { 0, 0, 0 }, mass = 0.125, sphere = 0.01 },
    { name = "lthigh", parent = "lhip2", offset = { 0, 0.01, "thigh_rel_hip2_z" }, mass = 0.275,
      box = { 0.07, 0.07, 0.14 }, collider = true },
    { name = "lshank", parent = "lthigh", offset = { 0, 0.005, -0.125 }, mass = 0.225,
      box = { 0.08, 0.07, 0.11 }, collider = true },
    { name = "lankle", parent = "lshank", offset = { 0, -0.01, "ankle_rel_shank_z" }, mass = 0.125,
      sphere = 0.01 },
    { name = "lfoot", parent = "lankle", offset = { 0, "foot_rel_ankle_y", -0.04 }, mass = "foot_mass",
      box = { 0.08, "foot_size_y", 0.02 }, collider = true, marker = "lfoot" },
    { name = "ltoe", parent = "lfoot", offset = { 0, 0.08, -0.005 }, mass = "toe_mass",
      box = { 0.08, "toe_length", 0.01 }, collider = true, only_if = "use_toe" },
  },

  -- facts §1.3. Each joint connects `child` to the child's parent body.
  -- anchor: relative to the child's centre (RSG); axis: torso frame, zero pose.
  -- max_speed defaults to joint_max_speed, max_torque to joint_max_torque.
  joints = {
    { name = "hj1", child = "neck", axis = { 0, 0, 1 }, anchor = { 0, 0, 0 }, min = -120, max = 120 },
    { name = "hj2", child = "head", axis = { 1, 0, 0 }, anchor = { 0, 0, -0.005 }, min = -45, max = 45 },

    { name = "raj1", child = "rshoulder", axis = { 1, 0, 0 }, anchor = { 0, 0, 0 }, min = -120, max = 120 },
    { name = "raj2", child = "rupperarm", axis = { 0, 0, 1 }, anchor = { -0.01, -0.02, 0 }, min = -95, max = 1 },
    { name = "raj3", child = "relbow", axis = { 0, 1, 0 }, anchor = { 0, 0, 0 }, min = -120, max = 120 },
    { name = "raj4", child = "rlowerarm", axis = { 0, 0, 1 }, anchor = { 0, -0.05, 0 }, min = -1, max = 90 },

    { name = "laj1", child = "lshoulder", axis = { 1, 0, 0 }, anchor = { 0, 0, 0 }, min = -120, max = 120 },
    { name = "laj2", child = "lupperarm", axis = { 0, 0, 1 }, anchor = { 0.01, -0.02, 0 }, min = -1, max = 95 },
    { name = "laj3", child = "lelbow", axis = { 0, 1, 0 }, anchor = { 0, 0, 0 }, min = -120, max = 120 },
    { name = "laj4", child = "llowerarm", axis = { 0, 0, 1 }, anchor = { 0, -0.05, 0 }, min = -90, max = 1 },

    -- rlj1/llj1 are independent joints here (facts §1.3 notes). The RSG axis
    -- (-0.7071, 0, ±0.7071) is normalised by the loader as ODE does.
    { name = "rlj1", child = "rhip1", axis = { -0.7071, 0, 0.7071 }, anchor = { 0, 0, 0 }, min = -90, max = 1 },
    { name = "rlj2", child = "rhip2", axis = { 0, 1, 0 }, anchor = { 0, 0, 0 }, min = -45, max = 25 },
    -- lj3 anchor = -ThighRelHip2 (naoleg.rsg), i.e. the hip centre for every type
    { name = "rlj3", child = "rthigh", axis = { 1, 0, 0 }, anchor = { 0, -0.01, "-thigh_rel_hip2_z" },
      min = -25, max = 100 },
    { name = "rlj4", child = "rshank", axis = { 1, 0, 0 }, anchor = { 0, -0.01, 0.045 }, min = -130, max = 1 },
    { name = "rlj5", child = "rankle", axis = { 1, 0, 0 }, anchor = { 0, 0, 0 }, min = -45, max = 75,
      max_speed = "lj5_max_speed" },
    { name = "rlj6", child = "rfoot", axis = { 0, 1, 0 }, anchor = { 0, -0.03, 0.035 }, min = -25, max = 45,
      max_speed = "lj6_max_speed" },
    { name = "rlj7", child = "rtoe", axis = { 1, 0, 0 }, anchor = { 0, "toe_anchor_y", -0.005 }, min = -1, max = 70,
      only_if = "use_toe" },

    { name = "llj1", child = "lhip1", axis = { -0.7071, 0, -0.7071 }, anchor = { 0, 0, 0 }, min = -90, max = 1 },
    { name = "llj2", child = "lhip2", axis = { 0, 1, 0 }, anchor = { 0, 0, 0 }, min = -25, max = 45 },
    { name = "llj3", child = "lthigh", axis = { 1, 0, 0 }, anchor = { 0, -0.01, "-thigh_rel_hip2_z" },
      min = -25, max = 100 },
    { name = "llj4", child = "lshank", axis = { 1, 0, 0 }, anchor = { 0, -0.01, 0.045 }, min = -130, max = 1 },
    { name = "llj5", child = "lankle", axis = { 1, 0, 0 }, anchor = { 0, 0, 0 }, min = -45, max = 75,
      max_speed = "lj5_max_speed" },
    { name = "llj6", child = "lfoot", axis = { 0, 1, 0 }, anchor = { 0, -0.03, 0.035 }, min = -45, max = 25,
      max_speed = "lj6_max_speed" },
    { name = "llj7", child = "ltoe", axis = { 1, 0, 0 }, anchor = { 0, "toe_anchor_y", -0.005 }, min = -1, max = 70,
      only_if = "use_toe" },
  },

  -- facts §5.7: vision reference point = head-sphere centre, orientation = head body.
  camera = { body = "head", offset = { 0, 0, 0 } },

  -- The soles are the bottom faces of these boxes (facts §1.1 sole heights).
  soles = { "rfoot", "lfoot" },

  -- The referee's self-collision rule (facts §7.8; tools/sim/referee/self_collision.h).
  -- Every body above with a box collider takes part, with that box's size and
  -- place. Exempt pairs are never tested (addNotCollideWithColliderName in
  -- naoleg.rsg / naolegtoe.rsg); a colliding box freezes every joint of its
  -- limb (its addSCFreezeJointEffName list in naoarm.rsg / naoleg.rsg /
  -- naolegtoe.rsg). The torso belongs to no limb. Names only type 4 has
  -- (toes, lj7) are skipped for the other types.
  self_collision = {
    exempt = {
      { "torso", "rthigh" }, { "rthigh", "rshank" }, { "rshank", "rfoot" }, { "rfoot", "rtoe" },
      { "torso", "lthigh" }, { "lthigh", "lshank" }, { "lshank", "lfoot" }, { "lfoot", "ltoe" },
    },
    limbs = {
      { boxes = { "rupperarm", "rlowerarm" }, joints = { "raj1", "raj2", "raj3", "raj4" } },
      { boxes = { "lupperarm", "llowerarm" }, joints = { "laj1", "laj2", "laj3", "laj4" } },
      { boxes = { "rthigh", "rshank", "rfoot", "rtoe" },
        joints = { "rlj1", "rlj2", "rlj3", "rlj4", "rlj5", "rlj6", "rlj7" } },
      { boxes = { "lthigh", "lshank", "lfoot", "ltoe" },
        joints = { "llj1", "llj2", "llj3", "llj4", "llj5", "llj6", "llj7" } },
    },
  },
}
