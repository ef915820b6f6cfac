#!/bin/bash
# A kick from its spot over 13 start times (1.0, 1.15, ..., 2.8 s after the
# robot is made), 3 ball placements each: median, quartile and range of the
# distance, and the launch speed (docs/benchmarks.md, "Kicks and the physics
# substep count"). Usage, from the source tree after tools/build:
#   tools/bench/motion/kick_spread.sh [kick_lofted_motion|kick_motion|kick_short_motion] [SUBSTEPS] [ROBOTS_DIR]
#                                     [STEP RUNS [BENCH OPTIONS...]]
# With STEP and RUNS: start times 1.0, 1.0 + STEP, ... below 3 s, RUNS ball
# placements each (0.05 2, 80 kicks), and any further options go
# to the bench (--slip 0.005).
set -euo pipefail
here=$(cd "$(dirname "$0")/../../.." && pwd)
scenario=${1:-kick_lofted_motion}
substeps=${2:-0}
# 0 = the simulator's default step count
substeps_opt=()
[ "$substeps" = 0 ] || substeps_opt=(--substeps "$substeps")
robots=${3:-$here/robots}
starts="1.0 1.15 1.3 1.45 1.6 1.75 1.9 2.05 2.2 2.35 2.5 2.65 2.8" runs=3
if [ $# -ge 5 ]; then
  starts=$(python3 -c "import sys; s = float(sys.argv[1]); print(' '.join('%.2f' % (1.0 + k * s) for k in range(int(2 / s - 1e-9) + 1)))" "$4")
  runs=$5
  shift 5
else
  shift $(( $# < 3 ? $# : 3 ))
fi
bench=$here/build/tools/bench/motion/libero_motion_bench
[ -x "$bench" ] || { echo "kick_spread: $bench not built (run tools/build)" >&2; exit 2; }
for settle in $starts; do
  "$bench" "$scenario" --robots "$robots" --runs "$runs" --settle "$settle" "${substeps_opt[@]}" "$@" -v | grep -E "^  run [0-9]+:"
done | python3 -c '
import re, statistics, sys
runs = []
for line in sys.stdin:
    m = re.search(r"^  run \d+: ([0-9.]+) m at ([0-9.]+) deg, launch ([0-9.]+) m/s at (-?\d+) deg.*fell ([01])", line)
    if m:
        runs.append((float(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4)), int(m.group(5))))
if not runs:
    sys.exit("kick_spread: no kicks measured")
d = sorted(r[0] for r in runs)
v = sorted(r[2] for r in runs)
print("%d kicks: median %.2f m, p25 %.2f, p10 %.2f, min %.2f, max %.2f, median error %.1f deg, falls %d; launch median %.2f m/s (%.2f-%.2f), angle median %.0f deg"
      % (len(d), statistics.median(d), d[len(d) // 4], d[len(d) // 10], d[0], d[-1], statistics.median(r[1] for r in runs),
         sum(r[4] for r in runs), statistics.median(v), v[0], v[-1], statistics.median(r[3] for r in runs)))'
