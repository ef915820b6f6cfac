// Writes the scene-graph part of a monitor message the way rcssserver3d
// 0.7.2's SparkMonitor does (facts §8.1):
//   full state  "(RSG 0 1)(" every node with its type, matrix and attributes ")"
//   update      "(RDS 0 1)(" every node in the same tree order, a transform
//               with "(SLT m0..m15)" only when an element moved by more than
//               0.005 since this monitor last got it, meshes as their bare
//               type, lights as "(nd)" ")"; the first update after a full
//               state also gives every mesh's "(setVisible v)", as the
//               reference does for meshes it has not updated yet
// Each monitor has its own SceneMemory (what it last got of every node), so a
// monitor that missed messages still converges to the true scene; the memory
// belongs to one layout of the SceneGraph and an update needs a full state
// after every rebuild. Neither call allocates.
#pragma once

#include <cstdint>

#include "tools/sim/server/scene_graph.h"
#include "tools/sim/server/text_writer.h"

namespace libero::sim {

constexpr float kSceneUpdatePrecision = 0.005f;

struct SceneMemory {
  uint64_t layout = 0;     // SceneGraph::layout() of the last full state; 0 = none yet
  bool visibility_due = false;  // the next update repeats the meshes' visibility
  float matrix[kMaxSceneNodes][16];
};

void write_full_scene(const SceneGraph& scene, SceneMemory* memory, TextWriter* out);
// Precondition: memory->layout == scene.layout() (else a full state is due).
void write_scene_update(const SceneGraph& scene, SceneMemory* memory, TextWriter* out);

}  // namespace libero::sim
