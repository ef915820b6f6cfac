#!/bin/bash
# kick_search --fresh-trials: one generation on a new trial set writes the
# distribution's mean (log line "mean", the .lua and its .params) rather
# than waiting for a sample to beat the start; an option missing its value
# is an error, not silently dropped. Usage: fresh_trials_test.sh KICK_SEARCH OUT_DIR
set -u
tool=$1 out=$2/fresh_trials
rm -f "$out.lua" "$out.lua.params"
log=$("$tool" kick_lofted "$out.lua" --generations 1 --lambda 2 --sigma 0.3 --fresh-trials --only shift_gyro_pitch 2>&1)
grep -q '^  mean ' <<< "$log" || { echo "FAIL: no mean line: $log"; exit 1; }
[ -s "$out.lua" ] && grep -q '^shift_gyro_pitch ' "$out.lua.params" ||
  { echo "FAIL: mean not written to $out.lua and its .params"; exit 1; }
gain=$(awk '$1 == "shift_gyro_pitch" {print $2}' "$out.lua.params")
awk -v g="$gain" 'BEGIN { exit !(g != 0) }' || { echo "FAIL: the mean did not move (shift_gyro_pitch $gain)"; exit 1; }
if grep -q 'gyro_ankle_pitch' "$out.lua"; then :; else echo "FAIL: moved gain $gain not written as gyro_ankle_pitch"; exit 1; fi
err=$("$tool" kick_lofted "$out.lua" --generations 0 --seed 2>&1) && { echo "FAIL: --seed without a value accepted"; exit 1; }
grep -q -- '--seed needs a value' <<< "$err" || { echo "FAIL: unclear error: $err"; exit 1; }
echo "PASS: mean written (shift_gyro_pitch $gain); a missing value is an error"
