#!/usr/bin/env bash
# chase_stats.py on a made-up replay: the left robot nearest the ball walks
# at 0.5 m/s, the right one at 0.25 m/s and falls after standing 3 s, down
# for 0.5 s, and again after standing 0.7 s, down for 0.3 s (a fall counts
# once the robot stood 0.5 s, as the match summary counts); then the same
# game with the sides swapped, which adds to each team by name.
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
        fallen = 3.0 <= t < 3.5 or 4.2 <= t < 4.5
        robots = [{"team": 0, "unum": 1, "type": 0, "pos": [-5 + 0.5 * t, 0, 0.35], "yaw": 0, "fallen": False},
                  {"team": 1, "unum": 1, "type": 0, "pos": [5 - 0.25 * t, 0, 0.1 if fallen else 0.35], "yaw": 3.14,
                   "fallen": fallen}]
        f.write(json.dumps({"type": "frame", "cycle": k * 5, "t": t, "pm": "PlayOn", "half": 1, "score": [0, 0],
                            "ball": [0, 0, 0.04], "touch": [-1, 0], "robots": robots}) + "\n")
PY
result="$(python3 "$tool" "$out/r.jsonl")" || fail "chase_stats.py failed: $result"
echo "$result" | grep -q "^R .*down 13.3 % of the time, median spell 0.4 s (2 spells)" || fail "right time down: $result"
echo "$result" | grep -q "^L .*down 0.0 % of the time" || fail "left time down: $result"
# The same game from the other side: each team's figures add up by name.
python3 - "$out/r.jsonl" "$out/swapped/s.jsonl" <<'PY'
import json, os, sys
os.makedirs(os.path.dirname(sys.argv[2]))
with open(sys.argv[1]) as f, open(sys.argv[2], "w") as g:
    for line in f:
        r = json.loads(line)
        if r["type"] == "header":
            r["team_left"], r["team_right"] = "R", "L"
        else:
            for robot in r["robots"]:
                robot["team"] = 1 - robot["team"]
        g.write(json.dumps(r) + "\n")
PY
both="$(python3 "$tool" "$out/r.jsonl" "$out/swapped")" || fail "chase_stats.py failed on two replays: $both"
echo "$both" | grep -q "^L .*median 0.50 m/s (.*falls 0 in 0.2 player-minutes" || fail "left over both sides: $both"
echo "$both" | grep -q "^R .*median 0.25 m/s (.*falls 4 in 0.2 player-minutes.*(4 spells)" || fail "right over both sides: $both"
echo "$result"
echo "$result" | grep -q "^L .*median 0.50 m/s" || fail "left speed"
echo "$result" | grep -q "^R .*median 0.25 m/s" || fail "right speed"
echo "$result" | grep -q "^R .*falls 2 in 0.1 player-minutes" || fail "right falls"
echo "$result" | grep -q "^L .*falls 0 " || fail "left falls"
echo "not json" >"$out/bad.jsonl"
python3 "$tool" "$out/bad.jsonl" >"$out/bad.txt" 2>&1 && fail "a broken replay was accepted"
grep -q "bad.jsonl:1: not JSON" "$out/bad.txt" || fail "no clear error: $(cat "$out/bad.txt")"
echo "PASS: chase_stats.py"
