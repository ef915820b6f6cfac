// What the vision perceptor can see on an empty field: the eight landmarks
// and the 21 field-line segments of rcssserver3d 0.7.2, world frame, metres
// (reference sheet §3.2, §3.3). Names are world-fixed and identical for both
// teams.
#pragma once

#include <string_view>

#include "core/math.h"

namespace libero::sim {

struct FieldLandmark {
  std::string_view name;
  double x, y, z;
};

inline constexpr FieldLandmark kFieldLandmarks[8] = {
    {"F1L", -15.0, 10.0, 0.0},  {"F2L", -15.0, -10.0, 0.0}, {"F1R", 15.0, 10.0, 0.0},
    {"F2R", 15.0, -10.0, 0.0},  {"G1L", -15.0, 1.05, 0.8},  {"G2L", -15.0, -1.05, 0.8},
    {"G1R", 15.0, 1.05, 0.8},   {"G2R", 15.0, -1.05, 0.8},
};

struct FieldLine {
  double x0, y0, x1, y1;  // z = 0
};

constexpr int kFieldLineCount = 21;

inline constexpr FieldLine kFieldLines[kFieldLineCount] = {
    {0, -10, 0, 10},         // halfway line
    {15, -10, 15, 10},       // right goal line
    {-15, -10, -15, 10},     // left goal line
    {15, 10, -15, 10},       // touch lines
    {15, -10, -15, -10},
    {13.2, 3, 13.2, -3},     // right penalty area
    {13.2, 3, 15, 3},
    {13.2, -3, 15, -3},
    {-13.2, 3, -13.2, -3},   // left penalty area
    {-13.2, 3, -15, 3},
    {-13.2, -3, -15, -3},
    // centre circle: 10-gon of radius 2, vertices at 0, 36, ..., 324 deg
    {2, 0, 1.618034, 1.175571},
    {1.618034, 1.175571, 0.618034, 1.902113},
    {0.618034, 1.902113, -0.618034, 1.902113},
    {-0.618034, 1.902113, -1.618034, 1.175571},
    {-1.618034, 1.175571, -2, 0},
    {-2, 0, -1.618034, -1.175571},
    {-1.618034, -1.175571, -0.618034, -1.902113},
    {-0.618034, -1.902113, 0.618034, -1.902113},
    {0.618034, -1.902113, 1.618034, -1.175571},
    {1.618034, -1.175571, 2, 0},
};

}  // namespace libero::sim
