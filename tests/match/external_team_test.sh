#!/usr/bin/env bash
# External teams on the built-in simulator through --right-cmd, without the
# real-server kit: Libero's own agent started from a command template plays
# like any other team's binary; a command that dies at once stops the match
# with its output; a typo in a placeholder is refused before anything starts;
# whatever the command leaves running in its process group is stopped.
# Usage: external_team_test.sh LIBERO SCRIPTS
set -u
libero="$1" scripts="$2"
out="$(mktemp -d /tmp/libero-external-team-test.XXXXXX)"
marker="$(basename "$out")"
trap 'pkill -f "$marker" 2>/dev/null; rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

agent="exec '$libero' agent --port {port} --team {team} --unum {unum} --type {type} --scripts '$scripts'"
"$libero" match --players 1 --half-time 3 --single-half --quiet --out "$out" --name a \
  --right-name Outsiders --right-cmd "$agent" >"$out/a.txt" 2>&1 || fail "match with a command team: $(tail -3 "$out/a.txt")"
grep -q 'never joined' "$out/a.summary.json" && fail "the command's agent never joined"
grep -q '"team":1,"unum":1' "$out/a.jsonl" || fail "the command's agent is not in the replay log"
echo "ok: a team from a start command plays"

"$libero" match --players 1 --half-time 3 --single-half --quiet --out "$out" --name b \
  --right-cmd "echo cannot find my binary >&2; exit 3" >"$out/b.txt" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "a dying command: exit $rc, expected 1"
grep -q "could not start (exit code 3): cannot find my binary" "$out/b.txt" || fail "no clear error: $(cat "$out/b.txt")"
echo "ok: a command that dies at once stops the match with its output"

"$libero" match --players 1 --right-cmd "agent --port {prot}" --out "$out" >"$out/c.txt" 2>&1
rc=$?
[ "$rc" -eq 2 ] || fail "a bad placeholder: exit $rc, expected 2"
grep -q "unknown placeholder {prot}" "$out/c.txt" || fail "no clear error: $(cat "$out/c.txt")"
echo "ok: an unknown placeholder is refused"

# A helper the command starts in the background (in the agent's process
# group) is stopped with the match.
"$libero" match --players 1 --half-time 2 --single-half --quiet --out "$out" --name d \
  --right-cmd "sh -c 'sleep 300; echo $marker' & $agent" >"$out/d.txt" 2>&1 || fail "match d: $(tail -3 "$out/d.txt")"
sleep 0.5
pgrep -f "$marker" >/dev/null && fail "a process the command started outlived the match"
echo "PASS: external team commands"
