#!/usr/bin/env bash
# World model on the built-in simulator: one robot wanders the field for
# SECONDS of game time (sync mode, vision noise on) while the server writes
# its ground truth; the agent's record is then scored by libero_world_on_record.
# Usage: sim_walk_run.sh BUILD_DIR [SECONDS] [SEED] [TYPE]
# KIDNAP_PERIOD=S: every S game seconds the robot is moved to a random pose
# (kidnap.py, trainer command) and the recovery time is scored too.
set -euo pipefail
build="${1:?usage: sim_walk_run.sh BUILD_DIR [SECONDS] [SEED] [TYPE]}"
seconds="${2:-120}"
seed="${3:-1}"
type="${4:-0}"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
work="$(mktemp -d)"
server_pid="" agent_pid="" kidnap_pid=""
cleanup() {
  [[ -n "$agent_pid" ]] && kill "$agent_pid" 2>/dev/null || true
  [[ -n "$kidnap_pid" ]] && kill "$kidnap_pid" 2>/dev/null || true
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  if [[ -n "${KEEP_WORK:-}" ]]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

cycles=$(( seconds * 50 + 100 ))
if [[ -n "${KIDNAP_PERIOD:-}" ]]; then
  truth_spec=0 monitor=0
else
  truth_spec="$work/truth.txt" monitor=off
fi
"$build/libero" serve --sync --agent-port 0 --monitor-port "$monitor" --seed "$seed" \
  --ground-truth "$truth_spec" --kick-off-players 1 --max-cycles "$cycles" \
  --log "$work/server.log" > "$work/server.out" &
server_pid=$!
for _ in $(seq 100); do
  grep -q "agent port" "$work/server.out" 2>/dev/null && break
  sleep 0.05
done
port=$(sed -n 's/.*agent port \([0-9]*\).*/\1/p' "$work/server.out")
[[ -n "$port" ]] || { echo "server did not start" >&2; cat "$work/server.log" >&2; exit 1; }
if [[ -n "${KIDNAP_PERIOD:-}" ]]; then
  monitor_port=$(sed -n 's/.*monitor port \([0-9]*\).*/\1/p' "$work/server.out")
  truth_port=$(sed -n 's/.*ground truth port \([0-9]*\).*/\1/p' "$work/server.out")
  python3 "$root/tools/bench/world/kidnap.py" "$truth_port" "$monitor_port" "$work/truth.txt" \
    --period "$KIDNAP_PERIOD" --seed "$seed" &
  kidnap_pid=$!
  sleep 0.3  # connected before the first cycle runs
fi
"$build/libero" agent --port "$port" --team Wander --unum 1 --type "$type" \
  --scripts "$root/tools/bench/world/wander" --record "$work/agent.rec" \
  --log-level warn 2> "$work/agent.log" &
agent_pid=$!
wait "$server_pid" || true
server_pid=""
wait "$agent_pid" 2>/dev/null || true
agent_pid=""
if [[ -n "$kidnap_pid" ]]; then wait "$kidnap_pid" 2>/dev/null || true; kidnap_pid=""; fi
"$build/tools/bench/world/libero_world_on_record" "$work/agent.rec" "$work/truth.txt" --team Wander --unum 1 --scripts "$root/tools/bench/world/wander"
