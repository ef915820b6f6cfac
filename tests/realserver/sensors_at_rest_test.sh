#!/usr/bin/env bash
# sensors_at_rest.py runs on the built-in simulator (and the real server when
# the kit is there) and prints every row with a figure.
# Usage: sensors_at_rest_test.sh SENSORS_AT_REST_PY LIBERO
set -u
tool="$1" libero="$2"
fail() { echo "FAIL: $*"; exit 1; }
out="$(timeout 200 python3 "$tool" --libero "$libero" --seconds 1 2>&1)" || fail "the tool failed: $out"
echo "$out"
echo "$out" | grep -q '^| acc z | 9\.8' || fail "no standing accelerometer reading on the built-in simulator"
echo "$out" | grep -q '^| force lf z | 2[0-9]\.' || fail "no left foot force on the built-in simulator"
echo "$out" | grep -q '^| ball distance | [45]\.' || fail "the ball is not seen about 5 m away"
echo "PASS: sensors_at_rest.py"
