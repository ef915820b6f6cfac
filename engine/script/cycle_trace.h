// CycleTrace: everything a behaviour tick produced besides its requests —
// debug drawings, log lines and the option activation graph — in fixed-size
// arrays so the replay log can copy it every cycle without allocating.
// Entries beyond a capacity are dropped and counted.
#pragma once

#include <cstdint>

namespace libero::script {

enum {
  kMaxDrawings = 128,
  kDrawTextLength = 39,
  kDrawLayerLength = 15,
  kMaxPolygonPoints = 8,
  kMaxLogLines = 32,
  kLogLineLength = 119,
  kMaxActivations = 48,
  kOptionNameLength = 31,
  kOptionParamsLength = 95,
  kRoleLength = 15,
};

enum class DrawKind : uint8_t { Point = 0, Line, Circle, Text, Polygon };

struct DrawCommand {
  DrawKind kind;
  uint32_t rgba;              // 0xRRGGBBAA
  double x1, y1, x2, y2;      // field frame, m (x2/y2 used by lines)
  double radius;              // circles, points (size)
  char text[kDrawTextLength + 1];
  char layer[kDrawLayerLength + 1];  // draw.layer() in force when it was drawn ("default")
  int32_t point_count;        // polygons: vertices in points (x, y pairs)
  double points[2 * kMaxPolygonPoints];
};

enum class ScriptLogLevel : uint8_t { Debug = 0, Info, Warn, Error };

struct ScriptLogLine {
  ScriptLogLevel level;
  char text[kLogLineLength + 1];
};

// One executed option: depth 0 is the root. Entries are in call order, so the
// activation graph is the pre-order walk of the option tree this cycle.
struct ActivationEntry {
  int32_t depth;
  char option[kOptionNameLength + 1];
  char state[kOptionNameLength + 1];
  double option_time;         // s the option has been active
  double state_time;          // s in the current state
  char params[kOptionParamsLength + 1];  // "name=value, ..." as logged
};

struct CycleTrace {
  uint64_t tick;              // behaviour tick index
  int32_t unum;               // the agent the entries belong to
  char role[kRoleLength + 1]; // role the script set (libero.set_role)
  bool fallback;              // safe fallback ran instead of the scripts

  int32_t drawing_count;
  int32_t drawings_dropped;
  DrawCommand drawings[kMaxDrawings];

  int32_t log_count;
  int32_t log_dropped;
  ScriptLogLine log[kMaxLogLines];

  int32_t activation_count;
  int32_t activations_dropped;
  ActivationEntry activations[kMaxActivations];
};

}  // namespace libero::script
