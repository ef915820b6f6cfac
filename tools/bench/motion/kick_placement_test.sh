#!/bin/bash
# kick_placement.py pairs each run's swing line with its result line and bins
# the kicks by the spot offset; runs without a swing line are left out, and
# output without any kick is refused by name. With BENCH, it also reads the
# bench's own -v output (the swing line's format is the bench's).
# Usage: kick_placement_test.sh PYTHON SCRIPT OUT_DIR [BENCH]
set -u
python=$1 script=$2 out=$3/kick_placement bench=${4:-}
rm -rf "$out" && mkdir -p "$out"
swing() { echo "  run $1 swing: ball 0.180 -0.060 rfoot 0.010 -0.055 lfoot 0.010 0.055 yawpitch 0.0 0.0 pitch 5.5 roll 0.0 gyro 0.00 0.10 spot $2 $3"; }
result() { echo "  run $1: kicked 1 after 4.50 s (struck at 3.90 s), ball $2 m at $3 deg off, launch 9.00 m/s at 25 deg, apex 0.80 m, fell $4, estimate 5.7"; }
{
  swing 0 0.5 -1.5; result 0 8.00 2.0 0
  swing 1 0.7 0.5;  result 1 9.00 -30.0 0
  swing 2 2.5 0.5;  result 2 10.00 1.0 0
  swing 3 2.9 1.5;  result 3 12.00 -3.0 1
  result 4 1.00 80.0 1   # fell walking up: no swing line, not a placement
  swing 5 -5.0 5.0; result 5 7.00 0.0 0
  echo "kick lofted type 0 angle 0: median distance 9.00 m"
} > "$out/bench.txt"
"$python" "$script" "$out/bench.txt" --dx-bins=-5,0,1,2,3,5 --dy-bins=-2,0,2,5 > "$out/table.txt" 2>&1 ||
  { echo "FAIL: exit $? on a good input: $(cat "$out/table.txt")"; exit 1; }
want() { grep -qE -- "$1" "$out/table.txt" || { echo "FAIL: no line matching '$1' in:"; cat "$out/table.txt"; exit 1; }; }
want '^5 kicks, median distance 9.00 m$'
want '^ -5.0 ..   0.0 +1 +7.00 m'                  # the lower edge counts in the bin
want '^  0.0 ..   1.0 +2 +8.50 m +16.0 deg +1 +0$'
want '^  1.0 ..   2.0 +0$'
want '^  2.0 ..   3.0 +2 +11.00 m +2.0 deg +0 +1$'
want '^ -2.0 ..   0.0 +1 +8.00 m'
want '^  0.0 ..   2.0 +3 +10.00 m +3.0 deg +1 +1$'
want '^  2.0 ..   5.0 +1 +7.00 m'                  # the last bin takes its upper edge
"$python" "$script" "$out/bench.txt" --dx-bins 2,1 > "$out/bad_bins.txt" 2>&1 &&
  { echo "FAIL: decreasing bins accepted"; exit 1; }
grep -q "needs at least two increasing offsets, got '2,1'" "$out/bad_bins.txt" ||
  { echo "FAIL: bad bins message: $(cat "$out/bad_bins.txt")"; exit 1; }
echo "kick lofted type 0 angle 0: median distance 9.00 m" > "$out/summary_only.txt"
"$python" "$script" "$out/summary_only.txt" > "$out/none.txt" 2>&1 && { echo "FAIL: output without kicks accepted"; exit 1; }
grep -q "no kicks with a swing line in .*summary_only.txt" "$out/none.txt" ||
  { echo "FAIL: no-kicks message: $(cat "$out/none.txt")"; exit 1; }
"$python" "$script" "$out/missing.txt" > "$out/missing_out.txt" 2>&1 && { echo "FAIL: a missing file accepted"; exit 1; }
grep -q "cannot read .*missing.txt" "$out/missing_out.txt" || { echo "FAIL: missing-file message: $(cat "$out/missing_out.txt")"; exit 1; }
if [ -n "$bench" ]; then
  "$bench" kick_short --runs 2 -v > "$out/real.txt" 2>&1 || { echo "FAIL: the bench failed: $(tail -3 "$out/real.txt")"; exit 1; }
  "$python" "$script" "$out/real.txt" > "$out/real_table.txt" 2>&1 || { echo "FAIL: $(cat "$out/real_table.txt")"; exit 1; }
  grep -q '^2 kicks, median distance' "$out/real_table.txt" ||
    { echo "FAIL: the bench's 2 kicks not read: $(cat "$out/real_table.txt")"; exit 1; }
fi
echo "PASS: $(head -1 "$out/table.txt")"
