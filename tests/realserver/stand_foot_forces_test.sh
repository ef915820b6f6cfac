#!/usr/bin/env bash
# stand_foot_forces.py reads Libero's stand on the built-in simulator: each
# foot's mean force is about half the weight (the swing around it is the
# figure it exists for), and bad arguments are refused by name.
# Usage: stand_foot_forces_test.sh STAND_FOOT_FORCES_PY LIBERO
set -u
tool="$1" libero="$2"
fail() { echo "FAIL: $*"; exit 1; }
out="$(timeout 200 python3 "$tool" --libero "$libero" --servers builtin --settle 4 --seconds 2 2>&1)" ||
  fail "the tool failed: $out"
echo "$out"
for foot in left right; do
  echo "$out" | grep -qE "^\| builtin \| $foot \| (1[89]|2[0-7])\.[0-9]+ \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| [0-9]+ of 100 \|" ||
    fail "no $foot foot row with a mean of 18-27 N over 100 cycles"
done
bad="$(python3 "$tool" --libero "$libero" --servers builtin,simspark 2>&1)"
[ $? -eq 2 ] && echo "$bad" | grep -q -- "--servers: a list of builtin and rcssserver3d" || fail "an unknown server was not refused: $bad"
bad="$(python3 "$tool" --libero "$libero" --physics /nonexistent/simulator.lua 2>&1)"
[ $? -eq 2 ] && echo "$bad" | grep -q -- "--physics: no file" || fail "a missing physics file was not refused: $bad"
echo "PASS: stand_foot_forces.py"
