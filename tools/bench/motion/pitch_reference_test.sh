#!/bin/bash
# kick_search keeps the start kick file's pitch_reference in every candidate
# and writes the searched lift_pitch_ankle / swing_pitch_ankle gains as the
# frames' pitch_support_ankle; a start file without a reference gets no gains
# (a gain without a reference does not load). Usage:
# pitch_reference_test.sh KICK_SEARCH OUT_DIR SOURCE_DIR
set -u
tool=$1 out=$2/pitch_reference source=$3
rm -rf "$out" && mkdir -p "$out"
params=$source/tools/bench/motion/candidates/kick_lofted_s26.params
log=$("$tool" kick_lofted "$out/with.lua" --generations 0 --init "$params" 2>&1)
grep -q "keeping .*pitch_reference" <<< "$log" || { echo "FAIL: reference not announced: $log"; exit 1; }
grep -q '^  pitch_reference = { period = 0.040, support = "left", degrees = { ' "$out/with.lua" ||
  { echo "FAIL: no pitch_reference in the candidate"; exit 1; }
[ "$(grep -c 'pitch_support_ankle = ' "$out/with.lua")" = 2 ] ||
  { echo "FAIL: the two gains not written: $(grep -c 'pitch_support_ankle' "$out/with.lua")"; exit 1; }
gain=$(awk '$1 == "lift_pitch_ankle" { printf "%.3f", $2 }' "$params")
[ -n "$gain" ] && grep -q "duration = 0.395, pitch_support_ankle = $gain," "$out/with.lua" ||
  { echo "FAIL: the wind-up's gain is not the params file's lift_pitch_ankle ($gain)"; exit 1; }
# Robots whose lofted kick has no reference (the kick before).
cp -a "$source/robots" "$out/robots"
sed -i '/^  pitch_reference = {/,/} },$/d; s/ pitch_support_ankle = [-0-9.]*,//' "$out/robots/nao/motions/kick_lofted.lua"
grep -q '^  pitch_reference = \|pitch_support_ankle = ' "$out/robots/nao/motions/kick_lofted.lua" && { echo "FAIL: test setup left the reference"; exit 1; }
"$tool" kick_lofted "$out/without.lua" --generations 0 --init "$params" --robots "$out/robots" > "$out/without.log" 2>&1 ||
  { echo "FAIL: search without a reference failed: $(tail -3 "$out/without.log")"; exit 1; }
grep -q 'pitch_reference = \|pitch_support_ankle = ' "$out/without.lua" && { echo "FAIL: gains or reference written without a reference"; exit 1; }
echo "PASS: reference kept and gains written; none without a reference"
