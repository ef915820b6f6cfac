#!/bin/bash
# libero_motion_bench kick_*_motion --pitch-reference prints a pitch_reference
# line that the motion loader takes: pasted into a copy of the short kick with
# a steering gain, the kick loads and plays. Usage:
# print_reference_test.sh MOTION_BENCH OUT_DIR SOURCE_DIR
set -u
bench=$1 out=$2/print_reference source=$3
rm -rf "$out" && mkdir -p "$out"
line=$("$bench" kick_short_motion --runs 4 --pitch-reference 2>&1 | grep '^  pitch_reference = ') ||
  { echo "FAIL: no pitch_reference line printed"; exit 1; }
samples=$(sed 's/.*degrees = {//; s/}.*//' <<< "$line" | tr ',' '\n' | grep -c '[0-9]')
[ "$samples" -ge 10 ] || { echo "FAIL: only $samples samples: $line"; exit 1; }
sed 's/.*degrees = {//; s/}.*//' <<< "$line" | tr ',' '\n' | grep -q '[1-9]' ||
  { echo "FAIL: every sample zero: $line"; exit 1; }
cp -a "$source/robots" "$out/robots"
kick=$out/robots/nao/motions/kick_short.lua
python3 - "$kick" "$line" <<'PY' || { echo "FAIL: could not edit the copy"; exit 1; }
import re, sys
path, line = sys.argv[1], sys.argv[2]
text = open(path).read()
text = text.replace("  frames = {\n", line + "\n  frames = {\n", 1)
text, n = re.subn(r"\{ duration = ", "{ pitch_support_ankle = -0.1, duration = ", text, count=1)
if n != 1 or "pitch_reference" not in text: sys.exit(1)
open(path, "w").write(text)
PY
result=$("$bench" kick_short_motion --runs 1 --robots "$out/robots" 2>&1) ||
  { echo "FAIL: the kick with the printed reference did not load or play: $result"; exit 1; }
grep -q "kick_short alone type 0: median distance" <<< "$result" || { echo "FAIL: no kick result: $result"; exit 1; }
echo "PASS: $samples samples printed; the kick loads and plays with them"
