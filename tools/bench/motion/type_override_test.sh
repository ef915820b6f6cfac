#!/bin/bash
# kick_search --type T plays the candidate, not the type's own shipped file:
# type 3 has its own kick_long (robots/nao/motions/type3/), and its own
# parameters with a slow swing (the ball placed alike) must score otherwise
# than its own parameters (a candidate written to the shared file was never
# played, so both scored type 3's file alike). Usage: type_override_test.sh KICK_SEARCH OUT_DIR CANDIDATES_DIR
set -u
tool=$1 out=$2 candidates=$3
start() { "$tool" kick_long "$out/type_override_$1.lua" --type 3 --generations 0 --init "$2" 2>&1 | grep '^start'; }
awk '$1 == "swing_duration" { $2 = 0.3 } { print }' "$candidates/kick_long_type3.params" > "$out/type_override_slow.params"
own=$(start own "$candidates/kick_long_type3.params") other=$(start other "$out/type_override_slow.params")
[ -n "$own" ] && [ -n "$other" ] || { echo "FAIL: no start line: $own / $other"; exit 1; }
[ "$(awk '{print $2}' <<< "$own")" != "$(awk '{print $2}' <<< "$other")" ] ||
  { echo "FAIL: both starts scored alike: $own / $other"; exit 1; }
echo "PASS: type 3's own kick scored $(awk '{print $2}' <<< "$own"), with a slow swing $(awk '{print $2}' <<< "$other")"
