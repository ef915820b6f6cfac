// Analytic inverse kinematics of one NAO leg as SimSpark models it: hip
// yaw-pitch about a 45-degree axis, hip roll, hip pitch, knee, ankle pitch,
// ankle roll (simspark-facts §1.3). Motion keeps its own small solver so the
// walk depends only on a handful of lengths read from the description.
//
// Frames: torso frame (x forward, y left, z up). The foot target is the
// ankle point (the ankle-pitch axis) and the foot's orientation.
#pragma once

#include "core/math.h"
#include "core/nao_joints.h"
#include "robot/description.h"

namespace libero::motion {

struct LegGeometry {
  Vec3 hip[2];          // hip joint centre rel. torso, [0] = left, [1] = right
  Vec3 thigh;           // hip -> knee in the zero pose
  Vec3 shank;           // knee -> ankle in the zero pose
  double ankle_to_sole; // vertical distance from the ankle axis to the sole
  double foot_center_x; // sole centre ahead of the ankle
};

enum Side { kLeft = 0, kRight = 1 };

// Reads the leg lengths from a description (joint anchors lj3, lj4, lj5 and
// the foot body). Falls back to type-0 numbers for anything missing.
LegGeometry leg_geometry_from(const robot::RobotDescription& description);
LegGeometry default_leg_geometry();

struct LegAngles {
  double q[6];  // hip yaw-pitch, hip roll, hip pitch, knee, ankle pitch, ankle roll
};

// Solves for the ankle at `ankle` (torso frame) with foot orientation
// `foot` (torso <- foot). Unreachable targets are pulled onto the reachable
// sphere; returns false if that happened (the angles are still usable).
bool solve_leg(const LegGeometry& geometry, Side side, const Vec3& ankle, const Mat3& foot,
               LegAngles* out);

// Forward kinematics of the same chain (for tests and for the stand pose).
void leg_forward(const LegGeometry& geometry, Side side, const LegAngles& angles, Vec3* ankle,
                 Mat3* foot);

// Joint of the k-th leg angle for a side.
Joint leg_joint(Side side, int k);

}  // namespace libero::motion
