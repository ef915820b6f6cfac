#!/usr/bin/env bash
# A skill bench scenario as a `libero optimize --objective command` trial:
# runs libero_skill_bench (beside this script's build, or $LIBERO_SKILL_BENCH)
# with the candidate's robot data and writes one number, higher is better, to
# ./fitness.txt:
#   walk, walk_side      the median distance along the commanded direction (m)
#                        less 3 per fall
#   kick_* (and _spot)   the median ball travel times the cosine of the median
#                        direction error, less 3 per fall; approach kicks (not
#                        _spot) also less 0.5 per second from arriving at the
#                        ball to the kick (median): in a game a kick that waits
#                        loses the ball, and a search that scored travel alone
#                        would buy placement with time (at most 10 s); and
#                        less 1 per run that never moved the ball: a search
#                        of a kick from the walk that scored falls and not
#                        misses settled on candidates that never kicked
#   getup_front, getup_back, getup_side  minus the median time from down to standing (s),
#                        less 10 times the share of runs that fell and did not
#                        stand within 20 s (a run that never fell is a failed
#                        trial: the candidate's get-up was not tried); with
#                        --mean the mean time instead, a run left lying
#                        counting 20 s: the runs either rise at the first
#                        try or need a second (about 1.6 against 3.2 s), and
#                        the median of a few hid up to half of them slow
#   dribble              the median advance of the ball towards the target (m)
#                        less 3 per fall; the second argument is the team's
#                        scripts folder (a candidate of scripts/data/params.lua)
# --servers A,B (instead of --server) runs the bench on each server in turn
# and scores the sum: a gait searched on the real server alone walked there
# and fell in 9 of 10 runs on the built-in simulator, where users try it.
# An entry may carry bench options of its own after a colon, added after the
# common ones (the bench takes the last of a repeated option), e.g.
#   --servers "rcssserver3d:--runs 2,builtin:--slip 0.005 --runs 6,builtin:--runs 2"
# scores the real server, the built-in simulator with SimSpark's slip and
# with its own grip, each with its own number of runs.
# The seed picks the runs (--first), so each generation's trials start fresh.
# Usage: skill_fitness.sh SCENARIO ROBOTS_DIR|SCRIPTS_DIR SEED [--servers LIST] [--mean] [libero_skill_bench options...]
#   e.g. --trial "tools/bench/skills/skill_fitness.sh walk {tree} {seed} --server rcssserver3d --runs 2"
# Exit 0 with fitness.txt written; 1 when the bench failed or printed no figure
# (no fitness.txt: the optimiser retries, then reports the trial); 2 bad arguments.
set -u
if [ $# -lt 3 ]; then
  echo "usage: skill_fitness.sh SCENARIO ROBOTS_DIR SEED [--servers LIST] [--mean] [libero_skill_bench options...]" >&2
  exit 2
fi
scenario="$1"; robots="$2"; seed="$3"; shift 3
case "$seed" in ''|*[!0-9]*) echo "skill_fitness.sh: SEED must be a whole number, got '$seed'" >&2; exit 2 ;; esac
case "$scenario" in
  walk|walk_side|kick_*|getup_front|getup_back|getup_side|dribble) ;;
  *) echo "skill_fitness.sh: scenario '$scenario' has no fitness here (walk, walk_side, kick_*, getup_*, dribble)" >&2; exit 2 ;;
esac
[ -d "$robots" ] || { echo "skill_fitness.sh: no robots folder '$robots'" >&2; exit 2; }
# dribble: the folder is the team's scripts; the robot data is the bench's default.
data_option=(--robots "$robots")
[ "$scenario" = dribble ] && data_option=(--scripts "$robots")
servers=""
mean=0
bench_args=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--servers" ]; then
    [ $# -ge 2 ] && [ -n "$2" ] || { echo "skill_fitness.sh: --servers needs a list, e.g. rcssserver3d,builtin" >&2; exit 2; }
    servers="$2"; shift 2
  elif [ "$1" = "--mean" ]; then
    case "$scenario" in getup_*) ;; *) echo "skill_fitness.sh: --mean is for the get-ups" >&2; exit 2 ;; esac
    mean=1; bench_args+=(-v); shift
  else
    bench_args+=("$1"); shift
  fi
done
if [ -n "$servers" ]; then
  for a in "${bench_args[@]}"; do
    [ "$a" = "--server" ] && { echo "skill_fitness.sh: give --servers or --server, not both" >&2; exit 2; }
  done
