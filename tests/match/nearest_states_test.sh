#!/usr/bin/env bash
# nearest_states.py on a made-up replay: team L's robot 2 is nearest the ball
# in all 10 PlayOn frames (one more frame is a kick-off and does not count);
# it reports dribble:line_up for the first 6 and dribble:push after. An
# opponent stands 0.5 m from the ball in the first 4 frames (pressed, and
# nearer than robot 2), 3 m away after; robot 2 faces the ball from 0.8 m in
# the first 2 frames and faces away in the next 2.
# Usage: nearest_states_test.sh NEAREST_STATES_PY
set -u
tool="$1"
out="$(mktemp -d /tmp/libero-nearest-states-test.XXXXXX)"
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
python3 - "$out/r.jsonl" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"type": "header", "format": "libero-replay", "version": 2, "team_left": "L", "team_right": "R"}) + "\n")
    for k in range(11):
        t = k * 0.1
        yaw = 0.0 if k < 2 else 3.14
        robots = [{"team": 0, "unum": 2, "type": 0, "pos": [-2.8, 0, 0.35], "yaw": yaw, "fallen": False},
                  {"team": 0, "unum": 3, "type": 0, "pos": [-8, 0, 0.35], "yaw": 0, "fallen": False},
                  {"team": 1, "unum": 1, "type": 0, "pos": [-1.5 if k < 4 else 1.0, 0, 0.35], "yaw": 3.14,
                   "fallen": False}]
        f.write(json.dumps({"type": "frame", "cycle": k * 5, "t": t, "pm": "PlayOn" if k < 10 else "KickOff_Left",
                            "half": 1, "score": [0, 0], "ball": [-2.0, 0, 0.04], "touch": [-1, 0],
                            "robots": robots}) + "\n")
        for unum in (2, 3):
            state = ("line_up" if k < 6 else "push") if unum == 2 else "position"
            act = [[0, "play", "play_on", 1, 1, ""], [1, "play_ball", "dribble", 1, 1, ""], [2, "dribble", state, 1, 1, ""]]
            if unum == 3:
                act = [[0, "play", "play_on", 1, 1, ""], [1, "defender", "position", 1, 1, ""]]
            f.write(json.dumps({"type": "debug", "cycle": k * 5, "t": t + 0.02, "team": 0, "unum": unum, "kind": "agent",
                                "d": {"k": "agent", "act": act}}) + "\n")
PY
result="$(python3 "$tool" --team L "$out/r.jsonl")" || fail "nearest_states.py failed: $result"
echo "$result"
echo "$result" | grep -q "^L in 1 replay(s), 10 PlayOn frames: ball in own half 100.0 %, nearest to it 60.0 %" || fail "header line"
echo "$result" | grep -q "^ 60.0 % play_ball:dribble/dribble:line_up" || fail "line-up share"
echo "$result" | grep -q "^ 40.0 % play_ball:dribble/dribble:push" || fail "push share"
grep -q "position" <<<"$result" && fail "the defender is never nearest"
echo "$result" | grep -q "of those 66.7 % pressed .* of those 50.0 % facing the ball" || fail "duel shares"
# The other team: nearer in the 4 pressed frames, no states reported.
other="$(python3 "$tool" --team R "$out/r.jsonl")" || fail "nearest_states.py --team R failed: $other"
echo "$other" | grep -q "^R in 1 replay(s), 10 PlayOn frames: ball in own half 0.0 %, nearest to it 40.0 %" || fail "right: $other"
echo "$other" | grep -q "^100.0 % ?" || fail "right without debug lines: $other"
python3 "$tool" --team X "$out/r.jsonl" >"$out/x.txt" 2>&1 && fail "a team that does not play was accepted"
grep -q "no PlayOn frames of X" "$out/x.txt" || fail "no clear error for X: $(cat "$out/x.txt")"
echo "not json" >"$out/bad.jsonl"
python3 "$tool" "$out/bad.jsonl" >"$out/bad.txt" 2>&1 && fail "a broken replay was accepted"
grep -q "bad.jsonl:1: not JSON" "$out/bad.txt" || fail "no clear error: $(cat "$out/bad.txt")"
python3 "$tool" "$out/missing.jsonl" >"$out/missing.txt" 2>&1 && fail "a missing replay was accepted"
grep -q "missing.jsonl: No such file" "$out/missing.txt" || fail "no clear error: $(cat "$out/missing.txt")"
echo "PASS: nearest_states.py"
