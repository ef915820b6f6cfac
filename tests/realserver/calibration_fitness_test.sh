#!/usr/bin/env bash
# calibration_fitness.py, the built-in simulator against the real server's
# figures as a `libero optimize --objective command` trial: the shipped
# physics file scores better than one whose motors are far too soft (every
# skill falls); the fitness is minus the sum of the squared relative errors
# it prints; a broken physics or figures file is a failed trial (exit 1, no
# fitness.txt) and bad arguments exit 2 with the reason.
# Usage: calibration_fitness_test.sh CALIBRATION_FITNESS_PY LIBERO_SKILL_BENCH LIBERO ROBOTS_DIR
set -u
fitness_py="$1"; bench="$2"; libero="$3"; robots="$4"
out="$(mktemp -d /tmp/libero-calibration-fitness-test.XXXXXX)"
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export LIBERO_SKILL_BENCH="$bench"
shipped="$robots/simulator.lua"
trial() { "$fitness_py" "$@" --libero "$libero" --scenarios walk,kick_long_spot; }

mkdir "$out/shipped" && cd "$out/shipped" || fail "no scratch folder"
trial "$shipped" 5 >log.txt 2>&1 || fail "the shipped file's trial failed: $(tail -3 log.txt)"
[ -s fitness.txt ] || fail "no fitness.txt for the shipped file"
good=$(cat fitness.txt)
# The fitness is what the rows it prints make.
awk -v f="$good" '/ error / { e = $(NF-3) / 100; s += e * e; falls += $NF }
  END { want = -s - falls; exit !(f - want < 0.002 && want - f < 0.002) }' log.txt ||
  fail "fitness $good does not match its rows: $(cat log.txt)"

mkdir "$out/soft" && cd "$out/soft" || fail "no scratch folder"
sed 's/^  motor_impedance = .*/  motor_impedance = 0.5,/' "$shipped" >soft.lua
grep -q "motor_impedance = 0.5," soft.lua || fail "could not write the soft file"
trial soft.lua 5 >log.txt 2>&1 || fail "the soft file's trial failed: $(tail -3 log.txt)"
soft=$(cat fitness.txt)
awk -v g="$good" -v s="$soft" 'BEGIN { exit !(s < g - 0.5) }' ||
  fail "soft motors ($soft) did not score clearly worse than the shipped file ($good)"

mkdir "$out/broken" && cd "$out/broken" || fail "no scratch folder"
sed 's/^  robot_friction = .*/  robot_friction = "grippy",/' "$shipped" >broken.lua
trial broken.lua 1 >log.txt 2>&1
[ $? -eq 1 ] || fail "a broken physics file was not a failed trial: $(tail -3 log.txt)"
[ ! -e fitness.txt ] || fail "a failed trial wrote a fitness"
echo '{ "figures": { "walk": { "value": "far" } } }' >figures.json
"$fitness_py" "$shipped" 1 --figures figures.json >log.txt 2>&1
[ $? -eq 1 ] && grep -q "positive number 'value'" log.txt || fail "a broken figures file: $(cat log.txt)"
[ ! -e fitness.txt ] || fail "a broken figures file wrote a fitness"

"$fitness_py" >log.txt 2>&1
[ $? -eq 2 ] || fail "no arguments did not exit 2"
"$fitness_py" "$shipped" x1 >log.txt 2>&1
[ $? -eq 2 ] && grep -q "SEED must be a whole number" log.txt || fail "a bad seed: $(cat log.txt)"
"$fitness_py" "$out/nowhere.lua" 1 >log.txt 2>&1
[ $? -eq 2 ] && grep -q "no physics file" log.txt || fail "a missing physics file: $(cat log.txt)"
"$fitness_py" "$shipped" 1 --scenarios walk,getup_front >log.txt 2>&1
[ $? -eq 2 ] && grep -q "getup_front" log.txt || fail "an unknown scenario: $(cat log.txt)"
[ ! -e fitness.txt ] || fail "bad arguments wrote a fitness"
echo "PASS: calibration_fitness.py"
