#!/usr/bin/env bash
# End-to-end checks of `libero match` on the built-in simulator:
#   1. same seed, sync mode => byte-identical replay logs; another seed differs;
#   2. Ctrl-C (SIGINT) mid-game still writes the log and a partial summary;
#   3. a crashed and a stalled agent are reported and the match goes on;
#   4. bad options fail with exit 2 and a clear message; --robots copies play, and
#      broken robot data stops the match with the agents' error; --physics plays
#      another physics file and refuses a broken one;
#   5. mock world: the JIT gives the same game as the interpreter; a script stuck
#      in a compiled loop ends the match with the watchdog's message (exit 70),
#      while the interpreter cuts the same loop every tick and the match goes on.
# Usage: match_cli_test.sh LIBERO_BINARY
set -u
libero="$1"
out="$(mktemp -d /tmp/libero-match-test.XXXXXX)"
pid=""
cleanup() { [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; rm -rf "$out"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

run() { "$libero" match --players 2 --half-time 4 --quiet --out "$out" "$@" >"$out/$2.stdout" 2>&1; }

run --name a --seed 11 || fail "match a failed: $(tail -5 "$out/a.stdout")"
run --name b --seed 11 || fail "match b failed"
run --name c --seed 12 || fail "match c failed"
if ! cmp -s "$out/a.jsonl" "$out/b.jsonl"; then
  # Say where the games parted and what the agents reported, so a rare failure can be traced.
  cmp "$out/a.jsonl" "$out/b.jsonl"
  grep -H . "$out"/a-agents/*.log "$out"/b-agents/*.log | grep -v "connection to the server lost" | head -20
  fail "same seed gave different replay logs"
fi
cmp -s "$out/a.jsonl" "$out/c.jsonl" && fail "different seeds gave identical replay logs"
grep -q '"finished":true' "$out/a.summary.json" || fail "summary does not say finished"
grep -q '<canvas id="field"' "$out/a.html" || fail "HTML report without the replay canvas"
echo "ok: same seed => identical replay logs ($(wc -l <"$out/a.jsonl") lines); other seed differs"

"$libero" match --players 1 --half-time 300 --quiet --out "$out" --name int >"$out/int.stdout" 2>&1 &
pid=$!
for _ in $(seq 1 100); do  # wait until the game runs (frames in the log)
  [ -s "$out/int.jsonl" ] && [ "$(wc -l <"$out/int.jsonl")" -gt 20 ] && break
  sleep 0.2
done
kill -INT "$pid"
wait "$pid"; rc=$?
pid=""
[ "$rc" -eq 0 ] || fail "interrupted match exited $rc"
grep -q '"interrupted":true' "$out/int.summary.json" || fail "partial summary not marked interrupted"
grep -q '"kind":"interrupted"' "$out/int.jsonl" || fail "replay log lacks the interrupted event"
echo "ok: Ctrl-C writes the log and a partial summary"

# An agent that crashes and one that stalls: the match goes on and the
# summary reports both (crashed; missed cycles after the 2 s sync stall limit).
"$libero" match --players 2 --half-time 300 --quiet --out "$out" --name cs >"$out/cs.stdout" 2>&1 &
pid=$!
for _ in $(seq 1 150); do
  [ -s "$out/cs.jsonl" ] && grep -q '"pm":"PlayOn"\|"pm":"KickOff' "$out/cs.jsonl" && break
  sleep 0.2
done
crash=$(pgrep -P "$pid" -f -- "agent --port [0-9]* --team Opponent --unum 2" | head -1)
stall=$(pgrep -P "$pid" -f -- "agent --port [0-9]* --team Libero --unum 2" | head -1)
[ -n "$crash" ] && [ -n "$stall" ] || fail "could not find the agent processes"
# Sync mode: the agents' behaviour budget is 20 ms, so a machine's load cannot cut a tick and change the game.
tr '\0' ' ' <"/proc/$stall/cmdline" | grep -q -- "--tick-budget-ms 20" || fail "a sync-mode agent runs without the 20 ms tick budget"
kill -KILL "$crash"
kill -STOP "$stall"
lines=$(wc -l <"$out/cs.jsonl")
sleep 8
kill -CONT "$stall"
[ "$(wc -l <"$out/cs.jsonl")" -gt "$lines" ] || fail "the match stopped when an agent crashed and another stalled"
kill -INT "$pid"
wait "$pid"; rc=$?
pid=""
[ "$rc" -eq 0 ] || fail "match with a crashed agent exited $rc"
python3 - "$out/cs.summary.json" <<'PY' || fail "summary does not report the crashed and the stalled agent"
import json, sys
s = json.load(open(sys.argv[1]))
agents = {(a["team"], a["unum"]): a for a in s["agents"]}
assert agents[(1, 2)]["crashed"], agents[(1, 2)]
assert agents[(0, 2)]["missed_cycles"] > 0, agents[(0, 2)]
PY
echo "ok: a crashed and a stalled agent are reported, the match goes on"

"$libero" match --players 12 >"$out/bad.txt" 2>&1; rc=$?
[ "$rc" -eq 2 ] || fail "--players 12 exited $rc, expected 2"
grep -q "players" "$out/bad.txt" || fail "no clear message for --players 12"
"$libero" match --left-types 0,0,0,0,0,0,0,0,1,2,3 --players 11 >"$out/bad2.txt" 2>&1; rc=$?
[ "$rc" -eq 2 ] || fail "illegal team composition exited $rc, expected 2"
grep -q "at most 7 times" "$out/bad2.txt" || fail "no clear message for an illegal composition"
"$libero" match --world mock --record-debug >"$out/bad3.txt" 2>&1; rc=$?
[ "$rc" -eq 2 ] || fail "--record-debug in the mock world exited $rc, expected 2"
grep -q "record-debug.*--world sim" "$out/bad3.txt" || fail "no clear message for --record-debug in the mock world"
"$libero" match --record-debug-rate 0 >"$out/bad4.txt" 2>&1; rc=$?
[ "$rc" -eq 2 ] || fail "--record-debug-rate 0 exited $rc, expected 2"
echo "ok: bad options rejected"

# --robots: a copy of robots/ plays; a broken copy stops the match at once
# with the agents' error, which names the copy's file (the agents read it).
source_robots="$(cd "$(dirname "$0")/../../robots" && pwd)"
cp -r "$source_robots" "$out/robots_ok"
rm "$out/robots_ok/nao/motions/kick_lofted.lua"  # optional: a robot may lack it
run --name rk --seed 3 --robots "$out/robots_ok" || fail "match with a robots copy failed: $(tail -3 "$out/rk.stdout")"
grep -q '"finished":true' "$out/rk.summary.json" || fail "robots-copy match did not finish"
cp -r "$source_robots" "$out/robots_bad"
echo "return { name = 'kick_short', frames = 7 }" >"$out/robots_bad/nao/motions/kick_short.lua"
timeout 60 "$libero" match --players 2 --half-time 4 --quiet --out "$out" --name rb --robots "$out/robots_bad" \
  >"$out/rb.txt" 2>&1; rc=$?
[ "$rc" -eq 1 ] || fail "match with broken robot data exited $rc, expected 1: $(tail -3 "$out/rb.txt")"
grep -q "could not start" "$out/rb.txt" && grep -q "robots_bad/nao/motions/kick_short.lua" "$out/rb.txt" \
  || fail "no clear error naming the broken file: $(tail -3 "$out/rb.txt")"
grep -q "expected agents connected after" "$out/rb.txt" && fail "the match waited out the join timeout for an agent that could not start"
# Per-team robot data: only the right team runs the broken copy.
timeout 60 "$libero" match --players 2 --half-time 4 --quiet --out "$out" --name rt --left-robots "$out/robots_ok" \
  --right-robots "$out/robots_bad" >"$out/rt.txt" 2>&1; rc=$?
[ "$rc" -eq 1 ] || fail "match with a broken right-team copy exited $rc, expected 1: $(tail -3 "$out/rt.txt")"
grep -q "Opponent #. could not start" "$out/rt.txt" && grep -q "robots_bad/nao/motions/kick_short.lua" "$out/rt.txt" \
  || fail "no clear error naming the right team's broken file: $(tail -3 "$out/rt.txt")"
grep -q "Libero #. could not start" "$out/rt.txt" && fail "the left team ran the right team's robot data"
"$libero" match --players 1 --half-time 1 --left-robots "$out/nowhere" >"$out/rn.txt" 2>&1; rc=$?
[ "$rc" -eq 2 ] && grep -q "left-robots: .* has no nao/nao.lua" "$out/rn.txt" || fail "a missing --left-robots folder was not refused"
echo "ok: --robots copies play; broken robot data stops the match with the agent's error, per team too"

# --physics: the simulator reads another physics file; a broken one stops the
# match before it starts, naming the file, the line and the key.
sed 's/^  ball_bounce = .*/  ball_bounce = 0.5,/' "$source_robots/simulator.lua" >"$out/bouncy.lua"
run --name ph --seed 3 --physics "$out/bouncy.lua" || fail "match with --physics failed: $(tail -3 "$out/ph.stdout")"
grep -q '"finished":true' "$out/ph.summary.json" || fail "--physics match did not finish"
sed 's/^  robot_friction = .*/  robot_friction = -1,/' "$source_robots/simulator.lua" >"$out/bad_physics.lua"
timeout 60 "$libero" match --players 1 --half-time 2 --quiet --out "$out" --name pb --physics "$out/bad_physics.lua" \
  >"$out/pb.txt" 2>&1; rc=$?
[ "$rc" -eq 1 ] && grep -q "bad_physics.lua:[0-9]*: 'robot_friction' must be between" "$out/pb.txt" \
  || fail "a broken physics file (exit $rc): $(tail -3 "$out/pb.txt")"
echo "ok: --physics plays another physics file; a broken one is refused with its file and line"

mock() { "$libero" match --world mock --players 3 --half-time 10 --quiet --out "$out" "$@"; }
mock --name mj --seed 5 >"$out/mj.txt" 2>&1 || fail "mock match (JIT) failed: $(tail -3 "$out/mj.txt")"
mock --name mi --seed 5 --no-jit >"$out/mi.txt" 2>&1 || fail "mock match (--no-jit) failed"
cmp -s "$out/mj.jsonl" "$out/mi.jsonl" || fail "JIT and interpreter games differ"
mkdir -p "$out/stuck"
printf 'return function()\n  local n = 0\n  while true do n = n + 1 end\nend\n' >"$out/stuck/main.lua"
timeout 120 "$libero" match --world mock --players 1 --half-time 5 --quiet --out "$out" --name stuckj \
  --left "$out/stuck" >"$out/stuckj.txt" 2>&1; rc=$?
[ "$rc" -eq 70 ] || fail "a stuck compiled loop exited $rc, expected 70: $(tail -3 "$out/stuckj.txt")"
grep -q "stuck in JIT-compiled Lua" "$out/stuckj.txt" || fail "no watchdog message"
timeout 300 "$libero" match --world mock --players 1 --half-time 1 --quiet --out "$out" --name stucki \
  --left "$out/stuck" --no-jit >"$out/stucki.txt" 2>&1 || fail "interpreted stuck loop: the match did not go on"
echo "ok: mock world JIT = interpreter; the JIT watchdog ends a stuck compiled loop"
echo "6 passed, 0 failed"
