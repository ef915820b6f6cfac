#!/usr/bin/env bash
# tools/bench/teamplay/sim_series.py refuses a missing binary or scripts folder
# by name with status 2, before it runs a match or makes its output folder
# (it once ended in a Python traceback).
# Usage: sim_series_args_test.sh LIBERO_BINARY SIM_SERIES_PY SCRIPTS_DIR
set -u
out="$(mktemp -d /tmp/libero-series-args.XXXXXX)"
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

check() {  # check EXPECTED_TEXT ARGS...
  local want="$1"; shift
  python3 "$series" "$@" --out "$out/o" >"$out/log" 2>&1
  local code=$?
  [ "$code" -eq 2 ] || fail "exit $code, not 2, for $*: $(cat "$out/log")"
  grep -q -- "$want" "$out/log" || fail "no '$want' for $*: $(cat "$out/log")"
  grep -q Traceback "$out/log" && fail "a traceback for $*: $(cat "$out/log")"
  [ -e "$out/o" ] && fail "output folder made for $*"
  return 0
}
series="$2"
check "$out/none: no such executable" "$out/none" --left "$3" --right "$3"
check "$3/main.lua: no such executable" "$3/main.lua" --left "$3" --right "$3"
check "--left $out/nodir: no such scripts folder" "$1" --left "$out/nodir" --right "$3"
check "--right $out/nodir: no such scripts folder" "$1" --left "$3" --right "$out/nodir"
echo "sim_series argument checks: ok"
