#!/usr/bin/env bash
# End-to-end checks of `libero tournament` on the built-in simulator (1 vs 1,
# one half of a few seconds per game), through the local pool:
#   1. bad arguments fail with exit 2 and a message, before any game runs;
#   2. a tiny tournament writes results, tables and an HTML page linking every
#      game's report, and its table adds up the games' own summaries;
#   3. run again it plays nothing; with one more seed, only the new games;
#   4. interrupted (SIGINT) it exits 130 with a valid results file, leaves no
#      process behind, and a rerun plays only the games not yet played;
#   5. a game that crashes, one that hangs and one that writes a garbage
#      summary are retried and pass; a team whose games always crash is
#      reported failed, and the results file stays valid;
#   6. the binary replaced mid-tournament (a rebuild): later games still start.
# Usage: tournament_cli_test.sh LIBERO_BINARY SCRIPTS_DIR BASELINE_TEAM_DIR
set -u
libero="$1"
scripts="$2"
baseline="$3"
out="$(mktemp -d /tmp/libero-tournament-test.XXXXXX)"
pid=""
cleanup() {
  [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
  # Anything still running from this test's folder (only after a failure).
  for p in $(pgrep -f -- "$out" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
  rm -rf "$out"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
game=(--players 1 --half-time 3 --single-half)
workers=$(( $(nproc) >= 2 ? 2 : 1 ))

# 1. Bad arguments.
expect_usage() {  # expect_usage "message part" args...
  local want="$1"; shift
  "$libero" tournament --out "$out/bad" "$@" >"$out/usage.out" 2>&1
  local rc=$?
  [ "$rc" -eq 2 ] || fail "tournament $* exited $rc, expected 2: $(cat "$out/usage.out")"
  grep -q -- "$want" "$out/usage.out" || fail "tournament $*: no '$want' in: $(cat "$out/usage.out")"
}
expect_usage "at least two teams" "A=$scripts"
expect_usage "two teams are named" "A=$scripts" "A=$baseline"
expect_usage "not a folder of behaviour scripts" "A=$scripts" "B=$out/missing"
expect_usage "--backend must be local or slurm" --backend cloud "A=$scripts" "B=$baseline"
expect_usage "never runs more games than cores" --workers $(( $(nproc) + 1 )) "A=$scripts" "B=$baseline"
expect_usage "--seeds" --seeds 0 "A=$scripts" "B=$baseline"
expect_usage "--seeds" --seeds 3-1 "A=$scripts" "B=$baseline"
expect_usage "listed twice" --seeds 1,1 "A=$scripts" "B=$baseline"
expect_usage "set by the tournament" --match-args "--seed 3" "A=$scripts" "B=$baseline"
expect_usage "round-robin or gauntlet" --schedule swiss "A=$scripts" "B=$baseline"
expect_usage "is not executable" --libero "$out/nothing" "A=$scripts" "B=$baseline"
expect_usage "team name" "bad(name)=$scripts" "B=$baseline"
[ -e "$out/bad/results.json" ] && fail "a refused tournament wrote results"
"$libero" tournament --help | grep -q "resumes" || fail "--help does not describe resuming"
echo "ok: bad arguments are refused with exit 2"

# 2. A tiny tournament.
t="$out/t"
"$libero" tournament "${game[@]}" --seeds 2 --workers "$workers" --out "$t" --quiet "A=$scripts" "B=$baseline" \
  >"$out/t.stdout" 2>&1 || fail "tournament failed: $(tail -5 "$out/t.stdout")"
python3 - "$t" <<'PY' || fail "tournament outputs do not add up"
import json, os, sys
t = sys.argv[1]
results = json.load(open(f"{t}/results.json"))
table = json.load(open(f"{t}/table.json"))
assert len(results["games"]) == 4, results
ids = sorted(g["id"] for g in results["games"])
assert ids == ["A-B-s1", "A-B-s2", "B-A-s1", "B-A-s2"], ids
html = open(f"{t}/index.html").read()
goals = {"A": 0, "B": 0}
falls = {"A": 0, "B": 0}
for g in results["games"]:
    s = json.load(open(f"{t}/games/{g['id']}/game.summary.json"))
    assert [s["team_left"], s["team_right"]] == [g["left"], g["right"]]
    assert s["score"] == g["score"], (s["score"], g)
    assert os.path.exists(f"{t}/{g['report']}"), g["report"]
    assert f'href="{g["report"]}"' in html, g["report"]
    goals[g["left"]] += s["score"][0]; goals[g["right"]] += s["score"][1]
    for a in s["agents"]:
        falls[g["left"] if a["team"] == 0 else g["right"]] += a["falls"]
(p,) = table["pairings"]
assert (p["a"], p["b"], p["games"]) == ("A", "B", 4), p
assert p["goals"] == [goals["A"], goals["B"]], (p, goals)
assert p["falls"] == [falls["A"], falls["B"]], (p, falls)
assert p["wins"] + p["draws"] + p["losses"] == 4
assert p["ci95"] is not None and p["ci95"][0] <= p["mean_gd"] <= p["ci95"][1]
assert len(table["ratings"]) == 2
PY
grep -q "A vs B" "$t/table.txt" || fail "text table without the pairing"
grep -q "A vs B" "$out/t.stdout" || fail "table not printed"
echo "ok: a 4-game tournament writes results, tables and links matching the games' summaries"

# 3. Resume: nothing to play; one more seed plays only its two games.
touch -d '2000-01-01' "$t"/games/*/game.summary.json
"$libero" tournament "${game[@]}" --seeds 2 --out "$t" "A=$scripts" "B=$baseline" >"$out/t2.stdout" 2>&1 ||
  fail "rerun failed: $(tail -5 "$out/t2.stdout")"
grep -q "4 games (4 already played)" "$out/t2.stdout" || fail "rerun did not skip the played games: $(head -3 "$out/t2.stdout")"
"$libero" tournament "${game[@]}" --seeds 3 --out "$t" --quiet "A=$scripts" "B=$baseline" >"$out/t3.stdout" 2>&1 ||
  fail "third run failed"
[ "$(find "$t/games" -name game.summary.json -newer "$t/table.txt" -o -name game.summary.json -mtime +1000 | wc -l)" -ge 4 ] ||
  fail "played games were replayed"
python3 -c "import json,sys; r=json.load(open('$t/results.json')); assert len(r['games'])==6, len(r['games'])" ||
  fail "one more seed did not add two games"
old=$(find "$t/games" -name game.summary.json -mtime +1000 | wc -l)
[ "$old" -eq 4 ] || fail "expected the 4 first games untouched, $old are"
"$libero" tournament "${game[@]}" --seeds 2 --players 2 --out "$t" "A=$scripts" "B=$baseline" >"$out/t4.stdout" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -q "other teams or game settings" "$out/t4.stdout" ||
  fail "other settings in the same folder were not refused (exit $rc): $(cat "$out/t4.stdout")"
echo "ok: a rerun skips played games; more seeds play only the new games; other settings are refused"

# 4. Interrupt and resume. Longer games, one at a time, so the stop lands mid-tournament.
i="$out/i"
"$libero" tournament --players 1 --half-time 20 --single-half --seeds 2 --workers 1 --out "$i" "A=$scripts" "B=$baseline" \
  >"$out/i.stdout" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  python3 -c "import json,sys; sys.exit(0 if len(json.load(open('$i/results.json'))['games'])>=1 else 1)" 2>/dev/null && break
  sleep 0.1
done
kill -INT "$pid"
wait "$pid"; rc=$?
pid=""
[ "$rc" -eq 130 ] || fail "interrupted tournament exited $rc: $(tail -3 "$out/i.stdout")"
played=$(python3 -c "import json; print(len(json.load(open('$i/results.json'))['games']))") || fail "results file broken after a stop"
[ "$played" -ge 1 ] && [ "$played" -lt 4 ] || fail "$played games recorded after the stop"
sleep 0.5
[ -z "$(pgrep -f -- "$i/games")" ] || fail "processes left running after the stop: $(pgrep -af -- "$i/games")"
touch -d '2000-01-01' "$i/results.json"
"$libero" tournament --players 1 --half-time 20 --single-half --seeds 2 --out "$i" "A=$scripts" "B=$baseline" \
  >"$out/i2.stdout" 2>&1 || fail "resumed tournament failed: $(tail -3 "$out/i2.stdout")"
grep -q "4 games ($played already played)" "$out/i2.stdout" || fail "resume did not skip the $played played games"
python3 -c "import json; r=json.load(open('$i/results.json')); assert len(r['games'])==4 and all(g['attempts']==1 for g in r['games'])" ||
  fail "resumed tournament did not end with 4 games"
echo "ok: an interrupted tournament exits 130, leaves nothing running, and resumes with the $((4 - played)) games left"

# 5. Faults: a wrapper around libero that, on a game's first attempt, crashes
# (seed 7), hangs (seed 8) or writes a garbage summary (seed 9); games of the
# team Broken always crash.
cat >"$out/faulty" <<EOS
#!/bin/sh
dir=""; seed=""; prev=""
for a in "\$@"; do
  [ "\$prev" = "--out" ] && dir="\$a"
  [ "\$prev" = "--seed" ] && seed="\$a"
  prev="\$a"
done
case "\$dir" in *Broken*) echo "broken team crashes"; kill -SEGV \$\$ ;; esac
if [ ! -d "\$dir.failed-1" ]; then
  case "\$seed" in
    7) echo "crashing on purpose"; kill -SEGV \$\$ ;;
    8) echo "hanging on purpose"; exec sleep 600 ;;
    9) printf '{"team_left": "A", "score": [1,' >"\$dir/game.summary.json"; exit 0 ;;
  esac
fi
exec "$libero" "\$@"
EOS
chmod +x "$out/faulty"
f="$out/f"
"$libero" tournament "${game[@]}" --seeds 7-9 --schedule gauntlet --timeout 5 --retries 1 --workers "$workers" \
  --libero "$out/faulty" --out "$f" "A=$scripts" "B=$baseline" "Broken=$baseline" >"$out/f.stdout" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "tournament with failed games exited $rc: $(tail -5 "$out/f.stdout")"
python3 - "$f" <<'PY' || fail "faults not retried or not reported: $(cat "$out/f.stdout")"
import json, sys
f = sys.argv[1]
results = json.load(open(f"{f}/results.json"))
games = {g["id"]: g for g in results["games"]}
assert sorted(games) == ["A-B-s7", "A-B-s8", "A-B-s9", "B-A-s7", "B-A-s8", "B-A-s9"], sorted(games)
assert all(g["attempts"] == 2 for g in games.values()), games
table = json.load(open(f"{f}/table.json"))
broken = [p for p in table["pairings"] if p["b"] == "Broken"][0]
assert broken["failed"] == 6 and broken["games"] == 0, broken
text = open(f"{f}/table.txt").read()
for want in ["killed by signal 11", "broken team crashes"]:
    assert want in text, want
html = open(f"{f}/index.html").read()
assert "Failed games" in html
PY

grep -q "timed out after 5 s" "$out/f.stdout" || fail "the hang was not reported as a timeout"
grep -q "output rejected" "$out/f.stdout" || fail "the garbage summary was not reported"
grep -q "crashing on purpose" "$out/f.stdout" || fail "the crash was not reported with its log line"
[ -z "$(pgrep -f -- "$f/games")" ] || fail "processes left running: $(pgrep -af -- "$f/games")"
echo "ok: crashed, hung and garbage games are retried; a team that always crashes is reported failed"

# 6. The binary rebuilt mid-tournament (a new file at its path): the games
# after it start the new build instead of failing to start.
mkdir -p "$out/bin"
cp "$libero" "$out/bin/libero"
r="$out/r"
"$out/bin/libero" tournament "${game[@]}" --seeds 3 --workers 1 --retries 0 --out "$r" "A=$scripts" "B=$baseline" \
  >"$out/r.stdout" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  python3 -c "import json,sys; sys.exit(0 if len(json.load(open('$r/results.json'))['games'])>=1 else 1)" 2>/dev/null && break
  sleep 0.1
done
cp "$libero" "$out/bin/libero.new" && mv "$out/bin/libero.new" "$out/bin/libero"  # the running file is now deleted
wait "$pid"; rc=$?
pid=""
[ "$rc" -eq 0 ] || fail "a rebuilt binary failed the tournament (exit $rc): $(tail -5 "$out/r.stdout")"
echo "ok: games after the binary is replaced start the new build"
