#!/bin/bash
# getup_search writes the stand frame's level_feet_lean: 0.25 when it starts
# from its own guess, --init's own share when it starts from a file (a
# search from a shipped get-up must not drop the soles' lean). The same for
# the motion's imu_accel_smoothing: none from the guess (each reading alone),
# --init's when it has one (the front get-ups of types 0, 2 and 4 need it).
# Usage: getup_search_keeps_test.sh GETUP_SEARCH OUT_DIR
set -u
tool=$1 out=$2/getup_search_lean
rm -rf "$out" && mkdir -p "$out/init"
search() { "$tool" front "$1" --generations 0 --poses 1 --headings 1 --seconds 1 "${@:2}" >"$out/log.txt" 2>&1; }
search "$out/guess.lua" || { echo "FAIL: search from the guess: $(tail -2 "$out/log.txt")"; exit 1; }
grep -q 'level_feet = true, level_feet_lean = 0.25,' "$out/guess.lua" ||
  { echo "FAIL: the guess's stand frame lacks level_feet_lean 0.25"; exit 1; }
! grep -q 'imu_accel_smoothing' "$out/guess.lua" || { echo "FAIL: the guess sets imu_accel_smoothing"; exit 1; }
sed -e 's/level_feet_lean = 0.25/level_feet_lean = 0.10/' \
    -e 's/^  name = "getup_front",$/  name = "getup_front",\n  imu_accel_smoothing = 0.3,/' "$out/guess.lua" >"$out/init/getup_front.lua"
grep -q 'imu_accel_smoothing = 0.3,' "$out/init/getup_front.lua" || { echo "FAIL: the test could not set the smoothing"; exit 1; }
search "$out/from_init.lua" --init "$out/init/getup_front.lua" ||
  { echo "FAIL: search from --init: $(tail -2 "$out/log.txt")"; exit 1; }
grep -q 'level_feet = true, level_feet_lean = 0.10,' "$out/from_init.lua" ||
  { echo "FAIL: --init's level_feet_lean 0.10 was not kept"; exit 1; }
grep -q '^  imu_accel_smoothing = 0.3,$' "$out/from_init.lua" ||
  { echo "FAIL: --init's imu_accel_smoothing 0.3 was not kept"; exit 1; }
rm -rf "$out"
echo "PASS: 0.25 from the guess, 0.10 and the smoothing 0.3 kept from --init"
