#!/usr/bin/env bash
# check_layers.cmake refuses what it should: a world header reaching up to
# motion (the include world_model.h once had), and prose tables that
# disagree with its own.
set -euo pipefail
check="$1"; root="$2"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/engine/world" "$dir/engine/motion"
echo '#include "motion/skill_requests.h"' > "$dir/engine/world/model.h"
if cmake -DENGINE_DIR="$dir/engine" -P "$check" >/dev/null 2>&1; then
  echo "FAIL: world including motion/ passed"; exit 1
fi
echo '#include "core/skill_requests.h"' > "$dir/engine/world/model.h"
cmake -DENGINE_DIR="$dir/engine" -P "$check" >/dev/null || { echo "FAIL: world including core/ refused"; exit 1; }
sed 's/^\(| `world\/` .*\)| core, protocol, robot |$/\1| core, protocol, robot, motion |/' "$root/engine/README.md" > "$dir/README.md"
if cmake -DENGINE_DIR="$dir/engine" -DENGINE_README="$dir/README.md" -P "$check" >/dev/null 2>&1; then
  echo "FAIL: engine/README.md table giving world motion passed"; exit 1
fi
sed 's/\(engine\/world .*(core, protocol, robot\))$/\1, motion)/' "$root/docs/architecture.md" > "$dir/architecture.md"
if cmake -DENGINE_DIR="$dir/engine" -DARCHITECTURE_DOC="$dir/architecture.md" -P "$check" >/dev/null 2>&1; then
  echo "FAIL: docs/architecture.md picture giving world motion passed"; exit 1
fi
echo "layering check refuses: ok"
