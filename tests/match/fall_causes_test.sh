#!/usr/bin/env bash
# fall_causes.py on a made-up replay: team A's robot 1 falls twice, once with
# B's robot 1 within 0.3 m in the second before and once alone; B's robot
# never falls; --where says B's robot was in front, A fell onto its back while
# pushing the ball; --refall counts a second replay's fall 1 s after a get-up
# (back then back) and not one 28 s after; --getups times a front and a back
# spell down as the get-up bench does (a half-second stand ends neither). Also a missing file and a broken
# line are errors naming them.
# Usage: fall_causes_test.sh FALL_CAUSES_PY
set -u
tool="$1"
fail() { echo "FAIL: $*"; exit 1; }
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
python3 - "$dir/game.jsonl" <<'PY'
import json, sys
out = open(sys.argv[1], "w")
out.write(json.dumps({"type": "header", "team_left": "A", "team_right": "B"}) + "\n")
for k in range(0, 601):  # 60 s of frames every 0.1 s
    t = k * 0.1
    near = 9.0 <= t < 10.0  # B's robot beside A's just before the first fall
    a_down = 10.0 <= t < 12.0 or 40.0 <= t < 43.0
    # A faces +x; at the first fall its torso goes 0.3 m back (onto its back).
    a_x = -0.3 if t >= 10.0 else 0.0
    robots = [{"team": 0, "unum": 1, "pos": [a_x, 0, 0.3], "yaw": 0.0, "fallen": a_down},
              {"team": 1, "unum": 1, "pos": [0.2 if near else 5.0, 0, 0.3], "yaw": 3.14, "fallen": False}]
    out.write(json.dumps({"type": "frame", "t": round(t, 2), "pm": "PlayOn", "robots": robots}) + "\n")
    if k % 5 == 0:  # A's option state over the debug channel: pushing the ball before the first fall
        state = "push" if t < 10.0 else "get_up"
        act = [[0, "play", "play_on", 1, 1, ""], [1, "dribble", state, 1, 1, ""]]
        out.write(json.dumps({"type": "debug", "t": round(t, 2), "team": 0, "unum": 1, "kind": "agent",
                              "d": {"k": "agent", "act": act}}) + "\n")
PY
out="$(python3 "$tool" "$dir/game.jsonl" 2>&1)" || fail "the tool failed: $out"
echo "$out"
echo "$out" | grep -q '^| A | 1.0 | 2 | 1 | 1 | 2.00 | 1.00 |' || fail "A's falls are not 2, one near a robot, in 1 player-minute"
echo "$out" | grep -q '^| B | 1.0 | 0 | 0 | 0 |' || fail "B fell"
out="$(python3 "$tool" --near 0.1 "$dir/game.jsonl" 2>&1)" || fail "the tool failed with --near: $out"
echo "$out" | grep -q '^| A | 1.0 | 2 | 0 | 2 |' || fail "--near 0.1 still counts the robot 0.2 m away"
out="$(python3 "$tool" --where "$dir/game.jsonl" 2>&1)" || fail "the tool failed with --where: $out"
echo "$out"
echo "$out" | grep -q '^A, falls near a robot, other robot: front 1$' || fail "B's robot was not in front of A's"
echo "$out" | grep -q '^A, falls near a robot, fell onto: back 1$' || fail "A did not fall onto its back"
echo "$out" | grep -q '^A, falls near a robot, state before: dribble:push 1$' || fail "A's state before the fall is not dribble:push"
echo "$out" | grep -q '^B, falls near a robot, other robot: $' || fail "B has falls near a robot"
out="$(python3 "$tool" --refall 2.5 "$dir/game.jsonl" 2>&1)" || fail "the tool failed with --refall: $out"
echo "$out" | grep -q '^A, falls within 2.5 s of standing up from a fall: 0 of 2$' || fail "a fall 28 s after standing up counted as a re-fall: $out"
python3 - "$dir/refall.jsonl" <<'PY'
import json, sys
out = open(sys.argv[1], "w")
out.write(json.dumps({"type": "header", "team_left": "A", "team_right": "B"}) + "\n")
for k in range(0, 301):  # A falls back at 10 s, stands at 12 s, falls back again at 13 s
    t = k * 0.1
    a_down = 10.0 <= t < 12.0 or t >= 13.0
    a_x = 0.0 if t < 10.0 else (-0.3 if t < 13.0 else -0.6)
    robots = [{"team": 0, "unum": 1, "pos": [a_x, 0, 0.3], "yaw": 0.0, "fallen": a_down},
              {"team": 1, "unum": 1, "pos": [5.0, 0, 0.3], "yaw": 3.14, "fallen": False}]
    out.write(json.dumps({"type": "frame", "t": round(t, 2), "pm": "PlayOn", "robots": robots}) + "\n")
