#!/usr/bin/env bash
# `libero tournament --backend slurm` on a real one-node Slurm cluster that
# this test starts (slurm_cluster.sh: munge, slurmctld, slurmd as root,
# loopback only) and stops. Through a wrapper around libero, on a game's
# first attempt: seed 2 crashes, seed 3 hangs past --timeout, seed 4
# cancels its own Slurm task (so it ends without an exit status). Each is
# reported and retried in a new array; the table equals the games'
# summaries; a rerun plays nothing. Then a short `libero optimize` through
# the same cluster. Skips (77) where Slurm cannot run.
# Usage: tournament_slurm_test.sh LIBERO_BINARY SCRIPTS_DIR BASELINE_TEAM_DIR
set -u
libero="$1"
scripts="$2"
baseline="$3"
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp -d /tmp/libero-slurm-test.XXXXXX)"
cluster="$out/cluster"
cleanup() {
  if [ -n "${SLURM_CONF:-}" ]; then
    for id in $(squeue -h -o %A 2>/dev/null); do scancel "$id" 2>/dev/null; done
  fi
  "$here/slurm_cluster.sh" stop "$cluster"
  for p in $(pgrep -f -- "$out" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
  rm -rf "$out"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$here/slurm_cluster.sh" start "$cluster"
rc=$?
[ "$rc" -eq 77 ] && exit 77
[ "$rc" -eq 0 ] || fail "the test cluster did not start"
export SLURM_CONF="$cluster/slurm.conf"
export PATH="$PATH:/usr/sbin"

cat >"$out/faulty" <<EOS
#!/bin/sh
dir=""; seed=""; prev=""
for a in "\$@"; do
  [ "\$prev" = "--out" ] && dir="\$a"
  [ "\$prev" = "--seed" ] && seed="\$a"
  prev="\$a"
done
if [ ! -d "\$dir.failed-1" ]; then
  case "\$seed" in
    2) echo "crashing on purpose"; kill -SEGV \$\$ ;;
    3) echo "hanging on purpose"; exec sleep 600 ;;
    4) # The cancel must land before --timeout, or this ends like seed 3:
       # a loaded controller may refuse or delay the first request.
       for try in 1 2 3 4 5 6 7 8 9 10; do
         scancel "\${SLURM_ARRAY_JOB_ID}_\${SLURM_ARRAY_TASK_ID}" && break
         echo "scancel failed (try \$try)"; sleep 0.3
       done
       exec sleep 600 ;;
  esac
fi
exec "$libero" "\$@"
EOS
chmod +x "$out/faulty"

t="$out/t"
start=$(date +%s)
"$libero" tournament --backend slurm --players 1 --half-time 3 --single-half --seeds 1-4 --timeout 10 --retries 1 \
  --libero "$out/faulty" --out "$t" "A=$scripts" "B=$baseline" >"$out/t.stdout" 2>&1
rc=$?
[ "$rc" -eq 0 ] || fail "slurm tournament exited $rc: $(tail -20 "$out/t.stdout"; tail -5 "$cluster/slurmctld.log")"
echo "ok: 8 games through Slurm in $(( $(date +%s) - start )) s"
python3 - "$t" <<'PY' || fail "slurm tournament results wrong: $(cat "$out/t.stdout")"
import json, sys
t = sys.argv[1]
results = json.load(open(f"{t}/results.json"))
games = {g["id"]: g for g in results["games"]}
assert len(games) == 8, sorted(games)
for gid, g in games.items():
    want = 1 if gid.endswith("-s1") else 2
    assert g["attempts"] == want, (gid, g["attempts"])
    s = json.load(open(f"{t}/games/{gid}/game.summary.json"))
    assert s["score"] == g["score"] and s["seed"] == g["seed"], gid
table = json.load(open(f"{t}/table.json"))
(p,) = table["pairings"]
assert p["games"] == 8 and p["failed"] == 0, p
PY
grep -q "killed by signal 11" "$out/t.stdout" || fail "the crash was not reported: $(cat "$out/t.stdout")"
grep -q "timed out after 10 s" "$out/t.stdout" || fail "the hang was not reported as a timeout: $(cat "$out/t.stdout")"
grep -q "ended without writing its exit status" "$out/t.stdout" ||
  fail "the cancelled task was not reported: $(cat "$out/t.stdout" "$t"/games/*-s4.failed-1/job.log; tail -20 "$cluster/slurmd.log")"
grep -q "submitted .* as Slurm array" "$out/t.stdout" || fail "no Slurm arrays submitted: $(cat "$out/t.stdout")"
echo "ok: a crashed, a hung and a cancelled task are reported and retried in new arrays"

"$libero" tournament --backend slurm --players 1 --half-time 3 --single-half --seeds 1-4 --timeout 10 --retries 1 \
  --libero "$out/faulty" --out "$t" "A=$scripts" "B=$baseline" >"$out/t2.stdout" 2>&1 || fail "rerun failed"
grep -q "8 games (8 already played)" "$out/t2.stdout" || fail "rerun did not skip the played games"
grep -q "submitted" "$out/t2.stdout" && fail "rerun submitted jobs"

# A short optimisation through the same cluster: a toy data file with a
# known optimum, a command objective whose candidate 0 writes garbage on its
# first attempt (retried in a new array).
mkdir -p "$out/toy/scripts/data"
printf 'return { a = 0.8 }\n' >"$out/toy/scripts/data/p.lua"
cat >"$out/trial.sh" <<'EOS'
#!/bin/sh
case "$(basename "$PWD")" in
  p0-*) if [ ! -d "$PWD.failed-1" ]; then echo "garbage" >fitness.txt; exit 0; fi ;;
esac
a=$(sed -n 's/.*a = \([-0-9.e+]*\).*/\1/p' "$1")
awk -v a="$a" 'BEGIN { printf "%.6f\n", -(a - 0.3) ^ 2 }' >fitness.txt
EOS
chmod +x "$out/trial.sh"
"$libero" optimize --backend slurm --file "$out/toy/scripts/data/p.lua" --params "a=0:1" --objective command \
  --trial "$out/trial.sh {file}" --generations 2 --lambda 4 --seeds 1 --holdout 1 --out "$out/o" >"$out/o.stdout" 2>&1 ||
  fail "slurm optimisation failed: $(tail -10 "$out/o.stdout")"
python3 - "$out/o" <<'PY' || fail "slurm optimisation records wrong: $(cat "$out/o.stdout")"
import json, sys
o = sys.argv[1]
gens = [json.loads(l) for l in open(f"{o}/generations.jsonl")]
assert len(gens) == 2 and all(g["trials"] == 4 and g["failed_trials"] == 0 for g in gens), gens
r = json.load(open(f"{o}/result.json"))
held = {h["point"]: h["fitness"] for h in r["holdout"]}
assert held["best candidate"] > held["start"], held
PY
grep -q "output rejected" "$out/o.stdout" || fail "the garbage trial was not reported"
echo "ok: a short optimisation through Slurm, a garbage trial retried"
[ -z "$(squeue -h 2>/dev/null)" ] || fail "jobs left in the queue: $(squeue)"
sleep 1
[ -z "$(pgrep -f -- "$t/games")" ] || fail "processes left running: $(pgrep -af -- "$t/games")"
echo "ok: a rerun submits nothing; no job or process is left"
