#!/usr/bin/env bash
# tools/bench/teamplay/sim_series.py, stopped with SIGTERM during a match, must
# stop that match and so its agents (it once left a match and its 22 agents
# running), and say which seed it stopped at.
# Usage: sim_series_interrupt_test.sh LIBERO_BINARY SIM_SERIES_PY SCRIPTS_DIR
set -u
out="$(mktemp -d /tmp/libero-series-test.XXXXXX)"
# A copy under a name of its own, so this test's processes can be told apart
# from any other match running on the machine.
libero="$out/libero_series_test_$$"
cp "$1" "$libero"
series=""
cleanup() {
  [ -n "$series" ] && kill -9 "$series" 2>/dev/null
  pkill -9 -f "$libero" 2>/dev/null
  rm -rf "$out"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

python3 "$2" "$libero" --left "$3" --right "$3" --players 2 --seeds 1-3 --half-time 60 --out "$out/o" \
  >"$out/series.log" 2>&1 &
series=$!
# Wait until the match and its agents are up.
for _ in $(seq 1 100); do
  [ "$(pgrep -f -c "$libero agent")" -ge 4 ] && break
  sleep 0.1
done
[ "$(pgrep -f -c "$libero agent")" -ge 4 ] || fail "the match's agents never started: $(cat "$out/series.log")"
kill -TERM "$series"
wait "$series"
code=$?
series=""
[ "$code" -eq 130 ] || fail "the series exited $code, not 130: $(cat "$out/series.log")"
for _ in $(seq 1 50); do
  pgrep -f "$libero" >/dev/null || break
  sleep 0.1
done
pgrep -f "$libero" >/dev/null && fail "processes left running: $(pgrep -af "$libero")"
grep -q "seed 1: interrupted; the match was stopped" "$out/series.log" || fail "no word of the stop: $(cat "$out/series.log")"
echo "ok: SIGTERM stopped the series, its match and the match's agents"
