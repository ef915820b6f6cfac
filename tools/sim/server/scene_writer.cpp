#include "tools/sim/server/scene_writer.h"

#include <cmath>
#include <cstring>

namespace libero::sim {
namespace {

void write_matrix(const float* m, TextWriter* out) {
  out->text(" (SLT");
  for (int i = 0; i < 16; ++i) {
    out->ch(' ');
    out->general6(static_cast<double>(m[i]));
  }
  out->ch(')');
}

void close_levels(const SceneNode& node, TextWriter* out) {
  for (int k = 0; k < node.closes; ++k) out->ch(')');
}

bool moved(const float* sent, const float* now) {
  for (int i = 0; i < 16; ++i)
    if (std::fabs(sent[i] - now[i]) > kSceneUpdatePrecision) return true;
  return false;
}

}  // namespace

void write_full_scene(const SceneGraph& scene, SceneMemory* memory, TextWriter* out) {
  out->text("(RSG 0 1)(");
  for (int i = 0; i < scene.node_count(); ++i) {
    const SceneNode& node = scene.node(i);
    switch (node.kind) {
      case SceneNodeKind::Transform:
        out->text("(nd TRF");
        write_matrix(scene.matrix(i), out);
        std::memcpy(memory->matrix[i], scene.matrix(i), sizeof memory->matrix[i]);
        break;
      case SceneNodeKind::StaticMesh:
        out->text("(nd StaticMesh");
        break;
      case SceneNodeKind::SingleMat:
        out->text("(nd SMN");
        break;
      case SceneNodeKind::Light:
        out->text("(nd Light");
        break;
    }
    out->text(scene.attributes(i));
    close_levels(node, out);
  }
  out->ch(')');
  memory->layout = scene.layout();
  memory->visibility_due = true;
}

void write_scene_update(const SceneGraph& scene, SceneMemory* memory, TextWriter* out) {
  out->text("(RDS 0 1)(");
  for (int i = 0; i < scene.node_count(); ++i) {
    const SceneNode& node = scene.node(i);
    switch (node.kind) {
      case SceneNodeKind::Transform:
        out->text("(nd");
        if (node.moves && moved(memory->matrix[i], scene.matrix(i))) {
          write_matrix(scene.matrix(i), out);
          std::memcpy(memory->matrix[i], scene.matrix(i), sizeof memory->matrix[i]);
        }
        break;
      case SceneNodeKind::StaticMesh:
        out->text("(nd StaticMesh");
        if (memory->visibility_due) out->text(node.visible ? " (setVisible 1)" : " (setVisible 0)");
        break;
      case SceneNodeKind::SingleMat:
        out->text("(nd SMN");
        if (memory->visibility_due) out->text(node.visible ? " (setVisible 1)" : " (setVisible 0)");
        break;
      case SceneNodeKind::Light:
        out->text("(nd");
        break;
    }
    close_levels(node, out);
  }
  out->ch(')');
  memory->visibility_due = false;
}

}  // namespace libero::sim
