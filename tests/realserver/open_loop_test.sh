#!/usr/bin/env bash
# libero_open_loop: a walk recorded on the built-in simulator (skill bench,
# --keep-logs) replayed open-loop on the same server gives the recorded
# joint angles back at the start of play, and the robot moves; bad input is
# refused with a clear message. (The real server has a test of its own
# through the same code: the recording's server does not matter here.)
# Usage: open_loop_test.sh SKILL_BENCH OPEN_LOOP
set -u
bench="$1" tool="$2"
out="$(mktemp -d /tmp/libero-open-loop-test.XXXXXX)"
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$bench" walk --server builtin --runs 1 --seconds 3 --keep-logs "$out/kept" >"$out/bench.txt" 2>&1 ||
  fail "the skill bench failed: $(tail -3 "$out/bench.txt")"
record="$out/kept/run0/agent.record"
[ -s "$record" ] || fail "the skill bench kept no record"
"$tool" "$record" --server builtin --runs 1 --seconds 1 -v >"$out/replay.txt" 2>&1 ||
  fail "the replay failed: $(tail -3 "$out/replay.txt")"
cat "$out/replay.txt"
start=$(sed -n 's/.*RMS from the record (\([0-9.]*\) at the start).*/\1/p' "$out/replay.txt" | tail -1)
moved=$(sed -n 's/.*torso moved median \([0-9.]*\) m.*/\1/p' "$out/replay.txt")
[ -n "$start" ] && [ -n "$moved" ] || fail "no figures in the output"
# The same server and the same commands: the joints start where they did.
awk -v v="$start" 'BEGIN { exit !(v < 0.5) }' || fail "joints start $start deg RMS from the record on the same server"
awk -v v="$moved" 'BEGIN { exit !(v > 0.05) }' || fail "the replayed walk did not move the robot ($moved m)"
printf 'libero-record 1\nend-header\nX 0.1 3\n' >"$out/bad.record"
"$tool" "$out/bad.record" >"$out/bad.txt" 2>&1 && fail "a broken record was accepted"
grep -q "libero_open_loop:" "$out/bad.txt" || fail "no clear error: $(cat "$out/bad.txt")"
echo "PASS: open-loop replay"
