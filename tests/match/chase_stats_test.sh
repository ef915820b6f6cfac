#!/usr/bin/env bash
# chase_stats.py on a made-up replay: the left robot nearest the ball walks
# at 0.5 m/s, the right one at 0.25 m/s and falls once after standing 2 s.
# Usage: chase_stats_test.sh CHASE_STATS_PY
set -u
tool="$1"
out="$(mktemp -d /tmp/libero-chase-stats-test.XXXXXX)"
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
python3 - "$out/r.jsonl" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"type": "header", "format": "libero-replay", "version": 1, "team_left": "L", "team_right": "R"}) + "\n")
    for k in range(0, 61):            # 6 s at 0.1 s
        t = k * 0.1
        fallen = 3.0 <= t < 3.5
        robots = [{"team": 0, "unum": 1, "type": 0, "pos": [-5 + 0.5 * t, 0, 0.35], "yaw": 0, "fallen": False},
                  {"team": 1, "unum": 1, "type": 0, "pos": [5 - 0.25 * t, 0, 0.1 if fallen else 0.35], "yaw": 3.14,
                   "fallen": fallen}]
        f.write(json.dumps({"type": "frame", "cycle": k * 5, "t": t, "pm": "PlayOn", "half": 1, "score": [0, 0],
                            "ball": [0, 0, 0.04], "touch": [-1, 0], "robots": robots}) + "\n")
PY
result="$(python3 "$tool" "$out/r.jsonl")" || fail "chase_stats.py failed: $result"
echo "$result"
echo "$result" | grep -q "^L .*median 0.50 m/s" || fail "left speed"
echo "$result" | grep -q "^R .*median 0.25 m/s" || fail "right speed"
echo "$result" | grep -q "^R .*falls 1 in 0.1 player-minutes" || fail "right falls"
echo "$result" | grep -q "^L .*falls 0 " || fail "left falls"
echo "not json" >"$out/bad.jsonl"
python3 "$tool" "$out/bad.jsonl" >"$out/bad.txt" 2>&1 && fail "a broken replay was accepted"
grep -q "bad.jsonl:1: not JSON" "$out/bad.txt" || fail "no clear error: $(cat "$out/bad.txt")"
echo "PASS: chase_stats.py"
