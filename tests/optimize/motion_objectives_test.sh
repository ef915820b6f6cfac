#!/usr/bin/env bash
# The motion objectives (libero fitness; libero optimize --objective walk|kick|...):
#   1. bad arguments exit 2 with a message naming them, before anything runs or is written;
#   2. each objective scores a known-good robot folder above a broken copy of it;
#   3. a short optimisation on the harness completes and writes best.lua and its records;
#   4. an interrupted optimisation (SIGINT) exits 130 and leaves no process, no half-written
#      file and nothing in its TMPDIR behind.
# Usage: motion_objectives_test.sh LIBERO_BINARY SOURCE_DIR [PART...]  (parts: args order run interrupt)
set -u
libero="$1"
src="$2"
shift 2
parts="${*:-args order run interrupt}"
out="$(mktemp -d /tmp/libero-objectives-test.XXXXXX)"
cleanup() {
  for p in $(pgrep -f -- "$out" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
  rm -rf "$out"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
has() { case " $parts " in *" $1 "*) return 0 ;; esac; return 1; }
workers=$(( $(nproc) >= 2 ? 2 : 1 ))
robots="$src/robots"

# A fitness from `libero fitness` (the number it writes), run in its own folder.
fitness() {  # fitness NAME args...
  local name="$1"; shift
  mkdir -p "$out/f/$name"
  (cd "$out/f/$name" && "$libero" fitness "$@" >stdout 2>stderr) || fail "libero fitness $*: $(tail -3 "$out/f/$name/stderr")"
  cat "$out/f/$name/fitness.txt"
}
# A copy of robots/ with one file edited by a sed script.
broken() {  # broken NAME FILE SED
  rm -rf "$out/$1"; mkdir -p "$out/$1"; cp -r "$robots" "$out/$1/robots"
  sed -i -e "$3" "$out/$1/robots/$2"
  cmp -s "$robots/$2" "$out/$1/robots/$2" && fail "the sed script did not change $2"
  echo "$out/$1/robots"
}
above() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }

