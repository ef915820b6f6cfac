#!/bin/bash
# forward_gait_search.py walks the slip commands it is given, each as many
# times as asked, and ends (its worker pool closed) when the generations are
# done. Usage: forward_gait_cases_test.sh PYTHON SEARCH WALK_FILE OUT_DIR
set -u
python=$1 search=$2 walk=$3 out=$4/forward_gait_cases
rm -rf "$out" && mkdir -p "$out"
# A stand-in bench that records its arguments and reports a fixed walk.
cat > "$out/bench" <<SH
#!/bin/bash
echo "\$*" >> "$out/calls"
if [ "\$1" = random_walk ]; then echo "random walk type 0: 0 falls in 1 runs"; exit 0; fi
echo "walk type 0 cmd: median 0.500 m/s over 1 s, falls 0 in 1 runs"
SH
chmod +x "$out/bench"
timeout 60 "$python" "$search" "$out/bench" "$walk" "$out/o.lua" --generations 0 --runs-scale 1 --seconds 1 \
  --slip-commands "0.7, 0.875" --slip-runs 2 ||
  { echo "FAIL: the search did not end cleanly (exit $?)"; exit 1; }
slip=$(grep -c -- '--slip 0.005' "$out/calls")
[ "$slip" = 2 ] || { echo "FAIL: $slip walks with the slip, want 2: $(cat "$out/calls")"; exit 1; }
grep -q -- '--vx 0.7 --runs 2 .*--slip 0.005' "$out/calls" && grep -q -- '--vx 0.875 --runs 2 .*--slip 0.005' "$out/calls" ||
  { echo "FAIL: the slip walks are not 0.7 and 0.875, 2 runs each: $(grep -- '--slip 0.005' "$out/calls")"; exit 1; }
grep -q '^start ' "$out/o.lua.log" || { echo "FAIL: no start line in the log"; exit 1; }
grep -q -- '--vx 1.0 --runs 10 .*--slip 0 ' "$out/calls" || { echo "FAIL: no walk at the default limit 1.0: $(cat "$out/calls")"; exit 1; }
# With --limit the walk at its limit (grip) and the random commands go up to that command.
mv "$out/calls" "$out/calls_default"
timeout 60 "$python" "$search" "$out/bench" "$walk" "$out/l.lua" --generations 0 --seconds 1 --limit 1.1 --random-runs 1 \
  --slip-commands 0.9 --slip-runs 1 || { echo "FAIL: the search with --limit did not end cleanly (exit $?)"; exit 1; }
grep -q -- '--vx 1.1 --runs 10 .*--slip 0 ' "$out/calls" ||
  { echo "FAIL: no grip walk at the limit 1.1: $(cat "$out/calls")"; exit 1; }
grep -q -- '^walk --vx 1.0 .*--slip 0 ' "$out/calls" && { echo "FAIL: a grip walk at 1.0 with --limit 1.1"; exit 1; }
[ "$(grep -c -- '^random_walk --vx 1.1 ' "$out/calls")" = 2 ] ||
  { echo "FAIL: want 2 random-command walks up to 1.1: $(grep random_walk "$out/calls")"; exit 1; }
# --fresh-trials: each generation walks runs of its own (--first 2000 + 100 g), its best is kept as
# OUT.gN, and the forward table written keeps the fields it does not search (touchdown_wait).
mv "$out/calls" "$out/calls_limit"
timeout 60 "$python" "$search" "$out/bench" "$walk" "$out/f.lua" --generations 2 --lambda 2 --seconds 1 \
  --slip-commands 0.9 --slip-runs 1 --fresh-trials || { echo "FAIL: the search with --fresh-trials did not end cleanly"; exit 1; }
grep -q -- '--first ' "$out/calls" && grep -q -- '--first 2000 ' "$out/calls" && grep -q -- '--first 2100 ' "$out/calls" ||
  { echo "FAIL: the generations did not walk runs 2000 and 2100: $(grep -c -- '--first' "$out/calls") with --first"; exit 1; }
[ -f "$out/f.lua.g0" ] && [ -f "$out/f.lua.g1" ] || { echo "FAIL: no OUT.g0 / OUT.g1"; exit 1; }
grep -q '^    forward = { touchdown_wait = 0, .*imu_foot_gain = ' "$out/f.lua.g1" ||
  { echo "FAIL: the forward table written dropped touchdown_wait: $(grep 'forward = {' "$out/f.lua.g1")"; exit 1; }
[ "$(grep -c 'forward = {' "$out/f.lua.g1")" = "$(grep -c 'forward = {' "$walk")" ] ||
  { echo "FAIL: the written file holds another number of forward tables than the walk"; exit 1; }
echo "PASS: slip walks $(grep -- '--slip 0.005' "$out/calls" | awk '{print $3 "x" $5}' | tr '\n' ' ')"
