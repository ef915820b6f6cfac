#!/usr/bin/env bash
# tools/bench/teamplay/series_compare.py adds two series with the sides swapped
# up for the new data: results, goals, shots, falls, possession, and falls and
# touches per robot type; a directory without summaries, a broken summary or a
# broken replay line is a clear error, not a traceback or a partial sum.
# Usage: series_compare_test.sh SERIES_COMPARE_PY
set -u
out="$(mktemp -d /tmp/libero-series-compare-test.XXXXXX)"
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
compare() { python3 "$1" "$out/left" "$out/right"; }

mkdir -p "$out/left" "$out/right"
# New data on the left: it wins 2 : 1. Left 9 is type 3, right 9 type 4.
cat >"$out/left/series-1.summary.json" <<'JSON'
{"score":[2,1],"shots":[5,3],"possession":[0.6,0.4],
 "agents":[{"team":0,"unum":9,"type":3,"falls":2},{"team":1,"unum":9,"type":4,"falls":1}]}
JSON
# Touches: left 9, left 9 again (one touch: dribbling), right 9, left 9, nobody.
cat >"$out/left/series-1.jsonl" <<'JSON'
{"type":"header","format":"libero-replay","version":1}
{"type":"frame","touch":[-1,0]}
{"type":"frame","touch":[0,9]}
{"type":"frame","touch":[0,9]}
{"type":"event","kind":"goal","team":0}
{"type":"frame","touch":[1,9]}
{"type":"frame","touch":[0,9]}
JSON
# New data on the right: a 0 : 0 draw. Left 2 is type 0 (old), right 2 type 3 (new).
cat >"$out/right/series-1.summary.json" <<'JSON'
{"score":[0,0],"shots":[1,4],"possession":[0.7,0.3],
 "agents":[{"team":0,"unum":2,"type":0,"falls":5},{"team":1,"unum":2,"type":3,"falls":1}]}
JSON
cat >"$out/right/series-1.jsonl" <<'JSON'
{"type":"frame","touch":[1,2]}
{"type":"frame","touch":[0,2]}
JSON

result="$(compare "$1" 2>&1)" || fail "exit $?: $result"
echo "$result"
echo "$result" | grep -q "new data, 2 games: W/D/L 1/1/0, goals 2 : 1, shots 9 : 4, falls 3 : 6, possession 0.45" \
  || fail "totals wrong"
echo "$result" | grep -q "type 3: falls 3 : 0, touches 3 : 0" || fail "type 3 (new on both sides) wrong"
echo "$result" | grep -q "type 4: falls 0 : 1, touches 0 : 1" || fail "type 4 (old, left series) wrong"
echo "$result" | grep -q "type 0: falls 0 : 5, touches 0 : 1" || fail "type 0 (old, right series) wrong"

# Errors: each names what is wrong and exits 1; wrong arguments print the usage and exit 2.
python3 "$1" "$out/left" >/dev/null 2>&1; [ $? -eq 2 ] || fail "one directory should exit 2"
mkdir -p "$out/empty"
msg="$(python3 "$1" "$out/left" "$out/empty" 2>&1)"; code=$?
[ $code -eq 1 ] && echo "$msg" | grep -q "empty: no series-\*.summary.json" || fail "empty directory: exit $code: $msg"
cp "$out/right/series-1.summary.json" "$out/right.ok"
head -c 20 "$out/right.ok" >"$out/right/series-1.summary.json"
msg="$(compare "$1" 2>&1)"; code=$?
[ $code -eq 1 ] && echo "$msg" | grep -q "series-1.summary.json" && ! echo "$msg" | grep -q Traceback \
  || fail "truncated summary: exit $code: $msg"
echo '{"score":[0,0]}' >"$out/right/series-1.summary.json"
msg="$(compare "$1" 2>&1)"; code=$?
[ $code -eq 1 ] && echo "$msg" | grep -q "not a match summary" || fail "summary without shots: exit $code: $msg"
cp "$out/right.ok" "$out/right/series-1.summary.json"
echo '{"type":"frame","touch":[1,' >>"$out/right/series-1.jsonl"
msg="$(compare "$1" 2>&1)"; code=$?
[ $code -eq 1 ] && echo "$msg" | grep -q "series-1.jsonl:3: not a JSON line" || fail "broken replay line: exit $code: $msg"
echo "PASS"
