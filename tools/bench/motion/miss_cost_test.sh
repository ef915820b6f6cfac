#!/bin/bash
# kick_search's --miss-cost: the untuned start kick (no --init) barely
# touches the ball, so some of its trials are misses; scored with the
# default cost its fitness must be lower than with --miss-cost 0, and the
# log must count the misses. Usage: miss_cost_test.sh KICK_SEARCH OUT_DIR
set -u
tool=$1 out=$2
start_line() { "$tool" kick_long "$out/miss_cost_$1.lua" --generations 0 --miss-cost "$1" 2>&1 | grep '^start'; }
free=$(start_line 0) costly=$(start_line 4)
misses=$(sed -n 's/.*misses \([0-9]*\).*/\1/p' <<< "$costly")
[ -n "$misses" ] && [ "$misses" -gt 0 ] || { echo "FAIL: no misses counted: $costly"; exit 1; }
total_free=$(awk '{print $2}' <<< "$free") total_costly=$(awk '{print $2}' <<< "$costly")
awk -v a="$total_costly" -v b="$total_free" 'BEGIN { exit !(a < b) }' ||
  { echo "FAIL: $misses misses but fitness $total_costly with cost 4, $total_free free"; exit 1; }
echo "PASS: $misses misses, fitness $total_costly with cost 4 against $total_free free"
