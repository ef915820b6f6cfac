#include "world/field.h"

#include <algorithm>
#include <cmath>

namespace libero::world {

namespace {
// World coordinates (left team frame), simspark-facts.md 3.2.
constexpr FieldPoint3 kLandmarksLeft[protocol::kLandmarkCount] = {
    {-15, 10, 0},       // F1L
    {-15, -10, 0},      // F2L
    {15, 10, 0},        // F1R
    {15, -10, 0},       // F2R
    {-15, 1.05, 0.8},   // G1L
    {-15, -1.05, 0.8},  // G2L
    {15, 1.05, 0.8},    // G1R
    {15, -1.05, 0.8},   // G2R
};

// simspark-facts.md 3.3; the centre circle is the server's 10-gon of radius 2.
constexpr FieldSegment kLines[kFieldLineCount] = {
    {0, -10, 0, 10},
    {15, -10, 15, 10},
    {-15, -10, -15, 10},
    {15, 10, -15, 10},
    {15, -10, -15, -10},
    {13.2, 3, 13.2, -3},
    {13.2, 3, 15, 3},
    {13.2, -3, 15, -3},
    {-13.2, 3, -13.2, -3},
    {-13.2, 3, -15, 3},
    {-13.2, -3, -15, -3},
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
}  // namespace

FieldPoint3 landmark_position(protocol::Landmark landmark, bool we_are_left) {
  FieldPoint3 p = kLandmarksLeft[landmark];
  if (!we_are_left) {
    p.x = -p.x;
    p.y = -p.y;
  }
  return p;
}

const FieldSegment* field_lines() { return kLines; }

namespace {

double squared_distance_to_segment(const FieldSegment& s, double x, double y) {
  double dx = s.bx - s.ax, dy = s.by - s.ay;
  double length2 = dx * dx + dy * dy;
  double t = length2 > 0 ? ((x - s.ax) * dx + (y - s.ay) * dy) / length2 : 0.0;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  double ex = s.ax + t * dx - x, ey = s.ay + t * dy - y;
  return ex * ex + ey * ey;
}

}  // namespace

double distance_to_segment(const FieldSegment& s, double x, double y) {
  return std::sqrt(squared_distance_to_segment(s, x, y));
}

int nearest_field_line(double x, double y, double* distance) {
  int best = 0;
  double best_distance = 1e18;
  for (int i = 0; i < kFieldLineCount; ++i) {
    double d = distance_to_segment(kLines[i], x, y);
    if (d < best_distance) {
      best_distance = d;
      best = i;
    }
  }
  if (distance) *distance = best_distance;
  return best;
}

LineDistanceMap::LineDistanceMap() {
  columns_ = static_cast<int>(std::lround(2 * kHalfLength / kCell)) + 1;
  rows_ = static_cast<int>(std::lround(2 * kHalfWidth / kCell)) + 1;
  cells_ = new float[static_cast<size_t>(columns_) * rows_];
  for (int r = 0; r < rows_; ++r) {
    double y = -kHalfWidth + r * kCell;
    for (int c = 0; c < columns_; ++c) {
      double x = -kHalfLength + c * kCell;
      // The nearest line's distance, as nearest_field_line gives it: a
      // correctly rounded sqrt never decreases, so the square root of the
      // smallest square is the smallest root, with one sqrt instead of 21
      // (every agent builds this grid at start-up).
      double nearest2 = 1e36;
      for (int i = 0; i < kFieldLineCount; ++i) nearest2 = std::min(nearest2, squared_distance_to_segment(kLines[i], x, y));
      cells_[static_cast<size_t>(r) * columns_ + c] = static_cast<float>(std::sqrt(nearest2));
    }
  }
}

LineDistanceMap::~LineDistanceMap() { delete[] cells_; }

}  // namespace libero::world
