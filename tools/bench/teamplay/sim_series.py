#!/usr/bin/env python3
"""A series of full-physics matches on the built-in simulator, one per seed,
scored from each match's summary JSON (docs/match.md): results, goals, goal
difference, possession, shots and falls per team, and the totals. Used for
the default team against the baseline and against itself (docs/benchmarks.md,
"Team play").

  sim_series.py LIBERO --left DIR --right DIR [--seeds 1-10] [--players 3]
                [--half-time 120] [--out DIR] [-- extra libero match options]
"""
import argparse
import json
import os
import signal
import statistics
import subprocess
import sys


def seed_list(text):
    seeds = []
    for part in text.split(","):
        if "-" in part:
            lo, hi = part.split("-", 1)
            seeds.extend(range(int(lo), int(hi) + 1))
        else:
            seeds.append(int(part))
    if not seeds:
        raise argparse.ArgumentTypeError("no seeds")
    return seeds


def stop(signum, frame):
    raise KeyboardInterrupt


def run_match(command):
    """The match's exit code and stderr. Stopped (Ctrl-C, SIGTERM, SIGHUP), the
    series stops the running match too, which ends its agents: killing the
    series once left a match and its 22 agents running."""
    match = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        _, err = match.communicate()
    except KeyboardInterrupt:
        match.terminate()
        try:
            match.wait(timeout=30)
        except subprocess.TimeoutExpired:
            match.kill()
            match.wait()
        raise
    return match.returncode, err


def main():
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("libero")
    parser.add_argument("--left", required=True)
    parser.add_argument("--right", required=True)
    parser.add_argument("--seeds", type=seed_list, default=list(range(1, 11)))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--half-time", type=float, default=120)
    parser.add_argument("--out", default="out/series")
    # Everything after "--" goes to `libero match` untouched (argparse would
    # have bound an empty list to a positional "extra" before seeing it).
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    if "--" in argv:
        argv = argv[:argv.index("--")]
    args = parser.parse_args(argv)
    args.extra = extra
    if not (os.path.isfile(args.libero) and os.access(args.libero, os.X_OK)):
        print(f"sim_series: {args.libero}: no such executable (build first: tools/build)", file=sys.stderr)
        return 2
    for side, path in (("--left", args.left), ("--right", args.right)):
        if not os.path.isdir(path):
            print(f"sim_series: {side} {path}: no such scripts folder", file=sys.stderr)
            return 2
    os.makedirs(args.out, exist_ok=True)

    rows = []
    for seed in args.seeds:
        stem = f"series-{seed}"
        command = [args.libero, "match", "--left", args.left, "--right", args.right, "--players", str(args.players),
                   "--half-time", str(args.half_time), "--seed", str(seed), "--out", args.out, "--name", stem,
                   "--quiet", *args.extra]
        try:
            code, err = run_match(command)
        except KeyboardInterrupt:
            print(f"seed {seed}: interrupted; the match was stopped", file=sys.stderr)
            return 130
        summary_path = os.path.join(args.out, stem + ".summary.json")
        if code != 0 or not os.path.exists(summary_path):
            print(f"seed {seed}: match failed (exit {code}): {err.strip()[-300:]}", file=sys.stderr)
            return 1
        with open(summary_path) as f:
            s = json.load(f)
        falls = [0, 0]
        problems = 0
        for agent in s["agents"]:
            falls[agent["team"]] += agent["falls"]
            problems += bool(agent["crashed"] or agent["problem"])
        rows.append({"seed": seed, "score": s["score"], "possession": s["possession"], "shots": s["shots"],
                     "falls": falls, "problems": problems, "wall": s["wall_seconds"], "finished": s["finished"]})
        r = rows[-1]
        print(f"seed {seed:3d}: {r['score'][0]} : {r['score'][1]}  possession {r['possession'][0]:.0%} : "
              f"{r['possession'][1]:.0%}  shots {r['shots'][0]} : {r['shots'][1]}  falls {falls[0]} : {falls[1]}  "
              f"agent problems {problems}  wall {r['wall']:.1f} s", flush=True)

    wins = sum(r["score"][0] > r["score"][1] for r in rows)
    losses = sum(r["score"][0] < r["score"][1] for r in rows)
    draws = len(rows) - wins - losses
    goals = [sum(r["score"][0] for r in rows), sum(r["score"][1] for r in rows)]
    diff = [r["score"][0] - r["score"][1] for r in rows]
    print(f"left {args.left} vs right {args.right}, {len(rows)} matches, {args.players} vs {args.players}, "
          f"2 x {args.half_time:g} s")
    print(f"left W/D/L {wins}/{draws}/{losses} (win rate {wins / len(rows):.0%}), goals {goals[0]} : {goals[1]}, "
          f"goal difference mean {statistics.mean(diff):+.2f}, median {statistics.median(diff):+.1f}")
    print(f"possession mean {statistics.mean(r['possession'][0] for r in rows):.0%} : "
          f"{statistics.mean(r['possession'][1] for r in rows):.0%}, shots {sum(r['shots'][0] for r in rows)} : "
          f"{sum(r['shots'][1] for r in rows)}, falls {sum(r['falls'][0] for r in rows)} : "
          f"{sum(r['falls'][1] for r in rows)}, agent problems {sum(r['problems'] for r in rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
