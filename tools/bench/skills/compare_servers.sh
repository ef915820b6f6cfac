#!/usr/bin/env bash
# Every skill scenario on both servers, side by side: libero_skill_bench on
# the built-in simulator (grip, and SimSpark's slip --slip 0.005) and on the
# real rcssserver3d, printed as one Markdown table of medians.
#   compare_servers.sh [--runs N] [--types "0 1 2 3 4"] [--scenarios "walk ..."] [--bench PATH]
# Each cell is the bench's summary figure: walks m in 10 s (falls), turn
# deg/s, kicks ball travel m, |direction error| deg, kicked/runs and the
# median time from the command until the ball moved.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
bench="$root/build/tools/bench/skills/libero_skill_bench"
runs=10
types="0"
scenarios="walk walk_side turn kick_long kick_short kick_lofted getup_front"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --types) types="$2"; shift 2 ;;
    --scenarios) scenarios="$2"; shift 2 ;;
    --bench) bench="$2"; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "compare_servers.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
[ -x "$bench" ] || { echo "compare_servers.sh: no $bench (build first)" >&2; exit 1; }

cell() {  # scenario, summary line -> the table's figure
  local scenario=$1 line=$2
  case "$scenario" in
    walk|walk_side) echo "$line" | sed -n 's/.*median \([0-9.]*\) m (min \([0-9.]*\), max \([0-9.]*\)).*falls \([0-9]*\).*/\1 m (\2-\3), \4 falls/p' ;;
    getup_front) echo "$line" | sed -n 's/^down in \([0-9]*\) of \([0-9]*\).*up again in \([0-9]*\), median \([0-9.]*\) s (min \([0-9.]*\), max \([0-9.]*\)).*/\4 s (\5-\6), up \3\/\2/p' ;;
    turn) echo "$line" | sed -n 's/.*= \([0-9.]*\) deg\/s, falls \([0-9]*\).*/\1 deg\/s, \2 falls/p' ;;
    kick_*)
      local moved
      moved=$(echo "$line" | sed -n 's/.*ball moved after median \([0-9.]*\) s.*/, after \1 s/p')
      echo "$line" | sed -n 's/.*median \([0-9.]*\) m (min \([0-9.]*\), max \([0-9.]*\)), |direction error| median \([0-9.]*\) deg, kicked in \([0-9]*\) of \([0-9]*\).*/\1 m (\2-\3), \4 deg, kicked \5\/\6/p' | sed "s/\$/$moved/" ;;
  esac
}

echo "| scenario | type | builtin (grip) | builtin --slip 0.005 | rcssserver3d |"
echo "|---|---|---|---|---|"
for type in $types; do
  for scenario in $scenarios; do
    row="| $scenario | $type |"
    for server in "builtin" "builtin --slip 0.005" "rcssserver3d"; do
      # shellcheck disable=SC2086
      out=$("$bench" "$scenario" --server $server --type "$type" --runs "$runs" 2>/dev/null | tail -n 1 || true)
      figure=$(cell "$scenario" "$out")
      row="$row ${figure:-failed} |"
    done
    echo "$row"
  done
done
