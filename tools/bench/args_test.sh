#!/bin/bash
# A bench tool's command line is checked before it runs or writes anything.
# Usage: args_test.sh refused|usage DIR TEXT TOOL [ARGS...]
#   refused: exit status 2, TEXT (the argument named) on stderr, nothing on stdout;
#   usage:   exit status 0, "usage: " and TEXT on stdout, nothing on stderr.
# Either way the tool runs in the empty DIR and must leave it empty (an output
# file such as "--help" or "out.lua" would land there), and must leave no
# scratch copy /tmp/libero_*_<pid>.
set -u
mode=$1 dir=$2 text=$3
shift 3
rm -rf "$dir" "$dir.out" "$dir.err" && mkdir -p "$dir" || { echo "FAIL: cannot make $dir"; exit 1; }
(cd "$dir" && exec "$@") > "$dir.out" 2> "$dir.err" &
pid=$!
wait "$pid"
status=$?
out=$(cat "$dir.out") err=$(cat "$dir.err")
left=$(ls -A "$dir")
[ -z "$left" ] || { echo "FAIL: wrote $left"; exit 1; }
for scratch in /tmp/libero_*_"$pid" /tmp/libero_*_"$pid".*; do
  [ ! -e "$scratch" ] || { echo "FAIL: left $scratch"; rm -rf "$scratch"; exit 1; }
done
if [ "$mode" = refused ]; then
  [ "$status" -eq 2 ] || { echo "FAIL: exit status $status, expected 2; stderr: $err"; exit 1; }
  grep -qF -- "$text" <<< "$err" || { echo "FAIL: stderr does not say '$text': $err"; exit 1; }
  [ -z "$out" ] || { echo "FAIL: printed on stdout: $out"; exit 1; }
  echo "PASS: refused with: $err"
else
  [ "$status" -eq 0 ] || { echo "FAIL: exit status $status, expected 0; stderr: $err"; exit 1; }
  grep -qF -- "usage: " <<< "$out" && grep -qF -- "$text" <<< "$out" ||
    { echo "FAIL: no usage with '$text' on stdout: $out"; exit 1; }
  [ -z "$err" ] || { echo "FAIL: printed on stderr: $err"; exit 1; }
  echo "PASS: usage on stdout"
fi
