#!/usr/bin/env bash
# The replayed open-loop long kick: type 0's kick_long recorded on rcssserver3d
# 0.7.2 (tests/data/calibration, where its provenance is) replayed with
# `libero_open_loop --ball`, the ball's travel and direction checked against
# the figures the real server gives replaying the same record.
#   MODE builtin: on `libero serve` (no real server needed). Fails when a
#     simulator change moves the kicked ball away from the figures below.
#   MODE rcssserver3d: on the real server itself, its own replay within its
#     own spread (skipped, exit 77, when the server or the kit is not found).
#   Both modes also check the error paths: a record that kicks no ball (the
#   walk record) and bad arguments are refused with a clear message.
# The replays place the robot where the record's beams asked for, without
# the beam's noise (--place beam). Figures (5 replays each, median (range);
# docs/simulator.md, "Open-loop replays"):
#   rcssserver3d  5.74 m (2.14-5.87), direction +4.9 deg (+3.7 to +20.0): three
#                 replays 5.74-5.87 m at +4 to +5 deg with the joints 0.34-0.38
#                 deg RMS from the record over the first second, two 2.1-2.2 m
#                 at +19 to +20 deg with 1.53 deg; a third mode, 1.35 m at
#                 -15 deg (1.49 deg), in other replays of the same record
#   builtin       4.32 m (3.21-4.32), direction -0.4 deg (-1.5 to -0.4); before
#                 ODE's surface layer (robots/simulator.lua) 3.62 m (3.61-3.88),
#                 -5.7 deg (-5.7 to -4.2)
# The built-in simulator misses issue 62's target (within 15 % and 5 deg of
# the real server): 25 % short and 5.3 deg to the right. Until a simulator
# change meets it, MODE builtin guards the built-in figure itself (15 %,
# 5 deg), so a change that moves it is noticed; one that meets the target
# moves these bounds to the real server's (4.88-6.60 m, -0.1 to +9.9 deg).
# Usage: calibration_kick_test.sh MODE OPEN_LOOP KICK_RECORD WALK_RECORD
set -u
mode="$1" tool="$2" record="$3" walk="$4"
fail() { echo "FAIL: $*"; exit 1; }
. "$(dirname "${BASH_SOURCE[0]}")/skip_if_absent.sh"
[ -s "$record" ] || fail "no record at $record"
[ -s "$walk" ] || fail "no walk record at $walk"
out="$(mktemp -d /tmp/libero-calibration-kick.XXXXXX)"
trap 'rm -rf "$out"' EXIT
within() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v >= lo && v <= hi) }'; }

case "$mode" in
builtin)
  # Within 15 % and 5 deg of the built-in median (above).
  travel_lo=3.67 travel_hi=4.97 dir_lo=-5.4 dir_hi=4.6 ;;
rcssserver3d)
  # The real server's own replays of its record: within their spread (all
  # three modes, above): the kick works there, not which mode it took.
  travel_lo=1.0 travel_hi=6.6 dir_lo=-20.0 dir_hi=25.0 ;;
*) fail "unknown mode '$mode'" ;;
esac

# On rcssserver3d the median of 3: PlayOn goes through the monitor port, and
# on a loaded machine one replay in a full ctest -j2 started out of step with
# the record and barely touched the ball (0.33 m). The built-in simulator
# replays exactly.
runs=1
[ "$mode" = rcssserver3d ] && runs=3
"$tool" "$record" --server "$mode" --runs "$runs" --seconds 1 --ball --place beam -v >"$out/replay.txt" 2>&1
rc=$?
[ "$mode" = rcssserver3d ] && skip_if_absent "$out/replay.txt"
cat "$out/replay.txt"
[ "$rc" -eq 0 ] || fail "the replay failed (exit $rc)"
line=$(grep "^ball travel median" "$out/replay.txt")
travel=$(echo "$line" | sed -n 's/^ball travel median \([0-9.]*\) m.*/\1/p')
direction=$(echo "$line" | sed -n 's/.*direction median \([-+0-9.]*\) deg.*/\1/p')
[ -n "$travel" ] && [ -n "$direction" ] || fail "no ball figures in the output"
echo "$line" | grep -q "still moving after 20 s in 0" || fail "the ball was still rolling after 20 s"
within "$travel" "$travel_lo" "$travel_hi" || fail "the ball travelled $travel m (expected $travel_lo-$travel_hi)"
within "$direction" "$dir_lo" "$dir_hi" || fail "the ball went at $direction deg (expected $dir_lo to $dir_hi)"

# A record that never touches the ball (the walk, far from it): a clear error
# and exit 1, not a figure of 0 m.
"$tool" "$walk" --server "$mode" --runs 1 --seconds 1 --ball --ball-seconds 3 >"$out/walk.txt" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "a record without a kick gave exit $rc: $(tail -3 "$out/walk.txt")"
grep -q "the ball never moved" "$out/walk.txt" || fail "no clear error for a record without a kick: $(cat "$out/walk.txt")"
# Bad arguments: exit 2 naming the option, before any server starts.
for bad in "--ball-seconds 0" "--ball-seconds x" "--ball-seconds" "--place 1,2" "--place 20,0,0"; do
  # shellcheck disable=SC2086
  "$tool" "$record" --ball $bad >"$out/bad.txt" 2>&1
  rc=$?
  [ "$rc" -eq 2 ] || fail "'$bad' gave exit $rc"
  grep -q -- "${bad%% *}" "$out/bad.txt" || fail "'$bad': the error does not name the option: $(cat "$out/bad.txt")"
done
echo "PASS: replayed kick on $mode (ball $travel m at $direction deg)"
