#!/usr/bin/env bash
# tools/bench/teamplay/shot_outcomes.py finds the shots in a replay and says
# how each ended (goal, keeper, blocked, short, wide), binned by distance; a
# missing file, a file that is not a replay or a broken line is a clear error
# naming it, not a traceback.
# Usage: shot_outcomes_test.sh SHOT_OUTCOMES_PY
set -u
out="$(mktemp -d /tmp/libero-shot-outcomes-test.XXXXXX)"
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# One replay, 0.1 s frames, the left team (0) attacking x = +15:
#  t 0.9-1.7: #9 shoots from x 13 at 3 m/s straight at the goal: goal.
#  t 10-12: #2 from x 5 (10 m out) at 2 m/s slowing to rest at x 5.77: short.
#  t 20-22: #2 from x 10 at 4 m/s, their #1 touches it: keeper.
#  t 30-32: #3 from x 10 at 4 m/s aimed 2 m wide of the post: no shot.
#  t 50-51.2: #5 from x 12, y 1.0 at 3 m/s, crossing the line at y 1.2 (inside the 0.3 m margin): wide.
#  t 40-42: the right team (1) shoots at x = -15 from -8: keeper of ours (team 1's view).
python3 - "$out/series-1.jsonl" <<'PY'
import json, sys
lines = [{"type": "header", "format": "libero-replay", "version": 1, "frame_every": 5,
          "field": {"length": 30, "width": 20}}]
state = {"score": [0, 0], "pm": "PlayOn"}
def frame(t, x, y, touch, pm=None):
    lines.append({"type": "frame", "t": round(t, 2), "pm": pm or state["pm"], "score": list(state["score"]),
                  "ball": [x, y, 0.042], "touch": touch, "robots": []})
def placed(t, x, y, touch):  # the ball moved between play modes: no velocity across it
    frame(t - 0.1, x, y, touch, "KickIn_Left"); frame(t, x, y, touch)
frame(0.0, 0, 0, [-1, 0]); placed(0.9, 13.0, 0, [0, 9])
for k in range(1, 8): frame(0.9 + 0.1 * k, 13.0 + 0.3 * k, 0, [0, 9])   # crosses 15 at t 1.6
state["score"] = [1, 0]; frame(1.7, 15.3, 0, [0, 9], "Goal_Left")
placed(9.9, 5.0, 0, [0, 2])
x, v = 5.0, 2.0
for k in range(1, 20):
    x += v * 0.1; v = max(0.0, v - 0.3); frame(9.9 + 0.1 * k, round(x, 3), 0, [0, 2])
placed(19.9, 10.0, 0, [0, 2])
for k in range(1, 4): frame(19.9 + 0.1 * k, 10.0 + 0.4 * k, 0, [0, 2])
frame(20.3, 11.6, 0, [1, 1])
placed(29.9, 10.0, 0, [0, 3])
for k in range(1, 4): frame(29.9 + 0.1 * k, 10.0 + 0.35 * k, 0.2 * k, [0, 3])
placed(39.9, -8.0, 0, [1, 4])
for k in range(1, 4): frame(39.9 + 0.1 * k, -8.0 - 0.4 * k, 0, [1, 4])
frame(40.3, -9.6, 0, [0, 1])
placed(49.9, 12.0, 1.0, [0, 5])
for k in range(1, 12): frame(49.9 + 0.1 * k, 12.0 + 0.3 * k, round(1.0 + 0.02 * k, 3), [0, 5])
with open(sys.argv[1], "w") as f:
    for item in lines:
        f.write(json.dumps(item) + "\n")
PY

result="$(python3 "$1" -v "$out" 2>&1)" || fail "exit $?: $result"
echo "$result"
echo "$result" | grep -q "1 replays, team 0: 4 shots" || fail "should find 4 shots of team 0"
echo "$result" | grep -q "#9 from  2.0 m at 3.0 m/s: goal" || fail "the goal"
echo "$result" | grep -q "#2 from 10.0 m at 2.0 m/s: short" || fail "the short shot"
echo "$result" | grep -q "#2 from  5.0 m at 4.0 m/s: keeper" || fail "the keeper's save"
echo "$result" | grep -q "#5 from  3.0 m at 3.0 m/s: wide" || fail "the shot beside the post"
echo "$result" | grep -q "#3" && fail "the kick far wide is no shot"
echo "$result" | grep -Eq "^all +4 +1 +1 +0 +0 +1 +1 +0" || fail "the totals row"
echo "$result" | grep -q "short shots came to rest a median 9.2 m" || fail "where the short shot stopped"
right="$(python3 "$1" --team 1 "$out/series-1.jsonl" 2>&1)" || fail "team 1: exit $?: $right"
echo "$right" | grep -q "team 1: 1 shots" && echo "$right" | grep -Eq "^all +1 +0 +1 " || fail "team 1: $right"

# Errors: exit 1 with a message naming the file; wrong arguments exit 2.
python3 "$1" >/dev/null 2>&1; [ $? -eq 2 ] || fail "no arguments should exit 2"
msg="$(python3 "$1" "$out/missing.jsonl" 2>&1)"; code=$?
[ $code -eq 1 ] && echo "$msg" | grep -q "missing.jsonl: no such file" || fail "missing file: exit $code: $msg"
mkdir -p "$out/empty"
msg="$(python3 "$1" "$out/empty" 2>&1)"; code=$?
[ $code -eq 1 ] && echo "$msg" | grep -q "no .jsonl replay logs" || fail "empty directory: exit $code: $msg"
echo '{"type":"frame"}' >"$out/bad.jsonl"
msg="$(python3 "$1" "$out/bad.jsonl" 2>&1)"; code=$?
[ $code -eq 1 ] && echo "$msg" | grep -q "bad.jsonl:1: not a libero replay header" || fail "no header: exit $code: $msg"
head -n 5 "$out/series-1.jsonl" >"$out/cut.jsonl"; echo '{"type":"frame","t":3.0,"pm":"Pla' >>"$out/cut.jsonl"
msg="$(python3 "$1" "$out/cut.jsonl" 2>&1)"; code=$?
[ $code -eq 1 ] && echo "$msg" | grep -q "cut.jsonl:6: not JSON" && ! echo "$msg" | grep -q Traceback \
  || fail "truncated line: exit $code: $msg"
head -n 3 "$out/series-1.jsonl" >"$out/nofield.jsonl"; echo '{"type":"frame","t":3.0}' >>"$out/nofield.jsonl"
msg="$(python3 "$1" "$out/nofield.jsonl" 2>&1)"; code=$?
[ $code -eq 1 ] && echo "$msg" | grep -q "nofield.jsonl:4: frame without" || fail "frame without fields: exit $code: $msg"
echo "shot_outcomes: OK"