if has args; then
  expect_usage() {  # expect_usage "message part" command args...
    local want="$1"; shift
    (cd "$out" && "$libero" "$@" >"$out/usage.out" 2>&1)
    local rc=$?
    [ "$rc" -eq 2 ] || fail "libero $* exited $rc, expected 2: $(cat "$out/usage.out")"
    grep -q -- "$want" "$out/usage.out" || fail "libero $*: no '$want' in: $(cat "$out/usage.out")"
  }
  expect_usage "unknown objective 'kick_fast'; objectives: walk, kick, getup, getup_roll, forward_gait" fitness kick_fast
  expect_usage "missing the kick: kick_long, kick_short or kick_lofted" fitness kick --robots "$robots"
  expect_usage "expected front or back, got side" fitness getup side --robots "$robots"
  expect_usage "--robots is required" fitness walk
  expect_usage "no nao/ robot data there" fitness walk --robots "$out"
  expect_usage "--slip wants slips 0-1 (m/s per N) separated by commas, got 0,fast" fitness getup_roll --robots "$robots" --slip 0,fast
  expect_usage "--substeps wants whole counts 0-40 separated by commas, got 4,80" fitness getup back --robots "$robots" --substeps 4,80
  expect_usage "--poses: '13' is not a number from 1 to 12" fitness getup front --robots "$robots" --poses 13
  expect_usage "--slip-commands takes comma-separated speeds in (0, 2] m/s, got '0.8,fast'" fitness forward_gait --robots "$robots" --slip-commands 0.8,fast
  expect_usage "--limit takes the walk's max_forward in (0, 2] m/s, got '2.5'" fitness forward_gait --robots "$robots" --limit 2.5
  expect_usage "unknown option '--generations'" fitness walk --robots "$robots" --generations 5
  walk="$robots/nao/walk.lua"
  expect_usage "--objective-args: --slip wants slips" optimize --file "$walk" --params default.step_period --objective walk --objective-args "--slip fast" --out "$out/bad"
  expect_usage "--objective-args: missing the side: front or back" optimize --file "$robots/nao/motions/getup_front.lua" --params frames.1.duration --objective getup --out "$out/bad"
  expect_usage "--objective-args is for the motion objectives" optimize --file "$walk" --params default.step_period --objective-args "--sideways" --out "$out/bad"
  expect_usage "--trial is for --objective command" optimize --file "$walk" --params default.step_period --objective walk --trial true --out "$out/bad"
  expect_usage "must be match, command, walk, kick, getup, getup_roll or forward_gait, got 'walks'" optimize --file "$walk" --params default.step_period --objective walks --out "$out/bad"
  mkdir -p "$out/toy/scripts"; echo "return { a = 1 }" >"$out/toy/scripts/p.lua"
  expect_usage "scores robot data: --file must be in a robots/ folder" optimize --file "$out/toy/scripts/p.lua" --params a --objective walk --out "$out/bad"
  expect_usage "--params: cannot read" optimize --file "$walk" --params @"$out/none.params" --objective walk --out "$out/bad"
  [ -e "$out/bad" ] && fail "a refused run wrote output"
  [ -e "$out/fitness.txt" ] && fail "a refused score wrote fitness.txt"
  # Every shipped search space names fields the files it is for have.
  for pair in walk_default:nao/walk.lua walk_sideways:nao/walk.lua walk_forward:nao/walk.lua kick:nao/motions/kick_long.lua \
              kick:nao/motions/kick_lofted.lua kick:nao/motions/kick_short.lua kick_contact:nao/motions/kick_lofted.lua getup:nao/motions/getup_front.lua \
              getup:nao/motions/type1/getup_back.lua getup_roll:nao/motions/getup_side.lua; do
    "$libero" optimize --file "$robots/${pair#*:}" --params @"$src/tools/bench/motion/params/${pair%%:*}.params" \
      --objective command --trial "echo 0 >fitness.txt" --generations 1 --lambda 4 --seeds 1 --holdout 0 --workers 1 \
      --quiet --out "$out/space-${pair%%:*}-$(basename "${pair#*:}" .lua)" >"$out/space.out" 2>&1 || fail "params/${pair%%:*}.params on ${pair#*:}: $(tail -3 "$out/space.out")"
  done
  echo "ok: bad arguments are refused with exit 2; every search space fits its files"
fi

if has order; then
  # A get-up that cannot tuck its knees, a kick whose spot is out of the foot's reach, a walk
  # whose steps barely lift, a side get-up frozen in the zero pose, a fast gait that crawls.
  good=$(fitness getup_good getup front --robots "$robots" --poses 2 --seconds 5)
  bad=$(fitness getup_bad getup front --robots "$(broken getup nao/motions/getup_front.lua 's/LKneePitch = -[0-9.]*/LKneePitch = 0.0/g')" --poses 2 --seconds 5)
  above "$good" "$bad" || fail "getup: the shipped get-up scored $good, the broken one $bad"
  echo "ok: getup orders the shipped get-up ($good) above a broken one ($bad)"
  good=$(fitness kick_good kick kick_long --robots "$robots")
  bad=$(fitness kick_bad kick kick_long --robots "$(broken kick nao/motions/kick_long.lua 's/ball_x = [0-9.]*/ball_x = 0.400/')")
  above "$good" "$bad" || fail "kick: the shipped kick scored $good, the broken one $bad"
  grep -q "misses [1-7]" "$out/f/kick_bad/stdout" || fail "kick: the out-of-reach kick was not counted as misses: $(cat "$out/f/kick_bad/stdout")"
  echo "ok: kick orders the shipped kick ($good) above one that misses ($bad)"
  good=$(fitness roll_good getup_roll --side --robots "$robots")
  bad=$(fitness roll_bad getup_roll --side --robots "$(broken roll nao/motions/getup_side.lua 's/\(= \)-\?[0-9][0-9.]*\( *[,}]\)/\10\2/g; s/duration = 0\b/duration = 0.3/g')")
  above "$good" "$bad" || fail "getup_roll: the shipped side get-up scored $good, the broken one $bad"
  echo "ok: getup_roll orders the shipped side get-up ($good) above a frozen one ($bad)"
  good=$(fitness walk_good walk --robots "$robots" --straight-runs 0)
  bad=$(fitness walk_bad walk --robots "$(broken walk nao/walk.lua '0,/step_height = [0-9.]*/s//step_height = 0.0050/')")
  above "$good" "$bad" || fail "walk: the shipped walk scored $good, the broken one $bad"
  echo "ok: walk orders the shipped walk ($good) above one that shuffles ($bad)"
  args="--seconds 3 --grip-runs 1 --runs-scale 0.3 --slip-commands 0.9 --slip-runs 1"
  good=$(fitness fwd_good forward_gait --robots "$robots" $args)
  bad=$(fitness fwd_bad forward_gait --robots "$(broken fwd nao/walk.lua 's/\(forward = {[^}]*\)step_period = [0-9.]*/\1step_period = 0.3000/')" $args)
  above "$good" "$bad" || fail "forward_gait: the shipped gait scored $good, the broken one $bad"
  echo "ok: forward_gait orders the shipped fast gait ($good) above a slow-stepping one ($bad)"
fi

if has run; then
  # One generation of four get-up candidates and the held-out points, on the harness.
  "$libero" optimize --file "$robots/nao/motions/getup_front.lua" --params "frames.1.duration=0.1:0.5,frames.2.duration=0.06:0.3" \
    --objective getup --objective-args "front --poses 1 --seconds 4" --generations 1 --lambda 4 --seeds 1 --holdout 1 \
    --workers "$workers" --out "$out/run" >"$out/run.stdout" 2>"$out/run.stderr" || fail "the getup run failed: $(tail -5 "$out/run.stderr")"
  python3 - "$out/run" <<'PY' || fail "the getup run's records are wrong: $(cat "$out/run.stdout")"
import json, sys
run = sys.argv[1]
(g,) = [json.loads(l) for l in open(f"{run}/generations.jsonl")]
assert g["trials"] == 4 and g["failed_trials"] == 0, g
assert all(0 < f <= 20 for f in g["fitness"]), g["fitness"]
r = json.load(open(f"{run}/result.json"))
assert [h["trials"] for h in r["holdout"]] == [1, 1, 1], r
PY
  grep -q "frames = {" "$out/run/best.lua" || fail "best.lua is not a motion file"
  for log in "$out/run/trials/gen-0/"p*/job.log; do
    grep -q "^getup front [0-9.]* (stood [01]/1, median" "$log" || fail "a trial did not run the getup objective: $(cat "$log")"
  done
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert [p['name'] for p in r['params']] == ['frames.1.duration', 'frames.2.duration'], r" "$out/run/result.json" ||
    fail "result.json does not name the searched fields"
  echo "ok: a one-generation getup optimisation on the harness writes best.lua and its records"
fi

if has interrupt; then
  # Its trials' scratch copies go to a TMPDIR of its own: /tmp is shared with the tests that ctest
  # runs beside this one, whose own scratch folders come and go meanwhile.
  mkdir -p "$out/scratch"
  TMPDIR="$out/scratch" "$libero" optimize --file "$robots/nao/walk.lua" --params "default.step_height=0.02:0.05" --objective walk \
    --generations 50 --lambda 4 --seeds 1 --workers "$workers" --out "$out/stop" >"$out/stop.stdout" 2>"$out/stop.stderr" &
  pid=$!
  for _ in $(seq 1 150); do pgrep -f -- "fitness walk --robots $out/stop" >/dev/null && break; sleep 0.2; done
  pgrep -f -- "fitness walk --robots $out/stop" >/dev/null || fail "no walk trial started: $(tail -3 "$out/stop.stderr")"
  sleep 1
  kill -INT "$pid"
  wait "$pid"
  rc=$?
  [ "$rc" -eq 130 ] || fail "the interrupted optimisation exited $rc, expected 130: $(tail -3 "$out/stop.stderr")"
  sleep 0.5
  pgrep -f -- "$out/stop" >/dev/null && fail "a trial process outlived the interrupted optimisation"
  leftovers=$(find "$out/stop" -name '*.tmp*')
  [ -z "$leftovers" ] || fail "half-written files were left: $leftovers"
  left=$(ls -A "$out/scratch")
  [ -z "$left" ] || fail "scratch files were left in TMPDIR: $left"
  echo "ok: an interrupted optimisation exits 130 and leaves no process or scratch file"
fi
echo "PASS: motion objectives"
