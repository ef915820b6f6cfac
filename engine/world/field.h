// Field geometry in the side-normalised frame (own goal at -x): the eight
// named landmarks and the 21 field-line segments of rcssserver3d 0.7.x
// (simspark-facts.md section 3), and a distance map for line matching.
// The landmark table depends on the side we play on (the names are
// world-fixed, our frame is not); the lines are point-symmetric, so they are
// the same for both sides.
#pragma once

#include "protocol/percepts.h"

namespace libero::world {

constexpr double kFieldHalfLength = 15.0;
constexpr double kFieldHalfWidth = 10.0;
constexpr double kGoalHalfWidth = 1.05;
constexpr double kGoalHeight = 0.8;
constexpr double kBallRadius = 0.042;
constexpr int kFieldLineCount = 21;

struct FieldPoint3 {
  double x, y, z;
};

struct FieldSegment {
  double ax, ay, bx, by;
};

// Landmark positions in our frame; `we_are_left` false mirrors (x, y) -> (-x, -y).
FieldPoint3 landmark_position(protocol::Landmark landmark, bool we_are_left);

// The 21 segments (identical in both team frames).
const FieldSegment* field_lines();

// Distance from (x, y) to segment s.
double distance_to_segment(const FieldSegment& s, double x, double y);

// Index of the segment nearest to (x, y) and its distance.
int nearest_field_line(double x, double y, double* distance);

// Precomputed distance from a field point to the nearest field line on a
// regular grid, so that the particle filter can score many line points per
// particle in constant time. Built once at start-up (the only allocation).
class LineDistanceMap {
 public:
  LineDistanceMap();
  ~LineDistanceMap();
  LineDistanceMap(const LineDistanceMap&) = delete;
  LineDistanceMap& operator=(const LineDistanceMap&) = delete;

  // Nearest-cell lookup; points outside the grid get the distance at the
  // border plus the distance to it.
  double distance(double x, double y) const {
    double outside = 0;
    const int index = cell_index(x, y, &outside);
    return cells_[index] + outside;
  }

  // The same lookup in two steps, so that a caller scoring many points can
  // start every point's memory read before it needs the first value (the
  // 1.3 MB grid is mostly out of cache: a lookup is a cache miss).
  // distance(x, y) == cell(cell_index(x, y, &outside)) + outside, exactly.
  int cell_index(double x, double y, double* outside) const {
    *outside = 0;
    if (x < -kHalfLength) { *outside += -kHalfLength - x; x = -kHalfLength; }
    if (x > kHalfLength) { *outside += x - kHalfLength; x = kHalfLength; }
    if (y < -kHalfWidth) { *outside += -kHalfWidth - y; y = -kHalfWidth; }
    if (y > kHalfWidth) { *outside += y - kHalfWidth; y = kHalfWidth; }
    int c = static_cast<int>((x + kHalfLength) / kCell + 0.5);
    int r = static_cast<int>((y + kHalfWidth) / kCell + 0.5);
    if (c >= columns_) c = columns_ - 1;
    if (r >= rows_) r = rows_ - 1;
    return r * columns_ + c;
  }
  void prefetch(int index) const { __builtin_prefetch(cells_ + index); }
  float cell(int index) const { return cells_[index]; }

  static constexpr double kCell = 0.05;            // m
  static constexpr double kHalfLength = 17.0;      // grid covers |x| <= 17
  static constexpr double kHalfWidth = 12.0;       // and |y| <= 12

 private:
  int columns_ = 0, rows_ = 0;
  float* cells_ = nullptr;
};

}  // namespace libero::world
