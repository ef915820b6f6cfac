#!/usr/bin/env bash
# An interrupted `libero optimize` resumes from its generations.jsonl: a run
# killed (SIGINT) after some generations and started again with the same
# command finishes with the same generations, candidate for candidate, as
# an uninterrupted run; the same --out with other settings is refused; a
# finished run given more --generations goes on.
# Usage: optimize_resume_test.sh LIBERO_BINARY
set -u
libero="$1"
out="$(mktemp -d /tmp/libero-optimize-resume.XXXXXX)"
cleanup() {
  for p in $(pgrep -f -- "$out" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
  rm -rf "$out"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p "$out/toy/scripts/data"
printf -- 'return { a = 0.8, nested = { b = -1.0 } }\n' >"$out/toy/scripts/data/p.lua"
# A deterministic fitness with its optimum at a = 0.3, b = 0.5; each trial takes 0.3 s.
cat >"$out/trial.sh" <<'EOS'
#!/bin/sh
sleep 0.3
a=$(sed -n 's/.*{ a = \([-0-9.e+]*\),.*/\1/p' "$1")
b=$(sed -n 's/.* b = \([-0-9.e+]*\) .*/\1/p' "$1")
awk -v a="$a" -v b="$b" 'BEGIN { printf "%.6f\n", -((a - 0.3) ^ 2 + (b - 0.5) ^ 2) }' >fitness.txt
EOS
chmod +x "$out/trial.sh"
common=(optimize --file "$out/toy/scripts/data/p.lua" --params "a=0:1,nested.b=-1:1" --objective command
        --trial "$out/trial.sh {file}" --lambda 4 --seeds 1 --holdout 1 --workers 1 --seed 7)
run() {  # run OUT GENERATIONS [more options]
  local dir="$1" gens="$2"; shift 2
  "$libero" "${common[@]}" --generations "$gens" --out "$dir" "$@"
}

# The uninterrupted run.
run "$out/whole" 6 >"$out/whole.stdout" 2>"$out/whole.stderr" || fail "the whole run failed: $(tail -3 "$out/whole.stderr")"

# The same run, interrupted once two generations are recorded, then started again.
# Started directly (not through a function's subshell), so the signal reaches it.
"$libero" "${common[@]}" --generations 6 --out "$out/cut" >"$out/cut1.stdout" 2>"$out/cut1.stderr" &
pid=$!
for _ in $(seq 1 200); do
  [ -f "$out/cut/generations.jsonl" ] && [ "$(wc -l <"$out/cut/generations.jsonl")" -ge 2 ] && break
  sleep 0.1
done
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 130 ] || fail "the interrupted run exited $rc, expected 130: $(tail -3 "$out/cut1.stderr")"
done_before=$(wc -l <"$out/cut/generations.jsonl")
[ "$done_before" -ge 2 ] && [ "$done_before" -lt 6 ] || fail "interrupted after $done_before generations, wanted 2-5"
cp "$out/cut/generations.jsonl" "$out/cut.before"
run "$out/cut" 6 >"$out/cut2.stdout" 2>"$out/cut2.stderr" || fail "the resumed run failed: $(tail -3 "$out/cut2.stderr")"
grep -q "resuming after generation $done_before" "$out/cut2.stderr" || fail "the second start did not resume: $(head -3 "$out/cut2.stderr")"
[ "$(head -n "$done_before" "$out/cut/generations.jsonl")" = "$(cat "$out/cut.before")" ] ||
  fail "the recorded generations were rewritten"
python3 - "$out/whole" "$out/cut" <<'PY' || fail "the resumed run differs from the uninterrupted one"
import json, sys
def gens(d):
    return [(g["generation"], g["values"], g["fitness"], g["mean"], g["sigma"]) for g in map(json.loads, open(f"{d}/generations.jsonl"))]
whole, cut = gens(sys.argv[1]), gens(sys.argv[2])
assert len(whole) == 6 and whole == cut, (whole[-1], cut[-1])
assert json.load(open(f"{sys.argv[1]}/result.json"))["params"] == json.load(open(f"{sys.argv[2]}/result.json"))["params"]
PY
cmp -s "$out/whole/best.lua" "$out/cut/best.lua" || fail "the resumed run chose another best.lua"
echo "ok: a run interrupted after $done_before generations resumes and ends as the uninterrupted run"

# Other settings in the same --out: refused before any trial.
run "$out/cut" 6 --sigma 0.2 >"$out/other.out" 2>&1
rc=$?
[ "$rc" -eq 2 ] || fail "a run with other settings in the same --out exited $rc: $(cat "$out/other.out")"
grep -q "holds a run with other settings" "$out/other.out" || fail "no clear refusal: $(cat "$out/other.out")"
cmp -s "$out/whole/best.lua" "$out/cut/best.lua" || fail "the refused run touched the output"
# A broken record (a line cut short) stops the resume with its line named.
head -c -20 "$out/cut.before" >"$out/cut/generations.jsonl"
run "$out/cut" 6 >"$out/broken.out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "a cut generations.jsonl exited $rc: $(cat "$out/broken.out")"
grep -q "cannot resume the run in .*generations.jsonl line $done_before" "$out/broken.out" || fail "the broken line was not named: $(cat "$out/broken.out")"
echo "ok: other settings and a broken record are refused"

# More generations for a finished run.
run "$out/whole" 8 >"$out/more.stdout" 2>"$out/more.stderr" || fail "the extended run failed: $(tail -3 "$out/more.stderr")"
[ "$(wc -l <"$out/whole/generations.jsonl")" -eq 8 ] || fail "the finished run was not extended to 8 generations"
grep -q "resuming after generation 6" "$out/more.stderr" || fail "the extended run started over"
echo "ok: a finished run given more generations goes on"
echo "PASS: optimize resume"
