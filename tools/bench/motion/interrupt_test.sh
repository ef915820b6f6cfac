#!/bin/bash
# A search stopped by a signal removes its scratch copy in /tmp and dies of
# that signal. Usage: interrupt_test.sh SIGNAL SCRATCH_PREFIX TOOL [ARGS...]
# SCRATCH_PREFIX: the scratch path less the pid (/tmp/libero_kick_search_);
# a trailing suffix after the pid is given as SCRATCH_PREFIX%SUFFIX.
# SIGNAL "exit": no signal; the tool (given arguments it rejects after making
# its scratch copy) must exit with status 2 and leave nothing behind.
set -u
signal=$1 prefix=${2%%%*} suffix=""
[[ $2 == *%* ]] && suffix=${2#*%}
shift 2
"$@" > /dev/null 2>&1 &
pid=$!
scratch="$prefix$pid$suffix"
if [ "$signal" = exit ]; then
  wait "$pid"
  status=$?
  [ ! -e "$scratch" ] || { echo "FAIL: $scratch left behind"; rm -rf "$scratch"; exit 1; }
  [ "$status" -eq 2 ] || { echo "FAIL: exit status $status, expected 2"; exit 1; }
  echo "PASS: exit status 2, $scratch removed"
  exit 0
fi
for _ in $(seq 1 300); do
  [ -e "$scratch" ] && break
  kill -0 "$pid" 2> /dev/null || { echo "FAIL: the tool exited before making $scratch"; exit 1; }
  sleep 0.1
done
[ -e "$scratch" ] || { echo "FAIL: no $scratch after 30 s"; kill -KILL "$pid"; exit 1; }
sleep 0.5
kill "-$signal" "$pid"
wait "$pid"
status=$?
if [ -e "$scratch" ]; then
  echo "FAIL: $scratch left behind"
  rm -rf "$scratch"
  exit 1
fi
expected=$((128 + $(kill -l "$signal")))
[ "$status" -eq "$expected" ] || { echo "FAIL: exit status $status, expected $expected (killed by SIG$signal)"; exit 1; }
echo "PASS: SIG$signal removed $scratch, exit status $status"
