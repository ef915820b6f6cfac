#!/usr/bin/env bash
# The ball's roll on both servers: `libero_ball_roll` sets the ball rolling
# along the ground at 3, 6 and 8 m/s (no spin, as a kick leaves it) and follows
# it in the monitor's truth until it lies still.
#   MODE builtin: on `libero serve`; fails when a simulator change moves the
#     roll away from rcssserver3d's (below) by more than 5 %.
#   MODE rcssserver3d: on the real server itself, that it still rolls as
#     recorded below, within 5 % (skipped, exit 77, without the kit).
#   Both modes check that bad arguments are refused naming the option.
# Figures, `libero_ball_roll --runs 3 --speeds 1,2,3,4,6,8 [--server
# rcssserver3d]` (docs/simulator.md, "The ball's roll and the kick's launch"):
# rcssserver3d 0.671 / 1.348 / 2.025 / 2.702 / 4.056 / 5.411 m, every run
# alike; built-in 0.672 / 1.351 / 2.030 / 2.709 / 4.074 / 5.443 m (with the
# ball's friction at 1.5 instead of 5 it hopped 1-8 cm from 3 m/s on and
# rolled 5-9 % too far: 2.055 / 4.261 / 5.912 m at 3 / 6 / 8 m/s, which this fails).
# Usage: calibration_ball_roll_test.sh MODE BALL_ROLL
set -u
mode="$1" tool="$2"
fail() { echo "FAIL: $*"; exit 1; }
. "$(dirname "${BASH_SOURCE[0]}")/skip_if_absent.sh"
out="$(mktemp -d /tmp/libero-ball-roll.XXXXXX)"
trap 'rm -rf "$out"' EXIT
within() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v >= lo && v <= hi) }'; }

case "$mode" in
builtin) tolerance=0.05 ;;
rcssserver3d) tolerance=0.05 ;;
*) fail "unknown mode '$mode'" ;;
esac

"$tool" --server "$mode" --runs 1 --speeds 3,6,8 >"$out/roll.txt" 2>&1
rc=$?
[ "$mode" = rcssserver3d ] && skip_if_absent "$out/roll.txt"
cat "$out/roll.txt"
[ "$rc" -eq 0 ] || fail "the roll failed (exit $rc)"
for pair in 3.00:2.025 6.00:4.056 8.00:5.411; do
  speed=${pair%%:*} real=${pair##*:}
  row=$(grep "^| $speed |" "$out/roll.txt") || fail "no row for $speed m/s"
  travel=$(echo "$row" | awk -F'|' '{ split($3, a, " "); print a[1] }')
  moving=$(echo "$row" | awk -F'|' '{ gsub(/ /, "", $8); print $8 }')
  [ "$moving" = 0 ] || fail "the ball launched at $speed m/s was still rolling after 20 s"
  lo=$(awk -v r="$real" -v t="$tolerance" 'BEGIN { printf "%.3f", r * (1 - t) }')
  hi=$(awk -v r="$real" -v t="$tolerance" 'BEGIN { printf "%.3f", r * (1 + t) }')
  within "$travel" "$lo" "$hi" || fail "at $speed m/s the ball rolled $travel m (rcssserver3d $real m; expected $lo-$hi)"
done

# Bad arguments: exit 2 naming the option, before any server starts.
for bad in "--speeds 0" "--speeds 3,x" "--speeds 13" "--speeds" "--runs 0" "--seconds -1"; do
  # shellcheck disable=SC2086
  "$tool" $bad >"$out/bad.txt" 2>&1
  rc=$?
  [ "$rc" -eq 2 ] || fail "'$bad' gave exit $rc"
  grep -q -- "${bad%% *}" "$out/bad.txt" || fail "'$bad': the error does not name the option: $(cat "$out/bad.txt")"
done
echo "PASS: the ball rolls on $mode as on rcssserver3d"