fi
here="$(cd "$(dirname "$0")" && pwd)"
bench="${LIBERO_SKILL_BENCH:-$here/../../../build/tools/bench/skills/libero_skill_bench}"
[ -x "$bench" ] || { echo "skill_fitness.sh: no libero_skill_bench at $bench (set LIBERO_SKILL_BENCH)" >&2; exit 2; }
# Runs differ by their number only: seed N starts at run 1000 + 10 (N mod
# 90000), away from the runs the benchmarks report (0-19) and inside the
# bench's range (libero optimize's seeds run to six digits).
first=$((1000 + 10 * (seed % 90000)))

# The fitness of one bench output (empty when it holds no figure).
score() {
  case "$scenario" in
    walk|walk_side)
      awk '/^distance in .* m\/s along, falls/ {
        for (i = 1; i <= NF; ++i) { if ($(i+1) == "m/s") v = $i; if ($i == "falls") f = $(i+1) }
        match($0, /distance in [0-9.]+ s/); split(substr($0, RSTART, RLENGTH), w, " "); s = w[3]
        printf "%.4f", v * s - 3 * f }' ;;
    kick_*)
      awk -v spot="$([ "${scenario%_spot}" != "$scenario" ] && echo 1 || echo 0)" '/^ball travel median/ {
        split($0, parts, ","); d = $4; e = 0; f = 0
        if (match($0, /direction error\| median [-0-9.]+ deg/)) { split(substr($0, RSTART, RLENGTH), w, " "); e = w[4] }
        if (match($0, /falls [0-9]+/)) { split(substr($0, RSTART, RLENGTH), w, " "); f = w[2] }
        missed = 0
        if (match($0, /kicked in [0-9]+ of [0-9]+/)) { split(substr($0, RSTART, RLENGTH), w, " "); missed = w[5] - w[3] }
        printf "%.4f", d * cos(e * 3.14159265 / 180) - 3 * f - missed - 0.5 * (wait > 10 ? 10 : wait) }
        /^arrived in .* s after arriving median/ {
          if (!spot && match($0, /, [0-9.]+ s after arriving median/)) { split(substr($0, RSTART, RLENGTH), w, " "); wait = w[2] } }' ;;
    dribble)
      awk '/^ball advanced in .* falls [0-9]+$/ { printf "%.4f", $7 - 3 * $NF }' ;;
    getup_front|getup_back|getup_side)
      awk -v use_mean="$mean" '/^run +[0-9]+ +down .* up [0-9.]+ s later(, then walked .*)?$/ { for (i = 1; i <= NF; ++i) if ($i == "up") sum += $(i+1); n += 1 }
        /^run +[0-9]+ +down .*not up within 20 s$/ { sum += 20; n += 1 }
        /^down in [0-9]+ of [0-9]+ .*up again in/ {
        downs = $3; runs = $5; up = 0; median = 0
        if (match($0, /up again in [0-9]+/)) { split(substr($0, RSTART, RLENGTH), w, " "); up = w[4] }
        if (match($0, /median [0-9.]+ s/)) { split(substr($0, RSTART, RLENGTH), w, " "); median = w[2] }
        if (downs != runs) exit
        if (up == 0) median = 20
        if (use_mean) { if (n != downs) exit; median = sum / n }
        printf "%.4f", -median - 10 * (downs - up) / downs }' ;;
  esac
}

# One bench run per server (one with the bench's own --server when no list).
total=0
IFS=',' read -r -a server_list <<<"${servers:-}"
[ ${#server_list[@]} -gt 0 ] || server_list=("")
for server in "${server_list[@]}"; do
  extra=()
  name="${server%%:*}"
  [ -n "$name" ] && extra=(--server "$name")
  own=()
  [ "$name" != "$server" ] && read -r -a own <<<"${server#*:}"
  output="$("$bench" "$scenario" "${data_option[@]}" --first "$first" "${extra[@]}" "${bench_args[@]}" "${own[@]}" 2>&1)"
  status=$?
  echo "$output"
  [ $status -eq 0 ] || { echo "skill_fitness.sh: the bench exited $status${server:+ on $server}" >&2; exit 1; }
  fitness="$(echo "$output" | score)"
  [ -n "$fitness" ] || { echo "skill_fitness.sh: no figure in the bench's output${server:+ on $server}" >&2; exit 1; }
  [ -n "$server" ] && echo "fitness on $server $fitness"
  total=$(awk -v a="$total" -v b="$fitness" 'BEGIN { printf "%.4f", a + b }')
done
echo "$total" >fitness.txt.tmp && mv fitness.txt.tmp fitness.txt
echo "fitness $total"
