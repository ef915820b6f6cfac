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
echo "PASS: slip walks $(grep -- '--slip 0.005' "$out/calls" | awk '{print $3 "x" $5}' | tr '\n' ' ')"
