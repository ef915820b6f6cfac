#!/usr/bin/env bash
# Localisation in games: a short 1 vs 1 match on the built-in simulator with
# --record-agents leaves one record per Libero agent beside its log, and
# localisation_in_games.py replays each and scores it against the match's
# replay log. Then the error paths: a truth that was moved away scores badly
# (the comparison is real), a broken replay log, a match without records and
# bad arguments are refused with a clear message.
# Usage: localisation_in_games_test.sh LIBERO WORLD_ON_RECORD TOOLS_TEAMPLAY_DIR
set -u
libero="$1"; world_on_record="$2"; tools="$3"
out="$(mktemp -d /tmp/libero-localisation-test.XXXXXX)"
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$libero" match --players 1 --half-time 12 --single-half --record-agents --out "$out" --name g --quiet \
  >"$out/match.txt" 2>&1 || fail "the match failed: $(tail -5 "$out/match.txt")"
[ -s "$out/g-agents/left-1.record" ] && [ -s "$out/g-agents/right-1.record" ] || fail "no agent records: $(ls "$out/g-agents")"
tool() { python3 "$tools/localisation_in_games.py" "$@" --world-on-record "$world_on_record"; }
result="$(tool "$out" g)" || fail "localisation_in_games.py failed: $result"
echo "$result"
pooled=$(echo "$result" | sed -n 's/^pooled: position median \([0-9.]*\) m.*/\1/p')
[ -n "$pooled" ] || fail "no pooled line"
awk -v p="$pooled" 'BEGIN { exit !(p < 0.3) }' || fail "pooled position error $pooled m: the match's robots stand localised"
cycles=$(echo "$result" | sed -n 's/^pooled: .* over \([0-9]*\) cycles.*/\1/p')
[ "${cycles:-0}" -gt 100 ] || fail "only ${cycles:-0} cycles scored"

# The same records against a truth shifted by 1 m: the error follows it.
python3 - "$out/g.jsonl" "$out/shifted.jsonl" <<'PY'
import json, sys
with open(sys.argv[1]) as src, open(sys.argv[2], "w") as dst:
    for line in src:
        r = json.loads(line)
        if r.get("type") == "frame":
            for robot in r["robots"]:
                robot["pos"][0] += 1.0
        dst.write(json.dumps(r) + "\n")
PY
cp "$out/g.summary.json" "$out/shifted.summary.json"
cp -r "$out/g-agents" "$out/shifted-agents"
shifted="$(tool "$out" shifted)" || fail "the shifted truth was not scored: $shifted"
moved=$(echo "$shifted" | sed -n 's/^pooled: position median \([0-9.]*\) m.*/\1/p')
awk -v p="$moved" 'BEGIN { exit !(p > 0.7 && p < 1.3) }' || fail "a truth 1 m away gave $moved m"

# Error paths.
cp "$out/g.summary.json" "$out/broken.summary.json"
cp -r "$out/g-agents" "$out/broken-agents"
printf '{"type":"header"}\nnot json\n' >"$out/broken.jsonl"
tool "$out" broken >"$out/broken.txt" 2>&1 && fail "a broken replay log was accepted"
grep -q "broken.jsonl:2: not a replay-log frame" "$out/broken.txt" || fail "no clear error: $(cat "$out/broken.txt")"
mkdir "$out/empty-agents"
cp "$out/g.jsonl" "$out/empty.jsonl"
cp "$out/g.summary.json" "$out/empty.summary.json"
tool "$out" empty >"$out/empty.txt" 2>&1 && fail "a match without records was accepted"
grep -q "no agent records" "$out/empty.txt" || fail "no clear error: $(cat "$out/empty.txt")"
python3 "$tools/localisation_in_games.py" "$out" >"$out/args.txt" 2>&1
[ $? -eq 2 ] || fail "a missing stem was not a usage error"
python3 "$tools/localisation_in_games.py" "$out" g --frobnicate >"$out/args.txt" 2>&1
[ $? -eq 2 ] && grep -q "unknown option --frobnicate" "$out/args.txt" || fail "a bad option: $(cat "$out/args.txt")"
echo "PASS: localisation in games"
