#!/bin/bash
# kick_search writes the swing's searched delays (swing_delay_* shares of the
# swing frame) as the frame's keyframe `delays`, in seconds, held below the
# written duration less one cycle so the candidate loads, and the wind-up's
# pitch wait (lift_wait_pitch, lift_wait_max) as its `wait_pitch` and
# `wait_max`, its ball shift (lift_shift_roll_y) as `ball_shift_y` and the
# kick table's window_y; a params file without them writes none of these
# (the motion as before). Usage: swing_timing_test.sh KICK_SEARCH OUT_DIR SOURCE_DIR
set -u
tool=$1 out=$2/swing_timing source=$3
rm -rf "$out" && mkdir -p "$out"
params=$source/tools/bench/motion/candidates/kick_lofted_s26.params
"$tool" kick_lofted "$out/none.lua" --generations 0 --init "$params" > "$out/none.log" 2>&1 ||
  { echo "FAIL: the earlier params did not play: $(tail -2 "$out/none.log")"; exit 1; }
grep -q 'delays' "$out/none.lua" && { echo "FAIL: delays written without swing_delay_* parameters"; exit 1; }
grep -q 'wait_' "$out/none.lua" && { echo "FAIL: a pitch wait written without lift_wait_* parameters"; exit 1; }
grep -q 'ball_shift\|window_' "$out/none.lua" && { echo "FAIL: a ball shift or window written without the parameters"; exit 1; }
# A 0.0455 s swing, written "0.045" or "0.046" (printf's rounding of the
# binary value): the loader takes delays up to the written duration less
# 0.02 s, so the share 0.85 of it (0.0387 s) is held to that.
sed -e 's/^swing_duration .*/swing_duration 0.0455/' "$params" > "$out/delayed.params"
printf 'swing_delay_yawpitch 0.85\nswing_delay_knee 0.5\nswing_delay_hip 0.0001\nlift_wait_max 0.3\nlift_wait_pitch 2.5\n' >> "$out/delayed.params"
printf 'lift_shift_roll_y 0.75\nwindow_y 0.018\n' >> "$out/delayed.params"
"$tool" kick_lofted "$out/delayed.lua" --generations 0 --init "$out/delayed.params" > "$out/delayed.log" 2>&1 ||
  { echo "FAIL: the delayed candidate did not play: $(tail -2 "$out/delayed.log")"; exit 1; }
line=$(grep -n 'delays = ' "$out/delayed.lua")
[ "$(grep -c 'delays = ' "$out/delayed.lua")" = 1 ] || { echo "FAIL: expected one delays table: $line"; exit 1; }
swing=$(grep -o 'duration = 0.04[56], pitch_support' "$out/delayed.lua" | grep -o '0.04[56]')
case $swing in
  0.045) want='delays = { RKneePitch = 0.022, RHipYawPitch = 0.025 }' ;;
  0.046) want='delays = { RKneePitch = 0.023, RHipYawPitch = 0.026 }' ;;
  *) echo "FAIL: swing duration not written as 0.045 or 0.046"; exit 1 ;;
esac
grep -q "$want" <<< "$line" ||
  { echo "FAIL: delays not the shares of the swing, held to duration - 0.02 (an unmoved one left out): $line"; exit 1; }
[ "$(grep -c 'wait_pitch = 2.50, wait_max = 0.30,' "$out/delayed.lua")" = 1 ] &&
  grep -q 'duration = 0.395, wait_pitch = 2.50, wait_max = 0.30,' "$out/delayed.lua" ||
  { echo "FAIL: the pitch wait not written once, on the wind-up: $(grep -n wait_ "$out/delayed.lua")"; exit 1; }
grep -q 'LShoulderPitch = [-0-9.]* }, ball_shift_y = { RHipRoll = 0.75 } },' "$out/delayed.lua" ||
  { echo "FAIL: the ball shift not written on the wind-up: $(grep -n ball_shift "$out/delayed.lua")"; exit 1; }
grep -q '^  kick = { ball_x = [0-9.]*, ball_y = [-0-9.]*, distance = [0-9.]*, window_y = 0.018 },' "$out/delayed.lua" ||
  { echo "FAIL: window_y not in the kick table: $(grep -n 'kick = ' "$out/delayed.lua")"; exit 1; }
# A wait shorter than a cycle is no wait: nothing written.
sed -e 's/^lift_wait_max .*/lift_wait_max 0.01/' "$out/delayed.params" > "$out/short.params"
"$tool" kick_lofted "$out/short.lua" --generations 0 --init "$out/short.params" > "$out/short.log" 2>&1 ||
  { echo "FAIL: the short-wait candidate did not play: $(tail -2 "$out/short.log")"; exit 1; }
grep -q 'wait_' "$out/short.lua" && { echo "FAIL: a wait under a cycle written"; exit 1; }
echo "PASS: delays written in seconds within the frame, the pitch wait and ball shift on the wind-up, window_y in the kick table, none without them"
