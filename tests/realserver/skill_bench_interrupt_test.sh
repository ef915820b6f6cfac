#!/usr/bin/env bash
# A skill bench stopped by SIGTERM (or Ctrl-C) in the middle of a run stops
# that run's server and agent, removes its work folder and exits 130: they
# run in process groups of their own, which the signal does not reach.
# Usage: skill_bench_interrupt_test.sh SKILL_BENCH
set -u
bench="$1"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Work folders of other benches (running alongside) are not this one's.
before=" $(echo /tmp/libero-skill-bench-*) "
"$bench" walk --runs 3 --seconds 30 > "$out/out.txt" 2> "$out/err.txt" &
pid=$!
# Wait until the run's agent is up (its work folder holds agent.log).
work=""
for _ in $(seq 1 100); do
  for d in /tmp/libero-skill-bench-*; do
    [ -f "$d/agent.log" ] || continue
    case "$before" in *" $d "*) continue ;; esac
    if pgrep -f -- "--scripts $d/scripts" > /dev/null; then work="$d"; break; fi
  done
  [ -n "$work" ] && break
  sleep 0.1
done
[ -n "$work" ] || { kill "$pid" 2> /dev/null; fail "no run started within 10 s"; }
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
[ "$status" -eq 130 ] || fail "exit status $status, expected 130; stderr: $(cat "$out/err.txt")"
grep -q "interrupted in run" "$out/err.txt" || fail "no 'interrupted' message: $(cat "$out/err.txt")"
sleep 0.5
if pgrep -f -- "$work" > /dev/null; then
  pgrep -af -- "$work"
  pkill -9 -f -- "$work"
  fail "processes of the interrupted run are still running"
fi
[ ! -e "$work" ] || fail "the run's work folder $work is left behind"
echo "ok: interrupted bench exited 130 and left nothing running"
