#!/usr/bin/env bash
# End-to-end checks of `libero optimize` through the local pool:
#   1. bad arguments fail with exit 2 and a message, before any trial runs;
#   2. a command objective with a known optimum (a = 0.3, nested.b = 0.5 in a
#      toy data file): the mean converges there, the held-out best beats the
#      start, best.lua differs from the file only in those numbers, and a
#      trial writing garbage on its first attempt is retried, not counted;
#   3. the match objective: candidates play the unchanged scripts on both
#      sides, one short generation and held-out games.
# Usage: optimize_cli_test.sh LIBERO_BINARY SCRIPTS_DIR
set -u
libero="$1"
scripts="$2"
out="$(mktemp -d /tmp/libero-optimize-test.XXXXXX)"
cleanup() {
  for p in $(pgrep -f -- "$out" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
  rm -rf "$out"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
workers=$(( $(nproc) >= 2 ? 2 : 1 ))

mkdir -p "$out/toy/scripts/data"
printf -- '-- a toy data file\nreturn { a = 0.8, other = 7, nested = { b = -1.0 } }  -- end\n' >"$out/toy/scripts/data/p.lua"
cp "$out/toy/scripts/data/p.lua" "$out/original.lua"
# Fitness -((a - 0.3)^2 + (b - 0.5)^2); the first attempt of every trial of
# candidate 0 writes garbage instead.
cat >"$out/trial.sh" <<'EOS'
#!/bin/sh
case "$(basename "$PWD")" in
  p0-*) if [ ! -d "$PWD.failed-1" ]; then echo "garbage" >fitness.txt; exit 0; fi ;;
esac
a=$(sed -n 's/.*{ a = \([-0-9.e+]*\),.*/\1/p' "$1")
b=$(sed -n 's/.* b = \([-0-9.e+]*\) .*/\1/p' "$1")
awk -v a="$a" -v b="$b" 'BEGIN { printf "%.6f\n", -((a - 0.3) ^ 2 + (b - 0.5) ^ 2) }' >fitness.txt
EOS
chmod +x "$out/trial.sh"

# 1. Bad arguments.
expect_usage() {  # expect_usage "message part" args...
  local want="$1"; shift
  "$libero" optimize --out "$out/bad" "$@" >"$out/usage.out" 2>&1
  local rc=$?
  [ "$rc" -eq 2 ] || fail "optimize $* exited $rc, expected 2: $(cat "$out/usage.out")"
  grep -q -- "$want" "$out/usage.out" || fail "optimize $*: no '$want' in: $(cat "$out/usage.out")"
}
toy="$out/toy/scripts/data/p.lua"
expect_usage "--file is required" --params a
expect_usage "--params is required" --file "$toy"
expect_usage "no number field 'missing'" --file "$toy" --params missing
expect_usage "LO < HI" --file "$toy" --params a=1:0
expect_usage "needs --trial" --file "$toy" --params a --objective command
expect_usage "must be match, command, walk, kick, getup, getup_roll or forward_gait, got .best." --file "$toy" --params a --objective best
expect_usage "cannot read" --file "$out/none.lua" --params a
expect_usage "never runs more trials than cores" --file "$toy" --params a --workers $(( $(nproc) + 1 ))
cp "$toy" "$out/loose.lua"
expect_usage "robots/ or scripts/" --file "$out/loose.lua" --params a --objective command --trial true
expect_usage "--lambda" --file "$toy" --params a --lambda 2
[ -e "$out/bad" ] && fail "a refused run wrote output"
echo "ok: bad arguments are refused with exit 2"

# A trial command that always fails stops the run after its first
# generation, with the reason, instead of running every generation.
"$libero" optimize --file "$toy" --params "a=0:1" --objective command --trial "exit 3" --generations 5 --lambda 4 \
  --seeds 1 --retries 0 --workers "$workers" --out "$out/broken" >"$out/broken.stdout" 2>"$out/broken.stderr"
rc=$?
[ "$rc" -eq 1 ] || fail "a trial command that always fails exited $rc: $(tail -3 "$out/broken.stderr")"
grep -q "every trial of generation 1 failed" "$out/broken.stderr" || fail "no clear stop: $(tail -3 "$out/broken.stderr")"
[ "$(wc -l <"$out/broken/generations.jsonl")" -eq 1 ] || fail "the broken run went on past its first generation"
echo "ok: a trial command that always fails stops the run after one generation"

# 2. A known optimum through the command objective.
"$libero" optimize --file "$toy" --params "a=0:1,nested.b=-1:1" --objective command --trial "$out/trial.sh {file}" \
  --generations 20 --lambda 8 --seeds 1 --holdout 1 --workers "$workers" --out "$out/c" >"$out/c.stdout" 2>"$out/c.stderr" ||
  fail "command objective run failed: $(tail -5 "$out/c.stderr")"
cmp -s "$toy" "$out/original.lua" || fail "the source file was changed"
python3 - "$out" <<'PY' || fail "the search did not converge or its records are wrong: $(cat "$out/c.stdout")"
import json, sys
out = sys.argv[1]
gens = [json.loads(l) for l in open(f"{out}/c/generations.jsonl")]
assert len(gens) == 20, len(gens)
assert all(g["failed_trials"] == 0 and g["trials"] == 8 for g in gens), gens[0]
a, b = gens[-1]["mean"]
assert abs(a - 0.3) < 0.1 and abs(b - 0.5) < 0.15, (a, b)
r = json.load(open(f"{out}/c/result.json"))
held = {h["point"]: h["fitness"] for h in r["holdout"]}
assert held["start"] < -2 and held["best candidate"] > -0.05 and held["final mean"] > -0.05, held
assert r["chosen"] != "start", r
PY
grep -q "output rejected: fitness.txt holds no number" "$out/c.stderr" || fail "the garbage trials were not reported"
python3 - "$out/original.lua" "$out/c/best.lua" <<'PY' || fail "best.lua differs from the file in more than the searched numbers"
import re, sys
before, after = open(sys.argv[1]).read(), open(sys.argv[2]).read()
number = r"-?[0-9.]+(?:e[-+]?[0-9]+)?"
assert re.sub(number, "N", before) == re.sub(number, "N", after), after
assert "other = 7" in after and after != before
PY
grep -q "<svg" "$out/c/plot.html" || fail "no plot"
echo "ok: the command objective converges to the optimum; garbage trials are retried; best.lua is the file with new numbers"

# 3. The match objective, one short generation.
"$libero" optimize --file "$scripts/data/params.lua" --params "walk_speed_share=0.5:1" --generations 1 --lambda 4 --seeds 1 \
  --holdout 1 --players 1 --half-time 3 --single-half --workers "$workers" --out "$out/m" >"$out/m.stdout" 2>"$out/m.stderr" ||
  fail "match objective run failed: $(tail -5 "$out/m.stderr")"
python3 - "$out/m" <<'PY' || fail "match objective records wrong: $(cat "$out/m.stdout")"
import json, glob, sys
m = sys.argv[1]
(g,) = [json.loads(l) for l in open(f"{m}/generations.jsonl")]
assert g["trials"] == 8 and g["failed_trials"] == 0, g
sides = set()
for path in glob.glob(f"{m}/trials/gen-0/p*/game.summary.json"):
    s = json.load(open(path))
    sides.add("left" if s["team_left"] == "Cand" else "right")
    assert {s["team_left"], s["team_right"]} == {"Cand", "Base"}
assert sides == {"left", "right"}, sides
r = json.load(open(f"{m}/result.json"))
assert [h["trials"] for h in r["holdout"]] == [2, 2, 2], r
PY
grep -q "walk_speed_share = 0" "$out/m/trials/gen-0/cand-0/scripts/data/params.lua" || fail "the candidate's file does not hold its value"
echo "ok: the match objective plays candidates against the unchanged scripts on both sides"