PY
out="$(python3 "$tool" --refall 2.5 "$dir/refall.jsonl" 2>&1)" || fail "the tool failed with --refall: $out"
echo "$out"
echo "$out" | grep -q '^A, falls within 2.5 s of standing up from a fall: 1 of 2, back then back 1$' || fail "the re-fall 1 s after standing up is not counted as back then back"
out="$(python3 "$tool" --refall 0.5 "$dir/refall.jsonl" 2>&1)" || fail "the tool failed with --refall 0.5: $out"
echo "$out" | grep -q '^A, falls within 0.5 s of standing up from a fall: 0 of 2$' || fail "--refall 0.5 counts a fall 1 s after standing up"
out="$(python3 "$tool" --refall -1 "$dir/game.jsonl" 2>&1)"; [ $? -eq 2 ] || fail "--refall -1 was not refused with exit 2"
python3 - "$dir/getups.jsonl" <<'PY'
import json, sys
out = open(sys.argv[1], "w")
out.write(json.dumps({"type": "header", "team_left": "A", "team_right": "B"}) + "\n")
for k in range(0, 401):
    # A falls onto its front at 10 s and stands from 11.5 s; onto its back at
    # 20 s, stands 22.0-22.5 s (under the bench's 1 s) and from 23 s.
    t = k * 0.1
    down = 10.0 <= t < 11.5 or (20.0 <= t < 23.0 and not 22.0 <= t < 22.5)
    a_x = 0.0 if t < 10.0 else (0.3 if t < 20.0 else 0.0)
    robots = [{"team": 0, "unum": 1, "pos": [a_x, 0, 0.1 if down else 0.33], "yaw": 0.0, "fallen": down},
              {"team": 1, "unum": 1, "pos": [5.0, 0, 0.33], "yaw": 3.14, "fallen": False}]
    out.write(json.dumps({"type": "frame", "t": round(t, 2), "pm": "PlayOn", "robots": robots}) + "\n")
PY
out="$(python3 "$tool" --getups "$dir/getups.jsonl" 2>&1)" || fail "the tool failed with --getups: $out"
echo "$out"
echo "$out" | grep -q '^A, down to standing: back 1, median 3.00 s, within 2 s 0; front 1, median 1.50 s, within 2 s 1$' ||
  fail "A's get-ups are not front 1.5 s and back 3.0 s (a half-second stand does not end a spell)"
echo "$out" | grep -q '^B, down to standing: none$' || fail "B, never down, has spells down"
out="$(python3 "$tool" "$dir/none.jsonl" 2>&1)" && fail "a missing file was accepted"
echo "$out" | grep -q "none.jsonl" || fail "the missing file is not named: $out"
echo '{"type": "header", "team_left": "A", "team_right": "B"}' > "$dir/bad.jsonl"
echo '{broken' >> "$dir/bad.jsonl"
out="$(python3 "$tool" "$dir/bad.jsonl" 2>&1)" && fail "a broken line was accepted"
echo "$out" | grep -q "bad.jsonl:2" || fail "the broken line is not named: $out"
out="$(python3 "$tool" --near 0 "$dir/game.jsonl" 2>&1)"; [ $? -eq 2 ] || fail "--near 0 was not refused with exit 2"
echo "PASS: fall_causes.py"
