#!/bin/bash
# kick_search --holdout: the start and every generation's mean play the
# held-out approach kicks, and the result is the one that scored best there:
# the mean when its line says "->", else the start (a gain of zero). A count
# out of range is an error. Usage: holdout_test.sh KICK_SEARCH OUT_DIR
set -u
tool=$1 out=$2/holdout
rm -f "$out.lua" "$out.lua.params"
log=$("$tool" kick_lofted "$out.lua" --generations 1 --lambda 2 --sigma 0.3 --fresh-trials --holdout 3 \
      --only shift_gyro_pitch 2>&1) || { echo "FAIL: search failed: $log"; exit 1; }
grep -q '^start holdout .* of 3' <<< "$log" || { echo "FAIL: no start holdout line: $log"; exit 1; }
line=$(grep '^  mean .* holdout ' <<< "$log") || { echo "FAIL: no holdout line for the mean: $log"; exit 1; }
gain=$(awk '$1 == "shift_gyro_pitch" {print $2}' "$out.lua.params")
[ -n "$gain" ] || { echo "FAIL: no result written: $log"; exit 1; }
if grep -q -- '->' <<< "$line"; then
  awk -v g="$gain" 'BEGIN { exit !(g != 0) }' || { echo "FAIL: the mean won but the start was written: $log"; exit 1; }
else
  awk -v g="$gain" 'BEGIN { exit !(g == 0) }' || { echo "FAIL: the start won but $gain was written: $log"; exit 1; }
fi
err=$("$tool" kick_lofted "$out.lua" --generations 0 --holdout 65 2>&1) && { echo "FAIL: --holdout 65 accepted"; exit 1; }
grep -q -- "--holdout: '65' is not a number from 0 to 64" <<< "$err" || { echo "FAIL: unclear error: $err"; exit 1; }
echo "PASS: kept shift_gyro_pitch $gain by the held-out score; a bad count is an error"
