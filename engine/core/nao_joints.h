// The NAO's hinge joints in SimSpark order: one enum for the whole engine.
// Perceptor names (HJ) and effector names come from the SimSpark tables;
// the toe joints exist only on hetero type 4.
#pragma once

#include <cstdint>
#include <string_view>

namespace libero {

enum Joint : uint8_t {
  kNeckYaw = 0,      // hj1 / he1
  kNeckPitch,        // hj2 / he2
  kRShoulderPitch,   // raj1 / rae1
  kRShoulderYaw,     // raj2 / rae2
  kRArmRoll,         // raj3 / rae3
  kRArmYaw,          // raj4 / rae4
  kLShoulderPitch,   // laj1 / lae1
  kLShoulderYaw,     // laj2 / lae2
  kLArmRoll,         // laj3 / lae3
  kLArmYaw,          // laj4 / lae4
  kRHipYawPitch,     // rlj1 / rle1
  kRHipRoll,         // rlj2 / rle2
  kRHipPitch,        // rlj3 / rle3
  kRKneePitch,       // rlj4 / rle4
  kRFootPitch,       // rlj5 / rle5
  kRFootRoll,        // rlj6 / rle6
  kLHipYawPitch,     // llj1 / lle1
  kLHipRoll,         // llj2 / lle2
  kLHipPitch,        // llj3 / lle3
  kLKneePitch,       // llj4 / lle4
  kLFootPitch,       // llj5 / lle5
  kLFootRoll,        // llj6 / lle6
  kRToePitch,        // rlj7 / rle7 (type 4 only)
  kLToePitch,        // llj7 / lle7 (type 4 only)
  kJointCount
};

constexpr int kJointCountWithoutToes = 22;

inline constexpr std::string_view kJointPerceptorNames[kJointCount] = {
    "hj1",  "hj2",  "raj1", "raj2", "raj3", "raj4", "laj1", "laj2", "laj3", "laj4", "rlj1", "rlj2",
    "rlj3", "rlj4", "rlj5", "rlj6", "llj1", "llj2", "llj3", "llj4", "llj5", "llj6", "rlj7", "llj7"};

inline constexpr std::string_view kJointEffectorNames[kJointCount] = {
    "he1",  "he2",  "rae1", "rae2", "rae3", "rae4", "lae1", "lae2", "lae3", "lae4", "rle1", "rle2",
    "rle3", "rle4", "rle5", "rle6", "lle1", "lle2", "lle3", "lle4", "lle5", "lle6", "rle7", "lle7"};

// Returns the joint for a perceptor name ("rlj3") or kJointCount if unknown.
inline Joint joint_from_perceptor(std::string_view name) {
  for (int i = 0; i < kJointCount; ++i)
    if (kJointPerceptorNames[i] == name) return static_cast<Joint>(i);
  return kJointCount;
}

// Returns the joint for an effector name ("rle3") or kJointCount if unknown.
inline Joint joint_from_effector(std::string_view name) {
  for (int i = 0; i < kJointCount; ++i)
    if (kJointEffectorNames[i] == name) return static_cast<Joint>(i);
  return kJointCount;
}

// Number of joints a hetero type has (24 for type 4, else 22).
inline constexpr int joint_count_for_type(int robot_type) {
  return robot_type == 4 ? kJointCount : kJointCountWithoutToes;
}

}  // namespace libero
